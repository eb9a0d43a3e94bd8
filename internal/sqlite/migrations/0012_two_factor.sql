-- Two-factor sign-in with TOTP (RFC 6238). A user's secret is kept while
-- enrolment waits for its first code (totp_pending) and once confirmed
-- (totp_secret); neither is ever answered after the enrolment. The last
-- time step accepted refuses a code used a second time. Recovery codes are
-- kept as SHA-256 hashes, each usable once. A login challenge is the
-- single-use, five-minute ticket between the password and the code, kept
-- by the hash of its token like sessions. security_settings' one row says
-- whether every staff account must use two-factor sign-in.
ALTER TABLE users ADD COLUMN totp_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN totp_pending TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN totp_enabled_at TEXT;
ALTER TABLE users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;

CREATE TABLE recovery_codes (
    id        INTEGER PRIMARY KEY,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT    NOT NULL,
    used_at   TEXT,
    UNIQUE (user_id, code_hash)
);

CREATE TABLE login_challenges (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('code', 'enrol')),
    expires_at TEXT    NOT NULL
);
CREATE INDEX login_challenges_expires_at ON login_challenges (expires_at);

CREATE TABLE security_settings (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    require_two_factor INTEGER NOT NULL DEFAULT 0 CHECK (require_two_factor IN (0, 1))
);
INSERT INTO security_settings (id) VALUES (1);
