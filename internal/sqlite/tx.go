package sqlite

import (
	"database/sql"
	"errors"
	"fmt"

	"meridian/internal/site"
)

// cannotSave turns an error of SQLite's that says the database cannot be
// written now into site.CannotSave, and returns any other as it is.
func cannotSave(err error) error {
	if err == nil || site.ErrorCode(err) != site.EINTERNAL || !(dialect{}).CannotSave(err) {
		return err
	}
	return site.CannotSave(err)
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

// rowScanner is what *sql.Row and *sql.Rows have in common.
type rowScanner interface {
	Scan(dest ...any) error
}
