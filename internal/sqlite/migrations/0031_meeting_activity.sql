-- A lead's timeline tells of its meetings too: booked, moved and
-- cancelled by the visitor, written in the booking's own transaction.
-- SQLite cannot change a CHECK, so the table is rebuilt with the new kinds.
CREATE TABLE lead_activity_new (
    id         INTEGER PRIMARY KEY,
    lead_id    INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('note', 'call', 'email', 'status', 'spam', 'notes',
                                                'meeting', 'meeting_moved', 'meeting_cancelled')),
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    username   TEXT    NOT NULL DEFAULT '',
    text       TEXT    NOT NULL DEFAULT '' CHECK (length(text) <= 10000),
    from_value TEXT    NOT NULL DEFAULT '',
    to_value   TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
INSERT INTO lead_activity_new (id, lead_id, kind, user_id, username, text, from_value, to_value, created_at, updated_at)
    SELECT id, lead_id, kind, user_id, username, text, from_value, to_value, created_at, updated_at FROM lead_activity;
DROP TABLE lead_activity;
ALTER TABLE lead_activity_new RENAME TO lead_activity;
CREATE INDEX lead_activity_lead_id ON lead_activity (lead_id, id);
