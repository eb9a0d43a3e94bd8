-- Every resource the admin manages becomes a record with a version, and
-- every write of one appends a revision (numbered 0007 to match the
-- PostgreSQL migrations, which have a 0006 of their own).
--
-- A deleted record can be restored under its own id, so an id must never be
-- handed to a new record once it has been used. A plain INTEGER PRIMARY KEY
-- reuses the largest id after its row is deleted; AUTOINCREMENT never does,
-- as a PostgreSQL identity never does. SQLite cannot add AUTOINCREMENT to a
-- table, so each table is rebuilt: created anew with the version column,
-- filled from the old one (ids kept, which also starts its sequence past
-- them), and renamed. No other table references these, and the only
-- reference they hold (a page's author) stays valid as it is copied.

CREATE TABLE menu_items_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    title      TEXT    NOT NULL,
    url        TEXT    NOT NULL,
    "order"    INTEGER NOT NULL DEFAULT 0,
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version    INTEGER NOT NULL DEFAULT 1
);
INSERT INTO menu_items_new (id, title, url, "order", is_active, created_at, updated_at)
    SELECT id, title, url, "order", is_active, created_at, updated_at FROM menu_items;
DROP TABLE menu_items;
ALTER TABLE menu_items_new RENAME TO menu_items;

CREATE TABLE website_images_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    url        TEXT    NOT NULL,
    alt_text   TEXT    NOT NULL DEFAULT '',
    section    TEXT    NOT NULL DEFAULT '',
    usage      TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version    INTEGER NOT NULL DEFAULT 1
);
INSERT INTO website_images_new (id, name, url, alt_text, section, usage, created_at, updated_at)
    SELECT id, name, url, alt_text, section, usage, created_at, updated_at FROM website_images;
DROP TABLE website_images;
ALTER TABLE website_images_new RENAME TO website_images;

CREATE TABLE cms_testimonials_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    content    TEXT    NOT NULL,
    initials   TEXT    NOT NULL,
    avatar_bg  TEXT    NOT NULL DEFAULT 'bg-blue-600',
    "order"    INTEGER NOT NULL DEFAULT 0,
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version    INTEGER NOT NULL DEFAULT 1
);
INSERT INTO cms_testimonials_new (id, name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at)
    SELECT id, name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at FROM cms_testimonials;
DROP TABLE cms_testimonials;
ALTER TABLE cms_testimonials_new RENAME TO cms_testimonials;

CREATE TABLE footer_links_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    category   TEXT    NOT NULL DEFAULT 'Solutions',
    title      TEXT    NOT NULL,
    url        TEXT    NOT NULL DEFAULT '',
    "order"    INTEGER NOT NULL DEFAULT 0,
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version    INTEGER NOT NULL DEFAULT 1
);
INSERT INTO footer_links_new (id, category, title, url, "order", is_active, created_at, updated_at)
    SELECT id, category, title, url, "order", is_active, created_at, updated_at FROM footer_links;
DROP TABLE footer_links;
ALTER TABLE footer_links_new RENAME TO footer_links;

CREATE TABLE pages_new (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
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
    updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version          INTEGER NOT NULL DEFAULT 1
);
INSERT INTO pages_new (id, title, slug, content, excerpt, meta_title, meta_description, status, template,
        featured_image, author_id, published_at, is_active, created_at, updated_at)
    SELECT id, title, slug, content, excerpt, meta_title, meta_description, status, template,
        featured_image, author_id, published_at, is_active, created_at, updated_at FROM pages;
DROP TABLE pages;
ALTER TABLE pages_new RENAME TO pages;

CREATE TABLE site_settings_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    logo_text       TEXT    NOT NULL DEFAULT 'Meridian AI',
    logo_image_url  TEXT    NOT NULL DEFAULT '',
    logo_image_alt  TEXT    NOT NULL DEFAULT 'Company Logo',
    use_image_logo  INTEGER NOT NULL DEFAULT 0 CHECK (use_image_logo IN (0, 1)),
    primary_color   TEXT    NOT NULL DEFAULT '#2563eb',
    secondary_color TEXT    NOT NULL DEFAULT '#1e40af',
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version         INTEGER NOT NULL DEFAULT 1
);
INSERT INTO site_settings_new (id, logo_text, logo_image_url, logo_image_alt, use_image_logo, primary_color,
        secondary_color, created_at, updated_at)
    SELECT id, logo_text, logo_image_url, logo_image_alt, use_image_logo, primary_color,
        secondary_color, created_at, updated_at FROM site_settings;
DROP TABLE site_settings;
ALTER TABLE site_settings_new RENAME TO site_settings;

-- One row per write of a record: the record as it was after the write (as
-- it was before, for a delete), as JSON. A revision outlives its author's
-- account; username keeps who it was.
CREATE TABLE revisions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    resource   TEXT    NOT NULL,
    record_id  INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    username   TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL
);
-- The history of one record, newest first, and its latest revision.
CREATE INDEX revisions_record ON revisions (resource, record_id, id);
-- The deletes of one resource, newest first: what "recently deleted" scans
-- before it drops the records restored or re-deleted since.
CREATE INDEX revisions_deletes ON revisions (resource, id) WHERE action = 'delete';
-- Deleting a user sets user_id to NULL in its revisions: without an index
-- that would scan the whole history.
CREATE INDEX revisions_user_id ON revisions (user_id);
