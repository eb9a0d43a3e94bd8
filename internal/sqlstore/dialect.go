// Package sqlstore is the site's store, written once over database/sql for
// SQLite and PostgreSQL: the transaction of every write, the records of
// every entity and their revisions, leads and their outbox, users,
// sessions, two-factor, invitations, the audit log, the logs of 404s and
// redirects, preview links and the sign-in throttle. What differs between SQLite and PostgreSQL is
// a Dialect, which each store's package implements beside its own code.
package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
)

// Dialect is what the shared statements need to know of one database.
type Dialect interface {
	// Placeholder is the n-th (from 1) parameter of a statement: "?" or "$n".
	Placeholder(n int) string
	// Time is the argument that stores t in a timestamp column.
	Time(t time.Time) any
	// Precision is the precision of a stored timestamp.
	Precision() time.Duration
	// Bool is the argument that stores b in a boolean column.
	Bool(b bool) any
	// ForUpdate ends a SELECT that locks the rows it reads until the
	// transaction ends ("" on a database with a single writer).
	ForUpdate() string
	// ForKeyShare ends a SELECT that keeps the rows it reads from being
	// deleted until the transaction ends.
	ForKeyShare() string
	// InsertWithID is what goes between an INSERT's column list and its
	// VALUES to store an id of the caller's in a generated id column.
	InsertWithID() string
	// SkipLocked ends a SELECT that locks the rows it reads until the
	// transaction ends and passes over those another transaction holds
	// ("" on a database with a single writer).
	SkipLocked() string
	// Contains is the condition that the text column col holds the one
	// parameter it takes.
	Contains(col string) string
	// EqualFold is the condition that the text column col equals the one
	// parameter it takes in any case, as the column's index compares.
	EqualFold(col string) string
	// Greatest is the larger of the expressions a and b.
	Greatest(a, b string) string
	// MediaBlobsNamed is a SELECT of one column, h, of the hashes of the
	// blobs the media items name, live or in their history: each item's
	// and each media revision's original, and the hash in each variant's
	// address (/media/{hash}.{ext}). It reads JSON, which each database
	// reads its own way.
	MediaBlobsNamed() string
	// List is the argument that stores a list of texts in a list column;
	// ScanList the destination that reads one into *dst.
	List(v []string) any
	ScanList(dst *[]string) sql.Scanner
	// IDIn is the condition that col is one of n ids, which the caller
	// passes as IDArgs returns them.
	IDIn(col string, n int) string
	IDArgs(ids []int64) []any
	// References lists the single-column foreign keys of table.
	References(ctx context.Context, q Querier, table string) ([]Reference, error)
	// Violation describes err when it is a violated constraint; nil
	// otherwise.
	Violation(err error) *Violation
	// CannotSave reports whether err says the database cannot take writes
	// now (a full or read-only disk, a lost connection).
	CannotSave(err error) bool
	// Changes is a count that grows with each row tx writes; before is its
	// value at the start of the transaction, had without a query when the
	// database can.
	Changes(ctx context.Context, tx *sql.Tx) (int64, error)
	ChangesBefore(ctx context.Context, tx *sql.Tx) (int64, error)
	// Lock takes the lock called name, shared or alone, until tx ends; a
	// database with a single writer needs none.
	Lock(ctx context.Context, tx *sql.Tx, name string, shared bool) error
}

// Reference is a foreign key of one column.
type Reference struct {
	// Column is the referring column.
	Column string
	// Table is the referenced table, quoted for a statement, and To its
	// column.
	Table, To string
	// SetNull is true when deleting the referenced row sets Column to NULL.
	SetNull bool
}

// Querier is what *sql.DB and *sql.Tx have in common.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Question is the placeholder of SQLite.
func Question(int) string { return "?" }

// Dollar is the placeholder of PostgreSQL.
func Dollar(n int) string { return "$" + strconv.Itoa(n) }

// rebind turns each ? of q, outside quoted text, into the dialect's
// placeholder; q unchanged when they are the same.
func rebind(d Dialect, q string) string {
	if d.Placeholder(1) == "?" || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	var quote byte
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteString(d.Placeholder(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Quote quotes a column or table name: one column is called "order".
func Quote(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
