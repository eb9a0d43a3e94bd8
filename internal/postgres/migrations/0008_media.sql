-- The media library: one record per uploaded image (a resource with
-- versions and revisions like the others), and the bytes of its original
-- and variants in media_blobs, addressed by the SHA-256 of their content,
-- so that the same file uploaded twice is stored once and every instance
-- serves what any of them received. Revisions hold the records only, never
-- bytes. A blob outlives the items that point at it, so that a deleted item
-- restored from its history still has its files; a blob that nothing
-- points at is left for a later sweep.
CREATE TABLE media (
    id           bigint           GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         text             NOT NULL,
    alt_text     text             NOT NULL DEFAULT '',
    decorative   boolean          NOT NULL DEFAULT false,
    caption      text             NOT NULL DEFAULT '',
    credit       text             NOT NULL DEFAULT '',
    focal_x      double precision NOT NULL DEFAULT 0.5,
    focal_y      double precision NOT NULL DEFAULT 0.5,
    width        integer          NOT NULL,
    height       integer          NOT NULL,
    content_type text             NOT NULL,
    -- The original's SHA-256: one item per file.
    hash         text             NOT NULL UNIQUE,
    bytes        bigint           NOT NULL,
    -- [{width, height, format, url, bytes}], narrowest first.
    variants     jsonb            NOT NULL DEFAULT '[]',
    usable       boolean          NOT NULL DEFAULT false,
    -- Name and alt text in lower case, for ?q=.
    search_text  text             NOT NULL DEFAULT '',
    created_at   timestamptz      NOT NULL DEFAULT now(),
    updated_at   timestamptz      NOT NULL DEFAULT now(),
    version      integer          NOT NULL DEFAULT 1
);
-- The library's order, newest first.
CREATE INDEX media_created ON media (created_at DESC, id DESC);

-- Originals (not public: they may carry metadata and are never served) and
-- variants (public: served under /media/).
CREATE TABLE media_blobs (
    hash         text        PRIMARY KEY,
    content_type text        NOT NULL,
    public       boolean     NOT NULL DEFAULT false,
    data         bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
-- Images are compressed already: store them out of line without trying
-- to compress them again.
ALTER TABLE media_blobs ALTER COLUMN data SET STORAGE EXTERNAL;
