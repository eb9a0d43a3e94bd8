-- The newsletter's sign-ups. An address is kept once, lower-cased;
-- confirm_token and unsubscribe_token are the SHA-256 of the tokens of the
-- links its e-mails carry (confirm_token '' once the subscription ended);
-- expires_at is when a pending sign-up nobody confirmed is deleted.
CREATE TABLE subscribers (
    id                INTEGER PRIMARY KEY,
    email             TEXT    NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
    status            TEXT    NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
    source            TEXT    NOT NULL DEFAULT '' CHECK (length(source) <= 500),
    confirm_token     TEXT    NOT NULL DEFAULT '',
    unsubscribe_token TEXT    NOT NULL UNIQUE,
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL,
    confirmed_at      TEXT,
    unsubscribed_at   TEXT,
    expires_at        TEXT
);
CREATE INDEX subscribers_confirm_token ON subscribers (confirm_token) WHERE confirm_token <> '';
CREATE INDEX subscribers_created ON subscribers (created_at, id);
CREATE INDEX subscribers_expiry ON subscribers (expires_at) WHERE status = 'pending';

-- One row: the webhook that tells the firm's mailing service of each
-- subscriber who confirms or unsubscribes.
CREATE TABLE newsletter_settings (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    webhook_url    TEXT    NOT NULL DEFAULT '',
    webhook_secret TEXT    NOT NULL DEFAULT '',
    updated_at     TEXT
);
INSERT INTO newsletter_settings (id) VALUES (1);

-- The sign-up in the footer of every page, off until the Settings say.
ALTER TABLE site_settings ADD COLUMN newsletter_in_footer INTEGER NOT NULL DEFAULT 0 CHECK (newsletter_in_footer IN (0, 1));

-- The outbox sends a subscriber's confirmation e-mail and the webhooks
-- about it too: a row is of a lead or of a subscriber, never both, and a
-- confirmation e-mail carries the token of the unsubscribe link until it
-- is sent. SQLite can change neither a NOT NULL nor a CHECK, so the table
-- is rebuilt with every column it has.
CREATE TABLE lead_deliveries_new (
    id                INTEGER PRIMARY KEY,
    lead_id           INTEGER REFERENCES contact_submissions (id) ON DELETE CASCADE,
    subscriber_id     INTEGER REFERENCES subscribers (id) ON DELETE CASCADE,
    kind              TEXT    NOT NULL DEFAULT 'lead' CHECK (kind IN ('lead', 'owner', 'reminder', 'overdue', 'meeting',
                                                                      'confirm', 'subscribed', 'unsubscribed')),
    channel           TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
    target            TEXT    NOT NULL,
    user_id           INTEGER REFERENCES users (id) ON DELETE CASCADE,
    status            TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'retrying', 'failed')),
    attempts          INTEGER NOT NULL DEFAULT 0,
    last_error        TEXT    NOT NULL DEFAULT '',
    next_attempt_at   TEXT,
    claimed_until     TEXT,
    last_attempt_at   TEXT,
    sent_at           TEXT,
    created_at        TEXT    NOT NULL,
    meeting_id        INTEGER REFERENCES meetings (id) ON DELETE CASCADE,
    manage_token      TEXT    NOT NULL DEFAULT '',
    unsubscribe_token TEXT    NOT NULL DEFAULT '',
    CHECK ((lead_id IS NULL) <> (subscriber_id IS NULL))
);
INSERT INTO lead_deliveries_new (id, lead_id, kind, channel, target, user_id, status, attempts, last_error, next_attempt_at,
        claimed_until, last_attempt_at, sent_at, created_at, meeting_id, manage_token)
    SELECT id, lead_id, kind, channel, target, user_id, status, attempts, last_error, next_attempt_at,
        claimed_until, last_attempt_at, sent_at, created_at, meeting_id, manage_token FROM lead_deliveries;
DROP TABLE lead_deliveries;
ALTER TABLE lead_deliveries_new RENAME TO lead_deliveries;
CREATE INDEX lead_deliveries_lead_id ON lead_deliveries (lead_id);
CREATE INDEX lead_deliveries_subscriber_id ON lead_deliveries (subscriber_id) WHERE subscriber_id IS NOT NULL;
CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX lead_deliveries_failing ON lead_deliveries (last_attempt_at) WHERE status IN ('retrying', 'failed');
