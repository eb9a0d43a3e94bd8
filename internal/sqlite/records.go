package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"meridian/internal/site"
)

// The records of every entity are read and written by the same code: the
// SQL is built from the entity's fields and the values are moved through
// reflection, so that a new entity needs a table and a type, not a store.

// quote quotes a column or table name: one column is called "order".
func quote(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// columns is the quoted column list of every field of e, in field order,
// which is the order scanRecord reads.
func columns(e *site.Entity) string { return columnList(e.Fields()) }

// columnList is the quoted column list of fields, in their order.
func columnList(fields []site.Field) string {
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = quote(f.Column)
	}
	return strings.Join(cols, ", ")
}

// scanRecord reads one row of columns(e) into a new record of e.
func scanRecord(e *site.Entity, r rowScanner) (site.Record, error) {
	return scanFields(e, e.Fields(), r)
}

// scanFields reads one row of columnList(fields) into a new record of e,
// whose other fields keep their defaults.
func scanFields(e *site.Entity, fields []site.Field, r rowScanner) (site.Record, error) {
	rec := e.New()
	dest := make([]any, len(fields))
	for i, f := range fields {
		switch p := site.FieldValue(rec, f).(type) {
		case *time.Time:
			dest[i] = timeValue{p}
		case **time.Time:
			dest[i] = nullTimeValue{p}
		default:
			// database/sql converts 0/1 into a bool and NULL into a nil
			// pointer by itself.
			dest[i] = p
		}
	}
	if err := r.Scan(dest...); err != nil {
		return nil, err
	}
	return rec, nil
}

// fieldArg is the value of f in rec as its column stores it.
func fieldArg(rec site.Record, f site.Field) any {
	switch v := site.FieldValue(rec, f).(type) {
	case *time.Time:
		return formatTime(*v)
	case **time.Time:
		return nullTime(*v)
	case *bool:
		return boolInt(*v)
	}
	v := reflect.ValueOf(rec).Elem().Field(f.Index)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		return v.Elem().Interface()
	}
	return v.Interface()
}

// fieldByColumn returns the field of e stored in col.
func fieldByColumn(e *site.Entity, col string) (site.Field, bool) {
	for _, f := range e.Fields() {
		if f.Column == col {
			return f, true
		}
	}
	return site.Field{}, false
}

// checkRecord reports a record of another type than e's, which would
// otherwise make the reflection read the wrong fields or panic.
func checkRecord(e *site.Entity, rec site.Record) error {
	if rec == nil || reflect.TypeOf(rec) != reflect.TypeOf(e.New()) {
		return fmt.Errorf("%T is not a record of %s", rec, e.Name)
	}
	return nil
}

// stamp fills the time of w from the clock, at the precision the columns
// keep, so that what a write returns equals what a read finds later.
func (db *DB) stamp(w site.Write) site.Write {
	if w.At.IsZero() {
		w.At = db.Now()
	}
	w.At = w.At.UTC().Truncate(time.Millisecond)
	return w
}

// action is the action a revision records: w's when set, else the
// operation's own.
func action(w site.Write, own string) string {
	if w.Action != "" {
		return w.Action
	}
	return own
}

// findRecord reads the record id of e; ENOTFOUND when there is none, other
// errors unwrapped for the caller to wrap once.
func findRecord(ctx context.Context, q querier, e *site.Entity, id int64) (site.Record, error) {
	rec, err := scanRecord(e, q.QueryRowContext(ctx, `SELECT `+columns(e)+` FROM `+quote(e.Table)+` WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, site.Errorf(site.ENOTFOUND, "%s not found.", e.Noun)
	}
	return rec, err
}

// insertRecord inserts rec's client fields as a record of e with the given
// version and times, and returns it as stored. An id of 0 takes a new one;
// any other re-creates a deleted record under its id.
func insertRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record, id int64, version int, created, updated time.Time) (site.Record, error) {
	var cols, marks []string
	var args []any
	if id != 0 {
		cols, marks, args = append(cols, "id"), append(marks, "?"), append(args, id)
	}
	for _, f := range e.Fields() {
		if !f.Generated {
			cols, marks, args = append(cols, quote(f.Column)), append(marks, "?"), append(args, fieldArg(rec, f))
		}
	}
	cols = append(cols, "version", "created_at", "updated_at")
	marks = append(marks, "?", "?", "?")
	args = append(args, version, formatTime(created), formatTime(updated))
	return scanRecord(e, tx.QueryRowContext(ctx, `INSERT INTO `+quote(e.Table)+` (`+strings.Join(cols, ", ")+`)
		VALUES (`+strings.Join(marks, ", ")+`) RETURNING `+columns(e), args...))
}

// updateRecord replaces the client fields of the record id of e with rec's,
// keeping its creation time, and returns it as stored.
func updateRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, id int64, rec site.Record, version int, updated time.Time) (site.Record, error) {
	var sets []string
	var args []any
	for _, f := range e.Fields() {
		if !f.Generated {
			sets, args = append(sets, quote(f.Column)+" = ?"), append(args, fieldArg(rec, f))
		}
	}
	sets = append(sets, "version = ?", "updated_at = ?")
	args = append(args, version, formatTime(updated), id)
	return scanRecord(e, tx.QueryRowContext(ctx, `UPDATE `+quote(e.Table)+` SET `+strings.Join(sets, ", ")+`
		WHERE id = ? RETURNING `+columns(e), args...))
}

// checkVersion refuses a write that started from another version than
// old's, with the record as it is and its latest revision.
func checkVersion(ctx context.Context, tx *sql.Tx, e *site.Entity, old site.Record, w site.Write) error {
	if w.Version == 0 || w.Version == site.RecordVersion(old) {
		return nil
	}
	latest, err := latestRevision(ctx, tx, e, site.RecordID(old))
	if err != nil {
		return err
	}
	return &site.Conflict{Noun: e.Noun, Current: old, Latest: latest}
}

// writeError maps the error of a write of rec: the store's own errors pass,
// a value taken in a unique column is ECONFLICT with the entity's message,
// anything else is wrapped.
func writeError(e *site.Entity, rec site.Record, err error, op string) error {
	var se *site.Error
	var ce *site.Conflict
	if errors.As(err, &ce) || errors.As(err, &se) {
		return err
	}
	if isUnique(err) && rec != nil {
		// "UNIQUE constraint failed: pages.slug (2067)"
		_, cols, _ := strings.Cut(err.Error(), "UNIQUE constraint failed: ")
		cols, _, _ = strings.Cut(cols, " (")
		for _, c := range strings.Split(cols, ", ") {
			col := strings.TrimPrefix(c, e.Table+".")
			f, ok := fieldByColumn(e, col)
			if msg, unique := e.Unique[col]; unique && ok {
				return site.Errorf(site.ECONFLICT, msg, reflect.ValueOf(rec).Elem().Field(f.Index).Interface())
			}
		}
	}
	return fmt.Errorf("sqlite: %s: %w", op, err)
}

// FindRecords returns the records of e in its order, only the active ones
// when f asks and e has an active column, only those matching f.Equal and
// f.IDs, without the columns f.Omit names.
func (db *DB) FindRecords(ctx context.Context, e *site.Entity, f site.ListFilter) ([]site.Record, error) {
	matches, err := e.Matches(f)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find records: %w", err)
	}
	fields, err := e.ListFields(f)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find records: %w", err)
	}
	if f.IDs != nil && len(f.IDs) == 0 {
		return []site.Record{}, nil
	}
	var where []string
	var args []any
	if f.ActiveOnly && e.ActiveColumn != "" {
		where = append(where, quote(e.ActiveColumn)+` = 1`)
	}
	for _, m := range matches {
		where, args = append(where, quote(m.Column)+` = ?`), append(args, m.Value)
	}
	if len(f.IDs) > 0 {
		where = append(where, `id IN (?`+strings.Repeat(`, ?`, len(f.IDs)-1)+`)`)
		for _, id := range f.IDs {
			args = append(args, id)
		}
	}
	q := `SELECT ` + columnList(fields) + ` FROM ` + quote(e.Table)
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	rows, err := db.read.QueryContext(ctx, q+` ORDER BY `+e.OrderBy, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find records: %w", err)
	}
	defer rows.Close()
	recs := []site.Record{}
	for rows.Next() {
		rec, err := scanFields(e, fields, rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find records: %w", err)
		}
		recs = append(recs, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: find records: %w", err)
	}
	return recs, nil
}

// FindRecord returns the record id of e; ENOTFOUND when there is none.
func (db *DB) FindRecord(ctx context.Context, e *site.Entity, id int64) (site.Record, error) {
	rec, err := findRecord(ctx, db.read, e, id)
	if err != nil {
		return nil, notFound("find record", err, e.Noun)
	}
	return rec, nil
}

// CreateRecord stores rec as a new record of e at version 1, with its
// revision.
func (db *DB) CreateRecord(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	if err := checkRecord(e, rec); err != nil {
		return nil, fmt.Errorf("sqlite: create record: %w", err)
	}
	w = db.stamp(w)
	var out site.Record
	err := db.inTx(ctx, func(tx *sql.Tx) (err error) {
		out, err = createRecord(ctx, tx, e, rec, w)
		return err
	})
	if err != nil {
		return nil, writeError(e, rec, err, "create record")
	}
	return out, nil
}

// createRecord inserts rec as a new record of e at version 1, with its
// revision, inside tx; w is stamped.
func createRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	if e.Prepare != nil {
		e.Prepare(rec, nil, &w)
	}
	out, err := insertRecord(ctx, tx, e, rec, 0, 1, w.At, w.At)
	if err != nil {
		return nil, err
	}
	if err := moveRedirects(ctx, tx, e, nil, out, w.At); err != nil {
		return nil, err
	}
	return out, addRevision(ctx, tx, e, out, 1, action(w, site.ActionCreate), w)
}

// UpdateRecord replaces the client fields of the record with rec's id and
// moves its version on, with its revision. The version check and the write
// share the one write connection's transaction, so of two writes from the
// same version exactly one succeeds.
func (db *DB) UpdateRecord(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	if err := checkRecord(e, rec); err != nil {
		return nil, fmt.Errorf("sqlite: update record: %w", err)
	}
	w = db.stamp(w)
	id := site.RecordID(rec)
	var out site.Record
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		old, err := findRecord(ctx, tx, e, id)
		if err != nil {
			return err
		}
		if err := checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		if e.Prepare != nil {
			e.Prepare(rec, old, &w)
		}
		version := site.RecordVersion(old) + 1
		if out, err = updateRecord(ctx, tx, e, id, rec, version, w.At); err != nil {
			return err
		}
		if err := moveRedirects(ctx, tx, e, old, out, w.At); err != nil {
			return err
		}
		return addRevision(ctx, tx, e, out, version, action(w, site.ActionUpdate), w)
	})
	if err != nil {
		return nil, writeError(e, rec, err, "update record")
	}
	return out, nil
}

// DeleteRecord deletes the record id of e and returns it as it was; its
// revision keeps it, so that it can be restored.
func (db *DB) DeleteRecord(ctx context.Context, e *site.Entity, id int64, w site.Write) (site.Record, error) {
	w = db.stamp(w)
	var old site.Record
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		if old, err = findRecord(ctx, tx, e, id); err != nil {
			return err
		}
		if err := checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+quote(e.Table)+` WHERE id = ?`, id); err != nil {
			return err
		}
		return addRevision(ctx, tx, e, old, site.RecordVersion(old)+1, site.ActionDelete, w)
	})
	if err != nil {
		return nil, writeError(e, old, err, "delete record")
	}
	return old, nil
}
