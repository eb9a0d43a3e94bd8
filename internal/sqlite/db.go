// Package sqlite implements the site's services on an embedded SQLite file.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// DB is an open site database: one connection for writes, so that writers
// queue in the process instead of failing on SQLite's lock, and a pool for
// reads, which WAL mode lets run beside the writer.
type DB struct {
	// Store is every statement of the site's services, written once for
	// both databases; this package adds SQLite's dialect, the group commit
	// of leads and the runner of its migrations.
	*sqlstore.Store
	write *sql.DB
	read  *sql.DB
	// Now is the clock; tests replace it.
	Now func() time.Time
	// leads writes leads in group commits.
	leads *leadCommitter
}

// Open opens (creating it if needed) the database file at path and applies
// the migrations it has not seen yet.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("sqlite: create data directory: %w", err)
	}
	// Busy timeout first, so that every later pragma waits for a lock rather
	// than failing; FULL sync so that an acknowledged write survives a power cut.
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	dsn := "file:" + path + "?" + q.Encode()
	write, err := openCached(dsn + "&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	if err := connect(ctx, write); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	read, err := openCached(dsn + "&mode=ro")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	read.SetMaxOpenConns(4)
	db := &DB{write: write, read: read, Now: time.Now}
	db.Store = sqlstore.New(sqlstore.Config{Name: "sqlite", Dialect: dialect{}, Write: write, Read: read,
		Now: func() time.Time { return db.Now() }})
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	db.startLeadCommitter()
	return db, nil
}

// connect opens the first connection of db, which sets the pragmas.
// Processes that create the file at the same moment each turn it to WAL as
// they connect, and SQLite refuses the one that loses at once (SQLITE_BUSY:
// a deadlock it reports instead of waiting on); by its next attempt the
// file is in WAL mode, and connecting only reads it.
func connect(ctx context.Context, db *sql.DB) error {
	for attempt := 1; ; attempt++ {
		err := db.PingContext(ctx)
		var se interface{ Code() int }
		if err == nil || attempt == 10 || !errors.As(err, &se) || se.Code()&0xff != sqliteBusy {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt) * 10 * time.Millisecond):
		}
	}
}

// sqliteBusy is SQLITE_BUSY, the primary code of a lock not granted.
const sqliteBusy = 5

// Close closes both connection pools.
func (db *DB) Close() error {
	if db.leads != nil {
		db.leads.close()
	}
	err1 := db.read.Close()
	err2 := db.write.Close()
	if err1 != nil {
		return err1
	}
	return err2
}

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	return db.read.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// SetQueryOnly turns every write away (on) or lets writes through again
// (off), as SQLite's query_only does: a write then fails with
// SQLITE_READONLY, as on a disk that went read-only. The tests of the path
// of a database that cannot save use it, since a full or read-only disk
// cannot be had without privileges.
func (db *DB) SetQueryOnly(ctx context.Context, on bool) error {
	_, err := db.write.ExecContext(ctx, fmt.Sprintf("PRAGMA query_only = %v", on))
	return err
}

// migrate applies each embedded migration exactly once, in the order of its
// number. Each runs in its own immediate transaction, which also holds off a
// second process starting at the same moment.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at TEXT NOT NULL
	)`); err != nil {
		return fmt.Errorf("sqlite: create schema_migrations: %w", err)
	}
	migrations, err := sqlstore.Migrations(migrationFS)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	for _, m := range migrations {
		if err := db.applyMigration(ctx, m.Version, m.Body); err != nil {
			return fmt.Errorf("sqlite: migration %s: %w", m.Name, err)
		}
	}
	return nil
}

func (db *DB) applyMigration(ctx context.Context, version int, body string) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, body); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", version, formatTime(db.Now())); err != nil {
		return err
	}
	return tx.Commit()
}

const timeLayout = "2006-01-02T15:04:05.000Z07:00"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

var _ site.Store = (*DB)(nil)

// Compact moves the write-ahead log into the database file, rewrites the
// file without the pages that held deleted rows (VACUUM), and empties the
// log again, so that no erased byte is left in site.db or site.db-wal.
func (db *DB) Compact(ctx context.Context) error {
	for _, q := range []string{`PRAGMA wal_checkpoint(TRUNCATE)`, `VACUUM`, `PRAGMA wal_checkpoint(TRUNCATE)`} {
		if _, err := db.write.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("sqlite: compact: %s: %w", q, err)
		}
	}
	return nil
}
