-- Brute-force state of logins, kept in the database so that the limits hold
-- across restarts and several instances.

CREATE TABLE login_throttle (
    username     TEXT    NOT NULL,
    addr         TEXT    NOT NULL,
    failures     INTEGER NOT NULL DEFAULT 0,
    lockouts     INTEGER NOT NULL DEFAULT 0,
    locked_until TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (username, addr)
);

CREATE TABLE login_failures (
    id       INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    addr     TEXT NOT NULL,
    at       TEXT NOT NULL
);
CREATE INDEX login_failures_username_at ON login_failures (username, at);
