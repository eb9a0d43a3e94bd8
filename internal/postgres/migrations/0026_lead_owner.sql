-- An owner and a response clock for every lead.
--
-- Users who may work on leads can take them: new leads go round among
-- those (ChooseOwner), by the AI interests they name if any, and
-- lead_turn keeps the round: the number of the
-- last lead given to the user, 0 for none.
ALTER TABLE users ADD COLUMN takes_leads boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN lead_interests text[] NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN lead_turn bigint NOT NULL DEFAULT 0;

-- A lead's owner, when its first response is due and when it was given.
ALTER TABLE contact_submissions ADD COLUMN owner_id bigint REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE contact_submissions ADD COLUMN due_at timestamptz;
ALTER TABLE contact_submissions ADD COLUMN first_response_at timestamptz;
CREATE INDEX contact_submissions_owner ON contact_submissions (owner_id, created_at);
CREATE INDEX contact_submissions_waiting ON contact_submissions (due_at) WHERE first_response_at IS NULL;

-- The leads of before the clock: those still New are due 24 hours after
-- they arrived; the others were answered when they were last changed.
UPDATE contact_submissions SET due_at = created_at + interval '24 hours';
UPDATE contact_submissions SET first_response_at = updated_at WHERE status <> 'new';

-- The response clock: hours after a lead arrives, whether only business
-- hours count, and the time zone they are counted in.
ALTER TABLE lead_settings ADD COLUMN response_hours integer NOT NULL DEFAULT 24 CHECK (response_hours BETWEEN 1 AND 720);
ALTER TABLE lead_settings ADD COLUMN business_hours_only boolean NOT NULL DEFAULT false;
ALTER TABLE lead_settings ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
