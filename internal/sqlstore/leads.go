package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

const leadColumns = `id, first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at,
	page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, consent_text, consent_version,
	landing_page, pages_read, owner_id, (SELECT username FROM users WHERE users.id = contact_submissions.owner_id),
	due_at, first_response_at`

func (s *Store) scanLead(r Row) (*site.Lead, error) {
	var l site.Lead
	var owner sql.NullInt64
	var ownerName sql.NullString
	err := r.Scan(&l.ID, &l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest,
		&l.ProjectDetails, ScanTime(&l.CreatedAt), &l.Page, &l.Referrer, &l.UTMSource, &l.UTMMedium, &l.UTMCampaign,
		&l.UTMTerm, &l.UTMContent, &l.Status, &l.Notes, &l.Spam, &l.SpamReason, ScanTime(&l.UpdatedAt), &l.ConsentText, &l.ConsentVersion,
		&l.LandingPage, s.d.ScanList(&l.PagesRead), &owner, &ownerName, ScanNullTime(&l.DueAt), ScanNullTime(&l.FirstResponseAt))
	if owner.Valid {
		l.OwnerID, l.OwnerName = &owner.Int64, ownerName.String
	}
	l.Deliveries = []*site.Delivery{}
	return l.Labelled(), err
}

// scanLeads reads every row of rows, closing them.
func (s *Store) scanLeads(rows *sql.Rows, err error) ([]*site.Lead, error) {
	if err != nil {
		return nil, err
	}
	return ScanAll(rows, s.scanLead)
}

// deliveryColumns are those of an outbox row; a subscriber's has no lead
// (0).
const deliveryColumns = `id, COALESCE(lead_id, 0), kind, channel, target, user_id, status, attempts, last_error, next_attempt_at, sent_at, created_at,
	meeting_id, manage_token, subscriber_id, unsubscribe_token, application_id`

func scanDelivery(r Row) (*site.Delivery, error) {
	var d site.Delivery
	var user, meeting, subscriber, application sql.NullInt64
	err := r.Scan(&d.ID, &d.LeadID, &d.Kind, &d.Channel, &d.Target, &user, &d.Status, &d.Attempts, &d.LastError,
		ScanNullTime(&d.NextAttemptAt), ScanNullTime(&d.SentAt), ScanTime(&d.CreatedAt), &meeting, &d.ManageToken,
		&subscriber, &d.UnsubscribeToken, &application)
	if application.Valid {
		d.ApplicationID = &application.Int64
	}
	if user.Valid {
		d.UserID = &user.Int64
	}
	if meeting.Valid {
		d.MeetingID = &meeting.Int64
	}
	if subscriber.Valid {
		d.SubscriberID = &subscriber.Int64
	}
	return &d, err
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
	earlier, err := s.scanLeads(tx.QueryContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions
		WHERE email = ? AND created_at >= ? ORDER BY created_at DESC, id DESC`), in.Email, s.d.Time(site.DuplicateSince(now))))
	if err != nil {
		return nil, false, err
	}
	for _, e := range earlier {
		if in.Repeats(e, now) {
			// The repeat's answer carries a new booking token: it
			// replaces the earlier one, unless that was spent.
			if in.BookingTokenHash != "" {
				if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE contact_submissions SET booking_token = ?,
					booking_token_expires_at = ? WHERE id = ? AND booking_token <> ''`), in.BookingTokenHash,
					s.nullTime(in.BookingTokenExpiresAt), e.ID); err != nil {
					return nil, false, err
				}
			}
			if err := s.attachDeliveries(ctx, tx, []*site.Lead{e}); err != nil {
				return nil, false, err
			}
			return e, false, nil
		}
	}
	settings, err := s.getLeadSettings(ctx, tx)
	if err != nil {
		return nil, false, err
	}
	var owner *int64
	if !in.Spam {
		if owner, err = s.assignOwner(ctx, tx, in.AISolutionInterest); err != nil {
			return nil, false, err
		}
	}
	out, err := s.scanLead(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO contact_submissions (first_name, last_name, email, company,
		job_title, ai_solution_interest, project_details, created_at, page, referrer, utm_source, utm_medium,
		utm_campaign, utm_term, utm_content, status, notes, spam, spam_reason, updated_at, search_text,
		consent_text, consent_version, landing_page, pages_read, owner_id, due_at, booking_token, booking_token_expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+leadColumns),
		in.FirstName, in.LastName, in.Email, in.Company, in.JobTitle, in.AISolutionInterest, in.ProjectDetails,
		s.d.Time(now), in.Page, in.Referrer, in.UTMSource, in.UTMMedium, in.UTMCampaign, in.UTMTerm, in.UTMContent,
		in.InitialStatus(), in.Notes, s.d.Bool(in.Spam), in.SpamReason, s.d.Time(now), in.SearchText(), in.ConsentText, in.ConsentVersion,
		in.LandingPage, s.d.List(in.PagesRead), owner, s.d.Time(settings.DueAt(now).Truncate(s.d.Precision())),
		in.BookingTokenHash, s.nullTime(in.BookingTokenExpiresAt)))
	if err != nil {
		return nil, false, err
	}
	plan := site.NewLeadDeliveries(out, settings)
	staff, err := s.staffDeliveries(ctx, tx, out, settings)
	if err != nil {
		return nil, false, err
	}
	if out.Deliveries, err = s.queueDeliveries(ctx, tx, out.ID, append(plan, staff...), now); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// queueDeliveries adds the planned deliveries of lead id, due at now or
// at their own time.
func (s *Store) queueDeliveries(ctx context.Context, tx *sql.Tx, id int64, plan []site.Delivery, now time.Time) ([]*site.Delivery, error) {
	list := []*site.Delivery{}
	for _, p := range plan {
		due := now
		if p.NextAttemptAt != nil {
			due = p.NextAttemptAt.UTC().Truncate(s.d.Precision())
		}
		d, err := scanDelivery(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO lead_deliveries (lead_id, kind, channel, target, user_id,
			status, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+deliveryColumns),
			id, cmp.Or(p.Kind, site.KindLead), p.Channel, p.Target, p.UserID, p.Status, s.d.Time(due), s.d.Time(now)))
		if err != nil {
			return nil, err
		}
		list = append(list, d)
	}
	return list, nil
}

// UpdateLead changes a lead; taking it out of spam queues its
// notifications.
func (s *Store) UpdateLead(ctx context.Context, id int64, upd site.LeadUpdate) (*site.Lead, error) {
	var out *site.Lead
	now := s.nowUTC()
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		l, err := s.scanLead(tx.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`+s.d.ForUpdate()), id))
		if err != nil {
			return err
		}
		if upd.Owner != nil && *upd.Owner != 0 && (l.OwnerID == nil || *l.OwnerID != *upd.Owner) {
			if err := s.checkOwner(ctx, tx, *upd.Owner); err != nil {
				return err
			}
		}
		responds := l.Responds(upd.By.UserID, upd)
		if responds {
			l.FirstResponseAt = &now
		}
		changes := upd.Changes(l)
		before := l.OwnerID
		unspam := upd.Apply(l)
		if unspam && l.OwnerID == nil {
			if l.OwnerID, err = s.assignOwner(ctx, tx, l.AISolutionInterest); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE contact_submissions SET status = ?, notes = ?, spam = ?, spam_reason = ?,
			updated_at = ?, owner_id = ?, first_response_at = ? WHERE id = ?`), l.Status, l.Notes, s.d.Bool(l.Spam), l.SpamReason,
			s.d.Time(now), l.OwnerID, s.nullTime(l.FirstResponseAt), id); err != nil {
			return err
		}
		// The timeline records the change in the same transaction.
		for _, a := range changes {
			if _, err := s.insertActivity(ctx, tx, a, now); err != nil {
				return err
			}
		}
		if unspam {
			settings, err := s.getLeadSettings(ctx, tx)
			if err != nil {
				return err
			}
			staff, err := s.staffDeliveries(ctx, tx, l, settings)
			if err != nil {
				return err
			}
			if _, err := s.queueDeliveries(ctx, tx, id, append(site.NewLeadDeliveries(l, settings), staff...), now); err != nil {
				return err
			}
		} else if !l.Spam && !sameOwner(before, l.OwnerID) {
			if err := s.handOver(ctx, tx, l, now); err != nil {
				return err
			}
		}
		if responds {
			if err := s.withdrawReminders(ctx, tx, id); err != nil {
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
		l, err := s.scanLead(tx.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`), id))
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

// DeleteLeadsBefore deletes the leads created before t; their deliveries
// go with them.
func (s *Store) DeleteLeadsBefore(ctx context.Context, t time.Time) (int, error) {
	n, err := s.execTx(ctx, `DELETE FROM contact_submissions WHERE created_at < ?`, s.d.Time(t))
	if err != nil {
		return 0, s.Fail(ctx, "delete old leads", "Lead", err)
	}
	return int(n), nil
}

// getLeadSettings reads the lead settings through q.
func (s *Store) getLeadSettings(ctx context.Context, q Querier) (*site.LeadSettings, error) {
	var st site.LeadSettings
	err := q.QueryRowContext(ctx, `SELECT notification_emails, webhook_url, webhook_secret, retention_months,
		response_hours, business_hours_only, time_zone FROM lead_settings WHERE id = 1`).Scan(s.d.ScanList(&st.NotificationEmails),
		&st.WebhookURL, &st.WebhookSecret, &st.RetentionMonths, &st.ResponseHours, &st.BusinessHoursOnly, &st.TimeZone)
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// GetLeadSettings reads the lead settings.
func (s *Store) GetLeadSettings(ctx context.Context) (*site.LeadSettings, error) {
	return retried(ctx, s, "get lead settings", "Lead settings", func() (*site.LeadSettings, error) {
		return s.getLeadSettings(ctx, s.read)
	})
}

// UpdateLeadSettings replaces the lead settings.
func (s *Store) UpdateLeadSettings(ctx context.Context, st *site.LeadSettings) (*site.LeadSettings, error) {
	var out *site.LeadSettings
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE lead_settings SET notification_emails = ?, webhook_url = ?, webhook_secret = ?,
			retention_months = ?, response_hours = ?, business_hours_only = ?, time_zone = ?, updated_at = ? WHERE id = 1`),
			s.d.List(st.NotificationEmails), st.WebhookURL, st.WebhookSecret, st.RetentionMonths,
			cmp.Or(st.ResponseHours, site.DefaultResponseHours), s.d.Bool(st.BusinessHoursOnly), cmp.Or(st.TimeZone, site.DefaultTimeZone),
			s.d.Time(s.now()))); err != nil {
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
