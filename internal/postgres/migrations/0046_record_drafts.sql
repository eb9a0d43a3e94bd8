-- The pending draft of a record (a testimonial, a menu item, a footer
-- link, a published page), kept in drafts and approval modes beside the
-- drafts of the texts, so that the Publish panel lists, reviews, schedules,
-- publishes and discards both alike. resource names its entity and
-- record_id its record; its section is empty (no text has one), its key
-- "resource/id", its value the drafted record as JSON and its base the
-- record as it was when the draft was last saved. Texts keep resource ''.
ALTER TABLE content_drafts ADD COLUMN resource text NOT NULL DEFAULT '';
ALTER TABLE content_drafts ADD COLUMN record_id bigint;
