-- What the ACME client of automatic HTTPS (-domain) caches, by key: its
-- account key, each domain's certificate with its private key, and the
-- HTTP-01 tokens of orders in flight. Values are sealed with the server's
-- secret key. Kept in the database so that every instance serves the same
-- certificates and answers each other's challenges, and a restart does not
-- order again.
CREATE TABLE acme_cache (
    key        text        PRIMARY KEY,
    data       bytea       NOT NULL,
    updated_at timestamptz NOT NULL
);
