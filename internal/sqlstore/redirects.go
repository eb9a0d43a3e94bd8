package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"slices"

	"meridian/internal/site"
)

// RecordNotFound adds counted hits to the log of 404 addresses in one
// transaction. A new path takes a place while the log has room, and
// otherwise the place of the path with the fewest visitors (seen longest
// ago among them) when it has at least as many. Two instances writing at
// once may each log a new path when one place is left: the log then holds
// a path or two more, which is harmless.
func (s *Store) RecordNotFound(ctx context.Context, hits []site.NotFoundHit) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		for _, h := range hits {
			n, err := affected(tx.ExecContext(ctx, s.rebind(`UPDATE not_found SET hits = hits + ?, visitors = visitors + ?, last_seen = `+
				s.d.Greatest("last_seen", "?")+` WHERE path = ?`), h.Hits, h.Visitors, s.d.Time(h.Last.UTC()), h.Path))
			if err != nil {
				return err
			}
			if n > 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM not_found WHERE id = (
				SELECT id FROM not_found WHERE visitors <= ? AND (SELECT count(*) FROM not_found) >= ?
				ORDER BY visitors, last_seen, id LIMIT 1)`), h.Visitors, site.MaxNotFoundPaths); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO not_found (path, hits, visitors, first_seen, last_seen)
				SELECT ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM not_found) < ?
				ON CONFLICT (path) DO UPDATE SET hits = not_found.hits + excluded.hits, visitors = not_found.visitors + excluded.visitors,
					last_seen = `+s.d.Greatest("not_found.last_seen", "excluded.last_seen")),
				h.Path, h.Hits, h.Visitors, s.d.Time(h.First.UTC()), s.d.Time(h.Last.UTC()), site.MaxNotFoundPaths); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.Fail(ctx, "record not found", "Not found entry", err)
	}
	return nil
}

// FindNotFound returns the log of 404 addresses, the most visitors first.
func (s *Store) FindNotFound(ctx context.Context) ([]*site.NotFoundPath, error) {
	out, err := queryAll(ctx, s, func(r Row) (*site.NotFoundPath, error) {
		p := &site.NotFoundPath{}
		return p, r.Scan(&p.ID, &p.Path, &p.Hits, &p.Visitors, ScanTime(&p.FirstSeen), ScanTime(&p.LastSeen))
	}, `SELECT id, path, hits, visitors, first_seen, last_seen FROM not_found ORDER BY visitors DESC, hits DESC, last_seen DESC, id`)
	if err != nil {
		return nil, s.Fail(ctx, "find not found", "Not found entry", err)
	}
	return out, nil
}

// DeleteNotFound removes one path from the log; ENOTFOUND when it is not there.
func (s *Store) DeleteNotFound(ctx context.Context, id int64) error {
	return s.changeOne(ctx, "delete not found", "Not found entry", `DELETE FROM not_found WHERE id = ?`, id)
}

// ForgetNotFound removes path from the log, if it is there.
func (s *Store) ForgetNotFound(ctx context.Context, path string) error {
	if _, err := s.execTx(ctx, `DELETE FROM not_found WHERE path = ?`, path); err != nil {
		return s.Fail(ctx, "forget not found", "Not found entry", err)
	}
	return nil
}

// RecordRedirectHits adds counted hits of redirects in one transaction,
// in the order of their ids, so that two instances writing at once take
// the rows' locks in the same order.
func (s *Store) RecordRedirectHits(ctx context.Context, hits []site.RedirectHit) error {
	hits = slices.SortedFunc(slices.Values(hits), func(a, b site.RedirectHit) int { return cmp.Compare(a.RedirectID, b.RedirectID) })
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		for _, h := range hits {
			if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO redirect_hits (redirect_id, hits, last_hit) VALUES (?, ?, ?)
				ON CONFLICT (redirect_id) DO UPDATE SET hits = redirect_hits.hits + excluded.hits, last_hit = `+
				s.d.Greatest("redirect_hits.last_hit", "excluded.last_hit")),
				h.RedirectID, h.Hits, s.d.Time(h.Last.UTC())); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.Fail(ctx, "record redirect hits", "Redirect", err)
	}
	return nil
}

// FindRedirectHits returns the count of every redirect followed.
func (s *Store) FindRedirectHits(ctx context.Context) ([]site.RedirectHit, error) {
	out, err := queryAll(ctx, s, func(r Row) (h site.RedirectHit, err error) {
		return h, r.Scan(&h.RedirectID, &h.Hits, ScanTime(&h.Last))
	}, `SELECT redirect_id, hits, last_hit FROM redirect_hits ORDER BY redirect_id`)
	if err != nil {
		return nil, s.Fail(ctx, "find redirect hits", "Redirect", err)
	}
	return out, nil
}
