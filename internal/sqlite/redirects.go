package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

// RecordNotFound adds counted hits to the log of 404 addresses in one
// transaction. A new path takes a place while the log has room, and
// otherwise the place of the path with the fewest visitors (seen longest
// ago among them) when it has at least as many.
func (db *DB) RecordNotFound(ctx context.Context, hits []site.NotFoundHit) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		for _, h := range hits {
			res, err := tx.ExecContext(ctx, `UPDATE not_found SET hits = hits + ?, visitors = visitors + ?, last_seen = max(last_seen, ?) WHERE path = ?`,
				h.Hits, h.Visitors, formatTime(h.Last), h.Path)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n > 0 {
				if err != nil {
					return err
				}
				continue
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM not_found WHERE id = (
				SELECT id FROM not_found WHERE visitors <= ? AND (SELECT count(*) FROM not_found) >= ?
				ORDER BY visitors, last_seen, id LIMIT 1)`, h.Visitors, site.MaxNotFoundPaths); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO not_found (path, hits, visitors, first_seen, last_seen)
				SELECT ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM not_found) < ?`,
				h.Path, h.Hits, h.Visitors, formatTime(h.First), formatTime(h.Last), site.MaxNotFoundPaths); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: record not found: %w", err)
	}
	return nil
}

// FindNotFound returns the log of 404 addresses, the most visitors first.
func (db *DB) FindNotFound(ctx context.Context) ([]*site.NotFoundPath, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, path, hits, visitors, first_seen, last_seen FROM not_found
		ORDER BY visitors DESC, hits DESC, last_seen DESC, id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find not found: %w", err)
	}
	defer rows.Close()
	out := []*site.NotFoundPath{}
	for rows.Next() {
		p := &site.NotFoundPath{}
		if err := rows.Scan(&p.ID, &p.Path, &p.Hits, &p.Visitors, sqlstore.ScanTime(&p.FirstSeen), sqlstore.ScanTime(&p.LastSeen)); err != nil {
			return nil, fmt.Errorf("sqlite: find not found: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: find not found: %w", err)
	}
	return out, nil
}

// DeleteNotFound removes one path from the log; ENOTFOUND when it is not there.
func (db *DB) DeleteNotFound(ctx context.Context, id int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM not_found WHERE id = ?`, id)
		if err != nil {
			return err
		}
		return requireRow(res, "Not found entry")
	})
	if err != nil {
		return notFound("delete not found", err, "Not found entry")
	}
	return nil
}

// ForgetNotFound removes path from the log, if it is there.
func (db *DB) ForgetNotFound(ctx context.Context, path string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM not_found WHERE path = ?`, path); err != nil {
		return fmt.Errorf("sqlite: forget not found: %w", err)
	}
	return nil
}

// RecordRedirectHits adds counted hits of redirects in one transaction.
func (db *DB) RecordRedirectHits(ctx context.Context, hits []site.RedirectHit) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		for _, h := range hits {
			if _, err := tx.ExecContext(ctx, `INSERT INTO redirect_hits (redirect_id, hits, last_hit) VALUES (?, ?, ?)
				ON CONFLICT (redirect_id) DO UPDATE SET hits = hits + excluded.hits, last_hit = max(last_hit, excluded.last_hit)`,
				h.RedirectID, h.Hits, formatTime(h.Last)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: record redirect hits: %w", err)
	}
	return nil
}

// FindRedirectHits returns the count of every redirect followed.
func (db *DB) FindRedirectHits(ctx context.Context) ([]site.RedirectHit, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT redirect_id, hits, last_hit FROM redirect_hits ORDER BY redirect_id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find redirect hits: %w", err)
	}
	defer rows.Close()
	out := []site.RedirectHit{}
	for rows.Next() {
		var h site.RedirectHit
		if err := rows.Scan(&h.RedirectID, &h.Hits, sqlstore.ScanTime(&h.Last)); err != nil {
			return nil, fmt.Errorf("sqlite: find redirect hits: %w", err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: find redirect hits: %w", err)
	}
	return out, nil
}
