-- Applications to the positions of /careers, with the applicant's CV (a
-- PDF or DOCX of at most 10 MB, checked from its bytes) in the row: a
-- backup of the database holds them, and an erasure removes them with it.
-- Nothing references a position: an application keeps the title it was
-- sent for.
CREATE TABLE applications (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    position_id    INTEGER NOT NULL,
    position_title TEXT    NOT NULL,
    first_name     TEXT    NOT NULL,
    last_name      TEXT    NOT NULL,
    email          TEXT    NOT NULL,
    phone          TEXT    NOT NULL DEFAULT '',
    url            TEXT    NOT NULL DEFAULT '',
    cover_note     TEXT    NOT NULL DEFAULT '',
    cv_name        TEXT    NOT NULL,
    cv_type        TEXT    NOT NULL,
    cv_size        INTEGER NOT NULL,
    cv             BLOB    NOT NULL,
    consent_text   TEXT    NOT NULL DEFAULT '',
    status         TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'screening', 'interview', 'offer', 'hired', 'rejected')),
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX applications_position ON applications (position_id, id);
CREATE INDEX applications_email ON applications (lower(email));

-- The outbox sends the acknowledgement to the applicant and the
-- notification to the recruiters: a row is of a lead, a subscriber or an
-- application, of exactly one. SQLite changes a CHECK only by a rebuild;
-- nothing references this table.
CREATE TABLE lead_deliveries_new (
    id                INTEGER PRIMARY KEY,
    lead_id           INTEGER REFERENCES contact_submissions (id) ON DELETE CASCADE,
    subscriber_id     INTEGER REFERENCES subscribers (id) ON DELETE CASCADE,
    kind              TEXT    NOT NULL DEFAULT 'lead' CHECK (kind IN ('lead', 'owner', 'reminder', 'overdue', 'meeting',
                                                                      'confirm', 'subscribed', 'unsubscribed',
                                                                      'application', 'application-ack')),
    channel           TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
    target            TEXT    NOT NULL,
    user_id           INTEGER REFERENCES users (id) ON DELETE CASCADE,
    status            TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'retrying', 'failed')),
    attempts          INTEGER NOT NULL DEFAULT 0,
    last_error        TEXT    NOT NULL DEFAULT '',
    next_attempt_at   TEXT,
    claimed_until     TEXT,
    last_attempt_at   TEXT,
    sent_at           TEXT,
    created_at        TEXT    NOT NULL,
    meeting_id        INTEGER REFERENCES meetings (id) ON DELETE CASCADE,
    manage_token      TEXT    NOT NULL DEFAULT '',
    unsubscribe_token TEXT    NOT NULL DEFAULT '',
    application_id    INTEGER REFERENCES applications (id) ON DELETE CASCADE,
    CHECK ((lead_id IS NOT NULL) + (subscriber_id IS NOT NULL) + (application_id IS NOT NULL) = 1)
);
INSERT INTO lead_deliveries_new (id, lead_id, subscriber_id, kind, channel, target, user_id, status, attempts, last_error,
        next_attempt_at, claimed_until, last_attempt_at, sent_at, created_at, meeting_id, manage_token, unsubscribe_token)
    SELECT id, lead_id, subscriber_id, kind, channel, target, user_id, status, attempts, last_error,
        next_attempt_at, claimed_until, last_attempt_at, sent_at, created_at, meeting_id, manage_token, unsubscribe_token
    FROM lead_deliveries;
DROP TABLE lead_deliveries;
ALTER TABLE lead_deliveries_new RENAME TO lead_deliveries;
CREATE INDEX lead_deliveries_lead_id ON lead_deliveries (lead_id);
CREATE INDEX lead_deliveries_subscriber_id ON lead_deliveries (subscriber_id) WHERE subscriber_id IS NOT NULL;
CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX lead_deliveries_application_id ON lead_deliveries (application_id) WHERE application_id IS NOT NULL;
CREATE INDEX lead_deliveries_failing ON lead_deliveries (last_attempt_at) WHERE status IN ('retrying', 'failed');

-- The careers' settings, one row: how many months applications are kept
-- (0: for ever); older ones are deleted, CVs and all.
CREATE TABLE careers_settings (
    id               INTEGER PRIMARY KEY CHECK (id = 1),
    retention_months INTEGER NOT NULL DEFAULT 0 CHECK (retention_months BETWEEN 0 AND 120),
    updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO careers_settings (id) VALUES (1);
