-- Editable texts become records like every other resource: a version that
-- each write moves on, so that a text changed by someone else since the
-- editor loaded it is not overwritten silently, and revisions, so that each
-- text has a history, can be restored, and can be reset to its built-in
-- copy (a delete of the override) and brought back.
ALTER TABLE website_content ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE website_content ADD COLUMN created_at timestamptz;
UPDATE website_content SET created_at = updated_at;
ALTER TABLE website_content ALTER COLUMN created_at SET NOT NULL;
ALTER TABLE website_content ALTER COLUMN created_at SET DEFAULT now();
