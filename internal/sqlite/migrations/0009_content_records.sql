-- Editable texts become records like every other resource: a version that
-- each write moves on, so that a text changed by someone else since the
-- editor loaded it is not overwritten silently, and revisions, so that each
-- text has a history, can be restored, and can be reset to its built-in
-- copy (a delete of the override) and brought back. The table is rebuilt
-- with AUTOINCREMENT, as in 0007, so that a deleted text's id is never
-- handed to another.
CREATE TABLE website_content_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    section    TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version    INTEGER NOT NULL DEFAULT 1,
    UNIQUE (section, key)
);
INSERT INTO website_content_new (id, section, key, value, created_at, updated_at)
    SELECT id, section, key, value, updated_at, updated_at FROM website_content;
DROP TABLE website_content;
ALTER TABLE website_content_new RENAME TO website_content;
