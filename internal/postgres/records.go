package postgres

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"meridian/internal/site"
)

// The records of every entity are served by the statements below, built
// from the entity's fields: a new resource needs a table and a record type,
// not code here. Every write locks the record's row, so that two writes
// from one version take turns and the second sees the first's version, and
// appends its revision in the same transaction.

// quote quotes an identifier: the columns come from struct tags, and one
// of them ("order") is a reserved word.
func quote(name string) string {
	return pgx.Identifier{name}.Sanitize()
}

// columns returns the quoted columns of fields, joined for a statement.
func columns(fields []site.Field) string {
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = quote(f.Column)
	}
	return strings.Join(cols, ", ")
}

// clientFields are the fields of e a write takes from the record, in the
// order of the record struct.
func clientFields(e *site.Entity) []site.Field {
	var out []site.Field
	for _, f := range e.Fields() {
		if !f.Generated {
			out = append(out, f)
		}
	}
	return out
}

// fieldArg returns the value of rec's field f as a statement argument.
func fieldArg(rec site.Record, f site.Field) any {
	// FieldValue is a pointer to the field; a pointer field (*int64,
	// *time.Time) stays a pointer, which pgx sends as NULL when nil.
	return reflect.ValueOf(site.FieldValue(rec, f)).Elem().Interface()
}

// columnValue returns the value of rec's column col, for a message.
func columnValue(e *site.Entity, rec site.Record, col string) any {
	for _, f := range e.Fields() {
		if f.Column == col {
			return fieldArg(rec, f)
		}
	}
	return ""
}

// scanRecord reads one row of every column of e into a new record.
func scanRecord(e *site.Entity, row pgx.Row) (site.Record, error) {
	return scanFields(e, e.Fields(), row)
}

// scanFields reads one row of columns(fields) into a new record of e,
// whose other fields keep their defaults.
func scanFields(e *site.Entity, fields []site.Field, row pgx.Row) (site.Record, error) {
	rec := e.New()
	dest := make([]any, len(fields))
	for i, f := range fields {
		dest[i] = site.FieldValue(rec, f)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	return rec, nil
}

// FindRecords returns the records of e in the entity's order; only the
// active ones when f.ActiveOnly and e has an active column, and only those
// matching f.Equal.
func (db *DB) FindRecords(ctx context.Context, e *site.Entity, f site.ListFilter) (out []site.Record, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findRecords(ctx, e, f)
		return err
	})
	return out, err
}

func (db *DB) findRecords(ctx context.Context, e *site.Entity, f site.ListFilter) ([]site.Record, error) {
	matches, err := e.Matches(f)
	if err != nil {
		return nil, fmt.Errorf("postgres: find %s: %w", e.Name, err)
	}
	fields, err := e.ListFields(f)
	if err != nil {
		return nil, fmt.Errorf("postgres: find %s: %w", e.Name, err)
	}
	if f.IDs != nil && len(f.IDs) == 0 {
		return []site.Record{}, nil
	}
	var conds []string
	var args []any
	if f.ActiveOnly && e.ActiveColumn != "" {
		conds = append(conds, quote(e.ActiveColumn))
	}
	for _, m := range matches {
		args = append(args, m.Value)
		conds = append(conds, fmt.Sprintf("%s = $%d", quote(m.Column), len(args)))
	}
	if len(f.IDs) > 0 {
		args = append(args, f.IDs)
		conds = append(conds, fmt.Sprintf(`"id" = ANY($%d)`, len(args)))
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	rows, err := db.pool.Query(ctx, `SELECT `+columns(fields)+` FROM `+quote(e.Table)+where+` ORDER BY `+e.OrderBy, args...)
	if err != nil {
		return nil, storeError("find "+e.Name, err)
	}
	recs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (site.Record, error) { return scanFields(e, fields, r) })
	if err != nil {
		return nil, storeError("find "+e.Name, err)
	}
	return recs, nil
}

// FindRecord returns the record of e with id; ENOTFOUND when there is none.
func (db *DB) FindRecord(ctx context.Context, e *site.Entity, id int64) (out site.Record, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = findRecord(ctx, db.pool, e, id)
		return err
	})
	return out, err
}

// findRecord reads the record of e with id through q.
func findRecord(ctx context.Context, q querier, e *site.Entity, id int64) (site.Record, error) {
	rec, err := scanRecord(e, q.QueryRow(ctx, `SELECT `+columns(e.Fields())+` FROM `+quote(e.Table)+` WHERE "id" = $1`, id))
	if err != nil {
		return nil, notFound("find "+e.Name, err, e.Noun)
	}
	return rec, nil
}

// lockRecord reads and locks the row of the record of e with id inside tx;
// nil without an error when there is none.
func lockRecord(ctx context.Context, tx pgx.Tx, e *site.Entity, id int64) (site.Record, error) {
	rec, err := scanRecord(e, tx.QueryRow(ctx, `SELECT `+columns(e.Fields())+` FROM `+quote(e.Table)+` WHERE "id" = $1 FOR UPDATE`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return rec, err
}

// CreateRecord stores rec as a new record of e, at version 1, and its
// revision. The generated fields of rec are ignored.
func (db *DB) CreateRecord(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	db.stamp(&w)
	var out site.Record
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		out, err = createRecord(ctx, tx, e, rec, w)
		return err
	})
	if err != nil {
		return nil, recordError("create "+e.Name, e, rec, err)
	}
	return out, nil
}

// createRecord inserts rec as a new record of e at version 1, with its
// revision, inside tx; w is stamped.
func createRecord(ctx context.Context, tx pgx.Tx, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	if e.Prepare != nil {
		e.Prepare(rec, nil, &w)
	}
	fields := clientFields(e)
	args := make([]any, 0, len(fields)+1)
	params := make([]string, 0, len(fields))
	for _, f := range fields {
		args = append(args, fieldArg(rec, f))
		params = append(params, fmt.Sprintf("$%d", len(args)))
	}
	args = append(args, w.At)
	at := fmt.Sprintf("$%d", len(args))
	out, err := scanRecord(e, tx.QueryRow(ctx, `INSERT INTO `+quote(e.Table)+` (`+columns(fields)+`, "version", "created_at", "updated_at")
		VALUES (`+strings.Join(params, ", ")+`, 1, `+at+`, `+at+`) RETURNING `+columns(e.Fields()), args...))
	if err != nil {
		return nil, err
	}
	if err := moveRedirects(ctx, tx, e, nil, out, w.At); err != nil {
		return nil, err
	}
	return out, addRevision(ctx, tx, e, out, site.RecordVersion(out), action(w, site.ActionCreate), w)
}

// UpdateRecord replaces the client's fields of the record of e with rec's
// id, moves its version on and appends its revision; ENOTFOUND when there
// is none, a *site.Conflict when w.Version is set and not the record's.
func (db *DB) UpdateRecord(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	db.stamp(&w)
	var out site.Record
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		id := site.RecordID(rec)
		old, err := lockRecord(ctx, tx, e, id)
		if err != nil {
			return err
		}
		if old == nil {
			return site.Errorf(site.ENOTFOUND, "%s not found.", e.Noun)
		}
		if err := checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		if e.Prepare != nil {
			e.Prepare(rec, old, &w)
		}
		out, err = updateRow(ctx, tx, e, id, rec, w)
		if err != nil {
			return err
		}
		if err := moveRedirects(ctx, tx, e, old, out, w.At); err != nil {
			return err
		}
		return addRevision(ctx, tx, e, out, site.RecordVersion(out), action(w, site.ActionUpdate), w)
	})
	if err != nil {
		return nil, recordError("update "+e.Name, e, rec, err)
	}
	return out, nil
}

// DeleteRecord deletes the record of e with id and returns it as it was;
// its revision keeps it, at one version more. ENOTFOUND when there is none,
// a *site.Conflict when w.Version is set and not the record's.
func (db *DB) DeleteRecord(ctx context.Context, e *site.Entity, id int64, w site.Write) (site.Record, error) {
	db.stamp(&w)
	var old site.Record
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		old, err = lockRecord(ctx, tx, e, id)
		if err != nil {
			return err
		}
		if old == nil {
			return site.Errorf(site.ENOTFOUND, "%s not found.", e.Noun)
		}
		if err := checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM `+quote(e.Table)+` WHERE "id" = $1`, id); err != nil {
			return err
		}
		return addRevision(ctx, tx, e, old, site.RecordVersion(old)+1, site.ActionDelete, w)
	})
	if err != nil {
		return nil, storeError("delete "+e.Name, err)
	}
	return old, nil
}

// updateRow writes the client's fields of rec to the row of e with id, a
// version more, and returns the row as stored.
func updateRow(ctx context.Context, tx pgx.Tx, e *site.Entity, id int64, rec site.Record, w site.Write) (site.Record, error) {
	fields := clientFields(e)
	args := []any{id}
	sets := make([]string, 0, len(fields)+2)
	for _, f := range fields {
		args = append(args, fieldArg(rec, f))
		sets = append(sets, fmt.Sprintf("%s = $%d", quote(f.Column), len(args)))
	}
	args = append(args, w.At)
	sets = append(sets, `"version" = "version" + 1`, fmt.Sprintf(`"updated_at" = $%d`, len(args)))
	return scanRecord(e, tx.QueryRow(ctx, `UPDATE `+quote(e.Table)+` SET `+strings.Join(sets, ", ")+`
		WHERE "id" = $1 RETURNING `+columns(e.Fields()), args...))
}

// checkVersion returns a *site.Conflict when the write started from a
// version other than cur's, the record as locked.
func checkVersion(ctx context.Context, tx pgx.Tx, e *site.Entity, cur site.Record, w site.Write) error {
	if w.Version == 0 || w.Version == site.RecordVersion(cur) {
		return nil
	}
	latest, err := latestRevision(ctx, tx, e, site.RecordID(cur))
	if err != nil {
		return err
	}
	return &site.Conflict{Noun: e.Noun, Current: cur, Latest: latest}
}

// conflictWith returns the *site.Conflict of a write that met the record of
// e with id written by another transaction meanwhile.
func conflictWith(ctx context.Context, tx pgx.Tx, e *site.Entity, id int64) error {
	cur, err := findRecord(ctx, tx, e, id)
	if err != nil && site.ErrorCode(err) != site.ENOTFOUND {
		return err
	}
	latest, err := latestRevision(ctx, tx, e, id)
	if err != nil {
		return err
	}
	return &site.Conflict{Noun: e.Noun, Current: cur, Latest: latest}
}

// action is the action of w, or the operation's own when w names none.
func action(w site.Write, own string) string {
	if w.Action != "" {
		return w.Action
	}
	return own
}

// stamp sets the time of w, from the clock when the caller left it zero, at
// the precision PostgreSQL keeps, so that the record a write returns
// equals the one read back later.
func (db *DB) stamp(w *site.Write) {
	if w.At.IsZero() {
		w.At = db.now()
		return
	}
	w.At = w.At.UTC().Truncate(time.Microsecond)
}

// recordError turns a value already taken in a unique column of e into the
// entity's message for it, and every other error as storeError does.
func recordError(op string, e *site.Entity, rec site.Record, err error) error {
	var pe *pgconn.PgError
	if rec != nil && errors.As(err, &pe) && pe.Code == "23505" {
		for col, msg := range e.Unique {
			// The constraint of col alone, or of several columns from col
			// on ("Key (section, key)=...").
			if pe.ConstraintName == e.Table+"_"+col+"_key" || strings.HasPrefix(pe.Detail, "Key ("+col+")=") ||
				strings.HasPrefix(pe.Detail, "Key ("+col+", ") {
				return site.Errorf(site.ECONFLICT, msg, columnValue(e, rec, col))
			}
		}
	}
	return storeError(op, err)
}
