package postgres

import (
	"cmp"
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// RecordNotFound adds counted hits to the log of 404 addresses in one
// transaction. A new path takes a place while the log has room, and
// otherwise the place of the path with the fewest visitors (seen longest
// ago among them) when it has at least as many. Two instances writing at
// once may each log a new path when one place is left: the log then holds
// a path or two more, which is harmless.
func (db *DB) RecordNotFound(ctx context.Context, hits []site.NotFoundHit) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		for _, h := range hits {
			tag, err := tx.Exec(ctx, `UPDATE not_found SET hits = hits + $1, visitors = visitors + $2, last_seen = GREATEST(last_seen, $3) WHERE path = $4`,
				h.Hits, h.Visitors, h.Last, h.Path)
			if err != nil {
				return err
			}
			if tag.RowsAffected() > 0 {
				continue
			}
			if _, err := tx.Exec(ctx, `DELETE FROM not_found WHERE id = (
				SELECT id FROM not_found WHERE visitors <= $1 AND (SELECT count(*) FROM not_found) >= $2
				ORDER BY visitors, last_seen, id LIMIT 1)`, h.Visitors, site.MaxNotFoundPaths); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO not_found (path, hits, visitors, first_seen, last_seen)
				SELECT $1, $2, $3, $4, $5 WHERE (SELECT count(*) FROM not_found) < $6
				ON CONFLICT (path) DO UPDATE SET hits = not_found.hits + excluded.hits, visitors = not_found.visitors + excluded.visitors,
					last_seen = GREATEST(not_found.last_seen, excluded.last_seen)`,
				h.Path, h.Hits, h.Visitors, h.First, h.Last, site.MaxNotFoundPaths); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return storeError("record not found", err)
	}
	return nil
}

// FindNotFound returns the log of 404 addresses, the most visitors first.
func (db *DB) FindNotFound(ctx context.Context) (out []*site.NotFoundPath, err error) {
	err = db.retryOnConnError(ctx, func() error {
		rows, err := db.pool.Query(ctx, `SELECT id, path, hits, visitors, first_seen, last_seen FROM not_found
			ORDER BY visitors DESC, hits DESC, last_seen DESC, id`)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.NotFoundPath, error) {
			p := &site.NotFoundPath{}
			err := r.Scan(&p.ID, &p.Path, &p.Hits, &p.Visitors, &p.FirstSeen, &p.LastSeen)
			p.FirstSeen, p.LastSeen = p.FirstSeen.UTC(), p.LastSeen.UTC()
			return p, err
		})
		return err
	})
	if err != nil {
		return nil, storeError("find not found", err)
	}
	if out == nil {
		out = []*site.NotFoundPath{}
	}
	return out, nil
}

// DeleteNotFound removes one path from the log; ENOTFOUND when it is not there.
func (db *DB) DeleteNotFound(ctx context.Context, id int64) error {
	tag, err := db.exec(ctx, `DELETE FROM not_found WHERE id = $1`, id)
	if err != nil {
		return storeError("delete not found", err)
	}
	return requireRow(tag, "Not found entry")
}

// ForgetNotFound removes path from the log, if it is there.
func (db *DB) ForgetNotFound(ctx context.Context, path string) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM not_found WHERE path = $1`, path); err != nil {
		return storeError("forget not found", err)
	}
	return nil
}

// RecordRedirectHits adds counted hits of redirects in one transaction,
// in the order of their ids, so that two instances writing at once take
// the rows' locks in the same order.
func (db *DB) RecordRedirectHits(ctx context.Context, hits []site.RedirectHit) error {
	hits = slices.SortedFunc(slices.Values(hits), func(a, b site.RedirectHit) int { return cmp.Compare(a.RedirectID, b.RedirectID) })
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		for _, h := range hits {
			if _, err := tx.Exec(ctx, `INSERT INTO redirect_hits (redirect_id, hits, last_hit) VALUES ($1, $2, $3)
				ON CONFLICT (redirect_id) DO UPDATE SET hits = redirect_hits.hits + excluded.hits, last_hit = GREATEST(redirect_hits.last_hit, excluded.last_hit)`,
				h.RedirectID, h.Hits, h.Last); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return storeError("record redirect hits", err)
	}
	return nil
}

// FindRedirectHits returns the count of every redirect followed.
func (db *DB) FindRedirectHits(ctx context.Context) (out []site.RedirectHit, err error) {
	err = db.retryOnConnError(ctx, func() error {
		rows, err := db.pool.Query(ctx, `SELECT redirect_id, hits, last_hit FROM redirect_hits ORDER BY redirect_id`)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (site.RedirectHit, error) {
			var h site.RedirectHit
			err := r.Scan(&h.RedirectID, &h.Hits, &h.Last)
			h.Last = h.Last.UTC()
			return h, err
		})
		return err
	})
	if err != nil {
		return nil, storeError("find redirect hits", err)
	}
	return out, nil
}
