package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"meridian/internal/site"
)

// withTx runs fn in one immediate transaction on the write connection and
// commits when fn succeeds.
func (db *DB) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// isUnique reports whether err is a violated UNIQUE constraint.
func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// mustAffect turns an UPDATE or DELETE that touched no row into ENOTFOUND.
func mustAffect(res sql.Result, what string) error {
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
func notFound(err error, what, op string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	var se *site.Error
	if errors.As(err, &se) {
		return err
	}
	return fmt.Errorf("sqlite: %s: %w", op, err)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func activeClause(f site.ListFilter) string {
	if f.ActiveOnly {
		return " WHERE is_active = 1"
	}
	return ""
}

// rowScanner is what *sql.Row and *sql.Rows have in common.
type rowScanner interface {
	Scan(dest ...any) error
}
