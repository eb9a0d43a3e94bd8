package postgres

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// retryOnConnError runs fn, and once more when it failed because its
// connection broke (the server restarted, a proxy or an administrator
// closed it). What broke one connection of the pool has most likely broken
// the others that sat idle beside it, so the pool is reset first: the
// second try runs on a new connection. Only operations that are safe to
// repeat use it: reads, and lead inserts, which recognise a lead already
// stored as a duplicate.
func (db *DB) retryOnConnError(ctx context.Context, fn func() error) error {
	err := fn()
	if err != nil && ctx.Err() == nil && isConnError(err) {
		db.pool.Reset()
		err = fn()
	}
	return err
}

// isConnError reports whether err means the connection is unusable, rather
// than that the statement failed.
func isConnError(err error) bool {
	if pgconn.SafeToRetry(err) || errors.Is(err, driver.ErrBadConn) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Class 08 is "connection exception"; 57P01 to 57P03 are the
		// server shutting down or not yet accepting connections.
		return strings.HasPrefix(pe.Code, "08") || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03"
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		(errors.As(err, &ne) && !ne.Timeout())
}
