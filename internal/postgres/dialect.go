package postgres

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"meridian/internal/sqlstore"
)

// dialect is what the shared store needs to know of PostgreSQL.
type dialect struct{}

func (dialect) Placeholder(n int) string { return sqlstore.Dollar(n) }
func (dialect) Time(t time.Time) any     { return t }
func (dialect) Precision() time.Duration { return time.Microsecond }
func (dialect) Bool(b bool) any          { return b }
func (dialect) ForUpdate() string        { return " FOR UPDATE" }
func (dialect) ForKeyShare() string      { return " FOR KEY SHARE" }
func (dialect) SkipLocked() string       { return " FOR UPDATE SKIP LOCKED" }
func (dialect) Contains(col string) string {
	return `strpos(` + col + `, ?) > 0`
}

func (dialect) EqualFold(col string) string { return `lower(` + col + `) = lower(?)` }

func (dialect) Greatest(a, b string) string { return `GREATEST(` + a + `, ` + b + `)` }

func (dialect) MediaBlobsNamed() string {
	return `SELECT hash AS h FROM media
	UNION SELECT substr(v->>'url', 8, 64) FROM media, jsonb_array_elements(media.variants) AS v
	UNION SELECT data->>'hash' FROM revisions WHERE resource = 'media'
	UNION SELECT substr(v->>'url', 8, 64)
		FROM revisions, jsonb_array_elements(revisions.data->'variants') AS v WHERE revisions.resource = 'media'`
}

// List keeps a list of texts as an array.
func (dialect) List(v []string) any {
	if v == nil {
		v = []string{}
	}
	return v
}

// ScanList reads an array of texts, empty rather than nil.
func (dialect) ScanList(dst *[]string) sql.Scanner { return textArray{dst} }

// textArray scans a text[] column.
type textArray struct{ dst *[]string }

// Scan implements sql.Scanner.
func (a textArray) Scan(src any) error {
	var v []string
	if err := pgtype.NewMap().SQLScanner(&v).Scan(src); err != nil {
		return err
	}
	if v == nil {
		v = []string{}
	}
	*a.dst = v
	return nil
}

// InsertWithID puts the caller's id into an identity column.
func (dialect) InsertWithID() string { return "OVERRIDING SYSTEM VALUE" }

// IDIn takes the ids as one array.
func (dialect) IDIn(col string, _ int) string { return sqlstore.Quote(col) + ` = ANY(?)` }
func (dialect) IDArgs(ids []int64) []any      { return []any{ids} }

// Lock takes the advisory lock of the schema called name.
func (dialect) Lock(ctx context.Context, tx *sql.Tx, name string, shared bool) error {
	fn := "pg_advisory_xact_lock"
	if shared {
		fn += "_shared"
	}
	_, err := tx.ExecContext(ctx, `SELECT `+fn+`(`+lockKey+`)`, name)
	return err
}

// lockKey is the key of the advisory lock of the schema called $1.
const lockKey = `hashtextextended(current_schema() || ' ' || $1, 0)`

// Changes is 1 once tx has written a row (PostgreSQL gives a transaction
// its id at its first write), else 0.
func (dialect) Changes(ctx context.Context, tx *sql.Tx) (int64, error) {
	var n int64
	err := tx.QueryRowContext(ctx, `SELECT CASE WHEN txid_current_if_assigned() IS NULL THEN 0 ELSE 1 END`).Scan(&n)
	return n, err
}

// ChangesBefore is 0: a transaction begins without an id.
func (dialect) ChangesBefore(context.Context, *sql.Tx) (int64, error) { return 0, nil }

// References lists the single-column foreign keys of table from the
// catalog.
func (dialect) References(ctx context.Context, q sqlstore.Querier, table string) ([]sqlstore.Reference, error) {
	rows, err := q.QueryContext(ctx, `SELECT a.attname, c.confrelid::regclass::text, fa.attname, c.confdeltype = 'n'
		FROM pg_constraint c
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
		JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
		WHERE c.contype = 'f' AND c.conrelid = $1::regclass AND cardinality(c.conkey) = 1
		ORDER BY c.conname`, sqlstore.Quote(table))
	if err != nil {
		return nil, err
	}
	// The referenced table's name comes quoted from regclass.
	return sqlstore.ScanAll(rows, func(r sqlstore.Row) (ref sqlstore.Reference, err error) {
		return ref, r.Scan(&ref.Column, &ref.Table, &ref.To, &ref.SetNull)
	})
}

// Violation reads the constraint from the error's fields: the columns of a
// unique or foreign key from its detail ("Key (section, key)=(...)"), the
// column of a check from its name ("pages_status_check").
func (dialect) Violation(err error) *sqlstore.Violation {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return nil
	}
	v := &sqlstore.Violation{Table: pe.TableName}
	switch pe.Code {
	case "23505": // unique_violation
		v.Kind = sqlstore.Unique
	case "23503": // foreign_key_violation
		v.Kind = sqlstore.ForeignKey
	case "23514": // check_violation
		v.Kind = sqlstore.Check
		if col, ok := strings.CutSuffix(strings.TrimPrefix(pe.ConstraintName, pe.TableName+"_"), "_check"); ok {
			v.Columns = []string{col}
		}
		return v
	case "23502": // not_null_violation
		v.Kind = sqlstore.NotNull
		v.Columns = []string{pe.ColumnName}
		return v
	default:
		return nil
	}
	if cols, ok := strings.CutPrefix(pe.Detail, "Key ("); ok {
		cols, _, _ = strings.Cut(cols, ")=")
		v.Columns = strings.Split(cols, ", ")
	}
	return v
}

// CannotSave reports an error that says the database cannot take writes
// now: its disk is full, it is out of other resources (class 53), it is
// read-only (a standby, or default_transaction_read_only), or the
// connection to it failed (see isConnError: the server restarting, an
// administrator ending it).
func (dialect) CannotSave(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (strings.HasPrefix(pe.Code, "53") || pe.Code == "25006") || isConnError(err)
}
