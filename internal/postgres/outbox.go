package postgres

import (
	"context"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// ClaimDeliveries leases up to limit due deliveries until now+lease and
// counts the attempt each claim starts. SKIP LOCKED lets instances
// claiming at the same moment take different rows instead of waiting; the
// lease keeps a row theirs after the commit, while they send.
func (db *DB) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, retry func(int) time.Duration, limit int) ([]*site.ClaimedDelivery, error) {
	var out []*site.ClaimedDelivery
	now = now.UTC().Truncate(time.Microsecond)
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, attempts FROM lead_deliveries WHERE status IN ('pending', 'retrying')
			AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1) ORDER BY next_attempt_at, id LIMIT $2
			FOR UPDATE SKIP LOCKED`, now, limit)
		if err != nil {
			return err
		}
		var ids []int64
		var nexts []time.Time
		var id int64
		var attempts int
		_, err = pgx.ForEachRow(rows, []any{&id, &attempts}, func() error {
			// Each row has its own next attempt: the backoff of the attempt
			// it starts.
			next := now
			if retry != nil {
				next = now.Add(retry(attempts + 1)).Truncate(time.Microsecond)
			}
			ids, nexts = append(ids, id), append(nexts, next)
			return nil
		})
		if err != nil || len(ids) == 0 {
			return err
		}
		rows, err = tx.Query(ctx, `UPDATE lead_deliveries SET attempts = attempts + 1, claimed_until = $1, next_attempt_at = c.next
			FROM unnest($2::bigint[], $3::timestamptz[]) AS c(claimed, next) WHERE id = c.claimed
			RETURNING `+deliveryColumns, now.Add(lease), ids, nexts)
		if err != nil {
			return err
		}
		ds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Delivery, error) { return scanDelivery(r) })
		if err != nil {
			return err
		}
		// In the order they were due: RETURNING keeps none.
		pos := make(map[int64]int, len(ids))
		for i, id := range ids {
			pos[id] = i
		}
		sort.Slice(ds, func(i, j int) bool { return pos[ds[i].ID] < pos[ds[j].ID] })
		leadIDs := make([]int64, len(ds))
		for i, d := range ds {
			leadIDs[i] = d.LeadID
		}
		rows, err = tx.Query(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id = ANY($1)`, leadIDs)
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

// FinishDelivery records the outcome of the attempt the claim counted and
// ends the claim.
func (db *DB) FinishDelivery(ctx context.Context, id int64, at time.Time, res site.DeliveryResult) error {
	at = at.UTC().Truncate(time.Microsecond)
	status, next, sent := site.DeliveryOutcome(at, res)
	tag, err := db.pool.Exec(ctx, `UPDATE lead_deliveries SET status = $1, last_error = $2,
		next_attempt_at = $3, sent_at = $4, last_attempt_at = $5, claimed_until = NULL WHERE id = $6`,
		status, res.Err, next, sent, at, id)
	if err != nil {
		return storeError("finish delivery", err)
	}
	return requireRow(tag, "Delivery")
}

// ReleaseDelivery ends the claim of an abandoned attempt and takes back
// the attempt the claim counted.
func (db *DB) ReleaseDelivery(ctx context.Context, id int64, now time.Time) error {
	if _, err := db.pool.Exec(ctx, `UPDATE lead_deliveries SET attempts = greatest(attempts - 1, 0), claimed_until = NULL,
		next_attempt_at = $1 WHERE id = $2 AND claimed_until IS NOT NULL`, now.UTC().Truncate(time.Microsecond), id); err != nil {
		return storeError("release delivery", err)
	}
	return nil
}

// ReleaseDeliveryClaims ends every claim and makes those deliveries due at
// once. Instances sharing the database must not call it while another may
// be sending.
func (db *DB) ReleaseDeliveryClaims(ctx context.Context) error {
	if _, err := db.pool.Exec(ctx, `UPDATE lead_deliveries SET claimed_until = NULL, next_attempt_at = least(next_attempt_at, now())
		WHERE claimed_until IS NOT NULL`); err != nil {
		return storeError("release delivery claims", err)
	}
	return nil
}
