-- Preview links: a page shown as it is saved, published or not, to whoever
-- holds the link, until it expires or is revoked (deleted). The token is
-- kept as its SHA-256 hash, like a session's. Ids are never reused, so a
-- revoked link's id names no other.
CREATE TABLE preview_links (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    page_id    INTEGER NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
    token_hash TEXT    NOT NULL UNIQUE,
    created_by TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    expires_at TEXT    NOT NULL
);
CREATE INDEX preview_links_page ON preview_links (page_id);
