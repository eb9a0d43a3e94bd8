package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"meridian/internal/site"
)

var _ site.ApplicationService = (*Store)(nil)

// applicationColumns are an application's columns but its CV's bytes.
const applicationColumns = `id, position_id, position_title, first_name, last_name, email, phone, url, cover_note,
	cv_name, cv_type, cv_size, consent_text, status, created_at, updated_at`

func scanApplication(r Row) (*site.Application, error) {
	var a site.Application
	err := r.Scan(&a.ID, &a.PositionID, &a.PositionTitle, &a.FirstName, &a.LastName, &a.Email, &a.Phone, &a.URL, &a.CoverNote,
		&a.CVName, &a.CVType, &a.CVSize, &a.ConsentText, &a.Status, ScanTime(&a.CreatedAt), ScanTime(&a.UpdatedAt))
	return &a, err
}

// CreateApplication stores the application for its position, if open,
// with its deliveries: the acknowledgement to the applicant and one
// notification per recruiter with a verified address, all at the
// application's CreatedAt (now when zero).
func (s *Store) CreateApplication(ctx context.Context, a *site.Application) (*site.Application, error) {
	now := a.CreatedAt.UTC().Truncate(s.d.Precision())
	if a.CreatedAt.IsZero() {
		now = s.nowUTC()
	}
	out := *a
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		rec, err := s.findRecord(ctx, tx, site.Positions, a.PositionID, "")
		if err != nil {
			return err
		}
		p := rec.(*site.Position)
		if !p.IsOpen() {
			return site.Errorf(site.EGONE, "%s", site.MsgPositionClosed)
		}
		out.PositionTitle, out.CreatedAt, out.UpdatedAt = p.Title, now, now
		if err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO applications (position_id, position_title, first_name, last_name,
			email, phone, url, cover_note, cv_name, cv_type, cv_size, cv, consent_text, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			out.PositionID, out.PositionTitle, out.FirstName, out.LastName, out.Email, out.Phone, out.URL, out.CoverNote,
			out.CVName, out.CVType, out.CVSize, out.CV, out.ConsentText, out.Status, s.d.Time(now), s.d.Time(now)).Scan(&out.ID); err != nil {
			return err
		}
		queue := func(kind, target string, user *int64) error {
			_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO lead_deliveries (application_id, kind, channel, target, user_id,
				status, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
				out.ID, kind, site.ChannelEmail, target, user, site.DeliveryPending, s.d.Time(now), s.d.Time(now))
			return err
		}
		if err := queue(site.KindApplicationAck, out.Email, nil); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, s.rebind(`SELECT id, email FROM users WHERE role = ? AND status = ?
			AND email <> '' AND email_verified_at IS NOT NULL ORDER BY id`), site.RoleRecruiter, site.UserActive)
		if err != nil {
			return err
		}
		type to struct {
			id    int64
			email string
		}
		recruiters, err := ScanAll(rows, func(r Row) (t to, err error) { return t, r.Scan(&t.id, &t.email) })
		if err != nil {
			return err
		}
		for _, r := range recruiters {
			if err := queue(site.KindApplication, r.email, &r.id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "create application", "Position", err)
	}
	out.CV = nil
	return &out, nil
}

// FindApplications lists the applications of the filter, newest first.
func (s *Store) FindApplications(ctx context.Context, f site.ApplicationFilter) ([]*site.Application, error) {
	var where []string
	var args []any
	if f.PositionID != 0 {
		where, args = append(where, "position_id = ?"), append(args, f.PositionID)
	}
	if f.Status != "" {
		where, args = append(where, "status = ?"), append(args, f.Status)
	}
	q := `SELECT ` + applicationColumns + ` FROM applications`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	out, err := queryAll(ctx, s, scanApplication, q+` ORDER BY id DESC`, args...)
	if err != nil {
		return nil, s.Fail(ctx, "find applications", "Application", err)
	}
	return out, nil
}

// scanApplicationWithCV scans applicationColumns and cv.
func scanApplicationWithCV(r Row) (*site.Application, error) {
	var a site.Application
	err := r.Scan(&a.ID, &a.PositionID, &a.PositionTitle, &a.FirstName, &a.LastName, &a.Email, &a.Phone, &a.URL, &a.CoverNote,
		&a.CVName, &a.CVType, &a.CVSize, &a.ConsentText, &a.Status, ScanTime(&a.CreatedAt), ScanTime(&a.UpdatedAt), &a.CV)
	return &a, err
}

// attachApplicationActivity reads the timelines of list, newest first, in
// one query.
func (s *Store) attachApplicationActivity(ctx context.Context, q Querier, list []*site.Application) error {
	for _, a := range list {
		a.Activity = []*site.ApplicationActivity{}
	}
	return attachEntries(ctx, s, q, applicationEntries, list, func(a *site.Application) int64 { return a.ID },
		func(a *site.Application, e *entry) { a.Activity = append(a.Activity, e.application()) })
}

// FindApplication returns one application with its timeline, without its
// CV.
func (s *Store) FindApplication(ctx context.Context, id int64) (*site.Application, error) {
	return retried(ctx, s, "find application", "Application", func() (*site.Application, error) {
		tx, err := s.readTx(ctx)
		if err != nil {
			return nil, err
		}
		defer tx.Rollback()
		a, err := scanApplication(tx.QueryRowContext(ctx, s.rebind(`SELECT `+applicationColumns+` FROM applications WHERE id = ?`), id))
		if err != nil {
			return nil, err
		}
		return a, s.attachApplicationActivity(ctx, tx, []*site.Application{a})
	})
}

// FindApplicationCV returns one application with its CV.
func (s *Store) FindApplicationCV(ctx context.Context, id int64) (*site.Application, error) {
	a, err := queryOne(ctx, s, scanApplicationWithCV, `SELECT `+applicationColumns+`, cv FROM applications WHERE id = ?`, id)
	if err != nil {
		return nil, s.Fail(ctx, "find application", "Application", err)
	}
	return a, nil
}

// SetApplicationStatus moves the application to status and, when that is
// a change, records it in the application's timeline in the same
// transaction.
func (s *Store) SetApplicationStatus(ctx context.Context, id int64, status string, by site.Actor) (*site.Application, error) {
	var out *site.Application
	now := s.nowUTC()
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var before string
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT status FROM applications WHERE id = ?`+s.d.ForUpdate()), id).Scan(&before); err != nil {
			return err
		}
		var err error
		if out, err = scanApplication(tx.QueryRowContext(ctx, s.rebind(`UPDATE applications SET status = ?, updated_at = ?
			WHERE id = ? RETURNING `+applicationColumns), status, s.d.Time(now), id)); err != nil {
			return err
		}
		if before == status {
			return nil
		}
		e := site.By(by)
		e.From, e.To = before, status
		_, err = s.insertEntry(ctx, tx, applicationEntries, id, site.ActivityStatus, e, now)
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update application", "Application", err)
	}
	return out, nil
}

// AddApplicationActivity adds an entry staff wrote to an application.
func (s *Store) AddApplicationActivity(ctx context.Context, id int64, in site.ActivityInput, by site.Actor, now time.Time) (*site.ApplicationActivity, error) {
	if now.IsZero() {
		now = s.now()
	}
	now = now.UTC().Truncate(s.d.Precision())
	var out *entry
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		// The application must be there, and stay until the entry is in.
		var found int64
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT id FROM applications WHERE id = ?`+s.d.ForUpdate()), id).Scan(&found); err != nil {
			return err
		}
		e := site.By(by)
		e.Text = in.Text
		var err error
		out, err = s.insertEntry(ctx, tx, applicationEntries, id, in.Kind, e, now)
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "add application activity", "Application", err)
	}
	return out.application(), nil
}

// UpdateApplicationActivity changes the text of an entry its author may
// still edit.
func (s *Store) UpdateApplicationActivity(ctx context.Context, id, entryID int64, text string, by site.Actor, now time.Time) (*site.ApplicationActivity, error) {
	e, err := s.updateEntryText(ctx, applicationEntries, site.ApplicationTimeline, id, entryID, text, by, now)
	if err != nil {
		return nil, err
	}
	return e.application(), nil
}

// DeleteApplicationsBefore deletes the applications sent before t; their
// deliveries and timelines go with them (ON DELETE CASCADE).
func (s *Store) DeleteApplicationsBefore(ctx context.Context, t time.Time) (int, error) {
	n, err := s.execTx(ctx, `DELETE FROM applications WHERE created_at < ?`, s.d.Time(t.UTC()))
	if err != nil {
		return 0, s.Fail(ctx, "delete old applications", "Application", err)
	}
	return int(n), nil
}

// GetCareersSettings reads the careers' settings.
func (s *Store) GetCareersSettings(ctx context.Context) (*site.CareersSettings, error) {
	return retried(ctx, s, "get careers settings", "Careers settings", func() (*site.CareersSettings, error) {
		var st site.CareersSettings
		err := s.read.QueryRowContext(ctx, `SELECT retention_months FROM careers_settings WHERE id = 1`).Scan(&st.RetentionMonths)
		return &st, err
	})
}

// UpdateCareersSettings checks and stores the careers' settings.
func (s *Store) UpdateCareersSettings(ctx context.Context, st *site.CareersSettings) (*site.CareersSettings, error) {
	if err := st.Validate(); err != nil {
		return nil, err
	}
	if _, err := s.execTx(ctx, `UPDATE careers_settings SET retention_months = ?, updated_at = ? WHERE id = 1`,
		st.RetentionMonths, s.d.Time(s.nowUTC())); err != nil {
		return nil, s.Fail(ctx, "update careers settings", "Careers settings", err)
	}
	return st, nil
}
