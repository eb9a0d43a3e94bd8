package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"

	"meridian/internal/site"
)

// ViolationKind is the kind of a violated constraint.
type ViolationKind int

// The kinds of constraint a write can break.
const (
	Unique ViolationKind = iota + 1
	ForeignKey
	Check
	NotNull
)

// Violation is a violated constraint, as the dialect reads it from the
// database's error.
type Violation struct {
	Kind ViolationKind
	// Table is the table written, when the database tells it.
	Table string
	// Columns are the columns of the constraint, when the database tells
	// them.
	Columns []string
}

// violationMessages are the messages of the constraints a person can
// break, by table and column.
var violationMessages = map[string]string{
	"admin_sessions.user_id":       "The user does not exist.",
	"admin_sessions.session_token": "A session with this token already exists.",
	"pages.author_id":              "The author does not exist.",
	"pages.status":                 "Status must be draft or published.",
	"revisions.user_id":            "The user does not exist.",
}

// message is the site error of v in a write of rec, a record of e (either
// may be nil): the entity's message for a value taken in a unique column,
// else the message of the column, else one of the kind's.
func (v *Violation) message(e *site.Entity, rec site.Record) error {
	if v.Kind == Unique && e != nil && rec != nil && (v.Table == "" || v.Table == e.Table) {
		for _, col := range v.Columns {
			if msg, ok := e.Unique[col]; ok {
				if f, ok := fieldByColumn(e, col); ok {
					return site.Errorf(site.ECONFLICT, msg, reflect.ValueOf(rec).Elem().Field(f.Index).Interface())
				}
			}
		}
	}
	col := ""
	if len(v.Columns) > 0 {
		col = v.Columns[0]
	}
	msg := violationMessages[v.Table+"."+col]
	switch v.Kind {
	case Unique:
		if msg == "" {
			msg = "This entry already exists."
		}
		return site.Errorf(site.ECONFLICT, "%s", msg)
	case ForeignKey:
		if msg == "" {
			msg = "A record this refers to does not exist."
		}
	case Check:
		if msg == "" && col != "" {
			msg = "The value of " + col + " is not allowed."
		} else if msg == "" {
			msg = "A value is not allowed."
		}
	case NotNull:
		msg = "The field " + col + " is required."
	}
	return site.Errorf(site.EINVALID, "%s", msg)
}

// writeError maps the error of a write of rec, a record of e, by actor:
// the store's own errors pass, a violated constraint becomes its message,
// anything else is wrapped with op.
func (s *Store) writeError(ctx context.Context, op string, e *site.Entity, rec site.Record, actor int64, err error) error {
	var se *site.Error
	var ce *site.Conflict
	if errors.As(err, &ce) || errors.As(err, &se) {
		return err
	}
	if v := s.d.Violation(err); v != nil {
		if v.Kind == ForeignKey && len(v.Columns) == 0 && e != nil {
			// The database did not say which (SQLite): the first reference
			// of the write whose row is missing.
			v.Table, v.Columns = s.danglingReference(ctx, e, rec, actor)
		} else if v.Table == "" && e != nil {
			// SQLite names no table for a check: the record's.
			v.Table = e.Table
		}
		return v.message(e, rec)
	}
	return s.CannotSave(fmt.Errorf("%s: %s: %w", s.name, op, err))
}

// danglingReference returns the table and column of a reference of a
// write of rec by actor whose row does not exist: one of rec's, or the
// revision's author.
func (s *Store) danglingReference(ctx context.Context, e *site.Entity, rec site.Record, actor int64) (string, []string) {
	if rec != nil {
		refs, err := s.d.References(ctx, s.read, e.Table)
		if err != nil {
			return "", nil
		}
		for _, r := range refs {
			f, ok := fieldByColumn(e, r.Column)
			if !ok {
				continue
			}
			if v := s.fieldArg(rec, f); v != nil {
				if ok, err := s.exists(ctx, s.read, r, v, ""); err == nil && !ok {
					return e.Table, []string{r.Column}
				}
			}
		}
	}
	if actor != 0 {
		if ok, err := s.exists(ctx, s.read, Reference{Table: "users", To: "id"}, actor, ""); err == nil && !ok {
			return "revisions", []string{"user_id"}
		}
	}
	return "", nil
}

// exists reports whether the row of r's table with value v in its column
// exists; lock ends the statement (ForKeyShare to keep the row).
func (s *Store) exists(ctx context.Context, q Querier, r Reference, v any, lock string) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, s.rebind(`SELECT 1 FROM `+r.Table+` WHERE `+Quote(r.To)+` = ?`+lock), v).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
