-- One row: how the texts saved in place are published: live (each save at
-- once, the default), drafts or approval (saves kept in pending drafts
-- until published from the Publish panel).
CREATE TABLE publishing_settings (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    mode TEXT    NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'drafts', 'approval'))
);
INSERT INTO publishing_settings (id) VALUES (1);

-- The pending draft of an editable text (website_content's section and
-- key), one per text, with its own version for the editors' writes. It is
-- no table the public site reads: a draft changes nothing visitors see
-- until it is published into website_content.
CREATE TABLE content_drafts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    section    TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    version    INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT    NOT NULL,
    updated_by TEXT    NOT NULL DEFAULT '',
    -- The published text when the draft was last saved (NULL: none, the
    -- built-in copy): a publish refuses a draft whose text has changed
    -- on the live site since.
    base       TEXT,
    UNIQUE (section, key)
);
