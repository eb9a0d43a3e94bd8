-- A page's reading time in whole minutes (200 words a minute, at least 1),
-- counted from its text on every write, so that the blog's lists need not
-- read any text. 0 is a page written before: its time is counted from its
-- text when it is read, until its next write.
ALTER TABLE pages ADD COLUMN reading_minutes integer NOT NULL DEFAULT 0;

-- How often visitors followed each redirect, and when last: counted in
-- memory by each instance and added here in batches, as the 404 log is.
-- Beside the redirects, not in their rows (whose writes tell the other
-- instances of a change of content): a hit is none. Kept by the
-- redirect's id, which is never reused, so that a deleted redirect
-- brought back keeps its count.
CREATE TABLE redirect_hits (
    redirect_id bigint      PRIMARY KEY,
    hits        bigint      NOT NULL DEFAULT 0,
    last_hit    timestamptz NOT NULL
);
