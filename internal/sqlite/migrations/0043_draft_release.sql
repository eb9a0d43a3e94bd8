-- A release: pending drafts scheduled to be published together at a time.
-- publish_at NULL: published only by hand; scheduled_by is who set it, in
-- whose name the scheduled publish is written.
ALTER TABLE content_drafts ADD COLUMN publish_at TEXT;
ALTER TABLE content_drafts ADD COLUMN scheduled_by TEXT NOT NULL DEFAULT '';
