-- One row: how the texts saved in place are published: live (each save at
-- once, the default), drafts or approval (saves kept in pending drafts
-- until published from the Publish panel).
CREATE TABLE publishing_settings (
    id   integer PRIMARY KEY CHECK (id = 1),
    mode text    NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'drafts', 'approval'))
);
INSERT INTO publishing_settings (id) VALUES (1);

-- The pending draft of an editable text (website_content's section and
-- key), one per text, with its own version for the editors' writes. It has
-- no trigger of notify_content_changed: a draft changes nothing visitors
-- see until it is published into website_content.
CREATE TABLE content_drafts (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    section    text        NOT NULL,
    key        text        NOT NULL,
    value      text        NOT NULL,
    version    integer     NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL DEFAULT '',
    -- The published text when the draft was last saved (NULL: none, the
    -- built-in copy): a publish refuses a draft whose text has changed
    -- on the live site since.
    base       text,
    UNIQUE (section, key)
);
