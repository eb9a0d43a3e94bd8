-- The visitor marks as one number each: a 64-bit hash of the mark's day,
-- kind, key and visitor (site.VisitorMark.Hash), in place of its four
-- texts. A flush of a busy site writes hundreds of thousands of marks, and
-- a row keyed by one number costs SQLite a fraction of the four texts'
-- work. Two marks share a number with a chance of about 3 in a million on
-- a day of ten million marks: then one visitor of one key goes uncounted.
-- The current day's marks are not carried over: a visitor seen before the
-- upgrade is counted once more on that day.
DROP TABLE analytics_seen;
CREATE TABLE analytics_seen (
    mark INTEGER PRIMARY KEY,
    day  TEXT NOT NULL
);
