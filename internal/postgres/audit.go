package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// AddAuditEntry appends an entry to the audit log, in a transaction of its
// own: a request's pending entry is not added with it.
func (db *DB) AddAuditEntry(ctx context.Context, e *site.AuditEntry) error {
	n := *e
	err := db.inTx(site.WithoutPendingAudit(ctx), func(tx pgx.Tx) error {
		return db.insertAuditEntry(ctx, tx, &n)
	})
	if err != nil {
		return storeError("add audit entry", err)
	}
	*e = n
	return nil
}

// insertAuditEntry inserts e, normalized, in tx, and sets its id and time:
// the twin of sqlstore.Store.InsertAuditEntry for inTx, the bridge of the
// methods still on pgx.
func (db *DB) insertAuditEntry(ctx context.Context, tx pgx.Tx, e *site.AuditEntry) error {
	if err := e.Check(); err != nil {
		return err
	}
	n := e.Normalize()
	if n.At.IsZero() {
		n.At = db.now()
	}
	n.At = n.At.UTC().Truncate(time.Microsecond)
	if err := tx.QueryRow(ctx, `INSERT INTO audit_log (at, user_id, username, addr, action, target, detail, subject)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		n.At, n.UserID, n.Username, n.Addr, n.Action, n.Target, n.Detail, n.Subject).Scan(&n.ID); err != nil {
		return err
	}
	*e = n
	return nil
}

// auditWhere is the WHERE clause of f and its arguments.
func auditWhere(f site.AuditFilter) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if f.Username != "" {
		add("lower(username) = lower($%d)", f.Username)
	}
	if f.Action != "" {
		add("action = $%d", f.Action)
	}
	if !f.From.IsZero() {
		add("at >= $%d", f.From)
	}
	if !f.To.IsZero() {
		add("at < $%d", f.To)
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
	var total int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM audit_log`+where, args...).Scan(&total); err != nil {
		return nil, 0, storeError("count audit entries", err)
	}
	q := `SELECT id, at, user_id, username, addr, action, target, detail, subject FROM audit_log` + where + ` ORDER BY at DESC, id DESC`
	if f.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d OFFSET %d", f.Limit, max(f.Offset, 0))
	}
	rows, err := db.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, 0, storeError("find audit entries", err)
	}
	defer rows.Close()
	out := []*site.AuditEntry{}
	for rows.Next() {
		e := &site.AuditEntry{}
		if err := rows.Scan(&e.ID, &e.At, &e.UserID, &e.Username, &e.Addr, &e.Action, &e.Target, &e.Detail, &e.Subject); err != nil {
			return nil, 0, storeError("scan audit entry", err)
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, storeError("find audit entries", err)
	}
	return out, total, nil
}

// DeleteAuditEntriesBefore deletes the entries older than t.
func (db *DB) DeleteAuditEntriesBefore(ctx context.Context, t time.Time) (int, error) {
	tag, err := db.pool.Exec(ctx, `DELETE FROM audit_log WHERE at < $1`, t)
	if err != nil {
		return 0, storeError("delete old audit entries", err)
	}
	return int(tag.RowsAffected()), nil
}
