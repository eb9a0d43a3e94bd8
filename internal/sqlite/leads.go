package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

const leadColumns = `id, first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at,
	page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, consent_text, consent_version`

func scanLead(r rowScanner) (*site.Lead, error) {
	var l site.Lead
	err := r.Scan(&l.ID, &l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest,
		&l.ProjectDetails, sqlstore.ScanTime(&l.CreatedAt), &l.Page, &l.Referrer, &l.UTMSource, &l.UTMMedium, &l.UTMCampaign,
		&l.UTMTerm, &l.UTMContent, &l.Status, &l.Notes, &l.Spam, &l.SpamReason, sqlstore.ScanTime(&l.UpdatedAt), &l.ConsentText, &l.ConsentVersion)
	l.Deliveries = []*site.Delivery{}
	return &l, err
}

const deliveryColumns = `id, lead_id, channel, target, status, attempts, last_error, next_attempt_at, sent_at, created_at`

func scanDelivery(r rowScanner) (*site.Delivery, error) {
	var d site.Delivery
	err := r.Scan(&d.ID, &d.LeadID, &d.Channel, &d.Target, &d.Status, &d.Attempts, &d.LastError,
		sqlstore.ScanNullTime(&d.NextAttemptAt), sqlstore.ScanNullTime(&d.SentAt), sqlstore.ScanTime(&d.CreatedAt))
	return &d, err
}

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// CreateLead stores a lead and its pending deliveries in one transaction
// (a savepoint of a group commit); the commit is synced to disk before it
// returns.
func (db *DB) CreateLead(ctx context.Context, in *site.Lead) (*site.Lead, bool, error) {
	out, created, err := db.createLeadBatched(ctx, in)
	if err != nil {
		return nil, false, fmt.Errorf("sqlite: create lead: %w", err)
	}
	return out, created, nil
}

// createLeadTx writes one lead in tx, unless it repeats a recent one.
func createLeadTx(ctx context.Context, tx *sql.Tx, in *site.Lead, now time.Time) (*site.Lead, bool, error) {
	// The write lock of BEGIN IMMEDIATE makes the check and the insert one
	// step: two copies sent at once cannot both pass.
	var dup int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM contact_submissions WHERE email = ? AND created_at >= ?
		AND first_name = ? AND last_name = ? AND company = ? AND ai_solution_interest = ? AND project_details = ?
		ORDER BY created_at DESC, id DESC LIMIT 1`,
		in.Email, formatTime(now.Add(-site.DuplicateWindow)), in.FirstName, in.LastName, in.Company,
		in.AISolutionInterest, in.ProjectDetails).Scan(&dup)
	if err == nil {
		out, err := findLead(ctx, tx, dup)
		return out, false, err
	}
	if err != sql.ErrNoRows {
		return nil, false, err
	}
	status := in.Status
	if status == "" {
		status = site.LeadNew
	}
	out, err := scanLead(tx.QueryRowContext(ctx, `INSERT INTO contact_submissions (first_name, last_name, email, company,
		job_title, ai_solution_interest, project_details, created_at, page, referrer, utm_source, utm_medium,
		utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, search_text,
		consent_text, consent_version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+leadColumns,
		in.FirstName, in.LastName, in.Email, in.Company, in.JobTitle, in.AISolutionInterest, in.ProjectDetails,
		formatTime(now), in.Page, in.Referrer, in.UTMSource, in.UTMMedium, in.UTMCampaign, in.UTMTerm, in.UTMContent,
		status, in.Notes, boolInt(in.Spam), in.SpamReason, formatTime(now), in.SearchText(), in.ConsentText, in.ConsentVersion))
	if err != nil {
		return nil, false, err
	}
	if !out.Spam {
		if out.Deliveries, err = queueDeliveries(ctx, tx, out.ID, now); err != nil {
			return nil, false, err
		}
	}
	return out, true, nil
}

// queueDeliveries adds a pending delivery of lead id for each channel the
// lead settings configure.
func queueDeliveries(ctx context.Context, tx *sql.Tx, id int64, now time.Time) ([]*site.Delivery, error) {
	var emails, webhook string
	if err := tx.QueryRowContext(ctx, `SELECT notification_emails, webhook_url FROM lead_settings WHERE id = 1`).Scan(&emails, &webhook); err != nil {
		return nil, err
	}
	list := []*site.Delivery{}
	add := func(channel, target string) error {
		d, err := scanDelivery(tx.QueryRowContext(ctx, `INSERT INTO lead_deliveries (lead_id, channel, target, status,
			next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?) RETURNING `+deliveryColumns,
			id, channel, target, formatTime(now), formatTime(now)))
		if err == nil {
			list = append(list, d)
		}
		return err
	}
	if emails != "" {
		if err := add(site.ChannelEmail, strings.Join(strings.Split(emails, "\n"), ", ")); err != nil {
			return nil, err
		}
	}
	if webhook != "" {
		if err := add(site.ChannelWebhook, webhook); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// findLead reads one lead with its deliveries.
func findLead(ctx context.Context, q querier, id int64) (*site.Lead, error) {
	l, err := scanLead(q.QueryRowContext(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`, id))
	if err != nil {
		return nil, notFound("find lead", err, "Lead")
	}
	if err := attachDeliveries(ctx, q, []*site.Lead{l}); err != nil {
		return nil, err
	}
	return l, nil
}

// attachDeliveries reads the deliveries of leads in one query.
func attachDeliveries(ctx context.Context, q querier, leads []*site.Lead) error {
	if len(leads) == 0 {
		return nil
	}
	byID := make(map[int64]*site.Lead, len(leads))
	args := make([]any, len(leads))
	for i, l := range leads {
		byID[l.ID] = l
		args[i] = l.ID
	}
	rows, err := q.QueryContext(ctx, `SELECT `+deliveryColumns+` FROM lead_deliveries WHERE lead_id IN (?`+
		strings.Repeat(", ?", len(leads)-1)+`) ORDER BY id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return err
		}
		l := byID[d.LeadID]
		l.Deliveries = append(l.Deliveries, d)
	}
	return rows.Err()
}

// FindLeadByID returns one lead with its deliveries.
func (db *DB) FindLeadByID(ctx context.Context, id int64) (*site.Lead, error) {
	return findLead(ctx, db.read, id)
}

// leadWhere is the WHERE clause of a lead filter and its arguments.
func leadWhere(f site.LeadFilter) (string, []any) {
	conds := []string{"spam = ?"}
	args := []any{boolInt(f.Spam)}
	if f.Status != "" {
		conds = append(conds, "status = ?")
		args = append(args, f.Status)
	}
	if f.Interest != "" {
		conds = append(conds, "ai_solution_interest = ?")
		args = append(args, f.Interest)
	}
	if f.Query != "" {
		conds = append(conds, "instr(search_text, ?) > 0")
		args = append(args, site.SearchKey(f.Query))
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// FindLeads returns one page of the leads that match f, newest first, with
// their deliveries, and how many match in all.
func (db *DB) FindLeads(ctx context.Context, f site.LeadFilter) ([]*site.Lead, int, error) {
	// One read transaction sees one snapshot: the total agrees with the page
	// however many leads arrive meanwhile.
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: find leads: %w", err)
	}
	defer tx.Rollback()
	where, args := leadWhere(f)
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM contact_submissions`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("sqlite: count leads: %w", err)
	}
	leads := []*site.Lead{}
	err = eachLead(ctx, tx, f, func(l *site.Lead) error {
		leads = append(leads, l)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	if err := attachDeliveries(ctx, tx, leads); err != nil {
		return nil, 0, fmt.Errorf("sqlite: find leads: %w", err)
	}
	return leads, total, nil
}

// EachLead calls fn for every lead that matches f, newest first.
func (db *DB) EachLead(ctx context.Context, f site.LeadFilter, fn func(*site.Lead) error) error {
	return eachLead(ctx, db.read, f, fn)
}

func eachLead(ctx context.Context, q querier, f site.LeadFilter, fn func(*site.Lead) error) error {
	where, args := leadWhere(f)
	query := `SELECT ` + leadColumns + ` FROM contact_submissions` + where + ` ORDER BY created_at DESC, id DESC`
	if f.Limit > 0 {
		query += ` LIMIT ? OFFSET ?`
		args = append(args, f.Limit, f.Offset)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("sqlite: find leads: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return fmt.Errorf("sqlite: find leads: %w", err)
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sqlite: find leads: %w", err)
	}
	return nil
}

// UpdateLead changes a lead; taking it out of spam queues its
// notifications.
func (db *DB) UpdateLead(ctx context.Context, id int64, upd site.LeadUpdate) (*site.Lead, error) {
	var out *site.Lead
	now := db.Now()
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		l, err := scanLead(tx.QueryRowContext(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`, id))
		if err != nil {
			return notFound("update lead", err, "Lead")
		}
		unspam := upd.Apply(l)
		if _, err := tx.ExecContext(ctx, `UPDATE contact_submissions SET status = ?, notes = ?, spam = ?, spam_reason = ?,
			updated_at = ? WHERE id = ?`, l.Status, l.Notes, boolInt(l.Spam), l.SpamReason, formatTime(now), id); err != nil {
			return err
		}
		if unspam {
			if _, err := queueDeliveries(ctx, tx, id, now); err != nil {
				return err
			}
		}
		out, err = findLead(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, notFound("update lead", err, "Lead")
	}
	return out, nil
}

// ResendLead queues the lead's notifications again.
func (db *DB) ResendLead(ctx context.Context, id int64) (*site.Lead, error) {
	var out *site.Lead
	now := db.Now()
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var spam bool
		if err := tx.QueryRowContext(ctx, `SELECT spam FROM contact_submissions WHERE id = ?`, id).Scan(&spam); err != nil {
			return notFound("resend lead", err, "Lead")
		}
		if spam {
			return site.Errorf(site.EINVALID, "%s", site.MsgResendSpam)
		}
		list, err := queueDeliveries(ctx, tx, id, now)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return site.Errorf(site.EINVALID, "%s", site.MsgNoChannels)
		}
		out, err = findLead(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, notFound("resend lead", err, "Lead")
	}
	return out, nil
}

// LeadStats counts leads for the dashboard.
func (db *DB) LeadStats(ctx context.Context, now time.Time) (*site.LeadStats, error) {
	st := &site.LeadStats{ByInterest: []site.InterestCount{}}
	first := site.WeekStart(now).AddDate(0, 0, -7*(site.StatsWeeks-1))
	// One range count per week, each read from the inbox index alone.
	counts := make([]int, site.StatsWeeks)
	parts := make([]string, site.StatsWeeks)
	args := make([]any, 0, 2*site.StatsWeeks)
	dests := make([]any, site.StatsWeeks)
	for i := range counts {
		parts[i] = `(SELECT COUNT(*) FROM contact_submissions WHERE spam = 0 AND created_at >= ? AND created_at < ?)`
		args = append(args, formatTime(first.AddDate(0, 0, 7*i)), formatTime(first.AddDate(0, 0, 7*(i+1))))
		dests[i] = &counts[i]
	}
	if err := db.read.QueryRowContext(ctx, `SELECT `+strings.Join(parts, ", "), args...).Scan(dests...); err != nil {
		return nil, fmt.Errorf("sqlite: lead stats: %w", err)
	}
	for i, n := range counts {
		st.Weeks = append(st.Weeks, site.WeekCount{WeekStart: first.AddDate(0, 0, 7*i).Format("2006-01-02"), Count: n})
	}
	rows, err := db.read.QueryContext(ctx, `SELECT ai_solution_interest, COUNT(*) AS n FROM contact_submissions
		WHERE spam = 0 GROUP BY ai_solution_interest ORDER BY n DESC, ai_solution_interest`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: lead stats: %w", err)
	}
	for rows.Next() {
		var c site.InterestCount
		if err := rows.Scan(&c.Interest, &c.Count); err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlite: lead stats: %w", err)
		}
		st.ByInterest = append(st.ByInterest, c)
	}
	rows.Close()
	err = db.read.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM contact_submissions WHERE spam = 0),
		(SELECT COUNT(*) FROM contact_submissions WHERE spam = 0 AND status = 'new'),
		(SELECT COUNT(*) FROM contact_submissions WHERE spam = 1),
		(SELECT COUNT(*) FROM lead_deliveries WHERE status IN ('retrying', 'failed')),
		COALESCE((SELECT last_error FROM lead_deliveries WHERE status IN ('retrying', 'failed')
			ORDER BY last_attempt_at DESC LIMIT 1), '')`).
		Scan(&st.Total, &st.NewCount, &st.SpamCount, &st.FailingDeliveries, &st.LastDeliveryError)
	if err != nil {
		return nil, fmt.Errorf("sqlite: lead stats: %w", err)
	}
	return st, nil
}

// DeleteLeadsBefore deletes the leads created before t; their deliveries
// go with them.
func (db *DB) DeleteLeadsBefore(ctx context.Context, t time.Time) (int, error) {
	var n int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM contact_submissions WHERE created_at < ?`, formatTime(t))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("sqlite: delete old leads: %w", err)
	}
	return int(n), nil
}

// CountLeads counts every stored lead.
func (db *DB) CountLeads(ctx context.Context) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM contact_submissions`).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count leads: %w", err)
	}
	return n, nil
}

// GetLeadSettings reads the lead settings.
func (db *DB) GetLeadSettings(ctx context.Context) (*site.LeadSettings, error) {
	var s site.LeadSettings
	var emails string
	err := db.read.QueryRowContext(ctx, `SELECT notification_emails, webhook_url, webhook_secret, retention_months
		FROM lead_settings WHERE id = 1`).Scan(&emails, &s.WebhookURL, &s.WebhookSecret, &s.RetentionMonths)
	if err != nil {
		return nil, notFound("get lead settings", err, "Lead settings")
	}
	s.NotificationEmails = splitLines(emails)
	return &s, nil
}

// UpdateLeadSettings replaces the lead settings.
func (db *DB) UpdateLeadSettings(ctx context.Context, s *site.LeadSettings) (*site.LeadSettings, error) {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE lead_settings SET notification_emails = ?, webhook_url = ?, webhook_secret = ?,
			retention_months = ?, updated_at = ? WHERE id = 1`, strings.Join(s.NotificationEmails, "\n"), s.WebhookURL,
			s.WebhookSecret, s.RetentionMonths, formatTime(db.Now()))
		if err != nil {
			return err
		}
		return requireRow(res, "Lead settings")
	})
	if err != nil {
		return nil, notFound("update lead settings", err, "Lead settings")
	}
	return db.GetLeadSettings(ctx)
}

func splitLines(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, "\n")
}
