-- Review of the pending drafts, for the approval publishing mode. A user
-- may be made a publisher (administrators always are): in approval mode
-- only publishers publish drafts; the others ask for a review.
ALTER TABLE users ADD COLUMN publisher INTEGER NOT NULL DEFAULT 0;

-- A draft waiting for a publisher's review: who asked, and when (NULL:
-- not asked, or sent back since).
ALTER TABLE content_drafts ADD COLUMN review_requested_at TEXT;
ALTER TABLE content_drafts ADD COLUMN review_requested_by TEXT NOT NULL DEFAULT '';

-- Comments on a pending draft, threaded one level (parent_id) and
-- resolvable; they go with their draft when it is published or discarded.
CREATE TABLE draft_comments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    draft_id    INTEGER NOT NULL REFERENCES content_drafts (id) ON DELETE CASCADE,
    parent_id   INTEGER REFERENCES draft_comments (id) ON DELETE CASCADE,
    body        TEXT    NOT NULL,
    author      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    resolved_at TEXT,
    resolved_by TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX draft_comments_draft ON draft_comments (draft_id, id);
