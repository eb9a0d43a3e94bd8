-- A user's private calendar feed of the meetings booked with them: the
-- SHA-256 of the token its address carries, '' while it is off. A new
-- address replaces the old one, which then stops working.
ALTER TABLE users ADD COLUMN calendar_feed TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX users_calendar_feed ON users (calendar_feed) WHERE calendar_feed <> '';
