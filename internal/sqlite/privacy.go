package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

// auditAbout is the condition of the audit entries about an address: its
// subject, or the username a failed sign-in tried.
const auditAbout = `(subject = ?1 OR (user_id IS NULL AND lower(username) = ?1))`

// FindPersonalData returns what is held about the address (lower-cased).
func (db *DB) FindPersonalData(ctx context.Context, email string) (*site.PersonalData, error) {
	out := &site.PersonalData{Email: email, Leads: []*site.Lead{}, AuditEntries: []*site.AuditEntry{}}
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+leadColumns+` FROM contact_submissions WHERE lower(email) = ? ORDER BY created_at DESC, id DESC`, email)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlite: find personal data: %w", err)
		}
		out.Leads = append(out.Leads, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	if err := attachDeliveries(ctx, tx, out.Leads); err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	arows, err := tx.QueryContext(ctx, `SELECT id, at, user_id, username, addr, action, target, detail, subject FROM audit_log
		WHERE `+auditAbout+` ORDER BY at DESC, id DESC`, email)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	defer arows.Close()
	for arows.Next() {
		e := &site.AuditEntry{}
		var uid sql.NullInt64
		if err := arows.Scan(&e.ID, sqlstore.ScanTime(&e.At), &uid, &e.Username, &e.Addr, &e.Action, &e.Target, &e.Detail, &e.Subject); err != nil {
			return nil, fmt.Errorf("sqlite: find personal data: %w", err)
		}
		if uid.Valid {
			e.UserID = &uid.Int64
		}
		out.AuditEntries = append(out.AuditEntries, e)
	}
	if err := arows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM login_failures WHERE lower(username) = ?`, email).Scan(&out.LoginAttempts); err != nil {
		return nil, fmt.Errorf("sqlite: find personal data: %w", err)
	}
	return out, nil
}

// ErasePersonalData deletes and blanks what is held about the address.
func (db *DB) ErasePersonalData(ctx context.Context, email string) (*site.Erasure, error) {
	out := &site.Erasure{}
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM lead_deliveries WHERE lead_id IN
			(SELECT id FROM contact_submissions WHERE lower(email) = ?)`, email).Scan(&out.Deliveries); err != nil {
			return err
		}
		// The deliveries go with their leads (ON DELETE CASCADE).
		for _, st := range []struct {
			n   *int
			sql string
		}{
			{&out.Leads, `DELETE FROM contact_submissions WHERE lower(email) = ?1`},
			{&out.AuditEntries, `UPDATE audit_log SET subject = '', detail = '',
				username = CASE WHEN user_id IS NULL AND lower(username) = ?1 THEN '' ELSE username END WHERE ` + auditAbout},
			{&out.LoginAttempts, `DELETE FROM login_failures WHERE lower(username) = ?1`},
			{new(int), `DELETE FROM login_throttle WHERE lower(username) = ?1`},
		} {
			res, err := tx.ExecContext(ctx, st.sql, email)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			*st.n = int(n)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: erase personal data: %w", err)
	}
	return out, nil
}

// Compact moves the write-ahead log into the database file, rewrites the
// file without the pages that held deleted rows (VACUUM), and empties the
// log again, so that no erased byte is left in site.db or site.db-wal.
func (db *DB) Compact(ctx context.Context) error {
	for _, q := range []string{`PRAGMA wal_checkpoint(TRUNCATE)`, `VACUUM`, `PRAGMA wal_checkpoint(TRUNCATE)`} {
		if _, err := db.write.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("sqlite: compact: %s: %w", q, err)
		}
	}
	return nil
}
