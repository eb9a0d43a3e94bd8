package postgres

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const leadColumns = `id, first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at,
	page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, consent_text, consent_version`

func scanLead(row pgx.Row) (*site.Lead, error) {
	var l site.Lead
	err := row.Scan(&l.ID, &l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest,
		&l.ProjectDetails, &l.CreatedAt, &l.Page, &l.Referrer, &l.UTMSource, &l.UTMMedium, &l.UTMCampaign, &l.UTMTerm,
		&l.UTMContent, &l.Status, &l.Notes, &l.Spam, &l.SpamReason, &l.UpdatedAt, &l.ConsentText, &l.ConsentVersion)
	l.Deliveries = []*site.Delivery{}
	return &l, err
}

const deliveryColumns = `id, lead_id, channel, target, status, attempts, last_error, next_attempt_at, sent_at, created_at`

func scanDelivery(row pgx.Row) (*site.Delivery, error) {
	var d site.Delivery
	err := row.Scan(&d.ID, &d.LeadID, &d.Channel, &d.Target, &d.Status, &d.Attempts, &d.LastError,
		&d.NextAttemptAt, &d.SentAt, &d.CreatedAt)
	return &d, err
}

// querier is what a pool and a transaction have in common.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// CreateLead stores a lead and its pending deliveries in one transaction;
// it returns once both are committed.
func (db *DB) CreateLead(ctx context.Context, in *site.Lead) (out *site.Lead, extra bool, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, extra, err = db.createLead(ctx, in)
		return err
	})
	return out, extra, err
}

func (db *DB) createLead(ctx context.Context, in *site.Lead) (*site.Lead, bool, error) {
	var out *site.Lead
	created := false
	now := db.now()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		// Two copies sent at once to two instances must not both pass the
		// duplicate check: the lock of the address makes them take turns.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('meridian lead ' || $1))`, in.Email); err != nil {
			return err
		}
		var dup int64
		err := tx.QueryRow(ctx, `SELECT id FROM contact_submissions WHERE email = $1 AND created_at >= $2
			AND first_name = $3 AND last_name = $4 AND company = $5 AND ai_solution_interest = $6 AND project_details = $7
			ORDER BY created_at DESC, id DESC LIMIT 1`,
			in.Email, now.Add(-site.DuplicateWindow), in.FirstName, in.LastName, in.Company, in.AISolutionInterest,
			in.ProjectDetails).Scan(&dup)
		if err == nil {
			out, err = findLead(ctx, tx, dup)
			return err
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		status := in.Status
		if status == "" {
			status = site.LeadNew
		}
		out, err = scanLead(tx.QueryRow(ctx, `INSERT INTO contact_submissions (first_name, last_name, email, company,
			job_title, ai_solution_interest, project_details, created_at, page, referrer, utm_source, utm_medium,
			utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, search_text,
		consent_text, consent_version)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $8, $20, $21, $22)
			RETURNING `+leadColumns,
			in.FirstName, in.LastName, in.Email, in.Company, in.JobTitle, in.AISolutionInterest, in.ProjectDetails,
			now, in.Page, in.Referrer, in.UTMSource, in.UTMMedium, in.UTMCampaign, in.UTMTerm, in.UTMContent,
			status, in.Notes, in.Spam, in.SpamReason, in.SearchText(), in.ConsentText, in.ConsentVersion))
		if err != nil {
			return err
		}
		created = true
		if !out.Spam {
			out.Deliveries, err = queueDeliveries(ctx, tx, out.ID, now)
		}
		return err
	})
	if err != nil {
		return nil, false, storeError("create lead", err)
	}
	return out, created, nil
}

// queueDeliveries adds a pending delivery of lead id for each channel the
// lead settings configure.
func queueDeliveries(ctx context.Context, tx pgx.Tx, id int64, now time.Time) ([]*site.Delivery, error) {
	var emails []string
	var webhook string
	if err := tx.QueryRow(ctx, `SELECT notification_emails, webhook_url FROM lead_settings WHERE id = 1`).Scan(&emails, &webhook); err != nil {
		return nil, err
	}
	list := []*site.Delivery{}
	add := func(channel, target string) error {
		d, err := scanDelivery(tx.QueryRow(ctx, `INSERT INTO lead_deliveries (lead_id, channel, target, status,
			next_attempt_at, created_at) VALUES ($1, $2, $3, 'pending', $4, $4) RETURNING `+deliveryColumns,
			id, channel, target, now))
		if err == nil {
			list = append(list, d)
		}
		return err
	}
	if len(emails) > 0 {
		if err := add(site.ChannelEmail, strings.Join(emails, ", ")); err != nil {
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
	l, err := scanLead(q.QueryRow(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id = $1`, id))
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
	ids := make([]int64, len(leads))
	for i, l := range leads {
		byID[l.ID] = l
		ids[i] = l.ID
	}
	rows, err := q.Query(ctx, `SELECT `+deliveryColumns+` FROM lead_deliveries WHERE lead_id = ANY($1) ORDER BY id`, ids)
	if err != nil {
		return err
	}
	ds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Delivery, error) { return scanDelivery(r) })
	if err != nil {
		return err
	}
	for _, d := range ds {
		l := byID[d.LeadID]
		l.Deliveries = append(l.Deliveries, d)
	}
	return nil
}

// FindLeadByID returns one lead with its deliveries.
func (db *DB) FindLeadByID(ctx context.Context, id int64) (out *site.Lead, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findLeadByID(ctx, id)
		return err
	})
	return out, err
}

func (db *DB) findLeadByID(ctx context.Context, id int64) (*site.Lead, error) {
	return findLead(ctx, db.pool, id)
}

// leadWhere is the WHERE clause of a lead filter and its arguments.
func leadWhere(f site.LeadFilter) (string, []any) {
	args := []any{f.Spam}
	conds := []string{"spam = $1"}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.Status != "" {
		conds = append(conds, "status = "+arg(f.Status))
	}
	if f.Interest != "" {
		conds = append(conds, "ai_solution_interest = "+arg(f.Interest))
	}
	if f.Query != "" {
		conds = append(conds, "strpos(search_text, "+arg(site.SearchKey(f.Query))+") > 0")
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// FindLeads returns one page of the leads that match f, newest first, with
// their deliveries, and how many match in all.
func (db *DB) FindLeads(ctx context.Context, f site.LeadFilter) (out []*site.Lead, extra int, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, extra, err = db.findLeads(ctx, f)
		return err
	})
	return out, extra, err
}

func (db *DB) findLeads(ctx context.Context, f site.LeadFilter) ([]*site.Lead, int, error) {
	// One snapshot for the count, the page and its deliveries: the total
	// agrees with the page however many leads arrive meanwhile.
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, 0, storeError("find leads", err)
	}
	defer tx.Rollback(ctx)
	where, args := leadWhere(f)
	var total int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM contact_submissions`+where, args...).Scan(&total); err != nil {
		return nil, 0, storeError("count leads", err)
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
		return nil, 0, storeError("find leads", err)
	}
	return leads, total, nil
}

// EachLead calls fn for every lead that matches f, newest first.
func (db *DB) EachLead(ctx context.Context, f site.LeadFilter, fn func(*site.Lead) error) error {
	return eachLead(ctx, db.pool, f, fn)
}

func eachLead(ctx context.Context, q querier, f site.LeadFilter, fn func(*site.Lead) error) error {
	where, args := leadWhere(f)
	query := `SELECT ` + leadColumns + ` FROM contact_submissions` + where + ` ORDER BY created_at DESC, id DESC`
	if f.Limit > 0 {
		query += ` LIMIT ` + strconv.Itoa(f.Limit) + ` OFFSET ` + strconv.Itoa(f.Offset)
	}
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return storeError("find leads", err)
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return storeError("find leads", err)
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return storeError("find leads", err)
	}
	return nil
}

// UpdateLead changes a lead; taking it out of spam queues its
// notifications.
func (db *DB) UpdateLead(ctx context.Context, id int64, upd site.LeadUpdate) (*site.Lead, error) {
	var out *site.Lead
	now := db.now()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		l, err := scanLead(tx.QueryRow(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE id = $1 FOR UPDATE`, id))
		if err != nil {
			return notFound("update lead", err, "Lead")
		}
		unspam := upd.Apply(l)
		if _, err := tx.Exec(ctx, `UPDATE contact_submissions SET status = $1, notes = $2, spam = $3, spam_reason = $4,
			updated_at = $5 WHERE id = $6`, l.Status, l.Notes, l.Spam, l.SpamReason, now, id); err != nil {
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
		return nil, storeError("update lead", err)
	}
	return out, nil
}

// ResendLead queues the lead's notifications again.
func (db *DB) ResendLead(ctx context.Context, id int64) (*site.Lead, error) {
	var out *site.Lead
	now := db.now()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var spam bool
		if err := tx.QueryRow(ctx, `SELECT spam FROM contact_submissions WHERE id = $1`, id).Scan(&spam); err != nil {
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
		return nil, storeError("resend lead", err)
	}
	return out, nil
}

// LeadStats counts leads for the dashboard.
func (db *DB) LeadStats(ctx context.Context, now time.Time) (out *site.LeadStats, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.leadStats(ctx, now)
		return err
	})
	return out, err
}

func (db *DB) leadStats(ctx context.Context, now time.Time) (*site.LeadStats, error) {
	st := &site.LeadStats{ByInterest: []site.InterestCount{}}
	first := site.WeekStart(now).AddDate(0, 0, -7*(site.StatsWeeks-1))
	// One range count per week, each read from the inbox index.
	counts := make([]int, site.StatsWeeks)
	parts := make([]string, site.StatsWeeks)
	args := make([]any, 0, site.StatsWeeks+1)
	dests := make([]any, site.StatsWeeks)
	for i := range counts {
		args = append(args, first.AddDate(0, 0, 7*i))
		parts[i] = `(SELECT count(*) FROM contact_submissions WHERE spam = false AND created_at >= $` + strconv.Itoa(i+1) +
			` AND created_at < $` + strconv.Itoa(i+2) + `)`
		dests[i] = &counts[i]
	}
	args = append(args, first.AddDate(0, 0, 7*site.StatsWeeks))
	if err := db.pool.QueryRow(ctx, `SELECT `+strings.Join(parts, ", "), args...).Scan(dests...); err != nil {
		return nil, storeError("lead stats", err)
	}
	for i, n := range counts {
		st.Weeks = append(st.Weeks, site.WeekCount{WeekStart: first.AddDate(0, 0, 7*i).Format("2006-01-02"), Count: n})
	}
	rows, err := db.pool.Query(ctx, `SELECT ai_solution_interest, count(*) AS n FROM contact_submissions
		WHERE spam = false GROUP BY ai_solution_interest ORDER BY n DESC, ai_solution_interest`)
	if err != nil {
		return nil, storeError("lead stats", err)
	}
	for rows.Next() {
		var c site.InterestCount
		if err := rows.Scan(&c.Interest, &c.Count); err != nil {
			rows.Close()
			return nil, storeError("lead stats", err)
		}
		st.ByInterest = append(st.ByInterest, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, storeError("lead stats", err)
	}
	err = db.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM contact_submissions WHERE spam = false),
		(SELECT count(*) FROM contact_submissions WHERE spam = false AND status = 'new'),
		(SELECT count(*) FROM contact_submissions WHERE spam = true),
		(SELECT count(*) FROM lead_deliveries WHERE status IN ('retrying', 'failed')),
		COALESCE((SELECT last_error FROM lead_deliveries WHERE status IN ('retrying', 'failed')
			ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1), '')`).
		Scan(&st.Total, &st.NewCount, &st.SpamCount, &st.FailingDeliveries, &st.LastDeliveryError)
	if err != nil {
		return nil, storeError("lead stats", err)
	}
	return st, nil
}

// DeleteLeadsBefore deletes the leads created before t; their deliveries
// go with them.
func (db *DB) DeleteLeadsBefore(ctx context.Context, t time.Time) (int, error) {
	tag, err := db.pool.Exec(ctx, `DELETE FROM contact_submissions WHERE created_at < $1`, t)
	if err != nil {
		return 0, storeError("delete old leads", err)
	}
	return int(tag.RowsAffected()), nil
}

// CountLeads returns how many leads are stored.
func (db *DB) CountLeads(ctx context.Context) (int, error) {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM contact_submissions`).Scan(&n); err != nil {
		return 0, storeError("count leads", err)
	}
	return n, nil
}

// GetLeadSettings reads the lead settings.
func (db *DB) GetLeadSettings(ctx context.Context) (out *site.LeadSettings, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.getLeadSettings(ctx)
		return err
	})
	return out, err
}

func (db *DB) getLeadSettings(ctx context.Context) (*site.LeadSettings, error) {
	var s site.LeadSettings
	err := db.pool.QueryRow(ctx, `SELECT notification_emails, webhook_url, webhook_secret, retention_months
		FROM lead_settings WHERE id = 1`).Scan(&s.NotificationEmails, &s.WebhookURL, &s.WebhookSecret, &s.RetentionMonths)
	if err != nil {
		return nil, notFound("get lead settings", err, "Lead settings")
	}
	if s.NotificationEmails == nil {
		s.NotificationEmails = []string{}
	}
	return &s, nil
}

// UpdateLeadSettings replaces the lead settings.
func (db *DB) UpdateLeadSettings(ctx context.Context, s *site.LeadSettings) (*site.LeadSettings, error) {
	emails := s.NotificationEmails
	if emails == nil {
		emails = []string{}
	}
	tag, err := db.exec(ctx, `UPDATE lead_settings SET notification_emails = $1, webhook_url = $2, webhook_secret = $3,
		retention_months = $4, updated_at = $5 WHERE id = 1`, emails, s.WebhookURL, s.WebhookSecret, s.RetentionMonths, db.now())
	if err != nil {
		return nil, storeError("update lead settings", err)
	}
	if err := requireRow(tag, "Lead settings"); err != nil {
		return nil, err
	}
	return db.GetLeadSettings(ctx)
}
