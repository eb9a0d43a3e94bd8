// Package postgres implements the site's services on PostgreSQL, for sites
// that run several instances on one database.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

var _ site.Store = (*DB)(nil)

// DB is an open site database: a pool of connections to one PostgreSQL
// schema (the first of the connection's search_path).
type DB struct {
	// Store is every statement of the site's services, written once for
	// both databases; this package adds PostgreSQL's dialect, its
	// notifications, the retry of a broken connection and the runner of
	// its migrations. It runs on sqlDB, a
	// database/sql handle over the pool, so that each connection keeps the
	// pool's settings.
	*sqlstore.Store
	sqlDB *sql.DB
	pool  *pgxpool.Pool
	// connConfig opens the connection that listens for notifications.
	connConfig *pgx.ConnConfig
	// channel is the LISTEN/NOTIFY channel of the schema, so that sites
	// sharing one database in different schemas do not wake each other.
	channel string
	// instance tells this process's notifications apart from the others'.
	instance string
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// Open connects to the database at url (a PostgreSQL URL or key=value
// string) and applies the migrations it has not seen yet.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: bad database URL: %w", err)
	}
	cfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error {
		readTimesInUTC(conn)
		return nil
	}
	// Each connection of the pool carries the instance's id, which the
	// content triggers (migration 0006) send as the notification's payload.
	instance := newInstanceID()
	cfg.ConnConfig.RuntimeParams["meridian.instance"] = instance
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	db := &DB{pool: pool, connConfig: cfg.ConnConfig.Copy(), instance: instance, Now: time.Now}
	db.sqlDB = stdlib.OpenDBFromPool(pool)
	db.Store = sqlstore.New(sqlstore.Config{Name: "postgres", Dialect: dialect{}, Write: db.sqlDB, Read: db.sqlDB,
		Now: func() time.Time { return db.Now() }, Retry: db.retryOnConnError})
	var schema *string
	if err := pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	if schema == nil {
		pool.Close()
		return nil, errors.New("postgres: connect: no schema of the search_path exists")
	}
	db.channel = channelName(*schema)
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return db, nil
}

// channelName is "site_content" for the public schema and names the schema
// otherwise.
func channelName(schema string) string {
	if schema == "public" {
		return "site_content"
	}
	return "site_content." + schema
}

// Close closes every connection of the pool.
func (db *DB) Close() error {
	db.sqlDB.Close()
	db.pool.Close()
	return nil
}

// PoolStat is the state of the pool of connections beneath the database
// handle: the handle hands each connection back to it at once, so that the
// pool, not the handle, holds the idle connections and makes a request
// wait when all are taken.
func (db *DB) PoolStat() *pgxpool.Stat { return db.pool.Stat() }

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.pool.Ping(ctx)
}

// readTimesInUTC makes timestamps read on conn come back in UTC, as they
// are stored and sent.
func readTimesInUTC(conn *pgx.Conn) {
	conn.TypeMap().RegisterType(&pgtype.Type{
		Name:  "timestamptz",
		OID:   pgtype.TimestamptzOID,
		Codec: &pgtype.TimestamptzCodec{ScanLocation: time.UTC},
	})
}

// now returns the clock's time in UTC at the precision PostgreSQL keeps, so
// that a value returned by a write equals the one read back later.
func (db *DB) now() time.Time {
	return db.Now().UTC().Truncate(time.Microsecond)
}

// migrate applies each embedded migration exactly once, in the order of its
// number, all in one transaction. An advisory lock held by that transaction
// makes a second process starting at the same moment wait, then find the
// migrations applied.
func (db *DB) migrate(ctx context.Context) error {
	migrations, err := sqlstore.Migrations(migrationFS)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	if err := applyMigrations(ctx, tx, migrations, db.now()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// applyMigrations takes the schema's lock of migrations until tx ends and
// applies, in tx, each of migrations that the table schema_migrations
// does not list yet.
func applyMigrations(ctx context.Context, tx pgx.Tx, migrations []sqlstore.Migration, now time.Time) error {
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('meridian migrations ' || current_schema()))"); err != nil {
		return fmt.Errorf("postgres: lock migrations: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    integer     PRIMARY KEY,
		applied_at timestamptz NOT NULL
	)`); err != nil {
		return fmt.Errorf("postgres: create schema_migrations: %w", err)
	}
	for _, m := range migrations {
		var applied bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)", m.Version).Scan(&applied); err != nil {
			return fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
		if applied {
			continue
		}
		// Without arguments pgx sends the text as one simple query, which
		// may hold many statements.
		if _, err := tx.Exec(ctx, m.Body); err != nil {
			return fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", m.Version, now); err != nil {
			return fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// Compact vacuums the tables an erasure touches, so that the space of the
// deleted rows is reclaimed rather than left as dead tuples.
func (db *DB) Compact(ctx context.Context) error {
	if _, err := db.pool.Exec(ctx, `VACUUM contact_submissions, lead_activity, subscribers, lead_deliveries, applications,
		application_activity, audit_log, login_failures, login_throttle`); err != nil {
		return db.CannotSave(fmt.Errorf("postgres: compact: %w", err))
	}
	return nil
}
