-- Applications to the positions of /careers, with the applicant's CV (a
-- PDF or DOCX of at most 10 MB, checked from its bytes) in the row: a
-- backup of the database holds them, and an erasure removes them with it.
-- Nothing references a position: an application keeps the title it was
-- sent for.
CREATE TABLE applications (
    id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    position_id    bigint      NOT NULL,
    position_title text        NOT NULL,
    first_name     text        NOT NULL,
    last_name      text        NOT NULL,
    email          text        NOT NULL,
    phone          text        NOT NULL DEFAULT '',
    url            text        NOT NULL DEFAULT '',
    cover_note     text        NOT NULL DEFAULT '',
    cv_name        text        NOT NULL,
    cv_type        text        NOT NULL,
    cv_size        integer     NOT NULL,
    cv             bytea       NOT NULL,
    consent_text   text        NOT NULL DEFAULT '',
    status         text        NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'screening', 'interview', 'offer', 'hired', 'rejected')),
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX applications_position ON applications (position_id, id);
CREATE INDEX applications_email ON applications (lower(email));

-- The outbox sends the acknowledgement to the applicant and the
-- notification to the recruiters: a row is of a lead, a subscriber or an
-- application, of exactly one.
ALTER TABLE lead_deliveries ADD COLUMN application_id bigint REFERENCES applications (id) ON DELETE CASCADE;
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_lead_or_subscriber;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_one_subject
    CHECK ((lead_id IS NOT NULL)::int + (subscriber_id IS NOT NULL)::int + (application_id IS NOT NULL)::int = 1);
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_kind_check;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_kind_check CHECK (kind IN ('lead', 'owner', 'reminder', 'overdue', 'meeting',
    'confirm', 'subscribed', 'unsubscribed', 'application', 'application-ack'));
CREATE INDEX lead_deliveries_application_id ON lead_deliveries (application_id) WHERE application_id IS NOT NULL;

-- The careers' settings, one row: how many months applications are kept
-- (0: for ever); older ones are deleted, CVs and all.
CREATE TABLE careers_settings (
    id               integer PRIMARY KEY CHECK (id = 1),
    retention_months integer NOT NULL DEFAULT 0 CHECK (retention_months BETWEEN 0 AND 120),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
INSERT INTO careers_settings (id) VALUES (1);
