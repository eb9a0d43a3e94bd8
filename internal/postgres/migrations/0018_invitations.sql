-- Invitations: an administrator offers an account (username and role), and
-- the person who opens the link sets its password, which creates the user.
-- The link's token is kept as its SHA-256 hash, like a session's; used_at
-- marks it spent. created_by is the sender's username at the time.
CREATE TABLE invitations (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash text        NOT NULL UNIQUE,
    username   text        NOT NULL,
    role       text        NOT NULL CHECK (role IN ('admin', 'editor', 'sales')),
    created_by text        NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX invitations_username ON invitations (username);
