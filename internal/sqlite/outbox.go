package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"meridian/internal/site"
)

// ClaimDeliveries leases up to limit due deliveries until now+lease and
// counts the attempt each claim starts. The immediate transaction makes
// the choice and the lease one step.
func (db *DB) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, retry func(int) time.Duration, limit int) ([]*site.ClaimedDelivery, error) {
	var out []*site.ClaimedDelivery
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, attempts FROM lead_deliveries WHERE status IN ('pending', 'retrying')
			AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT ?`,
			formatTime(now), formatTime(now), limit)
		if err != nil {
			return err
		}
		type due struct {
			id       int64
			attempts int
		}
		var picked []due
		for rows.Next() {
			var d due
			if err := rows.Scan(&d.id, &d.attempts); err != nil {
				rows.Close()
				return err
			}
			picked = append(picked, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(picked) == 0 {
			return nil
		}
		// Each row has its own next attempt: the backoff of the attempt it
		// starts. Eight small updates in the one transaction cost little.
		ds := make([]*site.Delivery, 0, len(picked))
		for _, p := range picked {
			next := now
			if retry != nil {
				next = now.Add(retry(p.attempts + 1))
			}
			d, err := scanDelivery(tx.QueryRowContext(ctx, `UPDATE lead_deliveries SET attempts = attempts + 1,
				claimed_until = ?, next_attempt_at = ? WHERE id = ? RETURNING `+deliveryColumns,
				formatTime(now.Add(lease)), formatTime(next), p.id))
			if err != nil {
				return err
			}
			ds = append(ds, d)
		}
		ids := make([]any, len(ds))
		for i, d := range ds {
			ids[i] = d.LeadID
		}
		leads := map[int64]*site.Lead{}
		lrows, err := tx.QueryContext(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id IN (?`+
			strings.Repeat(", ?", len(ids)-1)+`)`, ids...)
		if err != nil {
			return err
		}
		defer lrows.Close()
		for lrows.Next() {
			l, err := scanLead(lrows)
			if err != nil {
				return err
			}
			leads[l.ID] = l
		}
		if err := lrows.Err(); err != nil {
			return err
		}
		for _, d := range ds {
			out = append(out, &site.ClaimedDelivery{Delivery: d, Lead: leads[d.LeadID]})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim deliveries: %w", err)
	}
	return out, nil
}

// FinishDelivery records the outcome of the attempt the claim counted and
// ends the claim.
func (db *DB) FinishDelivery(ctx context.Context, id int64, at time.Time, res site.DeliveryResult) error {
	status, next, sent := site.DeliveryOutcome(at, res)
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE lead_deliveries SET status = ?, last_error = ?,
			next_attempt_at = ?, sent_at = ?, last_attempt_at = ?, claimed_until = NULL WHERE id = ?`,
			status, res.Err, nullTime(next), nullTime(sent), formatTime(at), id)
		if err != nil {
			return err
		}
		return requireRow(r, "Delivery")
	})
	if err != nil {
		return notFound("finish delivery", err, "Delivery")
	}
	return nil
}

// ReleaseDelivery ends the claim of an abandoned attempt and takes back
// the attempt the claim counted.
func (db *DB) ReleaseDelivery(ctx context.Context, id int64, now time.Time) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE lead_deliveries SET attempts = max(attempts - 1, 0), claimed_until = NULL,
			next_attempt_at = ? WHERE id = ? AND claimed_until IS NOT NULL`, formatTime(now), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: release delivery: %w", err)
	}
	return nil
}

// ReleaseDeliveryClaims ends every claim: one process uses the file, so
// the claims found at start are those of a process that died. Their
// deliveries are due at once, as they were when claimed.
func (db *DB) ReleaseDeliveryClaims(ctx context.Context) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE lead_deliveries SET claimed_until = NULL, next_attempt_at = min(next_attempt_at, ?)
			WHERE claimed_until IS NOT NULL`, formatTime(db.Now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: release delivery claims: %w", err)
	}
	return nil
}
