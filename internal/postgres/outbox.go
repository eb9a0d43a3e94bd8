package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// ClaimDeliveries leases up to limit due deliveries until now+lease. SKIP
// LOCKED lets instances claiming at the same moment take different rows
// instead of waiting; the lease keeps a row theirs after the commit, while
// they send.
func (db *DB) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]*site.ClaimedDelivery, error) {
	var out []*site.ClaimedDelivery
	now = now.UTC().Truncate(time.Microsecond)
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE lead_deliveries SET claimed_until = $1 WHERE id IN (
			SELECT id FROM lead_deliveries WHERE status IN ('pending', 'retrying') AND next_attempt_at <= $2
			AND (claimed_until IS NULL OR claimed_until <= $2) ORDER BY next_attempt_at, id LIMIT $3
			FOR UPDATE SKIP LOCKED) RETURNING `+deliveryColumns, now.Add(lease), now, limit)
		if err != nil {
			return err
		}
		ds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Delivery, error) { return scanDelivery(r) })
		if err != nil || len(ds) == 0 {
			return err
		}
		ids := make([]int64, len(ds))
		for i, d := range ds {
			ids[i] = d.LeadID
		}
		rows, err = tx.Query(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id = ANY($1)`, ids)
		if err != nil {
			return err
		}
		leads, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Lead, error) { return scanLead(r) })
		if err != nil {
			return err
		}
		byID := make(map[int64]*site.Lead, len(leads))
		for _, l := range leads {
			byID[l.ID] = l
		}
		site.SortDeliveriesDue(ds)
		for _, d := range ds {
			out = append(out, &site.ClaimedDelivery{Delivery: d, Lead: byID[d.LeadID]})
		}
		return nil
	})
	if err != nil {
		return nil, storeError("claim deliveries", err)
	}
	return out, nil
}

// FinishDelivery records an attempt and ends the claim.
func (db *DB) FinishDelivery(ctx context.Context, id int64, at time.Time, res site.DeliveryResult) error {
	at = at.UTC().Truncate(time.Microsecond)
	status, next, sent := site.DeliveryOutcome(at, res)
	tag, err := db.pool.Exec(ctx, `UPDATE lead_deliveries SET status = $1, attempts = attempts + 1, last_error = $2,
		next_attempt_at = $3, sent_at = $4, last_attempt_at = $5, claimed_until = NULL WHERE id = $6`,
		status, res.Err, next, sent, at, id)
	if err != nil {
		return storeError("finish delivery", err)
	}
	return requireRow(tag, "Delivery")
}

// ReleaseDeliveryClaims ends every claim. Instances sharing the database
// must not call it while another may be sending.
func (db *DB) ReleaseDeliveryClaims(ctx context.Context) error {
	if _, err := db.pool.Exec(ctx, `UPDATE lead_deliveries SET claimed_until = NULL WHERE claimed_until IS NOT NULL`); err != nil {
		return storeError("release delivery claims", err)
	}
	return nil
}
