-- Preview links: a page shown as it is saved, published or not, to whoever
-- holds the link, until it expires or is revoked (deleted). The token is
-- kept as its SHA-256 hash, like a session's.
CREATE TABLE preview_links (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    page_id    bigint      NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
    token_hash text        NOT NULL UNIQUE,
    created_by text        NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX preview_links_page ON preview_links (page_id);
