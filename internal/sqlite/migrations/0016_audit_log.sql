-- The audit log: who did what, when and from where. user_id and username
-- are those of the time (a failed sign-in has no user id and the username
-- tried). subject is the e-mail address of the person whose data an entry
-- concerns (a lead viewed, exported or looked up), lower-cased, so that an
-- erasure finds and blanks it; empty otherwise. Old entries are deleted by
-- the retention job (at).
CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY,
    at       TEXT    NOT NULL,
    user_id  INTEGER,
    username TEXT    NOT NULL DEFAULT '',
    addr     TEXT    NOT NULL DEFAULT '',
    action   TEXT    NOT NULL,
    target   TEXT    NOT NULL DEFAULT '',
    detail   TEXT    NOT NULL DEFAULT '',
    subject  TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at ON audit_log (at, id);
CREATE INDEX audit_log_username ON audit_log (username COLLATE NOCASE, at);
CREATE INDEX audit_log_action ON audit_log (action, at);
CREATE INDEX audit_log_subject ON audit_log (subject) WHERE subject <> '';
