package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	"meridian/internal/sqlstore"
)

// Schema is the schema a database has once this build's migrations are
// applied: the number of the last.
func Schema() int { return sqlstore.LatestSchema(migrationFS) }

// Snapshot writes a consistent copy of the database file at path to to
// (which must not exist), while other processes go on reading and writing
// it: VACUUM INTO reads one snapshot, so every write committed before it
// began is in the copy and none that commits later.
func Snapshot(ctx context.Context, path, to string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?"+url.Values{"_pragma": {"busy_timeout(10000)"}}.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, to); err != nil {
		return fmt.Errorf("sqlite: copy the database: %w", err)
	}
	return nil
}

// Inspect checks the database file at path, read only, and returns its
// schema (the last migration applied) and the rows of each table.
func Inspect(ctx context.Context, path string) (schema int, tables map[string]int64, err error) {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return 0, nil, err
	}
	defer db.Close()
	var ok string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&ok); err != nil || ok != "ok" {
		return 0, nil, errors.Join(errors.New("not a sound SQLite database"), err)
	}
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&schema); err != nil {
		return 0, nil, fmt.Errorf("not a database of this site: %w", err)
	}
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		return 0, nil, err
	}
	names, err := sqlstore.ScanAll(rows, func(r sqlstore.Row) (name string, err error) { return name, r.Scan(&name) })
	if err != nil {
		return 0, nil, err
	}
	tables = map[string]int64{}
	for _, name := range names {
		var n int64
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+sqlstore.Quote(name)).Scan(&n); err != nil {
			return 0, nil, err
		}
		tables[name] = n
	}
	return schema, tables, nil
}
