package sqlstore

import (
	"context"
	"strings"
	"time"

	"meridian/internal/site"
)

// findLead reads one lead with its deliveries and its timeline, locking its row until the
// transaction ends when lock is the dialect's ForUpdate.
func (s *Store) findLead(ctx context.Context, q Querier, id int64, lock string) (*site.Lead, error) {
	l, err := s.scanLead(q.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`+lock), id))
	if err != nil {
		return nil, err
	}
	if err := s.attachDeliveries(ctx, q, []*site.Lead{l}); err != nil {
		return nil, err
	}
	if err := s.attachActivity(ctx, q, []*site.Lead{l}); err != nil {
		return nil, err
	}
	return l, nil
}

// attachDeliveries reads the deliveries of leads in one query.
func (s *Store) attachDeliveries(ctx context.Context, q Querier, leads []*site.Lead) error {
	return attachDeliveriesBy(ctx, s, q, "lead_id", leads,
		func(l *site.Lead) int64 { return l.ID },
		func(d *site.Delivery) int64 { return d.LeadID },
		func(l *site.Lead, d *site.Delivery) { l.Deliveries = append(l.Deliveries, d) })
}

// attachDeliveriesBy reads, in one query, the deliveries whose column holds
// the id of one of owners, and gives each to its owner through add.
func attachDeliveriesBy[T any](ctx context.Context, s *Store, q Querier, column string, owners []T,
	id func(T) int64, ownerOf func(*site.Delivery) int64, add func(T, *site.Delivery)) error {
	return attachRows(ctx, s, q, `SELECT `+deliveryColumns+` FROM lead_deliveries`, column, ` ORDER BY id`, owners, id, scanDelivery, ownerOf, add)
}

// FindLeadByID returns one lead with its deliveries and its timeline.
func (s *Store) FindLeadByID(ctx context.Context, id int64) (*site.Lead, error) {
	return retried(ctx, s, "find lead", "Lead", func() (*site.Lead, error) {
		return s.findLead(ctx, s.read, id, "")
	})
}

// leadWhere is the WHERE clause of a lead filter and its arguments.
func (s *Store) leadWhere(f site.LeadFilter) (string, []any) {
	conds := []string{"spam = ?"}
	args := []any{s.d.Bool(f.Spam)}
	if f.Status != "" {
		conds = append(conds, "status = ?")
		args = append(args, f.Status)
	}
	if f.Interest != "" {
		conds = append(conds, "ai_solution_interest = ?")
		args = append(args, f.Interest)
	}
	if f.Query != "" {
		conds = append(conds, s.d.Contains("search_text"))
		args = append(args, site.SearchKey(f.Query))
	}
	switch {
	case f.NoOwner:
		conds = append(conds, "owner_id IS NULL")
	case f.Owner != 0:
		conds = append(conds, "owner_id = ?")
		args = append(args, f.Owner)
	}
	if f.Overdue {
		conds = append(conds, "first_response_at IS NULL AND due_at < ?")
		args = append(args, s.d.Time(f.Now.UTC()))
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// FindLeads returns one page of the leads that match f, newest first, with
// their deliveries, and how many match in all.
func (s *Store) FindLeads(ctx context.Context, f site.LeadFilter) (out []*site.Lead, total int, err error) {
	err = s.retry(ctx, func() error {
		out, total, err = s.findLeads(ctx, f)
		if err != nil {
			return s.Fail(ctx, "find leads", "Lead", err)
		}
		return nil
	})
	return out, total, err
}

func (s *Store) findLeads(ctx context.Context, f site.LeadFilter) ([]*site.Lead, int, error) {
	// One snapshot for the count, the page and its deliveries: the total
	// agrees with the page however many leads arrive meanwhile.
	tx, err := s.readTx(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	where, args := s.leadWhere(f)
	var total int
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM contact_submissions`+where), args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	leads := []*site.Lead{}
	err = s.eachLead(ctx, tx, f, func(l *site.Lead) error {
		leads = append(leads, l)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	if err := s.attachDeliveries(ctx, tx, leads); err != nil {
		return nil, 0, err
	}
	return leads, total, nil
}

// EachLead calls fn for every lead that matches f, newest first.
func (s *Store) EachLead(ctx context.Context, f site.LeadFilter, fn func(*site.Lead) error) error {
	return readEach(ctx, s, "find leads", "Lead", func(each func(*site.Lead) error) error {
		return s.eachLead(ctx, s.read, f, each)
	}, fn)
}

// readEach gives fn every item that read reads. A failure of the read, not
// of fn, is the store's failure of what (see Fail); fn's is returned as it is.
func readEach[T any](ctx context.Context, s *Store, what, resource string, read func(func(T) error) error, fn func(T) error) error {
	var fnErr error
	err := read(func(x T) error {
		fnErr = fn(x)
		return fnErr
	})
	if err != nil && fnErr == nil {
		return s.Fail(ctx, what, resource, err)
	}
	return err
}

func (s *Store) eachLead(ctx context.Context, q Querier, f site.LeadFilter, fn func(*site.Lead) error) error {
	where, args := s.leadWhere(f)
	order := ` ORDER BY created_at DESC, id DESC`
	if f.Oldest {
		order = ` ORDER BY CASE WHEN first_response_at IS NULL THEN 0 ELSE 1 END, created_at, id`
	}
	return scanEach(ctx, s, q, `SELECT `+leadColumns+` FROM contact_submissions`+where+order, args, f.Limit, f.Offset, s.scanLead, fn)
}

// LeadStats counts leads for the dashboard.
func (s *Store) LeadStats(ctx context.Context, now time.Time) (*site.LeadStats, error) {
	return retried(ctx, s, "lead stats", "Lead", func() (*site.LeadStats, error) {
		return s.leadStats(ctx, now)
	})
}

func (s *Store) leadStats(ctx context.Context, now time.Time) (*site.LeadStats, error) {
	st := &site.LeadStats{}
	first := site.WeekStart(now).AddDate(0, 0, -7*(site.StatsWeeks-1))
	notSpam, spam := s.d.Bool(false), s.d.Bool(true)
	// One range count per week, each read from the inbox index alone.
	counts := make([]int, site.StatsWeeks)
	parts := make([]string, site.StatsWeeks)
	args := make([]any, 0, 3*site.StatsWeeks)
	dests := make([]any, site.StatsWeeks)
	for i := range counts {
		parts[i] = `(SELECT COUNT(*) FROM contact_submissions WHERE spam = ? AND created_at >= ? AND created_at < ?)`
		args = append(args, notSpam, s.d.Time(first.AddDate(0, 0, 7*i)), s.d.Time(first.AddDate(0, 0, 7*(i+1))))
		dests[i] = &counts[i]
	}
	if err := s.read.QueryRowContext(ctx, s.rebind(`SELECT `+strings.Join(parts, ", ")), args...).Scan(dests...); err != nil {
		return nil, err
	}
	for i, n := range counts {
		st.Weeks = append(st.Weeks, site.WeekCount{WeekStart: first.AddDate(0, 0, 7*i).Format("2006-01-02"), Count: n})
	}
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT ai_solution_interest, COUNT(*) AS n FROM contact_submissions
		WHERE spam = ? GROUP BY ai_solution_interest ORDER BY n DESC, ai_solution_interest`), notSpam)
	if err != nil {
		return nil, err
	}
	if st.ByInterest, err = ScanAll(rows, func(r Row) (c site.InterestCount, err error) {
		return c, r.Scan(&c.Interest, &c.Count)
	}); err != nil {
		return nil, err
	}
	err = s.read.QueryRowContext(ctx, s.rebind(`SELECT
		(SELECT COUNT(*) FROM contact_submissions WHERE spam = ?),
		(SELECT COUNT(*) FROM contact_submissions WHERE spam = ? AND status = ?),
		(SELECT COUNT(*) FROM contact_submissions WHERE spam = ?),
		(SELECT COUNT(*) FROM lead_deliveries WHERE status IN ('retrying', 'failed') AND lead_id IS NOT NULL),
		COALESCE((SELECT last_error FROM lead_deliveries WHERE status IN ('retrying', 'failed') AND lead_id IS NOT NULL
			ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1), '')`), notSpam, notSpam, site.LeadNew, spam).
		Scan(&st.Total, &st.NewCount, &st.SpamCount, &st.FailingDeliveries, &st.LastDeliveryError)
	if err != nil {
		return nil, err
	}
	var overdue int
	if err := s.read.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM contact_submissions
		WHERE spam = ? AND first_response_at IS NULL AND due_at < ?`), notSpam, s.d.Time(now)).Scan(&overdue); err != nil {
		return nil, err
	}
	rows, err = s.read.QueryContext(ctx, s.rebind(`SELECT created_at, due_at, first_response_at FROM contact_submissions
		WHERE spam = ? AND created_at >= ? AND due_at IS NOT NULL`), notSpam, s.d.Time(now.AddDate(0, 0, -site.ResponseDays)))
	if err != nil {
		return nil, err
	}
	times, err := ScanAll(rows, func(r Row) (t site.ResponseTimes, err error) {
		return t, r.Scan(ScanTime(&t.CreatedAt), ScanTime(&t.DueAt), ScanNullTime(&t.FirstResponseAt))
	})
	if err != nil {
		return nil, err
	}
	st.Response = site.ResponseStatsOf(times, overdue, now)
	return st, nil
}

// CountLeads counts every stored lead.
func (s *Store) CountLeads(ctx context.Context) (int, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM contact_submissions`).Scan(&n); err != nil {
		return 0, s.Fail(ctx, "count leads", "Lead", err)
	}
	return n, nil
}
