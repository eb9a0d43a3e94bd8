package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/sqlstore"
)

// A dump is a directory: tables.json lists the tables in the order they
// load (a table after those its foreign keys refer to) with their columns,
// and tables/NAME.copy holds each table's rows in COPY's text form.
const dumpIndex = "tables.json"

// DumpTable is a table of a dump.
type DumpTable struct {
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
	Rows    int64    `json:"rows"`
}

// Schema is the schema a database has once this build's migrations are
// applied: the number of the last.
func Schema() int { return sqlstore.LatestSchema(migrationFS) }

// Dump writes every table of the site's schema in the database at url, as
// one snapshot, into dir, while the site goes on writing: a read-only
// transaction at REPEATABLE READ sees every write committed before it
// began and none after. It returns the schema (the last migration
// applied) and the dump's files (relative to dir).
func Dump(ctx context.Context, url, dir string) (schema int, tables []DumpTable, files []string, err error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return 0, nil, nil, fmt.Errorf("postgres: connect: %w", err)
	}
	defer conn.Close(ctx)
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return 0, nil, nil, fmt.Errorf("postgres: dump: %w", err)
	}
	defer tx.Rollback(ctx)
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&schema); err != nil {
		return 0, nil, nil, fmt.Errorf("postgres: dump: %w", err)
	}
	if tables, err = loadOrder(ctx, tx); err != nil {
		return 0, nil, nil, fmt.Errorf("postgres: dump: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "tables"), 0o700); err != nil {
		return 0, nil, nil, err
	}
	for i, t := range tables {
		name := "tables/" + t.Name + ".copy"
		f, err := os.OpenFile(filepath.Join(dir, filepath.FromSlash(name)), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return 0, nil, nil, err
		}
		tag, err := tx.Conn().PgConn().CopyTo(ctx, f, `COPY (SELECT `+columnList(t.Columns)+` FROM `+sqlstore.Quote(t.Name)+`) TO STDOUT`)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return 0, nil, nil, fmt.Errorf("postgres: dump %s: %w", t.Name, err)
		}
		tables[i].Rows = tag.RowsAffected()
		files = append(files, name)
	}
	index, err := json.MarshalIndent(tables, "", "  ")
	if err != nil {
		return 0, nil, nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, dumpIndex), index, 0o600); err != nil {
		return 0, nil, nil, err
	}
	return schema, tables, append([]string{dumpIndex}, files...), nil
}

// ReadDump reads the list of tables of the dump in dir.
func ReadDump(dir string) ([]DumpTable, error) {
	b, err := os.ReadFile(filepath.Join(dir, dumpIndex))
	if err != nil {
		return nil, fmt.Errorf("not a dump of a PostgreSQL site: %w", err)
	}
	var tables []DumpTable
	if err := json.Unmarshal(b, &tables); err != nil {
		return nil, fmt.Errorf("not a dump of a PostgreSQL site: %w", err)
	}
	return tables, nil
}

// Restore loads the dump in dir, made at schema, into the database at url,
// in one transaction: the migrations up to that schema, the tables' rows,
// and the identity columns' next values; Open then applies the newer
// migrations. The database's schema must hold no table, unless force,
// which drops the site's tables (and everything else of the schema's
// tables and functions) first.
func Restore(ctx context.Context, url, dir string, schema int, force bool) error {
	tables, err := ReadDump(dir)
	if err != nil {
		return err
	}
	migrations, err := sqlstore.Migrations(migrationFS)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	if schema > Schema() {
		return fmt.Errorf("the backup is of schema %d, newer than this version's %d: restore it with the version that made it or a newer one", schema, Schema())
	}
	migrations = slices.DeleteFunc(migrations, func(m sqlstore.Migration) bool { return m.Version > schema })
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("postgres: connect: %w", err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: restore: %w", err)
	}
	defer tx.Rollback(ctx)
	var existing []string
	rows, err := tx.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)
	if err == nil {
		existing, err = pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if err != nil {
		return fmt.Errorf("postgres: restore: %w", err)
	}
	if len(existing) > 0 && !force {
		return fmt.Errorf("the database already holds %d tables (%s, ...): restore into an empty database, or add --force to replace what it holds", len(existing), existing[0])
	}
	if len(existing) > 0 {
		quoted := make([]string, len(existing))
		for i, t := range existing {
			quoted[i] = sqlstore.Quote(t)
		}
		if _, err := tx.Exec(ctx, `DROP TABLE `+strings.Join(quoted, ", ")+` CASCADE`); err != nil {
			return fmt.Errorf("postgres: restore: drop the tables: %w", err)
		}
		if _, err := tx.Exec(ctx, `DROP FUNCTION IF EXISTS notify_content_changed() CASCADE`); err != nil {
			return fmt.Errorf("postgres: restore: %w", err)
		}
	}
	if err := applyMigrations(ctx, tx, migrations, time.Now().UTC().Truncate(time.Microsecond)); err != nil {
		return err
	}
	// The migrations seed some tables; the backup's rows replace them.
	var names []string
	for _, t := range tables {
		if t.Name != "schema_migrations" {
			names = append(names, sqlstore.Quote(t.Name))
		}
	}
	if len(names) > 0 {
		if _, err := tx.Exec(ctx, `TRUNCATE `+strings.Join(names, ", ")+` CASCADE`); err != nil {
			return fmt.Errorf("postgres: restore: %w", err)
		}
	}
	for _, t := range tables {
		if t.Name == "schema_migrations" {
			continue
		}
		if err := copyIn(ctx, tx, dir, t); err != nil {
			return fmt.Errorf("postgres: restore %s: %w", t.Name, err)
		}
	}
	// Identity columns go on after the highest value restored.
	ids, err := tx.Query(ctx, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND is_identity = 'YES'`)
	if err != nil {
		return fmt.Errorf("postgres: restore: %w", err)
	}
	type column struct{ table, name string }
	identities, err := pgx.CollectRows(ids, func(r pgx.CollectableRow) (c column, err error) { return c, r.Scan(&c.table, &c.name) })
	if err != nil {
		return fmt.Errorf("postgres: restore: %w", err)
	}
	for _, c := range identities {
		col, table := sqlstore.Quote(c.name), sqlstore.Quote(c.table)
		if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(`+col+`), 0) + 1, false) FROM `+table,
			table, c.name); err != nil {
			return fmt.Errorf("postgres: restore %s: %w", c.table, err)
		}
	}
	return tx.Commit(ctx)
}

func copyIn(ctx context.Context, tx pgx.Tx, dir string, t DumpTable) error {
	if !isName(t.Name) {
		return errors.New("not a table's name")
	}
	f, err := os.Open(filepath.Join(dir, "tables", t.Name+".copy"))
	if err != nil {
		return err
	}
	defer f.Close()
	tag, err := tx.Conn().PgConn().CopyFrom(ctx, f, `COPY `+sqlstore.Quote(t.Name)+` (`+columnList(t.Columns)+`) FROM STDIN`)
	if err != nil {
		return err
	}
	if tag.RowsAffected() != t.Rows {
		return fmt.Errorf("%d rows loaded, %d in the backup", tag.RowsAffected(), t.Rows)
	}
	return nil
}

// isName reports whether s is a plain name of a table, as the site's
// migrations name them.
func isName(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

func columnList(cols []string) string {
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = sqlstore.Quote(c)
	}
	return strings.Join(quoted, ", ")
}

// loadOrder lists the tables of the current schema with their columns
// (generated ones aside, which the database computes), each after the
// tables its foreign keys refer to, so that loading them in this order
// meets every reference.
func loadOrder(ctx context.Context, tx pgx.Tx) ([]DumpTable, error) {
	rows, err := tx.Query(ctx, `SELECT c.table_name, c.column_name FROM information_schema.columns c
		JOIN pg_tables t ON t.schemaname = c.table_schema AND t.tablename = c.table_name
		WHERE c.table_schema = current_schema() AND c.is_generated = 'NEVER'
		ORDER BY c.table_name, c.ordinal_position`)
	if err != nil {
		return nil, err
	}
	columns := map[string][]string{}
	var names []string
	type tc struct{ table, column string }
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (v tc, err error) { return v, r.Scan(&v.table, &v.column) })
	if err != nil {
		return nil, err
	}
	for _, v := range list {
		if _, ok := columns[v.table]; !ok {
			names = append(names, v.table)
		}
		columns[v.table] = append(columns[v.table], v.column)
	}
	rows, err = tx.Query(ctx, `SELECT DISTINCT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
		JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = current_schema()`)
	if err != nil {
		return nil, err
	}
	type edge struct{ from, to string }
	edges, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (e edge, err error) { return e, r.Scan(&e.from, &e.to) })
	if err != nil {
		return nil, err
	}
	needs := map[string][]string{}
	for _, e := range edges {
		from, to := strings.Trim(e.from, `"`), strings.Trim(e.to, `"`)
		if from != to {
			needs[from] = append(needs[from], to)
		}
	}
	var out []DumpTable
	placed := map[string]bool{}
	for len(out) < len(names) {
		progress := false
		for _, n := range names {
			if placed[n] || slices.ContainsFunc(needs[n], func(t string) bool { return !placed[t] && columns[t] != nil }) {
				continue
			}
			placed[n] = true
			out = append(out, DumpTable{Name: n, Columns: columns[n]})
			progress = true
		}
		if !progress {
			return nil, errors.New("the tables' foreign keys refer to each other in a circle")
		}
	}
	return out, nil
}
