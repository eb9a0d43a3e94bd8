-- Two-factor sign-in with TOTP (RFC 6238). A user's secret is kept while
-- enrolment waits for its first code (totp_pending) and once confirmed
-- (totp_secret); neither is ever answered after the enrolment. The last
-- time step accepted refuses a code used a second time. Recovery codes are
-- kept as SHA-256 hashes, each usable once. A login challenge is the
-- single-use, five-minute ticket between the password and the code, kept
-- by the hash of its token like sessions. security_settings' one row says
-- whether every staff account must use two-factor sign-in.
ALTER TABLE users ADD COLUMN totp_secret text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN totp_pending text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

CREATE TABLE recovery_codes (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash text   NOT NULL,
    used_at   timestamptz,
    UNIQUE (user_id, code_hash)
);

CREATE TABLE login_challenges (
    token_hash text        PRIMARY KEY,
    user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    text        NOT NULL CHECK (purpose IN ('code', 'enrol')),
    expires_at timestamptz NOT NULL
);
CREATE INDEX login_challenges_expires_at ON login_challenges (expires_at);

CREATE TABLE security_settings (
    id                 integer PRIMARY KEY CHECK (id = 1),
    require_two_factor boolean NOT NULL DEFAULT false
);
INSERT INTO security_settings (id) VALUES (1);
