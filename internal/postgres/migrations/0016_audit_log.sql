-- The audit log: who did what, when and from where. user_id and username
-- are those of the time (a failed sign-in has no user id and the username
-- tried). subject is the e-mail address of the person whose data an entry
-- concerns (a lead viewed, exported or looked up), lower-cased, so that an
-- erasure finds and blanks it; empty otherwise. Old entries are deleted by
-- the retention job (at).
CREATE TABLE audit_log (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at       timestamptz NOT NULL,
    user_id  bigint,
    username text        NOT NULL DEFAULT '',
    addr     text        NOT NULL DEFAULT '',
    action   text        NOT NULL,
    target   text        NOT NULL DEFAULT '',
    detail   text        NOT NULL DEFAULT '',
    subject  text        NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at ON audit_log (at, id);
CREATE INDEX audit_log_username ON audit_log (lower(username), at);
CREATE INDEX audit_log_action ON audit_log (action, at);
CREATE INDEX audit_log_subject ON audit_log (subject) WHERE subject <> '';
