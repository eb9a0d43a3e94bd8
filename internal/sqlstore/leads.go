package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"meridian/internal/site"
)

const leadColumns = `id, first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at,
	page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, consent_text, consent_version`

func scanLead(r Row) (*site.Lead, error) {
	var l site.Lead
	err := r.Scan(&l.ID, &l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest,
		&l.ProjectDetails, ScanTime(&l.CreatedAt), &l.Page, &l.Referrer, &l.UTMSource, &l.UTMMedium, &l.UTMCampaign,
		&l.UTMTerm, &l.UTMContent, &l.Status, &l.Notes, &l.Spam, &l.SpamReason, ScanTime(&l.UpdatedAt), &l.ConsentText, &l.ConsentVersion)
	l.Deliveries = []*site.Delivery{}
	return &l, err
}

// scanLeads reads every row of rows, closing them.
func scanLeads(rows *sql.Rows, err error) ([]*site.Lead, error) {
	if err != nil {
		return nil, err
	}
	return ScanAll(rows, scanLead)
}

const deliveryColumns = `id, lead_id, channel, target, status, attempts, last_error, next_attempt_at, sent_at, created_at`

func scanDelivery(r Row) (*site.Delivery, error) {
	var d site.Delivery
	err := r.Scan(&d.ID, &d.LeadID, &d.Channel, &d.Target, &d.Status, &d.Attempts, &d.LastError,
		ScanNullTime(&d.NextAttemptAt), ScanNullTime(&d.SentAt), ScanTime(&d.CreatedAt))
	return &d, err
}

// Fail maps err of op: no row is ENOTFOUND of what, the store's own errors
// and violated constraints as writeError maps them.
func (s *Store) Fail(ctx context.Context, op, what string, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	return s.writeError(ctx, op, nil, nil, 0, err)
}

// readTx begins a read-only transaction that sees one snapshot.
func (s *Store) readTx(ctx context.Context) (*sql.Tx, error) {
	return s.read.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
}

// CreateLead stores a lead and its pending deliveries in one transaction;
// it returns once both are committed.
func (s *Store) CreateLead(ctx context.Context, in *site.Lead) (out *site.Lead, created bool, err error) {
	err = s.retry(ctx, func() error {
		err := s.InTx(ctx, func(tx *sql.Tx) error {
			var err error
			out, created, err = s.CreateLeadTx(ctx, tx, in, s.now())
			return err
		})
		if err != nil {
			return s.Fail(ctx, "create lead", "Lead", err)
		}
		return nil
	})
	return out, created, err
}

// CreateLeadTx writes one lead sent at now in tx, unless it repeats a
// recent one (site.Lead.Repeats), which it returns with created false.
func (s *Store) CreateLeadTx(ctx context.Context, tx *sql.Tx, in *site.Lead, now time.Time) (*site.Lead, bool, error) {
	now = now.UTC().Truncate(s.d.Precision())
	// Two copies sent at once must not both pass the check: the lock of
	// the address (the single writer's turn on SQLite) makes them take
	// turns.
	if err := s.d.Lock(ctx, tx, "lead "+in.Email, false); err != nil {
		return nil, false, err
	}
	earlier, err := scanLeads(tx.QueryContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions
		WHERE email = ? AND created_at >= ? ORDER BY created_at DESC, id DESC`), in.Email, s.d.Time(site.DuplicateSince(now))))
	if err != nil {
		return nil, false, err
	}
	for _, e := range earlier {
		if in.Repeats(e, now) {
			if err := s.attachDeliveries(ctx, tx, []*site.Lead{e}); err != nil {
				return nil, false, err
			}
			return e, false, nil
		}
	}
	out, err := scanLead(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO contact_submissions (first_name, last_name, email, company,
		job_title, ai_solution_interest, project_details, created_at, page, referrer, utm_source, utm_medium,
		utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, search_text,
		consent_text, consent_version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+leadColumns),
		in.FirstName, in.LastName, in.Email, in.Company, in.JobTitle, in.AISolutionInterest, in.ProjectDetails,
		s.d.Time(now), in.Page, in.Referrer, in.UTMSource, in.UTMMedium, in.UTMCampaign, in.UTMTerm, in.UTMContent,
		in.InitialStatus(), in.Notes, s.d.Bool(in.Spam), in.SpamReason, s.d.Time(now), in.SearchText(), in.ConsentText, in.ConsentVersion))
	if err != nil {
		return nil, false, err
	}
	settings, err := s.getLeadSettings(ctx, tx)
	if err != nil {
		return nil, false, err
	}
	if out.Deliveries, err = s.queueDeliveries(ctx, tx, out.ID, site.NewLeadDeliveries(out, settings), now); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// queueDeliveries adds the planned deliveries of lead id, due at now.
func (s *Store) queueDeliveries(ctx context.Context, tx *sql.Tx, id int64, plan []site.Delivery, now time.Time) ([]*site.Delivery, error) {
	list := []*site.Delivery{}
	for _, p := range plan {
		d, err := scanDelivery(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO lead_deliveries (lead_id, channel, target, status,
			next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING `+deliveryColumns),
			id, p.Channel, p.Target, p.Status, s.d.Time(now), s.d.Time(now)))
		if err != nil {
			return nil, err
		}
		list = append(list, d)
	}
	return list, nil
}

// findLead reads one lead with its deliveries, locking its row until the
// transaction ends when lock is the dialect's ForUpdate.
func (s *Store) findLead(ctx context.Context, q Querier, id int64, lock string) (*site.Lead, error) {
	l, err := scanLead(q.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`+lock), id))
	if err != nil {
		return nil, err
	}
	if err := s.attachDeliveries(ctx, q, []*site.Lead{l}); err != nil {
		return nil, err
	}
	return l, nil
}

// attachDeliveries reads the deliveries of leads in one query.
func (s *Store) attachDeliveries(ctx context.Context, q Querier, leads []*site.Lead) error {
	if len(leads) == 0 {
		return nil
	}
	byID := make(map[int64]*site.Lead, len(leads))
	ids := make([]int64, len(leads))
	for i, l := range leads {
		byID[l.ID] = l
		ids[i] = l.ID
	}
	rows, err := q.QueryContext(ctx, s.rebind(`SELECT `+deliveryColumns+` FROM lead_deliveries WHERE `+
		s.d.IDIn("lead_id", len(ids))+` ORDER BY id`), s.d.IDArgs(ids)...)
	if err != nil {
		return err
	}
	ds, err := ScanAll(rows, scanDelivery)
	for _, d := range ds {
		l := byID[d.LeadID]
		l.Deliveries = append(l.Deliveries, d)
	}
	return err
}

// FindLeadByID returns one lead with its deliveries.
func (s *Store) FindLeadByID(ctx context.Context, id int64) (out *site.Lead, err error) {
	err = s.retry(ctx, func() error {
		out, err = s.findLead(ctx, s.read, id, "")
		if err != nil {
			return s.Fail(ctx, "find lead", "Lead", err)
		}
		return nil
	})
	return out, err
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
	var fnErr error
	err := s.eachLead(ctx, s.read, f, func(l *site.Lead) error {
		fnErr = fn(l)
		return fnErr
	})
	if err != nil && fnErr == nil {
		return s.Fail(ctx, "find leads", "Lead", err)
	}
	return err
}

func (s *Store) eachLead(ctx context.Context, q Querier, f site.LeadFilter, fn func(*site.Lead) error) error {
	where, args := s.leadWhere(f)
	query := `SELECT ` + leadColumns + ` FROM contact_submissions` + where + ` ORDER BY created_at DESC, id DESC`
	if f.Limit > 0 {
		query += ` LIMIT ? OFFSET ?`
		args = append(args, f.Limit, f.Offset)
	}
	rows, err := q.QueryContext(ctx, s.rebind(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return err
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	return rows.Err()
}

// UpdateLead changes a lead; taking it out of spam queues its
// notifications.
func (s *Store) UpdateLead(ctx context.Context, id int64, upd site.LeadUpdate) (*site.Lead, error) {
	var out *site.Lead
	now := s.nowUTC()
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		l, err := scanLead(tx.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`+s.d.ForUpdate()), id))
		if err != nil {
			return err
		}
		unspam := upd.Apply(l)
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE contact_submissions SET status = ?, notes = ?, spam = ?, spam_reason = ?,
			updated_at = ? WHERE id = ?`), l.Status, l.Notes, s.d.Bool(l.Spam), l.SpamReason, s.d.Time(now), id); err != nil {
			return err
		}
		if unspam {
			settings, err := s.getLeadSettings(ctx, tx)
			if err != nil {
				return err
			}
			if _, err := s.queueDeliveries(ctx, tx, id, site.NewLeadDeliveries(l, settings), now); err != nil {
				return err
			}
		}
		out, err = s.findLead(ctx, tx, id, "")
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update lead", "Lead", err)
	}
	return out, nil
}

// ResendLead queues the lead's notifications again.
func (s *Store) ResendLead(ctx context.Context, id int64) (*site.Lead, error) {
	var out *site.Lead
	now := s.nowUTC()
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		l, err := scanLead(tx.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`), id))
		if err != nil {
			return err
		}
		settings, err := s.getLeadSettings(ctx, tx)
		if err != nil {
			return err
		}
		plan, err := site.ResendDeliveries(l, settings)
		if err != nil {
			return err
		}
		if _, err := s.queueDeliveries(ctx, tx, id, plan, now); err != nil {
			return err
		}
		out, err = s.findLead(ctx, tx, id, "")
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "resend lead", "Lead", err)
	}
	return out, nil
}

// LeadStats counts leads for the dashboard.
func (s *Store) LeadStats(ctx context.Context, now time.Time) (out *site.LeadStats, err error) {
	err = s.retry(ctx, func() error {
		out, err = s.leadStats(ctx, now)
		if err != nil {
			return s.Fail(ctx, "lead stats", "Lead", err)
		}
		return nil
	})
	return out, err
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
		(SELECT COUNT(*) FROM lead_deliveries WHERE status IN ('retrying', 'failed')),
		COALESCE((SELECT last_error FROM lead_deliveries WHERE status IN ('retrying', 'failed')
			ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1), '')`), notSpam, notSpam, site.LeadNew, spam).
		Scan(&st.Total, &st.NewCount, &st.SpamCount, &st.FailingDeliveries, &st.LastDeliveryError)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// DeleteLeadsBefore deletes the leads created before t; their deliveries
// go with them.
func (s *Store) DeleteLeadsBefore(ctx context.Context, t time.Time) (int, error) {
	n, err := s.execTx(ctx, `DELETE FROM contact_submissions WHERE created_at < ?`, s.d.Time(t))
	if err != nil {
		return 0, s.Fail(ctx, "delete old leads", "Lead", err)
	}
	return int(n), nil
}

// CountLeads counts every stored lead.
func (s *Store) CountLeads(ctx context.Context) (int, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM contact_submissions`).Scan(&n); err != nil {
		return 0, s.Fail(ctx, "count leads", "Lead", err)
	}
	return n, nil
}

// getLeadSettings reads the lead settings through q.
func (s *Store) getLeadSettings(ctx context.Context, q Querier) (*site.LeadSettings, error) {
	var st site.LeadSettings
	err := q.QueryRowContext(ctx, `SELECT notification_emails, webhook_url, webhook_secret, retention_months
		FROM lead_settings WHERE id = 1`).Scan(s.d.ScanList(&st.NotificationEmails), &st.WebhookURL, &st.WebhookSecret, &st.RetentionMonths)
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// GetLeadSettings reads the lead settings.
func (s *Store) GetLeadSettings(ctx context.Context) (out *site.LeadSettings, err error) {
	err = s.retry(ctx, func() error {
		out, err = s.getLeadSettings(ctx, s.read)
		if err != nil {
			return s.Fail(ctx, "get lead settings", "Lead settings", err)
		}
		return nil
	})
	return out, err
}

// UpdateLeadSettings replaces the lead settings.
func (s *Store) UpdateLeadSettings(ctx context.Context, st *site.LeadSettings) (*site.LeadSettings, error) {
	var out *site.LeadSettings
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE lead_settings SET notification_emails = ?, webhook_url = ?, webhook_secret = ?,
			retention_months = ?, updated_at = ? WHERE id = 1`), s.d.List(st.NotificationEmails), st.WebhookURL,
			st.WebhookSecret, st.RetentionMonths, s.d.Time(s.now()))); err != nil {
			return err
		}
		var err error
		out, err = s.getLeadSettings(ctx, tx)
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update lead settings", "Lead settings", err)
	}
	return out, nil
}
