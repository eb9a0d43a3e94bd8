-- The timeline of a lead: notes, calls and e-mails staff write, and the
-- changes of status, spam and the older notes box the site records as
-- staff make them. The author's username is kept as text so that an entry
-- still reads once its user is gone. The entries go with their lead
-- (retention, erasure).
CREATE TABLE lead_activity (
    id         INTEGER PRIMARY KEY,
    lead_id    INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('note', 'call', 'email', 'status', 'spam', 'notes')),
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    username   TEXT    NOT NULL DEFAULT '',
    text       TEXT    NOT NULL DEFAULT '' CHECK (length(text) <= 10000),
    from_value TEXT    NOT NULL DEFAULT '',
    to_value   TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

CREATE INDEX lead_activity_lead_id ON lead_activity (lead_id, id);
