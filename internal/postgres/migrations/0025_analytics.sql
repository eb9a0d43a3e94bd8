-- First-party analytics, without cookies and without personal data.
--
-- The salt of each day's visitor ids: made by the first instance to count
-- on a day, shared by every instance, and deleted once the day is over
-- (with the day's marks below), so that ids of two days cannot be joined.
CREATE TABLE analytics_salts (
    day  text PRIMARY KEY,
    salt bytea NOT NULL
);

-- Which visitors of the current day have been counted for what: the whole
-- site (kind 'site', key ''), a page, a landing page, a source, a
-- campaign, a device class or a step of the funnel. A visitor new to a
-- key adds one to the key's count in analytics_daily. Deleted with the
-- day's salt.
CREATE TABLE analytics_seen (
    day     text NOT NULL,
    kind    text NOT NULL,
    key     text NOT NULL,
    visitor text NOT NULL,
    PRIMARY KEY (day, kind, key, visitor)
);

-- Each day's figures by key: its distinct visitors, as analytics_seen
-- counted them, and its page views (for a landing page: its entries),
-- starts of a lead form and clicks of calls to action, added up from the
-- hours, so that a report of many days reads a few rows a day.
CREATE TABLE analytics_daily (
    day         text    NOT NULL,
    kind        text    NOT NULL,
    key         text    NOT NULL,
    visitors    bigint NOT NULL DEFAULT 0,
    pageviews   bigint NOT NULL DEFAULT 0,
    entries     bigint NOT NULL DEFAULT 0,
    lead_starts bigint NOT NULL DEFAULT 0,
    cta_clicks  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (day, kind, key)
);

-- What happened each hour, by page, the visit's source and campaign, and
-- the device class: each instance adds its counts every few seconds.
CREATE TABLE analytics_hourly (
    hour        timestamptz NOT NULL,
    path        text    NOT NULL,
    source      text    NOT NULL,
    campaign    text    NOT NULL,
    device      text    NOT NULL,
    pageviews   bigint NOT NULL DEFAULT 0,
    entries     bigint NOT NULL DEFAULT 0,
    lead_starts bigint NOT NULL DEFAULT 0,
    cta_clicks  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (hour, path, source, campaign, device)
);

-- Real-user speed: how many measures of a metric on a page fell in each
-- bucket on a day (site.VitalBucket), from which the reports read the
-- 75th percentile, and, in the buckets -1, -2 and -3, how many were good,
-- middling and poor (site.VitalRatingBucket).
CREATE TABLE analytics_vitals (
    day    text    NOT NULL,
    path   text    NOT NULL,
    metric text    NOT NULL,
    bucket integer NOT NULL,
    n      bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (day, path, metric, bucket)
);

-- What a lead's visit read before it was sent: its landing page and the
-- pages in the order first read.
ALTER TABLE contact_submissions ADD COLUMN landing_page text NOT NULL DEFAULT '';
ALTER TABLE contact_submissions ADD COLUMN pages_read text[] NOT NULL DEFAULT '{}';
