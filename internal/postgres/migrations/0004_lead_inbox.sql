-- The lead inbox, as internal/sqlite/migrations/0004 defines it: what the
-- site records of each lead's visit, what staff make of it, the outbox of
-- its notifications and the lead settings.

ALTER TABLE contact_submissions
    ADD COLUMN page         text        NOT NULL DEFAULT '',
    ADD COLUMN referrer     text        NOT NULL DEFAULT '',
    ADD COLUMN utm_source   text        NOT NULL DEFAULT '',
    ADD COLUMN utm_medium   text        NOT NULL DEFAULT '',
    ADD COLUMN utm_campaign text        NOT NULL DEFAULT '',
    ADD COLUMN utm_term     text        NOT NULL DEFAULT '',
    ADD COLUMN utm_content  text        NOT NULL DEFAULT '',
    ADD COLUMN status       text        NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost')),
    ADD COLUMN notes        text        NOT NULL DEFAULT '',
    ADD COLUMN spam         boolean     NOT NULL DEFAULT false,
    ADD COLUMN spam_reason  text        NOT NULL DEFAULT '',
    ADD COLUMN updated_at   timestamptz;
UPDATE contact_submissions SET updated_at = created_at;
ALTER TABLE contact_submissions ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();

-- The inbox lists one view (inbox or spam) newest first, optionally of one
-- status or interest; the duplicate check looks up recent leads of one
-- e-mail address. created_at alone serves the retention job.
CREATE INDEX contact_submissions_view ON contact_submissions (spam, created_at DESC, id DESC);
CREATE INDEX contact_submissions_view_status ON contact_submissions (spam, status, created_at DESC, id DESC);
CREATE INDEX contact_submissions_view_interest ON contact_submissions (spam, ai_solution_interest, created_at DESC, id DESC);
CREATE INDEX contact_submissions_email_created_at ON contact_submissions (email, created_at);

-- The outbox: one row per notification of a lead on one channel, written in
-- the transaction that writes the lead. claimed_until leases a row to the
-- worker sending it; FOR UPDATE SKIP LOCKED keeps instances from waiting on
-- each other's claims.
CREATE TABLE lead_deliveries (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lead_id         bigint      NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
    channel         text        NOT NULL CHECK (channel IN ('email', 'webhook')),
    target          text        NOT NULL,
    status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'retrying', 'failed')),
    attempts        integer     NOT NULL DEFAULT 0,
    last_error      text        NOT NULL DEFAULT '',
    next_attempt_at timestamptz,
    claimed_until   timestamptz,
    last_attempt_at timestamptz,
    sent_at         timestamptz,
    created_at      timestamptz NOT NULL
);
CREATE INDEX lead_deliveries_lead_id ON lead_deliveries (lead_id);
CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX lead_deliveries_failing ON lead_deliveries (last_attempt_at) WHERE status IN ('retrying', 'failed');

-- The id is given, not generated: there is one row.
CREATE TABLE lead_settings (
    id                  bigint      PRIMARY KEY CHECK (id = 1),
    notification_emails text[]      NOT NULL DEFAULT '{}',
    webhook_url         text        NOT NULL DEFAULT '',
    webhook_secret      text        NOT NULL DEFAULT '',
    retention_months    integer     NOT NULL DEFAULT 0 CHECK (retention_months BETWEEN 0 AND 120),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
INSERT INTO lead_settings (id) VALUES (1);
