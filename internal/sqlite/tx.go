package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"meridian/internal/site"
)

// inTx runs fn in one immediate transaction on the write connection and
// commits when fn succeeds. Every write goes through it, so that a
// database that cannot save is told here, once, as site.CannotSave.
//
// The request's pending audit entry (site.PendingAudit) is added here too,
// in the transaction of the write it records, before the commit.
func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return cannotSave(err)
	}
	defer tx.Rollback()
	audit := site.PendingAuditOf(ctx)
	var changes int64
	if audit != nil && !audit.Written() {
		if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&changes); err != nil {
			return cannotSave(err)
		}
	}
	if err := fn(tx); err != nil {
		return cannotSave(err)
	}
	added, err := db.addPendingAudit(ctx, tx, audit, changes)
	if err != nil {
		return cannotSave(err)
	}
	if err := tx.Commit(); err != nil {
		return cannotSave(err)
	}
	if added {
		audit.Added()
	}
	return nil
}

// addPendingAudit adds the pending entry p in tx when it is due and tx has
// changed a row since the connection's count of changes was before: a
// transaction that changed nothing (a code refused as used already) is
// not the write the entry records.
func (db *DB) addPendingAudit(ctx context.Context, tx *sql.Tx, p *site.PendingAudit, before int64) (bool, error) {
	e := p.Due()
	if e == nil {
		return false, nil
	}
	var after int64
	if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&after); err != nil {
		return false, err
	}
	if after == before {
		return false, nil
	}
	if err := db.insertAuditEntry(ctx, tx, e); err != nil {
		return false, fmt.Errorf("add audit entry: %w", err)
	}
	return true, nil
}

// SQLite's primary result codes of a database that cannot be written for
// now, whatever the write.
const (
	sqliteReadOnly = 8  // SQLITE_READONLY: the file or its disk is read-only
	sqliteIOErr    = 10 // SQLITE_IOERR: the disk failed a read or a write
	sqliteFull     = 13 // SQLITE_FULL: the disk is full
)

// cannotSave turns an error of SQLite's that says the database cannot be
// written now into site.CannotSave, and returns any other as it is.
func cannotSave(err error) error {
	var se interface{ Code() int }
	if errors.As(err, &se) && site.ErrorCode(err) == site.EINTERNAL {
		switch se.Code() & 0xff {
		case sqliteReadOnly, sqliteIOErr, sqliteFull:
			return site.CannotSave(err)
		}
	}
	return err
}

// isUnique reports whether err is a violated UNIQUE constraint.
func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// requireRow turns an UPDATE or DELETE that touched no row into ENOTFOUND.
func requireRow(res sql.Result, what string) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	return nil
}

// notFound maps sql.ErrNoRows to ENOTFOUND and wraps anything else.
func notFound(op string, err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	var se *site.Error
	if errors.As(err, &se) {
		return err
	}
	return cannotSave(fmt.Errorf("sqlite: %s: %w", op, err))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// deleteRow removes the row id of table; ENOTFOUND when there is none.
func (db *DB) deleteRow(ctx context.Context, table string, id int64, what string) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE id = ?`, id)
		if err != nil {
			return err
		}
		return requireRow(res, what)
	})
	if err != nil {
		return notFound("delete from "+table, err, what)
	}
	return nil
}

// rowScanner is what *sql.Row and *sql.Rows have in common.
type rowScanner interface {
	Scan(dest ...any) error
}
