-- The inbox search matches a substring of the names, e-mail or company:
-- one lower-cased column of the four, written with the lead, is read
-- several times faster than four case-insensitive LIKEs. The store lowers
-- with Unicode rules; earlier leads are lowered here, where lower() knows
-- only ASCII.
ALTER TABLE contact_submissions ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE contact_submissions SET search_text = lower(first_name || char(10) || last_name || char(10) || email || char(10) || company);

-- The inbox's index carries the search text, so that counting the matches
-- of a search reads the index alone rather than every row.
DROP INDEX contact_submissions_view;
CREATE INDEX contact_submissions_view ON contact_submissions (spam, created_at DESC, id DESC, search_text);
