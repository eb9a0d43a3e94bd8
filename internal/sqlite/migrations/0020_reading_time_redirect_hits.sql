-- A page's reading time in whole minutes (200 words a minute, at least 1),
-- counted from its text on every write, so that the blog's lists need not
-- read any text. 0 is a page written before: its time is counted from its
-- text when it is read, until its next write.
ALTER TABLE pages ADD COLUMN reading_minutes INTEGER NOT NULL DEFAULT 0;

-- How often visitors followed each redirect, and when last: counted in
-- memory by each instance and added here in batches, as the 404 log is.
-- Beside the redirects, not in their rows: a hit is no change of content.
-- Kept by the redirect's id, which is never reused, so that a deleted
-- redirect brought back keeps its count.
CREATE TABLE redirect_hits (
    redirect_id INTEGER PRIMARY KEY,
    hits        INTEGER NOT NULL DEFAULT 0,
    last_hit    TEXT    NOT NULL
);
