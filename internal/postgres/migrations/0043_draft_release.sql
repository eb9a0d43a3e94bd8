-- A release: pending drafts scheduled to be published together at a time.
-- publish_at NULL: published only by hand; scheduled_by is who set it, in
-- whose name the scheduled publish is written.
ALTER TABLE content_drafts ADD COLUMN publish_at timestamptz;
ALTER TABLE content_drafts ADD COLUMN scheduled_by text NOT NULL DEFAULT '';
CREATE INDEX content_drafts_publish_at ON content_drafts (publish_at) WHERE publish_at IS NOT NULL;
