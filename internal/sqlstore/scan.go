package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// timeValue scans a timestamp column into a time.Time in UTC: a time the
// driver read, or the text SQLite keeps.
type timeValue struct{ t *time.Time }

// Scan implements sql.Scanner.
func (v timeValue) Scan(src any) error {
	var s string
	switch x := src.(type) {
	case nil:
		*v.t = time.Time{}
		return nil
	case time.Time:
		*v.t = x.UTC()
		return nil
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return fmt.Errorf("cannot scan %T into a time", src)
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fmt.Errorf("bad time %q: %w", s, err)
	}
	*v.t = t.UTC()
	return nil
}

// nullTimeValue scans a nullable timestamp column into a *time.Time.
type nullTimeValue struct{ t **time.Time }

// Scan implements sql.Scanner.
func (v nullTimeValue) Scan(src any) error {
	if src == nil {
		*v.t = nil
		return nil
	}
	var t time.Time
	if err := (timeValue{&t}).Scan(src); err != nil {
		return err
	}
	*v.t = &t
	return nil
}

// ScanTime is the destination of a timestamp column read into *t.
func ScanTime(t *time.Time) sql.Scanner { return timeValue{t} }

// ScanNullTime is the destination of a nullable timestamp column read into
// *t.
func ScanNullTime(t **time.Time) sql.Scanner { return nullTimeValue{t} }

// Row is a row to scan: a *sql.Row, or *sql.Rows at its current row.
type Row = interface{ Scan(...any) error }

// ScanAll reads every row of rows with scan and closes them: an empty list
// when there are none, so that the API sends [].
func ScanAll[T any](rows *sql.Rows, scan func(Row) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// scanEach runs the read query through q, with LIMIT and OFFSET when limit
// is set, and gives each row, read with scan, to fn as it comes: for lists
// too long to hold at once.
func scanEach[T any](ctx context.Context, s *Store, q Querier, query string, args []any, limit, offset int, scan func(Row) (T, error), fn func(T) error) error {
	if limit > 0 {
		query += ` LIMIT ? OFFSET ?`
		args = append(args, limit, offset)
	}
	rows, err := q.QueryContext(ctx, s.rebind(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return rows.Err()
}

// queryAll runs the read q on the read handle, once more when it failed as
// a read may be repeated, and reads every row with scan.
func queryAll[T any](ctx context.Context, s *Store, scan func(Row) (T, error), q string, args ...any) (out []T, err error) {
	err = s.retry(ctx, func() error {
		rows, err := s.read.QueryContext(ctx, s.rebind(q), args...)
		if err != nil {
			return err
		}
		out, err = ScanAll(rows, scan)
		return err
	})
	return out, err
}

// queryOne runs the read q on the read handle, once more when it failed as
// a read may be repeated, and reads its one row with scan.
func queryOne[T any](ctx context.Context, s *Store, scan func(Row) (T, error), q string, args ...any) (out T, err error) {
	err = s.retry(ctx, func() error {
		out, err = scan(s.read.QueryRowContext(ctx, s.rebind(q), args...))
		return err
	})
	return out, err
}
