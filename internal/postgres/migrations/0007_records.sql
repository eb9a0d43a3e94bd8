-- Every resource the admin manages is one kind of record (site.Entity):
-- a version that each write moves on, so that a write started from an old
-- version can be refused instead of silently undoing another's, and a
-- history of revisions, so that any earlier state (or a deleted record)
-- can be brought back. Existing rows start at version 1 with no history.
ALTER TABLE menu_items       ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE footer_links     ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE cms_testimonials ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE website_images   ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE pages            ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE site_settings    ADD COLUMN version integer NOT NULL DEFAULT 1;

-- One row per write, in the write's own transaction: the record as stored
-- after it (for a delete, as it was). The record's row may be gone, so
-- record_id references nothing; a user who is deleted leaves the name
-- under which they wrote.
CREATE TABLE revisions (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    resource   text        NOT NULL,
    record_id  bigint      NOT NULL,
    version    integer     NOT NULL,
    action     text        NOT NULL,
    data       jsonb       NOT NULL,
    user_id    bigint      REFERENCES users (id) ON DELETE SET NULL,
    username   text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL
);
-- The history of one record, newest first, and its latest revision.
CREATE INDEX revisions_record ON revisions (resource, record_id, id DESC);
-- The deletes of a resource, newest first: the list of recently deleted
-- records starts from them.
CREATE INDEX revisions_deleted ON revisions (resource, id DESC) WHERE action = 'delete';
-- Deleting a user sets user_id to NULL in its revisions.
CREATE INDEX revisions_user_id ON revisions (user_id) WHERE user_id IS NOT NULL;
