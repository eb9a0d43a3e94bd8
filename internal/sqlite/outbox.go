package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"meridian/internal/site"
)

// ClaimDeliveries leases up to limit due deliveries until now+lease. The
// immediate transaction makes the choice and the lease one step.
func (db *DB) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]*site.ClaimedDelivery, error) {
	var out []*site.ClaimedDelivery
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE lead_deliveries SET claimed_until = ? WHERE id IN (
			SELECT id FROM lead_deliveries WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ?
			AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT ?)
			RETURNING `+deliveryColumns, formatTime(now.Add(lease)), formatTime(now), formatTime(now), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		var ds []*site.Delivery
		for rows.Next() {
			d, err := scanDelivery(rows)
			if err != nil {
				return err
			}
			ds = append(ds, d)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		if len(ds) == 0 {
			return nil
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
		site.SortDeliveriesDue(ds)
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

// FinishDelivery records an attempt and ends the claim.
func (db *DB) FinishDelivery(ctx context.Context, id int64, at time.Time, res site.DeliveryResult) error {
	status, next, sent := site.DeliveryOutcome(at, res)
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE lead_deliveries SET status = ?, attempts = attempts + 1, last_error = ?,
			next_attempt_at = ?, sent_at = ?, last_attempt_at = ?, claimed_until = NULL WHERE id = ?`,
			status, res.Err, nullTime(next), nullTime(sent), formatTime(at), id)
		if err != nil {
			return err
		}
		return mustAffect(r, "Delivery")
	})
	if err != nil {
		return notFound(err, "Delivery", "finish delivery")
	}
	return nil
}

// ReleaseDeliveryClaims ends every claim: one process uses the file, so
// the claims found at start are those of a process that died.
func (db *DB) ReleaseDeliveryClaims(ctx context.Context) error {
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE lead_deliveries SET claimed_until = NULL WHERE claimed_until IS NOT NULL`)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: release delivery claims: %w", err)
	}
	return nil
}
