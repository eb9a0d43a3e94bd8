-- The newsletter's sign-ups. An address is kept once, lower-cased;
-- confirm_token and unsubscribe_token are the SHA-256 of the tokens of the
-- links its e-mails carry (confirm_token '' once the subscription ended);
-- expires_at is when a pending sign-up nobody confirmed is deleted.
CREATE TABLE subscribers (
    id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email             text        NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
    status            text        NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
    source            text        NOT NULL DEFAULT '' CHECK (length(source) <= 500),
    confirm_token     text        NOT NULL DEFAULT '',
    unsubscribe_token text        NOT NULL UNIQUE,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    confirmed_at      timestamptz,
    unsubscribed_at   timestamptz,
    expires_at        timestamptz
);
CREATE INDEX subscribers_confirm_token ON subscribers (confirm_token) WHERE confirm_token <> '';
CREATE INDEX subscribers_created ON subscribers (created_at, id);
CREATE INDEX subscribers_expiry ON subscribers (expires_at) WHERE status = 'pending';

-- One row: the webhook that tells the firm's mailing service of each
-- subscriber who confirms or unsubscribes.
CREATE TABLE newsletter_settings (
    id             bigint      PRIMARY KEY CHECK (id = 1),
    webhook_url    text        NOT NULL DEFAULT '',
    webhook_secret text        NOT NULL DEFAULT '',
    updated_at     timestamptz
);
INSERT INTO newsletter_settings (id) VALUES (1);

-- The sign-up in the footer of every page, off until the Settings say.
ALTER TABLE site_settings ADD COLUMN newsletter_in_footer boolean NOT NULL DEFAULT false;

-- The outbox sends a subscriber's confirmation e-mail and the webhooks
-- about it too: a row is of a lead or of a subscriber, never both, and a
-- confirmation e-mail carries the token of the unsubscribe link until it
-- is sent.
ALTER TABLE lead_deliveries ALTER COLUMN lead_id DROP NOT NULL;
ALTER TABLE lead_deliveries ADD COLUMN subscriber_id bigint REFERENCES subscribers (id) ON DELETE CASCADE;
ALTER TABLE lead_deliveries ADD COLUMN unsubscribe_token text NOT NULL DEFAULT '';
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_lead_or_subscriber CHECK ((lead_id IS NULL) <> (subscriber_id IS NULL));
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_kind_check;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_kind_check CHECK (kind IN ('lead', 'owner', 'reminder', 'overdue', 'meeting',
    'confirm', 'subscribed', 'unsubscribed'));
CREATE INDEX lead_deliveries_subscriber_id ON lead_deliveries (subscriber_id) WHERE subscriber_id IS NOT NULL;
