// Package postgres implements the site's services on PostgreSQL, for sites
// that run several instances on one database.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
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
	// Store holds what both databases share: the transaction of every
	// write, the records and their revisions. It runs on sqlDB, a
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

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.pool.Ping(ctx)
}

// CheckWrite commits a write of the heartbeat row.
func (db *DB) CheckWrite(ctx context.Context) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO heartbeat (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at`, db.now())
		return err
	})
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
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('meridian migrations ' || current_schema()))"); err != nil {
			return fmt.Errorf("postgres: lock migrations: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    integer     PRIMARY KEY,
			applied_at timestamptz NOT NULL
		)`); err != nil {
			return fmt.Errorf("postgres: create schema_migrations: %w", err)
		}
		for _, name := range names {
			version, err := strconv.Atoi(strings.SplitN(path.Base(name), "_", 2)[0])
			if err != nil {
				return fmt.Errorf("postgres: migration %s: bad number: %w", name, err)
			}
			var applied bool
			if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)", version).Scan(&applied); err != nil {
				return fmt.Errorf("postgres: migration %s: %w", name, err)
			}
			if applied {
				continue
			}
			body, err := migrationFS.ReadFile(name)
			if err != nil {
				return err
			}
			// Without arguments pgx sends the text as one simple query, which
			// may hold many statements.
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return fmt.Errorf("postgres: migration %s: %w", name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", version, db.now()); err != nil {
				return fmt.Errorf("postgres: migration %s: %w", name, err)
			}
		}
		return nil
	})
}

// inTx runs fn in a transaction of pgx's, committed when fn returns nil
// and rolled back otherwise. It is the bridge of the methods not yet
// written once in sqlstore (leads, users, sessions and the rest), which
// move to the shared Store.InTx as they do. A database that cannot save is told here, as
// site.CannotSave, for every write that runs in it.
//
// The request's pending audit entry (site.PendingAudit) is added here too,
// in the transaction of the write it records, before the commit.
func (db *DB) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return cannotSave(err)
	}
	defer tx.Rollback(ctx)
	if err := fn(tx); err != nil {
		return cannotSave(err)
	}
	audit := site.PendingAuditOf(ctx)
	added, err := db.addPendingAudit(ctx, tx, audit)
	if err != nil {
		return cannotSave(err)
	}
	if err := tx.Commit(ctx); err != nil {
		return cannotSave(err)
	}
	if added {
		audit.Added()
	}
	return nil
}

// exec runs one statement that writes: on the pool, or, while the
// request's audit entry is still to be added, in a transaction of inTx's,
// so that the entry is added with it.
func (db *DB) exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if site.PendingAuditOf(ctx).Due() == nil {
		return db.pool.Exec(ctx, sql, args...)
	}
	var tag pgconn.CommandTag
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		tag, err = tx.Exec(ctx, sql, args...)
		return err
	})
	return tag, err
}

// addPendingAudit adds the pending entry p in tx when it is due and tx has
// written a row (PostgreSQL gives a transaction its id at its first
// write): a transaction that changed nothing (a code refused as used
// already) is not the write the entry records.
func (db *DB) addPendingAudit(ctx context.Context, tx pgx.Tx, p *site.PendingAudit) (bool, error) {
	e := p.Due()
	if e == nil {
		return false, nil
	}
	var wrote bool
	if err := tx.QueryRow(ctx, `SELECT txid_current_if_assigned() IS NOT NULL`).Scan(&wrote); err != nil {
		return false, err
	}
	if !wrote {
		return false, nil
	}
	if err := db.insertAuditEntry(ctx, tx, e); err != nil {
		return false, fmt.Errorf("add audit entry: %w", err)
	}
	return true, nil
}

// cannotSave turns an error that says the database cannot take writes now
// into site.CannotSave, and returns any other as it is; see
// dialect.CannotSave.
func cannotSave(err error) error {
	if err == nil || site.ErrorCode(err) != site.EINTERNAL ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		// A request the client gave up on, not the database's fault.
		return err
	}
	if (dialect{}).CannotSave(err) {
		return site.CannotSave(err)
	}
	return err
}

// Messages of the constraints a person can break, by constraint name.
var constraintMessages = map[string]string{
	"pages_author_id_fkey":             "The author does not exist.",
	"admin_sessions_user_id_fkey":      "The user does not exist.",
	"admin_sessions_session_token_key": "A session with this token already exists.",
	"pages_status_check":               "Status must be draft or published.",
	"revisions_user_id_fkey":           "The user does not exist.",
}

// storeError turns a constraint violation into a site error a person can be
// shown, and wraps every other error with what was being done.
func storeError(op string, err error) error {
	var se *site.Error
	if errors.As(err, &se) {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		msg := constraintMessages[pe.ConstraintName]
		switch pe.Code {
		case "23505": // unique_violation
			if msg == "" {
				msg = "This entry already exists."
			}
			return site.Errorf(site.ECONFLICT, "%s", msg)
		case "23503", "23514": // foreign_key_violation, check_violation
			if msg == "" {
				msg = "The value of " + pe.ConstraintName + " is not allowed."
			}
			return site.Errorf(site.EINVALID, "%s", msg)
		case "23502": // not_null_violation
			return site.Errorf(site.EINVALID, "The field %s is required.", pe.ColumnName)
		}
	}
	return cannotSave(fmt.Errorf("postgres: %s: %w", op, err))
}

// notFound returns ENOTFOUND for err when no row matched, and storeError
// otherwise.
func notFound(op string, err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	return storeError(op, err)
}

// requireRow returns ENOTFOUND when a write touched no row.
func requireRow(tag pgconn.CommandTag, what string) error {
	if tag.RowsAffected() == 0 {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	return nil
}

// Compact vacuums the tables an erasure touches, so that the space of the
// deleted rows is reclaimed rather than left as dead tuples.
func (db *DB) Compact(ctx context.Context) error {
	if _, err := db.pool.Exec(ctx, `VACUUM contact_submissions, lead_deliveries, audit_log, login_failures, login_throttle`); err != nil {
		return storeError("compact", err)
	}
	return nil
}
