-- One row: the mail server saved in the admin's settings. The password is
-- kept as the server's secret key sealed it. The SMTP_* environment
-- variables, when set, win over this row.
CREATE TABLE mail_settings (
    id           integer     PRIMARY KEY CHECK (id = 1),
    host         text        NOT NULL DEFAULT '',
    port         integer     NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
    username     text        NOT NULL DEFAULT '',
    password     text        NOT NULL DEFAULT '',
    from_address text        NOT NULL DEFAULT '',
    tls          text        NOT NULL DEFAULT 'starttls' CHECK (tls IN ('starttls', 'tls', 'none')),
    updated_at   timestamptz
);
INSERT INTO mail_settings (id) VALUES (1);
