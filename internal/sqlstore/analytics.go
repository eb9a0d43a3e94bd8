package sqlstore

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"slices"
	"strings"
	"time"

	"meridian/internal/site"
)

// The analytics' rollups (site.AnalyticsService). Every batch writes its
// rows in one order (sorted by their keys), so that two instances writing
// at once take the rows' locks in the same order.

// markRows is how many visitor marks one INSERT carries.
const markRows = 200

// AnalyticsSalt returns the salt of day, made by the first to ask, and
// deletes the salts and the visitor marks of the days before it.
func (s *Store) AnalyticsSalt(ctx context.Context, day string) (salt []byte, err error) {
	fresh := make([]byte, 32)
	rand.Read(fresh)
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING`), day, fresh); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT salt FROM analytics_salts WHERE day = ?`), day).Scan(&salt); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM analytics_salts WHERE day < ?`, `DELETE FROM analytics_seen WHERE day < ?`} {
			if _, err := tx.ExecContext(ctx, s.rebind(q), day); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "analytics salt", "Analytics", err)
	}
	return salt, nil
}

// RecordAnalytics adds one instance's counts in one transaction.
func (s *Store) RecordAnalytics(ctx context.Context, b *site.AnalyticsBatch) error {
	counts := slices.SortedFunc(slices.Values(b.Counts), func(x, y site.AnalyticsCount) int {
		return cmp.Or(x.Hour.Compare(y.Hour), cmp.Compare(x.Path, y.Path), cmp.Compare(x.Source, y.Source),
			cmp.Compare(x.Campaign, y.Campaign), cmp.Compare(x.Device, y.Device))
	})
	vitals := slices.SortedFunc(slices.Values(b.Vitals), func(x, y site.VitalCount) int {
		return cmp.Or(cmp.Compare(x.Day, y.Day), cmp.Compare(x.Path, y.Path), cmp.Compare(x.Metric, y.Metric), cmp.Compare(x.Bucket, y.Bucket))
	})
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.addCounts(ctx, tx, counts); err != nil {
			return err
		}
		fresh, err := s.addMarks(ctx, tx, b.Visitors)
		if err != nil {
			return err
		}
		if err := eachRow(ctx, tx, s.rebind(`INSERT INTO analytics_daily (day, kind, key, visitors, pageviews, entries, lead_starts, cta_clicks)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (day, kind, key) DO UPDATE SET visitors = analytics_daily.visitors + excluded.visitors,
				pageviews = analytics_daily.pageviews + excluded.pageviews, entries = analytics_daily.entries + excluded.entries,
				lead_starts = analytics_daily.lead_starts + excluded.lead_starts, cta_clicks = analytics_daily.cta_clicks + excluded.cta_clicks`),
			site.DailyCounts(counts, fresh), func(d site.DailyCount) []any {
				return []any{d.Day, d.Kind, d.Key, d.Visitors, d.Pageviews, d.Entries, d.LeadStarts, d.CTAClicks}
			}); err != nil {
			return err
		}
		return eachRow(ctx, tx, s.rebind(`INSERT INTO analytics_vitals (day, path, metric, bucket, n) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (day, path, metric, bucket) DO UPDATE SET n = analytics_vitals.n + excluded.n`),
			vitals, func(v site.VitalCount) []any { return []any{v.Day, v.Path, v.Metric, v.Bucket, v.N} })
	})
	if err != nil {
		return s.Fail(ctx, "record analytics", "Analytics", err)
	}
	return nil
}

func (s *Store) addCounts(ctx context.Context, tx *sql.Tx, counts []site.AnalyticsCount) error {
	return eachRow(ctx, tx, s.rebind(`INSERT INTO analytics_hourly (hour, path, source, campaign, device, pageviews, entries, lead_starts, cta_clicks)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (hour, path, source, campaign, device) DO UPDATE SET
			pageviews = analytics_hourly.pageviews + excluded.pageviews, entries = analytics_hourly.entries + excluded.entries,
			lead_starts = analytics_hourly.lead_starts + excluded.lead_starts, cta_clicks = analytics_hourly.cta_clicks + excluded.cta_clicks`),
		counts, func(c site.AnalyticsCount) []any {
			return []any{s.d.Time(c.Hour), c.Path, c.Source, c.Campaign, c.Device, c.Pageviews, c.Entries, c.LeadStarts, c.CTAClicks}
		})
}

// addMarks inserts the visitor marks that are new, each as its hash, and
// returns one row of one new visitor for each.
func (s *Store) addMarks(ctx context.Context, tx *sql.Tx, marks []site.VisitorMark) ([]site.DailyCount, error) {
	type hashed struct {
		hash int64
		mark *site.VisitorMark
	}
	all := make([]hashed, len(marks))
	for i := range marks {
		all[i] = hashed{marks[i].Hash(), &marks[i]}
	}
	// In one order, so that two instances writing at once lock alike; and
	// each hash once.
	byHash := func(x hashed, h int64) int { return cmp.Compare(x.hash, h) }
	slices.SortFunc(all, func(x, y hashed) int { return byHash(x, y.hash) })
	all = slices.CompactFunc(all, func(x, y hashed) bool { return x.hash == y.hash })
	var fresh []site.DailyCount
	for chunk := range slices.Chunk(all, markRows) {
		values := strings.TrimSuffix(strings.Repeat("(?, ?), ", len(chunk)), ", ")
		args := make([]any, 0, 2*len(chunk))
		for _, m := range chunk {
			args = append(args, m.hash, m.mark.Day)
		}
		rows, err := tx.QueryContext(ctx, s.rebind(`INSERT INTO analytics_seen (mark, day) VALUES `+values+`
			ON CONFLICT (mark) DO NOTHING RETURNING mark`), args...)
		if err != nil {
			return nil, err
		}
		added, err := ScanAll(rows, func(r Row) (d site.DailyCount, err error) {
			var h int64
			if err := r.Scan(&h); err != nil {
				return d, err
			}
			i, _ := slices.BinarySearchFunc(chunk, h, byHash)
			m := chunk[i].mark
			return site.DailyCount{Day: m.Day, Kind: m.Kind, Key: m.Key, Visitors: 1}, nil
		})
		if err != nil {
			return nil, err
		}
		fresh = append(fresh, added...)
	}
	return fresh, nil
}

// eachRow runs the statement q once for each of list, with the arguments
// args gives.
func eachRow[T any](ctx context.Context, tx *sql.Tx, q string, list []T, args func(T) []any) error {
	if len(list) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, q)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, v := range list {
		if _, err := stmt.ExecContext(ctx, args(v)...); err != nil {
			return err
		}
	}
	return nil
}

// FindAnalytics returns the counts of the hours and days from from
// (included) to to (excluded), and the leads (not spam) sent then.
func (s *Store) FindAnalytics(ctx context.Context, from, to time.Time) (*site.AnalyticsRollups, error) {
	fromDay, toDay := site.AnalyticsDay(from), site.AnalyticsDay(to)
	var out site.AnalyticsRollups
	var err error
	if to.Sub(from) <= 24*time.Hour {
		if out.Counts, err = queryAll(ctx, s, func(r Row) (c site.AnalyticsCount, err error) {
			return c, r.Scan(ScanTime(&c.Hour), &c.Path, &c.Source, &c.Campaign, &c.Device, &c.Pageviews, &c.Entries, &c.LeadStarts, &c.CTAClicks)
		}, `SELECT hour, path, source, campaign, device, pageviews, entries, lead_starts, cta_clicks
			FROM analytics_hourly WHERE hour >= ? AND hour < ?`, s.d.Time(from), s.d.Time(to)); err != nil {
			return nil, s.Fail(ctx, "find analytics", "Analytics", err)
		}
	}
	if out.Daily, err = queryAll(ctx, s, func(r Row) (d site.DailyCount, err error) {
		return d, r.Scan(&d.Day, &d.Kind, &d.Key, &d.Visitors, &d.Pageviews, &d.Entries, &d.LeadStarts, &d.CTAClicks)
	}, `SELECT day, kind, key, visitors, pageviews, entries, lead_starts, cta_clicks FROM analytics_daily
		WHERE day >= ? AND day < ?`, fromDay, toDay); err != nil {
		return nil, s.Fail(ctx, "find analytics", "Analytics", err)
	}
	if out.Vitals, err = queryAll(ctx, s, func(r Row) (v site.VitalCount, err error) {
		return v, r.Scan(&v.Day, &v.Path, &v.Metric, &v.Bucket, &v.N)
	}, `SELECT day, path, metric, bucket, n FROM analytics_vitals WHERE day >= ? AND day < ?`, fromDay, toDay); err != nil {
		return nil, s.Fail(ctx, "find analytics", "Analytics", err)
	}
	if out.Leads, err = queryAll(ctx, s, func(r Row) (l site.LeadVisit, err error) {
		var meetings int64
		err = r.Scan(ScanTime(&l.CreatedAt), &l.Page, &l.LandingPage, s.d.ScanList(&l.PagesRead), &l.Referrer,
			&l.UTM.Source, &l.UTM.Medium, &l.UTM.Campaign, &l.UTM.Term, &l.UTM.Content, &meetings)
		l.Booked = meetings > 0
		return l, err
	}, `SELECT created_at, page, landing_page, pages_read, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
			(SELECT COUNT(*) FROM meetings WHERE meetings.lead_id = contact_submissions.id AND meetings.status = 'booked')
		FROM contact_submissions WHERE spam = ? AND created_at >= ? AND created_at < ?`, s.d.Bool(false), s.d.Time(from), s.d.Time(to)); err != nil {
		return nil, s.Fail(ctx, "find analytics", "Analytics", err)
	}
	return &out, nil
}

// DeleteAnalyticsBefore deletes the counts of the time before t.
func (s *Store) DeleteAnalyticsBefore(ctx context.Context, t time.Time) error {
	day := site.AnalyticsDay(t)
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM analytics_hourly WHERE hour < ?`), s.d.Time(t)); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM analytics_daily WHERE day < ?`, `DELETE FROM analytics_vitals WHERE day < ?`} {
			if _, err := tx.ExecContext(ctx, s.rebind(q), day); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.Fail(ctx, "delete analytics", "Analytics", err)
	}
	return nil
}
