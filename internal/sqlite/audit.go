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

// AddAuditEntry appends an entry to the audit log, in a transaction of its
// own: a request's pending entry is not added with it.
func (db *DB) AddAuditEntry(ctx context.Context, e *site.AuditEntry) error {
	n := *e
	err := db.InTx(site.WithoutPendingAudit(ctx), func(tx *sql.Tx) error {
		return db.InsertAuditEntry(ctx, tx, &n)
	})
	if err != nil {
		return notFound("add audit entry", err, "Audit entry")
	}
	*e = n
	return nil
}

// auditWhere is the WHERE clause of f and its arguments.
func auditWhere(f site.AuditFilter) (string, []any) {
	var conds []string
	var args []any
	if f.Username != "" {
		conds = append(conds, "username = ? COLLATE NOCASE")
		args = append(args, f.Username)
	}
	if f.Action != "" {
		conds = append(conds, "action = ?")
		args = append(args, f.Action)
	}
	if !f.From.IsZero() {
		conds = append(conds, "at >= ?")
		args = append(args, formatTime(f.From))
	}
	if !f.To.IsZero() {
		conds = append(conds, "at < ?")
		args = append(args, formatTime(f.To))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// FindAuditEntries returns a page of the log, newest first, and the count
// of every entry that matches.
func (db *DB) FindAuditEntries(ctx context.Context, f site.AuditFilter) ([]*site.AuditEntry, int, error) {
	where, args := auditWhere(f)
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: find audit entries: %w", err)
	}
	defer tx.Rollback()
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM audit_log`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("sqlite: count audit entries: %w", err)
	}
	q := `SELECT id, at, user_id, username, addr, action, target, detail, subject FROM audit_log` + where + ` ORDER BY at DESC, id DESC`
	if f.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d OFFSET %d", f.Limit, max(f.Offset, 0))
	}
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: find audit entries: %w", err)
	}
	defer rows.Close()
	out := []*site.AuditEntry{}
	for rows.Next() {
		e := &site.AuditEntry{}
		var uid sql.NullInt64
		if err := rows.Scan(&e.ID, sqlstore.ScanTime(&e.At), &uid, &e.Username, &e.Addr, &e.Action, &e.Target, &e.Detail, &e.Subject); err != nil {
			return nil, 0, fmt.Errorf("sqlite: scan audit entry: %w", err)
		}
		if uid.Valid {
			e.UserID = &uid.Int64
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("sqlite: find audit entries: %w", err)
	}
	return out, total, nil
}

// DeleteAuditEntriesBefore deletes the entries older than t.
func (db *DB) DeleteAuditEntriesBefore(ctx context.Context, t time.Time) (int, error) {
	var n int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM audit_log WHERE at < ?`, formatTime(t))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("sqlite: delete old audit entries: %w", err)
	}
	return int(n), nil
}
