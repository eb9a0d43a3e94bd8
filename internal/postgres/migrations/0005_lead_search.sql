-- The inbox search matches a substring of the names, e-mail or company:
-- one lower-cased column of the four, written with the lead, is read
-- several times faster than four ILIKEs.
ALTER TABLE contact_submissions ADD COLUMN search_text text NOT NULL DEFAULT '';
UPDATE contact_submissions SET search_text = lower(first_name || E'\n' || last_name || E'\n' || email || E'\n' || company);
