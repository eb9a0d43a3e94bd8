-- Positions are records (site.Positions): the job openings of /careers,
-- each with its page at /careers/{slug}. The six of the site's built-in
-- copy are seeded, so that a fresh site shows what it showed before.
CREATE TABLE positions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    title           TEXT    NOT NULL,
    slug            TEXT    NOT NULL UNIQUE,
    department      TEXT    NOT NULL,
    location        TEXT    NOT NULL DEFAULT '',
    remote          INTEGER NOT NULL DEFAULT 0 CHECK (remote IN (0, 1)),
    regions         TEXT    NOT NULL DEFAULT '',
    employment_type TEXT    NOT NULL DEFAULT 'full-time',
    salary_min      INTEGER NOT NULL DEFAULT 0,
    salary_max      INTEGER NOT NULL DEFAULT 0,
    currency        TEXT    NOT NULL DEFAULT 'USD',
    summary         TEXT    NOT NULL,
    description     TEXT    NOT NULL,
    posted_on       TEXT    NOT NULL,
    closes_on       TEXT    NOT NULL DEFAULT '',
    status          TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    "order"         INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    version         INTEGER NOT NULL DEFAULT 1
);

INSERT INTO positions (title, slug, department, location, remote, regions, employment_type, salary_min, salary_max, currency,
        summary, description, posted_on, closes_on, status, "order", created_at, updated_at) VALUES
    ('Senior Machine Learning Engineer', 'senior-machine-learning-engineer', 'Engineering', 'San Francisco, CA', 0, '', 'full-time', 180000, 220000, 'USD',
     'Design and ship production ML systems for enterprise clients, from feature pipelines to model serving.',
     '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"You will design, build and run the machine learning systems our enterprise clients depend on: feature pipelines, training at scale, evaluation and model serving."}]},{"type":"paragraph","content":[{"type":"text","text":"You have shipped ML to production more than once, write clean Python, and enjoy explaining trade-offs to engineers and executives alike."}]}]}',
     '2026-11-02', '', 'open', 0, '2026-11-02T09:00:00.000Z', '2026-11-02T09:00:00.000Z'),
    ('Data Scientist', 'data-scientist', 'Data Science', 'New York, NY', 0, '', 'full-time', 140000, 180000, 'USD',
     'Build forecasting and customer analytics models and explain them to business leaders.',
     '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"You will build forecasting, churn and customer analytics models with our clients'' data, and turn them into decisions business leaders act on."}]},{"type":"paragraph","content":[{"type":"text","text":"You know your statistics, write reproducible analyses, and tell a clear story with data."}]}]}',
     '2026-10-27', '', 'open', 1, '2026-10-27T09:00:00.000Z', '2026-10-27T09:00:00.000Z'),
    ('AI Strategy Consultant', 'ai-strategy-consultant', 'Consulting', 'Austin, TX', 0, '', 'full-time', 150000, 190000, 'USD',
     'Lead discovery workshops, size opportunities and write roadmaps executives act on.',
     '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"You will lead discovery workshops with client leadership teams, size the opportunities AI opens for them and write the roadmaps they act on."}]},{"type":"paragraph","content":[{"type":"text","text":"You have advised executives on technology strategy and understand what it takes to get AI into production."}]}]}',
     '2026-10-20', '', 'open', 2, '2026-10-20T09:00:00.000Z', '2026-10-20T09:00:00.000Z'),
    ('Computer Vision Engineer', 'computer-vision-engineer', 'Engineering', 'Seattle, WA', 0, '', 'full-time', 160000, 200000, 'USD',
     'Train and deploy detection and inspection models on cloud and edge hardware.',
     '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"You will train and deploy detection, segmentation and inspection models that run on cloud and edge hardware in factories and warehouses."}]},{"type":"paragraph","content":[{"type":"text","text":"You have taken vision models from a notebook to a device, and care about latency, accuracy and the data behind both."}]}]}',
     '2026-10-13', '', 'open', 3, '2026-10-13T09:00:00.000Z', '2026-10-13T09:00:00.000Z'),
    ('NLP Research Scientist', 'nlp-research-scientist', 'Research', 'Boston, MA', 0, '', 'full-time', 170000, 210000, 'USD',
     'Advance our work on retrieval, document understanding and evaluation of language models.',
     '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"You will advance our work on retrieval, document understanding and the evaluation of language models, and bring it into client projects."}]},{"type":"paragraph","content":[{"type":"text","text":"You have published or shipped work in natural language processing and like seeing research used."}]}]}',
     '2026-10-06', '', 'open', 4, '2026-10-06T09:00:00.000Z', '2026-10-06T09:00:00.000Z'),
    ('AI Solutions Architect', 'ai-solutions-architect', 'Engineering', '', 1, 'US', 'full-time', 120000, 160000, 'USD',
     'Shape the architecture of client AI platforms across cloud providers and data stacks.',
     '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"You will shape the architecture of client AI platforms across cloud providers and data stacks, from the first diagram to the go-live review."}]},{"type":"paragraph","content":[{"type":"text","text":"You have designed data and ML platforms in the cloud and can guide teams through the choices they bring."}]}]}',
     '2026-09-29', '', 'open', 5, '2026-09-29T09:00:00.000Z', '2026-09-29T09:00:00.000Z');

-- The recruiter role: the careers and their applications only. SQLite
-- keeps a column's CHECK in the table's text, which only a rebuild could
-- change otherwise, and rebuilding users would fire the actions of every
-- table that references it: the constraint's list is widened in place,
-- which every row already meets.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, '(''admin'', ''editor'', ''sales'')', '(''admin'', ''editor'', ''sales'', ''recruiter'')')
    WHERE type = 'table' AND name IN ('users', 'invitations');
PRAGMA writable_schema = RESET;
PRAGMA writable_schema = OFF;
