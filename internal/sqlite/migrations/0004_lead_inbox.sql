-- The lead inbox: what the site records of each lead's visit, what staff
-- make of it, the outbox of its notifications and the lead settings.

ALTER TABLE contact_submissions ADD COLUMN page         TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN referrer     TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN utm_source   TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN utm_medium   TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN utm_campaign TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN utm_term     TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN utm_content  TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN status       TEXT    NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
ALTER TABLE contact_submissions ADD COLUMN notes        TEXT    NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN spam         INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1));
ALTER TABLE contact_submissions ADD COLUMN spam_reason  TEXT    NOT NULL DEFAULT '';
-- ADD COLUMN takes only a constant default; earlier leads take their
-- creation time.
ALTER TABLE contact_submissions ADD COLUMN updated_at   TEXT    NOT NULL DEFAULT '';
UPDATE contact_submissions SET updated_at = created_at;

-- The inbox lists one view (inbox or spam) newest first, optionally of one
-- status or interest; the duplicate check looks up recent leads of one
-- e-mail address. created_at alone serves the retention job.
CREATE INDEX contact_submissions_view ON contact_submissions (spam, created_at DESC, id DESC);
CREATE INDEX contact_submissions_view_status ON contact_submissions (spam, status, created_at DESC, id DESC);
CREATE INDEX contact_submissions_view_interest ON contact_submissions (spam, ai_solution_interest, created_at DESC, id DESC);
CREATE INDEX contact_submissions_email_created_at ON contact_submissions (email, created_at);

-- The outbox: one row per notification of a lead on one channel, written in
-- the transaction that writes the lead. claimed_until leases a row to the
-- worker sending it.
CREATE TABLE lead_deliveries (
    id              INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
    channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
    target          TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'retrying', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NOT NULL DEFAULT '',
    next_attempt_at TEXT,
    claimed_until   TEXT,
    last_attempt_at TEXT,
    sent_at         TEXT,
    created_at      TEXT    NOT NULL
);
CREATE INDEX lead_deliveries_lead_id ON lead_deliveries (lead_id);
CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX lead_deliveries_failing ON lead_deliveries (last_attempt_at) WHERE status IN ('retrying', 'failed');

-- One row. notification_emails holds one address per line.
CREATE TABLE lead_settings (
    id                  INTEGER PRIMARY KEY CHECK (id = 1),
    notification_emails TEXT    NOT NULL DEFAULT '',
    webhook_url         TEXT    NOT NULL DEFAULT '',
    webhook_secret      TEXT    NOT NULL DEFAULT '',
    retention_months    INTEGER NOT NULL DEFAULT 0 CHECK (retention_months BETWEEN 0 AND 120),
    updated_at          TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO lead_settings (id) VALUES (1);
