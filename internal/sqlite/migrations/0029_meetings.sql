-- Booking the free consultation.
--
-- A sales user's booking settings (site.Availability) as JSON; a user
-- without a row has the defaults.
CREATE TABLE user_availability (
	user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
	data TEXT NOT NULL,
	updated_at TEXT NOT NULL
);

-- A meeting a visitor booked with the owner of their lead. time_zone is
-- the visitor's IANA zone, for the times of their e-mails; manage_token
-- the SHA-256 of the token of their link to move or cancel it; sequence
-- the SEQUENCE of its calendar invitation, one more with each change.
CREATE TABLE meetings (
	id INTEGER PRIMARY KEY,
	lead_id INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
	owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	start_at TEXT NOT NULL,
	end_at TEXT NOT NULL,
	time_zone TEXT NOT NULL,
	status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
	manage_token TEXT NOT NULL UNIQUE,
	sequence INTEGER NOT NULL DEFAULT 0,
	created_at TEXT NOT NULL,
	updated_at TEXT NOT NULL
);
-- A time of one owner is booked once, whichever instance books it.
CREATE UNIQUE INDEX meetings_owner_start ON meetings (owner_id, start_at) WHERE status = 'booked';
CREATE INDEX meetings_lead ON meetings (lead_id);

-- The link a lead's answer gives to book a meeting: the SHA-256 of its
-- token, '' once spent, and when it ends.
ALTER TABLE contact_submissions ADD COLUMN booking_token TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN booking_token_expires_at TEXT;
CREATE INDEX contact_submissions_booking_token ON contact_submissions (booking_token) WHERE booking_token <> '';

-- The invitation of a meeting, to the visitor and to the owner; the
-- visitor's carries the token of their link until it is sent.
ALTER TABLE lead_deliveries ADD COLUMN meeting_id INTEGER REFERENCES meetings (id) ON DELETE CASCADE;
ALTER TABLE lead_deliveries ADD COLUMN manage_token TEXT NOT NULL DEFAULT '';
