-- Redirects: an address no page answers (source, a path) sends visitors on
-- to target (a path or an http(s) address) with 301. "automatic" ones are
-- kept by the site when a live page changes its address; "manual" ones are
-- staff's. A live page at a source wins over its redirect.
CREATE TABLE redirects (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    source     text        NOT NULL UNIQUE,
    target     text        NOT NULL,
    kind       text        NOT NULL DEFAULT 'manual' CHECK (kind IN ('automatic', 'manual')),
    version    integer     NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX redirects_target ON redirects (target);

-- Visitors see redirects: the other instances hear of every write.
CREATE TRIGGER redirects_changed AFTER INSERT OR UPDATE OR DELETE ON redirects
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();

-- The addresses visitors opened that answered 404, counted per path; the
-- application keeps at most 1,000 paths of at most 500 bytes.
CREATE TABLE not_found (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    path       text        NOT NULL UNIQUE,
    hits       bigint      NOT NULL DEFAULT 0,
    first_seen timestamptz NOT NULL,
    last_seen  timestamptz NOT NULL
);
