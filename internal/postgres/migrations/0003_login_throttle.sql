-- Brute-force protection of the admin login, kept in the database so that
-- its limits hold across restarts and across instances.

-- The state of one username from one client address.
CREATE TABLE login_throttle (
    username     text        NOT NULL,
    addr         text        NOT NULL,
    failures     integer     NOT NULL DEFAULT 0,
    lockouts     integer     NOT NULL DEFAULT 0,
    locked_until timestamptz,
    PRIMARY KEY (username, addr)
);

-- Every failed attempt, to count failures of one username from any address.
CREATE TABLE login_failures (
    id        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username  text        NOT NULL,
    addr      text        NOT NULL,
    at        timestamptz NOT NULL
);
CREATE INDEX login_failures_username_at ON login_failures (username, at);
