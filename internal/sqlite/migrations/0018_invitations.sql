-- Invitations: an administrator offers an account (username and role), and
-- the person who opens the link sets its password, which creates the user.
-- The link's token is kept as its SHA-256 hash, like a session's; used_at
-- marks it spent. created_by is the sender's username at the time. Ids are
-- never reused, so a withdrawn invitation's id names no other.
CREATE TABLE invitations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT    NOT NULL UNIQUE,
    username   TEXT    NOT NULL,
    role       TEXT    NOT NULL CHECK (role IN ('admin', 'editor', 'sales')),
    created_by TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
CREATE INDEX invitations_username ON invitations (username);
