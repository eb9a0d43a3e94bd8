package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"meridian/internal/site"
)

const subscriberColumns = `id, email, status, source, created_at, updated_at, confirmed_at, unsubscribed_at, expires_at`

func scanSubscriber(r Row) (*site.Subscriber, error) {
	sub := site.Subscriber{Deliveries: []*site.Delivery{}}
	err := r.Scan(&sub.ID, &sub.Email, &sub.Status, &sub.Source, ScanTime(&sub.CreatedAt), ScanTime(&sub.UpdatedAt),
		ScanNullTime(&sub.ConfirmedAt), ScanNullTime(&sub.UnsubscribedAt), ScanNullTime(&sub.ExpiresAt))
	return &sub, err
}

// Subscribe records a sign-up: a new address, or one that needs
// confirmation again, is pending with the sign-up's links and gets its
// confirmation e-mail in the same transaction; a confirmed subscriber is
// left alone. Two sign-ups of a new address at once insert it once: the
// second finds it there and renews it.
func (s *Store) Subscribe(ctx context.Context, in *site.SignUp) (bool, error) {
	now := s.nowUTC()
	expires := now.Add(site.SubscriptionConfirmTTL)
	confirm, unsub := site.HashToken(in.ConfirmToken), site.HashToken(in.UnsubscribeToken)
	queued := false
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		queued = false
		var id int64
		err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO subscribers (email, status, source, confirm_token, unsubscribe_token,
			created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING id`),
			in.Email, site.SubscriberPending, in.Source, confirm, unsub, s.d.Time(now), s.d.Time(now), s.d.Time(expires)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			cur, err := scanSubscriber(tx.QueryRowContext(ctx, s.rebind(`SELECT `+subscriberColumns+` FROM subscribers
				WHERE email = ?`+s.d.ForUpdate()), in.Email))
			if err != nil {
				return err
			}
			if !cur.NeedsConfirmation() {
				return nil
			}
			// A sign-up after an unsubscription starts afresh; a pending
			// one keeps its first time and gets new links and a new week.
			created := cur.CreatedAt
			if cur.Status == site.SubscriberUnsubscribed {
				created = now
			}
			id = cur.ID
			if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE subscribers SET status = ?, source = ?, confirm_token = ?,
				unsubscribe_token = ?, created_at = ?, updated_at = ?, confirmed_at = NULL, unsubscribed_at = NULL,
				expires_at = ? WHERE id = ?`), site.SubscriberPending, in.Source, confirm, unsub, s.d.Time(created),
				s.d.Time(now), s.d.Time(expires), id); err != nil {
				return err
			}
			// The links of an earlier e-mail not sent yet no longer work:
			// that e-mail is withdrawn.
			if err := s.withdrawConfirmations(ctx, tx, id); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		d := site.Delivery{Kind: site.KindConfirm, Channel: site.ChannelEmail, Target: in.Email, Status: site.DeliveryPending,
			ManageToken: in.ConfirmToken, UnsubscribeToken: in.UnsubscribeToken}
		if err := s.queueSubscriberDelivery(ctx, tx, id, d, now); err != nil {
			return err
		}
		queued = true
		return nil
	})
	if err != nil {
		return false, s.Fail(ctx, "subscribe", "Subscriber", err)
	}
	return queued, nil
}

// queueSubscriberDelivery adds a delivery of subscriber id, due at now.
func (s *Store) queueSubscriberDelivery(ctx context.Context, tx *sql.Tx, id int64, d site.Delivery, now time.Time) error {
	_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO lead_deliveries (subscriber_id, kind, channel, target, status,
		next_attempt_at, created_at, manage_token, unsubscribe_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		id, d.Kind, d.Channel, d.Target, d.Status, s.d.Time(now), s.d.Time(now), d.ManageToken, d.UnsubscribeToken)
	return err
}

// withdrawConfirmations deletes the confirmation e-mails of subscriber id
// that are still to be sent, tokens and all. One being sent at this moment
// is left to its worker.
func (s *Store) withdrawConfirmations(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM lead_deliveries WHERE subscriber_id = ? AND kind = ?
		AND status IN ('pending', 'retrying') AND (claimed_until IS NULL OR claimed_until <= ?)`),
		id, site.KindConfirm, s.d.Time(s.nowUTC()))
	return err
}

// subscriberByToken reads, locked, the subscriber whose column col (a
// token's hash) is hash.
func (s *Store) subscriberByToken(ctx context.Context, tx *sql.Tx, col, hash string) (*site.Subscriber, error) {
	if hash == "" {
		// No token hashes to "", which a subscription that ended holds.
		return nil, sql.ErrNoRows
	}
	return scanSubscriber(tx.QueryRowContext(ctx, s.rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE `+col+` = ?`+
		s.d.ForUpdate()), hash))
}

// ConfirmSubscription confirms the pending subscription of the token's
// hash, and queues the webhook of the settings in the same transaction.
func (s *Store) ConfirmSubscription(ctx context.Context, tokenHash string) (*site.Subscriber, error) {
	now := s.nowUTC()
	var out *site.Subscriber
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		sub, err := s.subscriberByToken(ctx, tx, "confirm_token", tokenHash)
		if errors.Is(err, sql.ErrNoRows) {
			return site.Errorf(site.EGONE, "%s", site.MsgConfirmLinkGone)
		} else if err != nil {
			return err
		}
		changed, err := sub.Confirm(now)
		if err != nil || !changed {
			out = sub
			return err
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE subscribers SET status = ?, confirmed_at = ?, updated_at = ?,
			expires_at = NULL WHERE id = ?`), site.SubscriberConfirmed, s.d.Time(now), s.d.Time(now), sub.ID); err != nil {
			return err
		}
		if err := s.queueWebhooks(ctx, tx, sub.ID, site.KindSubscribed, now); err != nil {
			return err
		}
		sub.Status, sub.ConfirmedAt, sub.UpdatedAt, sub.ExpiresAt = site.SubscriberConfirmed, &now, now, nil
		out = sub
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "confirm subscription", "Subscriber", err)
	}
	return out, nil
}

// queueWebhooks queues the webhook of kind that the newsletter settings
// owe for subscriber id.
func (s *Store) queueWebhooks(ctx context.Context, tx *sql.Tx, id int64, kind string, now time.Time) error {
	st, err := s.getNewsletterSettings(ctx, tx)
	if err != nil {
		return err
	}
	for _, d := range st.Deliveries(kind) {
		if err := s.queueSubscriberDelivery(ctx, tx, id, d, now); err != nil {
			return err
		}
	}
	return nil
}

// Unsubscribe ends the subscription of the unsubscribe token's hash.
func (s *Store) Unsubscribe(ctx context.Context, tokenHash string) (*site.Subscriber, error) {
	now := s.nowUTC()
	var out *site.Subscriber
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		sub, err := s.subscriberByToken(ctx, tx, "unsubscribe_token", tokenHash)
		if errors.Is(err, sql.ErrNoRows) {
			return site.Errorf(site.EGONE, "%s", site.MsgUnsubscribeLinkGone)
		} else if err != nil {
			return err
		}
		out = sub
		if sub.Status == site.SubscriberUnsubscribed {
			return nil
		}
		// The confirmation link stops working with the subscription.
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE subscribers SET status = ?, unsubscribed_at = ?, updated_at = ?,
			confirm_token = '', expires_at = NULL WHERE id = ?`), site.SubscriberUnsubscribed, s.d.Time(now), s.d.Time(now), sub.ID); err != nil {
			return err
		}
		if err := s.withdrawConfirmations(ctx, tx, sub.ID); err != nil {
			return err
		}
		// The mailing service knows only the confirmed subscribers.
		if sub.Status == site.SubscriberConfirmed {
			if err := s.queueWebhooks(ctx, tx, sub.ID, site.KindUnsubscribed, now); err != nil {
				return err
			}
		}
		sub.Status, sub.UnsubscribedAt, sub.UpdatedAt, sub.ExpiresAt = site.SubscriberUnsubscribed, &now, now, nil
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "unsubscribe", "Subscriber", err)
	}
	return out, nil
}

// subscriberWhere is the WHERE clause of a filter and its arguments.
func (s *Store) subscriberWhere(f site.SubscriberFilter) (string, []any) {
	var conds []string
	var args []any
	if f.Status != "" {
		conds = append(conds, "status = ?")
		args = append(args, f.Status)
	}
	if f.Query != "" {
		// Addresses are kept lower-cased.
		conds = append(conds, s.d.Contains("email"))
		args = append(args, site.SearchKey(f.Query))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// FindSubscribers returns a page of the filter with each subscriber's
// deliveries, and how many match, read in one snapshot.
func (s *Store) FindSubscribers(ctx context.Context, f site.SubscriberFilter) ([]*site.Subscriber, int, error) {
	type page struct {
		items []*site.Subscriber
		total int
	}
	p, err := retried(ctx, s, "find subscribers", "Subscriber", func() (p page, err error) {
		tx, err := s.readTx(ctx)
		if err != nil {
			return p, err
		}
		defer tx.Rollback()
		where, args := s.subscriberWhere(f)
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM subscribers`+where), args...).Scan(&p.total); err != nil {
			return p, err
		}
		p.items = []*site.Subscriber{}
		if err := s.eachSubscriber(ctx, tx, f, func(sub *site.Subscriber) error {
			p.items = append(p.items, sub)
			return nil
		}); err != nil {
			return p, err
		}
		return p, s.attachSubscriberDeliveries(ctx, tx, p.items)
	})
	return p.items, p.total, err
}

// EachSubscriber calls fn for every subscriber of the filter, newest first.
func (s *Store) EachSubscriber(ctx context.Context, f site.SubscriberFilter, fn func(*site.Subscriber) error) error {
	return readEach(ctx, s, "find subscribers", "Subscriber", func(each func(*site.Subscriber) error) error {
		return s.eachSubscriber(ctx, s.read, f, each)
	}, fn)
}

func (s *Store) eachSubscriber(ctx context.Context, q Querier, f site.SubscriberFilter, fn func(*site.Subscriber) error) error {
	where, args := s.subscriberWhere(f)
	return scanEach(ctx, s, q, `SELECT `+subscriberColumns+` FROM subscribers`+where+` ORDER BY created_at DESC, id DESC`, args, f.Limit, f.Offset, scanSubscriber, fn)
}

// attachSubscriberDeliveries reads the deliveries of subs in one query.
func (s *Store) attachSubscriberDeliveries(ctx context.Context, q Querier, subs []*site.Subscriber) error {
	return attachDeliveriesBy(ctx, s, q, "subscriber_id", subs,
		func(sub *site.Subscriber) int64 { return sub.ID },
		func(d *site.Delivery) int64 { return *d.SubscriberID },
		func(sub *site.Subscriber, d *site.Delivery) { sub.Deliveries = append(sub.Deliveries, d) })
}

// DeleteExpiredSubscribers deletes the pending sign-ups whose week ended,
// their deliveries with them (ON DELETE CASCADE).
func (s *Store) DeleteExpiredSubscribers(ctx context.Context, now time.Time) (int, error) {
	n, err := s.execTx(ctx, `DELETE FROM subscribers WHERE status = ? AND expires_at <= ?`,
		site.SubscriberPending, s.d.Time(now.UTC().Truncate(s.d.Precision())))
	if err != nil {
		return 0, s.Fail(ctx, "delete expired subscribers", "Subscriber", err)
	}
	return int(n), nil
}

// getNewsletterSettings reads the newsletter settings through q.
func (s *Store) getNewsletterSettings(ctx context.Context, q Querier) (*site.NewsletterSettings, error) {
	var st site.NewsletterSettings
	err := q.QueryRowContext(ctx, `SELECT webhook_url, webhook_secret FROM newsletter_settings WHERE id = 1`).
		Scan(&st.WebhookURL, &st.WebhookSecret)
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// GetNewsletterSettings reads the newsletter settings.
func (s *Store) GetNewsletterSettings(ctx context.Context) (*site.NewsletterSettings, error) {
	return retried(ctx, s, "get newsletter settings", "Newsletter settings", func() (*site.NewsletterSettings, error) {
		return s.getNewsletterSettings(ctx, s.read)
	})
}

// UpdateNewsletterSettings replaces the newsletter settings.
func (s *Store) UpdateNewsletterSettings(ctx context.Context, st *site.NewsletterSettings) (*site.NewsletterSettings, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		return requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE newsletter_settings SET webhook_url = ?, webhook_secret = ?,
			updated_at = ? WHERE id = 1`), st.WebhookURL, st.WebhookSecret, s.d.Time(s.nowUTC())))
	})
	if err != nil {
		return nil, s.Fail(ctx, "update newsletter settings", "Newsletter settings", err)
	}
	return s.GetNewsletterSettings(ctx)
}
