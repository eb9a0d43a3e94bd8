-- The entities of the site (SPEC section 3). Timestamps are UTC text in
-- RFC 3339 form with milliseconds.

CREATE TABLE users (
    id         INTEGER PRIMARY KEY,
    username   TEXT    NOT NULL UNIQUE,
    password   TEXT    NOT NULL,
    is_admin   INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE admin_sessions (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_token TEXT    NOT NULL UNIQUE, -- SHA-256 of the token, never the token
    expires_at    TEXT    NOT NULL,
    last_seen_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX admin_sessions_user_id ON admin_sessions (user_id);

CREATE TABLE contact_submissions (
    id                   INTEGER PRIMARY KEY,
    first_name           TEXT NOT NULL,
    last_name            TEXT NOT NULL,
    email                TEXT NOT NULL,
    company              TEXT NOT NULL,
    job_title            TEXT NOT NULL DEFAULT '',
    ai_solution_interest TEXT NOT NULL DEFAULT '',
    project_details      TEXT NOT NULL DEFAULT '',
    created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX contact_submissions_created_at ON contact_submissions (created_at);

CREATE TABLE website_content (
    id         INTEGER PRIMARY KEY,
    section    TEXT NOT NULL,
    key        TEXT NOT NULL,
    value      TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (section, key)
);

CREATE TABLE menu_items (
    id         INTEGER PRIMARY KEY,
    title      TEXT    NOT NULL,
    url        TEXT    NOT NULL,
    "order"    INTEGER NOT NULL DEFAULT 0,
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE website_images (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    url        TEXT NOT NULL,
    alt_text   TEXT NOT NULL DEFAULT '',
    section    TEXT NOT NULL DEFAULT '',
    usage      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE cms_testimonials (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    content    TEXT    NOT NULL,
    initials   TEXT    NOT NULL,
    avatar_bg  TEXT    NOT NULL DEFAULT 'bg-blue-600',
    "order"    INTEGER NOT NULL DEFAULT 0,
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE footer_links (
    id         INTEGER PRIMARY KEY,
    category   TEXT    NOT NULL DEFAULT 'Solutions',
    title      TEXT    NOT NULL,
    url        TEXT    NOT NULL DEFAULT '',
    "order"    INTEGER NOT NULL DEFAULT 0,
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE pages (
    id               INTEGER PRIMARY KEY,
    title            TEXT    NOT NULL,
    slug             TEXT    NOT NULL UNIQUE,
    content          TEXT    NOT NULL,
    excerpt          TEXT    NOT NULL DEFAULT '',
    meta_title       TEXT    NOT NULL DEFAULT '',
    meta_description TEXT    NOT NULL DEFAULT '',
    status           TEXT    NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    template         TEXT    NOT NULL DEFAULT 'default',
    featured_image   TEXT    NOT NULL DEFAULT '',
    author_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
    published_at     TEXT,
    is_active        INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE site_settings (
    id              INTEGER PRIMARY KEY,
    logo_text       TEXT    NOT NULL DEFAULT 'Meridian AI',
    logo_image_url  TEXT    NOT NULL DEFAULT '',
    logo_image_alt  TEXT    NOT NULL DEFAULT 'Company Logo',
    use_image_logo  INTEGER NOT NULL DEFAULT 0 CHECK (use_image_logo IN (0, 1)),
    primary_color   TEXT    NOT NULL DEFAULT '#2563eb',
    secondary_color TEXT    NOT NULL DEFAULT '#1e40af',
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
