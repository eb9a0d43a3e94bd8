-- What the ACME client of automatic HTTPS (-domain) caches, by key: its
-- account key, each domain's certificate with its private key, and the
-- HTTP-01 tokens of orders in flight. Values are sealed with the server's
-- secret key. Kept in the database so that a restart does not order again.
CREATE TABLE acme_cache (
    key        TEXT PRIMARY KEY,
    data       BLOB NOT NULL,
    updated_at TEXT NOT NULL
);
