-- The timeline of an application: the notes recruiters write, and the
-- changes of status the site records as they move it on. It has the
-- columns of a lead's timeline (lead_activity), with the author's
-- username kept as text so that an entry still reads once its user is
-- gone. The entries go with their application (retention, erasure).
CREATE TABLE application_activity (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL CHECK (kind IN ('note', 'status')),
    user_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
    username       TEXT    NOT NULL DEFAULT '',
    text           TEXT    NOT NULL DEFAULT '' CHECK (length(text) <= 5000),
    from_value     TEXT    NOT NULL DEFAULT '',
    to_value       TEXT    NOT NULL DEFAULT '',
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);

CREATE INDEX application_activity_application_id ON application_activity (application_id, id);
