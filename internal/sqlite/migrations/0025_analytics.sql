-- First-party analytics, without cookies and without personal data.
--
-- The salt of each day's visitor ids: made by the first instance to count
-- on a day, shared by every instance, and deleted once the day is over
-- (with the day's marks below), so that ids of two days cannot be joined.
CREATE TABLE analytics_salts (
    day  TEXT PRIMARY KEY,
    salt BLOB NOT NULL
);

-- Which visitors of the current day have been counted for what: the whole
-- site (kind 'site', key ''), a page, a landing page, a source, a
-- campaign, a device class or a step of the funnel. A visitor new to a
-- key adds one to the key's count in analytics_daily. Deleted with the
-- day's salt.
CREATE TABLE analytics_seen (
    day     TEXT NOT NULL,
    kind    TEXT NOT NULL,
    key     TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (day, kind, key, visitor)
) WITHOUT ROWID;

-- Each day's figures by key: its distinct visitors, as analytics_seen
-- counted them, and its page views (for a landing page: its entries),
-- starts of a lead form and clicks of calls to action, added up from the
-- hours, so that a report of many days reads a few rows a day.
CREATE TABLE analytics_daily (
    day         TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    visitors    INTEGER NOT NULL DEFAULT 0,
    pageviews   INTEGER NOT NULL DEFAULT 0,
    entries     INTEGER NOT NULL DEFAULT 0,
    lead_starts INTEGER NOT NULL DEFAULT 0,
    cta_clicks  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, kind, key)
) WITHOUT ROWID;

-- What happened each hour, by page, the visit's source and campaign, and
-- the device class: each instance adds its counts every few seconds.
CREATE TABLE analytics_hourly (
    hour        TEXT    NOT NULL,
    path        TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    campaign    TEXT    NOT NULL,
    device      TEXT    NOT NULL,
    pageviews   INTEGER NOT NULL DEFAULT 0,
    entries     INTEGER NOT NULL DEFAULT 0,
    lead_starts INTEGER NOT NULL DEFAULT 0,
    cta_clicks  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (hour, path, source, campaign, device)
) WITHOUT ROWID;

-- Real-user speed: how many measures of a metric on a page fell in each
-- bucket on a day (site.VitalBucket), from which the reports read the
-- 75th percentile, and, in the buckets -1, -2 and -3, how many were good,
-- middling and poor (site.VitalRatingBucket).
CREATE TABLE analytics_vitals (
    day    TEXT    NOT NULL,
    path   TEXT    NOT NULL,
    metric TEXT    NOT NULL,
    bucket INTEGER NOT NULL,
    n      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, path, metric, bucket)
) WITHOUT ROWID;

-- What a lead's visit read before it was sent: its landing page and the
-- pages in the order first read (one path a line).
ALTER TABLE contact_submissions ADD COLUMN landing_page TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN pages_read TEXT NOT NULL DEFAULT '';
