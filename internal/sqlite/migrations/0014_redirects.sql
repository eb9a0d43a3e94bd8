-- Redirects: an address no page answers (source, a path) sends visitors on
-- to target (a path or an http(s) address) with 301. "automatic" ones are
-- kept by the site when a live page changes its address; "manual" ones are
-- staff's. A live page at a source wins over its redirect.
CREATE TABLE redirects (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    source     TEXT    NOT NULL UNIQUE,
    target     TEXT    NOT NULL,
    kind       TEXT    NOT NULL DEFAULT 'manual' CHECK (kind IN ('automatic', 'manual')),
    version    INTEGER NOT NULL DEFAULT 1,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE INDEX redirects_target ON redirects (target);

-- The addresses visitors opened that answered 404, counted per path; the
-- application keeps at most 1,000 paths of at most 500 bytes.
CREATE TABLE not_found (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    path       TEXT    NOT NULL UNIQUE,
    hits       INTEGER NOT NULL DEFAULT 0,
    first_seen TEXT    NOT NULL,
    last_seen  TEXT    NOT NULL
);
