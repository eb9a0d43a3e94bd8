-- An owner and a response clock for every lead.
--
-- Users who may work on leads can take them: new leads go round among
-- those (ChooseOwner), by the AI interests they name if any, and
-- lead_turn keeps the round: the number of the
-- last lead given to the user, 0 for none.
ALTER TABLE users ADD COLUMN takes_leads INTEGER NOT NULL DEFAULT 0 CHECK (takes_leads IN (0, 1));
ALTER TABLE users ADD COLUMN lead_interests TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN lead_turn INTEGER NOT NULL DEFAULT 0;

-- A lead's owner, when its first response is due and when it was given.
ALTER TABLE contact_submissions ADD COLUMN owner_id INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE contact_submissions ADD COLUMN due_at TEXT;
ALTER TABLE contact_submissions ADD COLUMN first_response_at TEXT;
CREATE INDEX contact_submissions_owner ON contact_submissions (owner_id, created_at);
CREATE INDEX contact_submissions_waiting ON contact_submissions (due_at) WHERE first_response_at IS NULL;

-- The leads of before the clock: those still New are due 24 hours after
-- they arrived; the others were answered when they were last changed.
UPDATE contact_submissions SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+24 hours');
UPDATE contact_submissions SET first_response_at = updated_at WHERE status <> 'new';

-- The response clock: hours after a lead arrives, whether only business
-- hours count, and the time zone they are counted in.
ALTER TABLE lead_settings ADD COLUMN response_hours INTEGER NOT NULL DEFAULT 24 CHECK (response_hours BETWEEN 1 AND 720);
ALTER TABLE lead_settings ADD COLUMN business_hours_only INTEGER NOT NULL DEFAULT 0 CHECK (business_hours_only IN (0, 1));
ALTER TABLE lead_settings ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- Staff e-mail addresses, for the lead e-mails of staff: only a verified
-- address is written to. A new address waits for the link mailed to it:
-- the SHA-256 of its token, and when the link ends.
ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
ALTER TABLE users ADD COLUMN email_token TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN email_token_expires_at TEXT;

-- What a delivery tells (site.Kind*), and the staff member it goes to: the
-- owner's e-mail of a new lead, the owner's reminder at half the response
-- time and the administrators' alert once it is overdue, each a row of the
-- outbox due when it is to be sent, so that it goes out once, whichever
-- instance is running then.
ALTER TABLE lead_deliveries ADD COLUMN kind TEXT NOT NULL DEFAULT 'lead' CHECK (kind IN ('lead', 'owner', 'reminder', 'overdue', 'meeting'));
ALTER TABLE lead_deliveries ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;

-- An invitation may name the address it is mailed to; mailed_at is when
-- it was. An account made from a mailed invitation has that address,
-- verified: its link reached the address.
ALTER TABLE invitations ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE invitations ADD COLUMN mailed_at TEXT;
