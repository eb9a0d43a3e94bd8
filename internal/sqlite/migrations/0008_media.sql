-- The media library: one record per uploaded image (a resource with
-- versions and revisions like the others), and the bytes of its original
-- and variants in media_blobs, addressed by the SHA-256 of their content,
-- so that the same file uploaded twice is stored once. Revisions hold the
-- records only, never bytes. A blob outlives the items that point at it,
-- so that a deleted item restored from its history still has its files;
-- a blob that nothing points at is left for a later sweep.
CREATE TABLE media (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT    NOT NULL,
    alt_text     TEXT    NOT NULL DEFAULT '',
    decorative   INTEGER NOT NULL DEFAULT 0 CHECK (decorative IN (0, 1)),
    caption      TEXT    NOT NULL DEFAULT '',
    credit       TEXT    NOT NULL DEFAULT '',
    focal_x      REAL    NOT NULL DEFAULT 0.5,
    focal_y      REAL    NOT NULL DEFAULT 0.5,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    content_type TEXT    NOT NULL,
    -- The original's SHA-256: one item per file.
    hash         TEXT    NOT NULL UNIQUE,
    bytes        INTEGER NOT NULL,
    -- JSON: [{width, height, format, url, bytes}], narrowest first.
    variants     TEXT    NOT NULL DEFAULT '[]',
    usable       INTEGER NOT NULL DEFAULT 0 CHECK (usable IN (0, 1)),
    -- Name and alt text in lower case, for ?q=.
    search_text  TEXT    NOT NULL DEFAULT '',
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version      INTEGER NOT NULL DEFAULT 1
);
-- The library's order, newest first.
CREATE INDEX media_created ON media (created_at DESC, id DESC);

-- Originals (public = 0: they may carry metadata and are never served) and
-- variants (public = 1: served under /media/).
CREATE TABLE media_blobs (
    hash         TEXT    PRIMARY KEY,
    content_type TEXT    NOT NULL,
    public       INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1)),
    data         BLOB    NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
