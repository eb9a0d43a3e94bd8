-- The consent a lead gave: the wording the form showed beside its checkbox,
-- as the visitor saw it, and its version (the first 16 hex digits of the
-- SHA-256 of the wording). Empty for leads sent without it (API clients of
-- the first contact form, and every lead before this migration).
ALTER TABLE contact_submissions ADD COLUMN consent_text    TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN consent_version TEXT NOT NULL DEFAULT '';
