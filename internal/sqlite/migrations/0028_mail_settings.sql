-- One row: the mail server saved in the admin's settings. The password is
-- kept as the server's secret key sealed it. The SMTP_* environment
-- variables, when set, win over this row.
CREATE TABLE mail_settings (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    host         TEXT    NOT NULL DEFAULT '',
    port         INTEGER NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
    username     TEXT    NOT NULL DEFAULT '',
    password     TEXT    NOT NULL DEFAULT '',
    from_address TEXT    NOT NULL DEFAULT '',
    tls          TEXT    NOT NULL DEFAULT 'starttls' CHECK (tls IN ('starttls', 'tls', 'none')),
    updated_at   TEXT
);
INSERT INTO mail_settings (id) VALUES (1);
