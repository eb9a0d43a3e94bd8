package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"meridian/internal/site"
)

// ClaimDeliveries leases up to limit due deliveries until now+lease and
// counts the attempt each claim starts. The choice and the lease are one
// step: on PostgreSQL the rows are locked as they are chosen, and SKIP
// LOCKED lets instances claiming at the same moment take different rows
// instead of waiting; on SQLite the single writer's transaction is the
// lock. The lease keeps a row the claimer's after the commit, while it
// sends.
func (s *Store) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, retry func(int) time.Duration, limit int) ([]*site.ClaimedDelivery, error) {
	var out []*site.ClaimedDelivery
	now = now.UTC().Truncate(s.d.Precision())
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		out = nil
		rows, err := tx.QueryContext(ctx, s.rebind(`SELECT id, attempts FROM lead_deliveries WHERE status IN ('pending', 'retrying')
			AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT ?`+
			s.d.SkipLocked()), s.d.Time(now), s.d.Time(now), limit)
		if err != nil {
			return err
		}
		type due struct {
			id       int64
			attempts int
		}
		picked, err := ScanAll(rows, func(r Row) (d due, err error) { return d, r.Scan(&d.id, &d.attempts) })
		if err != nil || len(picked) == 0 {
			return err
		}
		// Each row has its own next attempt: the backoff of the attempt it
		// starts. A few small updates in the one transaction cost little.
		ds := make([]*site.Delivery, 0, len(picked))
		var leadIDs, subIDs []int64
		for _, p := range picked {
			next := now
			if retry != nil {
				next = now.Add(retry(p.attempts + 1))
			}
			d, err := scanDelivery(tx.QueryRowContext(ctx, s.rebind(`UPDATE lead_deliveries SET attempts = attempts + 1,
				claimed_until = ?, next_attempt_at = ? WHERE id = ? RETURNING `+deliveryColumns),
				s.d.Time(now.Add(lease)), s.d.Time(next.Truncate(s.d.Precision())), p.id))
			if err != nil {
				return err
			}
			ds = append(ds, d)
			switch {
			case d.ApplicationID != nil:
			case d.SubscriberID != nil:
				subIDs = append(subIDs, *d.SubscriberID)
			default:
				leadIDs = append(leadIDs, d.LeadID)
			}
		}
		byID := make(map[int64]*site.Lead, len(leadIDs))
		if len(leadIDs) > 0 {
			leads, err := s.scanLeads(tx.QueryContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE `+
				s.d.IDIn("id", len(leadIDs))), s.d.IDArgs(leadIDs)...))
			if err != nil {
				return err
			}
			for _, l := range leads {
				byID[l.ID] = l
			}
		}
		subs := make(map[int64]*site.Subscriber, len(subIDs))
		if len(subIDs) > 0 {
			rows, err := tx.QueryContext(ctx, s.rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE `+
				s.d.IDIn("id", len(subIDs))), s.d.IDArgs(subIDs)...)
			if err != nil {
				return err
			}
			list, err := ScanAll(rows, scanSubscriber)
			if err != nil {
				return err
			}
			for _, sub := range list {
				subs[sub.ID] = sub
			}
		}
		for _, d := range ds {
			c := &site.ClaimedDelivery{Delivery: d, Lead: byID[d.LeadID]}
			if d.SubscriberID != nil {
				c.Subscriber = subs[*d.SubscriberID]
			}
			if d.ApplicationID != nil {
				a, err := scanApplication(tx.QueryRowContext(ctx, s.rebind(`SELECT `+applicationColumns+` FROM applications WHERE id = ?`), *d.ApplicationID))
				if err != nil && !errors.Is(err, sql.ErrNoRows) {
					return err
				}
				if err == nil {
					c.Application = a
				}
			}
			if d.MeetingID != nil {
				if c.Meeting, err = s.findMeeting(ctx, tx, *d.MeetingID); err != nil {
					return err
				}
				if c.Availability, err = s.availability(ctx, tx, c.Meeting.OwnerID); err != nil {
					return err
				}
			}
			out = append(out, c)
		}
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "claim deliveries", "Delivery", err)
	}
	return out, nil
}

// FinishDelivery records the outcome of the attempt the claim counted and
// ends the claim.
func (s *Store) FinishDelivery(ctx context.Context, id int64, at time.Time, res site.DeliveryResult) error {
	at = at.UTC().Truncate(s.d.Precision())
	status, next, sent := site.DeliveryOutcome(at, res)
	// The tokens of a visitor's links are kept only until the e-mail that
	// carries them is sent or given up.
	keep := status == site.DeliveryRetrying
	return s.changeOne(ctx, "finish delivery", "Delivery", `UPDATE lead_deliveries SET status = ?, last_error = ?,
		next_attempt_at = ?, sent_at = ?, last_attempt_at = ?, claimed_until = NULL,
		manage_token = CASE WHEN ? THEN manage_token ELSE '' END,
		unsubscribe_token = CASE WHEN ? THEN unsubscribe_token ELSE '' END WHERE id = ?`,
		status, res.Err, s.nullTime(next), s.nullTime(sent), s.d.Time(at), s.d.Bool(keep), s.d.Bool(keep), id)
}

// nullTime is the argument that stores t, NULL for nil.
func (s *Store) nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return s.d.Time(t.UTC().Truncate(s.d.Precision()))
}

// ReleaseDelivery ends the claim of an abandoned attempt and takes back
// the attempt the claim counted.
func (s *Store) ReleaseDelivery(ctx context.Context, id int64, now time.Time) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE lead_deliveries SET
			attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, claimed_until = NULL,
			next_attempt_at = ? WHERE id = ? AND claimed_until IS NOT NULL`), s.d.Time(now.UTC().Truncate(s.d.Precision())), id)
		return err
	})
	if err != nil {
		return s.Fail(ctx, "release delivery", "Delivery", err)
	}
	return nil
}

// ReleaseDeliveryClaims ends every claim and makes those deliveries due at
// once. On SQLite one process uses the file, so the claims found at start
// are those of a process that died; instances sharing a PostgreSQL
// database must not call it while another may be sending.
func (s *Store) ReleaseDeliveryClaims(ctx context.Context) error {
	now := s.d.Time(s.nowUTC())
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE lead_deliveries SET claimed_until = NULL,
			next_attempt_at = CASE WHEN next_attempt_at < ? THEN next_attempt_at ELSE ? END
			WHERE claimed_until IS NOT NULL`), now, now)
		return err
	})
	if err != nil {
		return s.Fail(ctx, "release delivery claims", "Delivery", err)
	}
	return nil
}

// CountDeliveries counts the deliveries pending, retrying and failed.
func (s *Store) CountDeliveries(ctx context.Context) (site.DeliveryCounts, error) {
	var n site.DeliveryCounts
	err := s.retry(ctx, func() error {
		return s.read.QueryRowContext(ctx, s.rebind(`SELECT
			COUNT(CASE WHEN status = ? THEN 1 END), COUNT(CASE WHEN status = ? THEN 1 END), COUNT(CASE WHEN status = ? THEN 1 END)
			FROM lead_deliveries WHERE status IN (?, ?, ?)`),
			site.DeliveryPending, site.DeliveryRetrying, site.DeliveryFailed,
			site.DeliveryPending, site.DeliveryRetrying, site.DeliveryFailed).Scan(&n.Pending, &n.Retrying, &n.Failed)
	})
	if err != nil {
		return n, s.Fail(ctx, "count deliveries", "Delivery", err)
	}
	return n, nil
}
