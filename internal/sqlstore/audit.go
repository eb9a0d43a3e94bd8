package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"meridian/internal/site"
)

const auditColumns = `id, at, user_id, username, addr, action, target, detail, subject`

// scanAuditEntry reads one row of auditColumns.
func scanAuditEntry(r Row) (*site.AuditEntry, error) {
	e := &site.AuditEntry{}
	var uid sql.NullInt64
	if err := r.Scan(&e.ID, ScanTime(&e.At), &uid, &e.Username, &e.Addr, &e.Action, &e.Target, &e.Detail, &e.Subject); err != nil {
		return nil, err
	}
	if uid.Valid {
		e.UserID = &uid.Int64
	}
	return e, nil
}

// AddAuditEntry appends an entry to the audit log, in a transaction of its
// own: a request's pending entry is not added with it.
func (s *Store) AddAuditEntry(ctx context.Context, e *site.AuditEntry) error {
	n := *e
	err := s.InTx(site.WithoutPendingAudit(ctx), func(tx *sql.Tx) error {
		return s.InsertAuditEntry(ctx, tx, &n)
	})
	if err != nil {
		return s.Fail(ctx, "add audit entry", "Audit entry", err)
	}
	*e = n
	return nil
}

// auditWhere is the WHERE clause of f and its arguments.
func (s *Store) auditWhere(f site.AuditFilter) (string, []any) {
	var conds []string
	var args []any
	if f.Username != "" {
		conds = append(conds, s.d.EqualFold("username"))
		args = append(args, f.Username)
	}
	if f.Action != "" {
		conds = append(conds, "action = ?")
		args = append(args, f.Action)
	}
	if !f.From.IsZero() {
		conds = append(conds, "at >= ?")
		args = append(args, s.d.Time(f.From.UTC()))
	}
	if !f.To.IsZero() {
		conds = append(conds, "at < ?")
		args = append(args, s.d.Time(f.To.UTC()))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// FindAuditEntries returns a page of the log, newest first, and the count
// of every entry that matches, both of one snapshot.
func (s *Store) FindAuditEntries(ctx context.Context, f site.AuditFilter) ([]*site.AuditEntry, int, error) {
	where, args := s.auditWhere(f)
	q := `SELECT ` + auditColumns + ` FROM audit_log` + where + ` ORDER BY at DESC, id DESC`
	if f.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d OFFSET %d", f.Limit, max(f.Offset, 0))
	}
	return findPage(ctx, s, "find audit entries", "Audit entry", `SELECT COUNT(*) FROM audit_log`+where, q, args, scanAuditEntry)
}

// DeleteAuditEntriesBefore deletes the entries older than t.
func (s *Store) DeleteAuditEntriesBefore(ctx context.Context, t time.Time) (int, error) {
	n, err := s.execTx(ctx, `DELETE FROM audit_log WHERE at < ?`, s.d.Time(t.UTC()))
	if err != nil {
		return 0, s.Fail(ctx, "delete old audit entries", "Audit entry", err)
	}
	return int(n), nil
}
