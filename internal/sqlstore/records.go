package sqlstore

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
// Every write locks the record's row (on a database with one writer, the
// writer's turn is the lock), so that two writes from one version take
// turns and the second sees the first's version, and appends its revision
// in the same transaction.

// Columns is the quoted column list of fields, in their order.
func Columns(fields []site.Field) string {
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = Quote(f.Column)
	}
	return strings.Join(cols, ", ")
}

// ScanRecord reads one row of Columns(e.Fields()) into a new record of e.
func ScanRecord(e *site.Entity, r Row) (site.Record, error) {
	return scanFields(e, e.Fields(), r)
}

// scanFields reads one row of Columns(fields) into a new record of e,
// whose other fields keep their defaults.
func scanFields(e *site.Entity, fields []site.Field, r Row) (site.Record, error) {
	rec := e.New()
	dest := make([]any, len(fields))
	for i, f := range fields {
		switch p := site.FieldValue(rec, f).(type) {
		case *time.Time:
			dest[i] = ScanTime(p)
		case **time.Time:
			dest[i] = ScanNullTime(p)
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
func (s *Store) fieldArg(rec site.Record, f site.Field) any {
	switch v := site.FieldValue(rec, f).(type) {
	case *time.Time:
		return s.d.Time(*v)
	case **time.Time:
		if *v == nil {
			return nil
		}
		return s.d.Time(**v)
	case *bool:
		return s.d.Bool(*v)
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

// action is the action a revision records: w's when set, else the
// operation's own.
func action(w site.Write, own string) string {
	if w.Action != "" {
		return w.Action
	}
	return own
}

// findRecord reads the record id of e through q, locking its row until
// the transaction ends when lock is the dialect's ForUpdate; ENOTFOUND
// when there is none, other errors unwrapped for the caller to wrap once.
func (s *Store) findRecord(ctx context.Context, q Querier, e *site.Entity, id int64, lock string) (site.Record, error) {
	rec, err := ScanRecord(e, q.QueryRowContext(ctx, s.rebind(`SELECT `+Columns(e.Fields())+` FROM `+Quote(e.Table)+` WHERE id = ?`+lock), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, site.Errorf(site.ENOTFOUND, "%s not found.", e.Noun)
	}
	return rec, err
}

// lockRecord reads and locks the record id of e inside tx; ENOTFOUND when
// there is none.
func (s *Store) lockRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, id int64) (site.Record, error) {
	return s.findRecord(ctx, tx, e, id, s.d.ForUpdate())
}

// insertRecord inserts rec's client fields as a record of e with the given
// version and times, and returns it as stored. An id of 0 takes a new one;
// any other re-creates a deleted record under its id, and returns no row
// (sql.ErrNoRows) when another write has re-created it meanwhile.
func (s *Store) insertRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record, id int64, version int, created, updated time.Time) (site.Record, error) {
	var cols, marks []string
	var args []any
	if id != 0 {
		cols, marks, args = append(cols, "id"), append(marks, "?"), append(args, id)
	}
	for _, f := range e.Fields() {
		if !f.Generated {
			cols, marks, args = append(cols, Quote(f.Column)), append(marks, "?"), append(args, s.fieldArg(rec, f))
		}
	}
	cols = append(cols, "version", "created_at", "updated_at")
	marks = append(marks, "?", "?", "?")
	args = append(args, version, s.d.Time(created), s.d.Time(updated))
	q := `INSERT INTO ` + Quote(e.Table) + ` (` + strings.Join(cols, ", ") + `) `
	if id != 0 {
		q += s.d.InsertWithID() + ` `
	}
	q += `VALUES (` + strings.Join(marks, ", ") + `)`
	if id != 0 {
		q += ` ON CONFLICT (id) DO NOTHING`
	}
	return ScanRecord(e, tx.QueryRowContext(ctx, s.rebind(q+` RETURNING `+Columns(e.Fields())), args...))
}

// updateRecord replaces the client fields of the record id of e with rec's,
// keeping its creation time, and returns it as stored.
func (s *Store) updateRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, id int64, rec site.Record, version int, updated time.Time) (site.Record, error) {
	var sets []string
	var args []any
	for _, f := range e.Fields() {
		if !f.Generated {
			sets, args = append(sets, Quote(f.Column)+" = ?"), append(args, s.fieldArg(rec, f))
		}
	}
	sets = append(sets, "version = ?", "updated_at = ?")
	args = append(args, version, s.d.Time(updated), id)
	return ScanRecord(e, tx.QueryRowContext(ctx, s.rebind(`UPDATE `+Quote(e.Table)+` SET `+strings.Join(sets, ", ")+`
		WHERE id = ? RETURNING `+Columns(e.Fields())), args...))
}

// checkVersion refuses a write that started from another version than
// old's, the record as locked, with the record as it is and its latest
// revision.
func (s *Store) checkVersion(ctx context.Context, tx *sql.Tx, e *site.Entity, old site.Record, w site.Write) error {
	if w.Version == 0 || w.Version == site.RecordVersion(old) {
		return nil
	}
	latest, err := s.latestRevision(ctx, tx, e, site.RecordID(old))
	if err != nil {
		return err
	}
	return &site.Conflict{Noun: e.Noun, Current: old, Latest: latest}
}

// FindRecords returns the records of e in its order, only the active ones
// when f asks and e has an active column, only those matching f.Equal and
// f.IDs, without the columns f.Omit names.
func (s *Store) FindRecords(ctx context.Context, e *site.Entity, f site.ListFilter) (out []site.Record, err error) {
	err = s.retry(ctx, func() error {
		out, err = s.findRecords(ctx, s.read, e, f)
		return err
	})
	return out, err
}

// txFinder reads records inside a write's transaction, for the rules of
// the write (site.Entity.Check).
type txFinder struct {
	s  *Store
	tx *sql.Tx
}

func (f txFinder) FindRecords(ctx context.Context, e *site.Entity, lf site.ListFilter) ([]site.Record, error) {
	return f.s.findRecords(ctx, f.tx, e, lf)
}

// prepare applies the rules of e to rec, about to be written over old
// (nil on create) in tx: Prepare, then Check, which reads through tx. The
// writes of an entity with a Check take its lock first, so that two
// writes at once are judged one after the other, each seeing the other's
// record (two redirects that would make a loop together are not both
// accepted).
func (s *Store) prepare(ctx context.Context, tx *sql.Tx, e *site.Entity, rec, old site.Record, w *site.Write) error {
	if e.Prepare != nil {
		e.Prepare(rec, old, w)
	}
	if e.Check == nil {
		return nil
	}
	if err := s.d.Lock(ctx, tx, "check "+e.Name, false); err != nil {
		return err
	}
	return e.Check(ctx, txFinder{s, tx}, e, rec, *w)
}

func (s *Store) findRecords(ctx context.Context, q Querier, e *site.Entity, f site.ListFilter) ([]site.Record, error) {
	op := "find " + e.Name
	matches, err := e.Matches(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", s.name, op, err)
	}
	fields, err := e.ListFields(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", s.name, op, err)
	}
	if f.IDs != nil && len(f.IDs) == 0 {
		return []site.Record{}, nil
	}
	var where []string
	var args []any
	if f.ActiveOnly && e.ActiveColumn != "" {
		where, args = append(where, Quote(e.ActiveColumn)+` = ?`), append(args, s.d.Bool(true))
	}
	for _, m := range matches {
		where, args = append(where, Quote(m.Column)+` = ?`), append(args, m.Value)
	}
	if len(f.IDs) > 0 {
		where, args = append(where, s.d.IDIn("id", len(f.IDs))), append(args, s.d.IDArgs(f.IDs)...)
	}
	sel := `SELECT ` + Columns(fields) + ` FROM ` + Quote(e.Table)
	if len(where) > 0 {
		sel += ` WHERE ` + strings.Join(where, ` AND `)
	}
	rows, err := q.QueryContext(ctx, s.rebind(sel+` ORDER BY `+e.OrderBy), args...)
	if err != nil {
		return nil, s.writeError(ctx, op, nil, nil, 0, err)
	}
	recs, err := ScanAll(rows, func(r Row) (site.Record, error) { return scanFields(e, fields, r) })
	if err != nil {
		return nil, s.writeError(ctx, op, nil, nil, 0, err)
	}
	return recs, nil
}

// FindRecord returns the record id of e; ENOTFOUND when there is none.
func (s *Store) FindRecord(ctx context.Context, e *site.Entity, id int64) (site.Record, error) {
	return retried(ctx, s, "find "+e.Name, e.Noun, func() (site.Record, error) {
		return s.findRecord(ctx, s.read, e, id, "")
	})
}

// CreateRecord stores rec as a new record of e at version 1, with its
// revision. The generated fields of rec are ignored.
func (s *Store) CreateRecord(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	op := "create " + e.Name
	if err := checkRecord(e, rec); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", s.name, op, err)
	}
	w = s.stamp(w)
	var out site.Record
	err := s.InTx(ctx, func(tx *sql.Tx) (err error) {
		out, err = s.createRecord(ctx, tx, e, rec, w)
		return err
	})
	if err != nil {
		return nil, s.writeError(ctx, op, e, rec, w.Actor.UserID, err)
	}
	return out, nil
}

// createRecord inserts rec as a new record of e at version 1, with its
// revision, inside tx; w is stamped.
func (s *Store) createRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	if err := s.prepare(ctx, tx, e, rec, nil, &w); err != nil {
		return nil, err
	}
	changed := recordTime(w)
	out, err := s.insertRecord(ctx, tx, e, rec, 0, 1, changed, changed)
	if err != nil {
		return nil, err
	}
	return out, s.written(ctx, tx, e, nil, out, 1, action(w, site.ActionCreate), w)
}

// recordTime is the time a write gives its record as its last change:
// w.Changed when set, else the time of the write; w is stamped.
func recordTime(w site.Write) time.Time {
	if w.Changed.IsZero() {
		return w.At
	}
	return w.Changed
}

// rewrite writes rec over old, the record of e as locked in tx, at its
// next version: the version check, the rules, the update, the redirects
// and the revision, whose own action is own (update or restore). A
// restore also clears the references its revision holds to rows deleted
// since.
func (s *Store) rewrite(ctx context.Context, tx *sql.Tx, e *site.Entity, old, rec site.Record, w site.Write, own string) (site.Record, error) {
	if err := s.checkVersion(ctx, tx, e, old, w); err != nil {
		return nil, err
	}
	if err := s.prepare(ctx, tx, e, rec, old, &w); err != nil {
		return nil, err
	}
	if own == site.ActionRestore {
		if err := s.clearDanglingRefs(ctx, tx, e, rec); err != nil {
			return nil, err
		}
	}
	version := site.RecordVersion(old) + 1
	out, err := s.updateRecord(ctx, tx, e, site.RecordID(old), rec, version, recordTime(w))
	if err != nil {
		return nil, err
	}
	return out, s.written(ctx, tx, e, old, out, version, action(w, own), w)
}

// written ends a write of a record of e from old (nil when it did not
// exist) to out, as stored at version, inside tx: the redirects moved with
// it and its revision of action act.
func (s *Store) written(ctx context.Context, tx *sql.Tx, e *site.Entity, old, out site.Record, version int, act string, w site.Write) error {
	if err := s.moveRedirects(ctx, tx, e, old, out, w.At); err != nil {
		return err
	}
	return s.addRevision(ctx, tx, e, out, version, act, w)
}

// UpdateRecord replaces the client fields of the record with rec's id and
// moves its version on, with its revision; ENOTFOUND when there is none, a
// *site.Conflict when w.Version is set and not the record's. The version
// check and the write share the transaction that locks the row, so of two
// writes from the same version exactly one succeeds.
func (s *Store) UpdateRecord(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, error) {
	op := "update " + e.Name
	if err := checkRecord(e, rec); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", s.name, op, err)
	}
	w = s.stamp(w)
	id := site.RecordID(rec)
	var out site.Record
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		old, err := s.lockRecord(ctx, tx, e, id)
		if err != nil {
			return err
		}
		out, err = s.rewrite(ctx, tx, e, old, rec, w, site.ActionUpdate)
		return err
	})
	if err != nil {
		return nil, s.writeError(ctx, op, e, rec, w.Actor.UserID, err)
	}
	return out, nil
}

// DeleteRecord deletes the record id of e and returns it as it was; its
// revision keeps it, at one version more, so that it can be restored.
// ENOTFOUND when there is none, a *site.Conflict when w.Version is set and
// not the record's.
func (s *Store) DeleteRecord(ctx context.Context, e *site.Entity, id int64, w site.Write) (site.Record, error) {
	w = s.stamp(w)
	var old site.Record
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if old, err = s.lockRecord(ctx, tx, e, id); err != nil {
			return err
		}
		if err := s.checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		return s.deleteRecord(ctx, tx, e, old, w)
	})
	if err != nil {
		return nil, s.writeError(ctx, "delete "+e.Name, e, old, w.Actor.UserID, err)
	}
	return old, nil
}

// deleteRecord deletes old, locked, in tx, with its revision and any
// pending draft of it, which would have nothing left to change.
func (s *Store) deleteRecord(ctx context.Context, tx *sql.Tx, e *site.Entity, old site.Record, w site.Write) error {
	id := site.RecordID(old)
	if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM `+Quote(e.Table)+` WHERE id = ?`), id); err != nil {
		return err
	}
	if e.Drafted != nil {
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM content_drafts WHERE section = '' AND key = ?`), site.RecordDraftKey(e, id)); err != nil {
			return err
		}
	}
	return s.addRevision(ctx, tx, e, old, site.RecordVersion(old)+1, site.ActionDelete, w)
}

// moveRedirects keeps the redirects in step with a write of a record of e
// from old (nil when it did not exist) to rec, inside the write's
// transaction (site.PathMove): no redirect from a live page's address, and
// a redirect from the address a live page left to its new one, which the
// redirects that led to the old address now lead to as well.
func (s *Store) moveRedirects(ctx context.Context, tx *sql.Tx, e *site.Entity, old, rec site.Record, at time.Time) error {
	if e.Moves == nil {
		return nil
	}
	m := e.Moves(old, rec, at)
	if m.To == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM redirects WHERE source = ?`), m.To); err != nil {
		return fmt.Errorf("move redirects: %w", err)
	}
	if m.From == "" {
		return nil
	}
	ts := s.d.Time(at)
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE redirects SET target = ?, version = version + 1, updated_at = ? WHERE target = ?`), m.To, ts, m.From); err != nil {
		return fmt.Errorf("move redirects: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO redirects (source, target, kind, version, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)
		ON CONFLICT (source) DO UPDATE SET target = excluded.target, kind = excluded.kind, version = redirects.version + 1, updated_at = excluded.updated_at`),
		m.From, m.To, site.RedirectAutomatic, ts, ts); err != nil {
		return fmt.Errorf("move redirects: %w", err)
	}
	return nil
}
