package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"meridian/internal/sqlstore"
)

// dialect is what the shared store needs to know of SQLite.
type dialect struct{}

func (dialect) Placeholder(n int) string { return sqlstore.Question(n) }
func (dialect) Time(t time.Time) any     { return formatTime(t) }
func (dialect) Precision() time.Duration { return time.Millisecond }
func (dialect) Bool(b bool) any {
	if b {
		return 1
	}
	return 0
}
func (dialect) ForUpdate() string    { return "" } // the one writer's turn is the lock
func (dialect) ForKeyShare() string  { return "" }
func (dialect) InsertWithID() string { return "" } // AUTOINCREMENT takes an id given
func (dialect) SkipLocked() string   { return "" }
func (dialect) Contains(col string) string {
	return `instr(` + col + `, ?) > 0`
}

func (dialect) EqualFold(col string) string { return col + ` = ? COLLATE NOCASE` }

func (dialect) Greatest(a, b string) string { return `max(` + a + `, ` + b + `)` }

func (dialect) MediaBlobsNamed() string {
	return `SELECT hash AS h FROM media
	UNION SELECT substr(json_extract(v.value, '$.url'), 8, 64) FROM media, json_each(media.variants) AS v
	UNION SELECT json_extract(data, '$.hash') FROM revisions WHERE resource = 'media'
	UNION SELECT substr(json_extract(v.value, '$.url'), 8, 64)
		FROM revisions, json_each(revisions.data, '$.variants') AS v WHERE revisions.resource = 'media'`
}

// List keeps a list of texts as one text, a line each.
func (dialect) List(v []string) any { return strings.Join(v, "\n") }

func (dialect) ScanList(dst *[]string) sql.Scanner { return lines{dst} }

// lines scans a text of lines into a list, empty for "".
type lines struct{ dst *[]string }

// Scan implements sql.Scanner.
func (l lines) Scan(src any) error {
	var s string
	switch x := src.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	case nil:
	default:
		return fmt.Errorf("cannot scan %T into a list", src)
	}
	*l.dst = []string{}
	if s != "" {
		*l.dst = strings.Split(s, "\n")
	}
	return nil
}
func (dialect) IDIn(col string, n int) string {
	return sqlstore.Quote(col) + ` IN (?` + strings.Repeat(`, ?`, n-1) + `)`
}

func (dialect) IDArgs(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

func (dialect) Lock(context.Context, *sql.Tx, string, bool) error { return nil }

// Changes is the count of rows the connection has changed since it opened.
func (dialect) Changes(ctx context.Context, tx *sql.Tx) (int64, error) {
	var n int64
	err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&n)
	return n, err
}

func (d dialect) ChangesBefore(ctx context.Context, tx *sql.Tx) (int64, error) {
	return d.Changes(ctx, tx)
}

// References lists the foreign keys of table from its schema.
func (dialect) References(ctx context.Context, q sqlstore.Querier, table string) ([]sqlstore.Reference, error) {
	rows, err := q.QueryContext(ctx, `SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list(?)`, table)
	if err != nil {
		return nil, err
	}
	return sqlstore.ScanAll(rows, func(row sqlstore.Row) (r sqlstore.Reference, err error) {
		var to sql.NullString
		var onDelete string
		if err := row.Scan(&r.Table, &r.Column, &to, &onDelete); err != nil {
			return r, err
		}
		r.Table, r.To, r.SetNull = sqlstore.Quote(r.Table), "rowid", onDelete == "SET NULL"
		if to.Valid {
			r.To = to.String
		}
		return r, nil
	})
}

// SQLite's extended result codes of the constraints.
const (
	sqliteConstraintCheck      = 275
	sqliteConstraintForeignKey = 787
	sqliteConstraintNotNull    = 1299
	sqliteConstraintPrimaryKey = 1555
	sqliteConstraintUnique     = 2067
)

// Violation reads the constraint from the error's code and the table and
// columns from its text ("UNIQUE constraint failed: pages.slug"); SQLite
// does not say which foreign key failed.
func (dialect) Violation(err error) *sqlstore.Violation {
	var se interface{ Code() int }
	if !errors.As(err, &se) {
		return nil
	}
	v := &sqlstore.Violation{}
	switch se.Code() {
	case sqliteConstraintUnique, sqliteConstraintPrimaryKey:
		v.Kind = sqlstore.Unique
	case sqliteConstraintForeignKey:
		v.Kind = sqlstore.ForeignKey
		return v
	case sqliteConstraintNotNull:
		v.Kind = sqlstore.NotNull
	case sqliteConstraintCheck:
		v.Kind = sqlstore.Check
		// "CHECK constraint failed: status IN ('draft', 'published')":
		// the column the expression starts with.
		expr := afterLast(err.Error(), "constraint failed: ")
		if col, _, _ := strings.Cut(expr, " "); col != "" {
			v.Columns = []string{strings.Trim(col, `"`)}
		}
		return v
	default:
		return nil
	}
	// "UNIQUE constraint failed: content.section, content.key (2067)"
	cols := afterLast(err.Error(), "constraint failed: ")
	cols, _, _ = strings.Cut(cols, " (")
	for _, c := range strings.Split(cols, ", ") {
		table, col, ok := strings.Cut(c, ".")
		if !ok {
			continue
		}
		v.Table = table
		v.Columns = append(v.Columns, col)
	}
	return v
}

// afterLast is what follows the last sep in s.
func afterLast(s, sep string) string {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[i+len(sep):]
	}
	return ""
}

// SQLite's primary result codes of a database that cannot be written for
// now, whatever the write.
const (
	sqliteReadOnly = 8  // SQLITE_READONLY: the file or its disk is read-only
	sqliteIOErr    = 10 // SQLITE_IOERR: the disk failed a read or a write
	sqliteFull     = 13 // SQLITE_FULL: the disk is full
)

// CannotSave reports an error of SQLite's that says the database cannot
// be written now.
func (dialect) CannotSave(err error) bool {
	var se interface{ Code() int }
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqliteReadOnly, sqliteIOErr, sqliteFull:
			return true
		}
	}
	return false
}
