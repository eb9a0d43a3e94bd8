package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// auditAbout is the condition of the audit entries about an address: its
// subject, or the username a failed sign-in tried.
const auditAbout = `(subject = $1 OR (user_id IS NULL AND lower(username) = $1))`

// FindPersonalData returns what is held about the address (lower-cased).
func (db *DB) FindPersonalData(ctx context.Context, email string) (*site.PersonalData, error) {
	out := &site.PersonalData{Email: email, Leads: []*site.Lead{}, AuditEntries: []*site.AuditEntry{}}
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE lower(email) = $1 ORDER BY created_at DESC, id DESC`, email)
		if err != nil {
			return err
		}
		leads, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Lead, error) { return scanLead(r) })
		if err != nil {
			return err
		}
		out.Leads = append(out.Leads, leads...)
		if err := attachDeliveries(ctx, tx, out.Leads); err != nil {
			return err
		}
		arows, err := tx.Query(ctx, `SELECT id, at, user_id, username, addr, action, target, detail, subject FROM audit_log
			WHERE `+auditAbout+` ORDER BY at DESC, id DESC`, email)
		if err != nil {
			return err
		}
		entries, err := pgx.CollectRows(arows, func(r pgx.CollectableRow) (*site.AuditEntry, error) {
			e := &site.AuditEntry{}
			err := r.Scan(&e.ID, &e.At, &e.UserID, &e.Username, &e.Addr, &e.Action, &e.Target, &e.Detail, &e.Subject)
			e.At = e.At.UTC()
			return e, err
		})
		if err != nil {
			return err
		}
		out.AuditEntries = append(out.AuditEntries, entries...)
		return tx.QueryRow(ctx, `SELECT count(*) FROM login_failures WHERE lower(username) = $1`, email).Scan(&out.LoginAttempts)
	})
	if err != nil {
		return nil, storeError("find personal data", err)
	}
	return out, nil
}

// ErasePersonalData deletes and blanks what is held about the address.
func (db *DB) ErasePersonalData(ctx context.Context, email string) (*site.Erasure, error) {
	out := &site.Erasure{}
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM lead_deliveries WHERE lead_id IN
			(SELECT id FROM contact_submissions WHERE lower(email) = $1)`, email).Scan(&out.Deliveries); err != nil {
			return err
		}
		// The deliveries go with their leads (ON DELETE CASCADE).
		for _, st := range []struct {
			n   *int
			sql string
		}{
			{&out.Leads, `DELETE FROM contact_submissions WHERE lower(email) = $1`},
			{&out.AuditEntries, `UPDATE audit_log SET subject = '', detail = '',
				username = CASE WHEN user_id IS NULL AND lower(username) = $1 THEN '' ELSE username END WHERE ` + auditAbout},
			{&out.LoginAttempts, `DELETE FROM login_failures WHERE lower(username) = $1`},
			{new(int), `DELETE FROM login_throttle WHERE lower(username) = $1`},
		} {
			tag, err := tx.Exec(ctx, st.sql, email)
			if err != nil {
				return err
			}
			*st.n = int(tag.RowsAffected())
		}
		return nil
	})
	if err != nil {
		return nil, storeError("erase personal data", err)
	}
	return out, nil
}

// Compact vacuums the tables an erasure touches, so that the space of the
// deleted rows is reclaimed rather than left as dead tuples.
func (db *DB) Compact(ctx context.Context) error {
	if _, err := db.pool.Exec(ctx, `VACUUM contact_submissions, lead_deliveries, audit_log, login_failures, login_throttle`); err != nil {
		return storeError("compact", err)
	}
	return nil
}
