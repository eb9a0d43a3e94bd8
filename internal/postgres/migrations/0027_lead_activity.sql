-- The timeline of a lead: notes, calls and e-mails staff write, and the
-- changes of status, spam and the older notes box the site records as
-- staff make them. The author's username is kept as text so that an entry
-- still reads once its user is gone. The entries go with their lead
-- (retention, erasure).
CREATE TABLE lead_activity (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lead_id    bigint      NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
    kind       text        NOT NULL CHECK (kind IN ('note', 'call', 'email', 'status', 'spam', 'notes')),
    user_id    bigint      REFERENCES users (id) ON DELETE SET NULL,
    username   text        NOT NULL DEFAULT '',
    text       text        NOT NULL DEFAULT '' CHECK (char_length(text) <= 10000),
    from_value text        NOT NULL DEFAULT '',
    to_value   text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

CREATE INDEX lead_activity_lead_id ON lead_activity (lead_id, id);
