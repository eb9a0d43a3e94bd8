package sqlstore

import (
	"context"
	"database/sql"

	"meridian/internal/site"
)

// auditAbout is the condition of the audit entries about an address, the
// statement's one parameter: its subject, or the username a failed
// sign-in tried.
const auditAbout = `(subject = ? OR (user_id IS NULL AND lower(username) = ?))`

// FindPersonalData returns what is held about the address (lower-cased).
func (s *Store) FindPersonalData(ctx context.Context, email string) (*site.PersonalData, error) {
	return retried(ctx, s, "find personal data", "Personal data", func() (*site.PersonalData, error) {
		return s.findPersonalData(ctx, email)
	})
}

func (s *Store) findPersonalData(ctx context.Context, email string) (*site.PersonalData, error) {
	out := &site.PersonalData{Email: email, Leads: []*site.Lead{}, Subscribers: []*site.Subscriber{}, Applications: []*site.Application{},
		AuditEntries: []*site.AuditEntry{}}
	tx, err := s.readTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if out.Leads, err = s.scanLeads(tx.QueryContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions
		WHERE lower(email) = ? ORDER BY created_at DESC, id DESC`), email)); err != nil {
		return nil, err
	}
	if err := s.attachDeliveries(ctx, tx, out.Leads); err != nil {
		return nil, err
	}
	if err := s.attachActivity(ctx, tx, out.Leads); err != nil {
		return nil, err
	}
	// The newsletter keeps addresses lower-cased.
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE email = ?`), email)
	if err != nil {
		return nil, err
	}
	if out.Subscribers, err = ScanAll(rows, scanSubscriber); err != nil {
		return nil, err
	}
	if err := s.attachSubscriberDeliveries(ctx, tx, out.Subscribers); err != nil {
		return nil, err
	}
	rows, err = tx.QueryContext(ctx, s.rebind(`SELECT `+applicationColumns+`, cv FROM applications
		WHERE lower(email) = ? ORDER BY id DESC`), email)
	if err != nil {
		return nil, err
	}
	if out.Applications, err = ScanAll(rows, scanApplicationWithCV); err != nil {
		return nil, err
	}
	if err := s.attachApplicationActivity(ctx, tx, out.Applications); err != nil {
		return nil, err
	}
	rows, err = tx.QueryContext(ctx, s.rebind(`SELECT `+auditColumns+` FROM audit_log
		WHERE `+auditAbout+` ORDER BY at DESC, id DESC`), email, email)
	if err != nil {
		return nil, err
	}
	if out.AuditEntries, err = ScanAll(rows, scanAuditEntry); err != nil {
		return nil, err
	}
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM login_failures WHERE lower(username) = ?`), email).Scan(&out.LoginAttempts); err != nil {
		return nil, err
	}
	return out, nil
}

// ErasePersonalData deletes and blanks what is held about the address.
func (s *Store) ErasePersonalData(ctx context.Context, email string) (*site.Erasure, error) {
	out := &site.Erasure{}
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM lead_deliveries WHERE lead_id IN
			(SELECT id FROM contact_submissions WHERE lower(email) = ?) OR subscriber_id IN
			(SELECT id FROM subscribers WHERE email = ?) OR application_id IN
			(SELECT id FROM applications WHERE lower(email) = ?)`), email, email, email).Scan(&out.Deliveries); err != nil {
			return err
		}
		// The deliveries and the timelines go with their leads and
		// applications, and a subscriber's deliveries with it (ON DELETE
		// CASCADE).
		for _, st := range []struct {
			n    *int
			sql  string
			args []any
		}{
			{&out.Leads, `DELETE FROM contact_submissions WHERE lower(email) = ?`, []any{email}},
			{&out.Subscribers, `DELETE FROM subscribers WHERE email = ?`, []any{email}},
			{&out.Applications, `DELETE FROM applications WHERE lower(email) = ?`, []any{email}},
			{&out.AuditEntries, `UPDATE audit_log SET subject = '', detail = '',
				username = CASE WHEN user_id IS NULL AND lower(username) = ? THEN '' ELSE username END WHERE ` + auditAbout,
				[]any{email, email, email}},
			{&out.LoginAttempts, `DELETE FROM login_failures WHERE lower(username) = ?`, []any{email}},
			{new(int), `DELETE FROM login_throttle WHERE lower(username) = ?`, []any{email}},
		} {
			n, err := affected(tx.ExecContext(ctx, s.rebind(st.sql), st.args...))
			if err != nil {
				return err
			}
			*st.n = int(n)
		}
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "erase personal data", "Personal data", err)
	}
	return out, nil
}
