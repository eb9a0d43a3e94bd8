-- A page's reading time in whole minutes (200 words a minute, at least 1),
-- counted from its text on every write, so that the blog's lists need not
-- read any text. 0 is a page written before: its time is counted from its
-- text when it is read, until its next write.
ALTER TABLE pages ADD COLUMN reading_minutes integer NOT NULL DEFAULT 0;

