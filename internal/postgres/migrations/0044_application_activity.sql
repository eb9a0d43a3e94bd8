-- The timeline of an application: the notes recruiters write, and the
-- changes of status the site records as they move it on. It has the
-- columns of a lead's timeline (lead_activity), with the author's
-- username kept as text so that an entry still reads once its user is
-- gone. The entries go with their application (retention, erasure).
CREATE TABLE application_activity (
    id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint      NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    kind           text        NOT NULL CHECK (kind IN ('note', 'status')),
    user_id        bigint      REFERENCES users (id) ON DELETE SET NULL,
    username       text        NOT NULL DEFAULT '',
    text           text        NOT NULL DEFAULT '' CHECK (char_length(text) <= 5000),
    from_value     text        NOT NULL DEFAULT '',
    to_value       text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);

CREATE INDEX application_activity_application_id ON application_activity (application_id, id);
