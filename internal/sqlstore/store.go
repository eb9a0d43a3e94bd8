package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"meridian/internal/site"
)

// Store is the shared part of a site database: the one transaction of
// every write and the statements written once for both databases.
type Store struct {
	// name starts the store's error messages ("sqlite", "postgres").
	name  string
	d     Dialect
	write *sql.DB
	read  *sql.DB
	now   func() time.Time
	retry func(ctx context.Context, fn func() error) error
	// observe, once set, is told the time of each read and write
	// transaction (ObserveQueries).
	observe atomic.Pointer[func(write bool, d time.Duration)]
}

// Config is what New needs to make a Store.
type Config struct {
	// Name starts the store's error messages.
	Name    string
	Dialect Dialect
	// Write takes every write transaction; Read serves reads (the same
	// handle when the database has no single writer).
	Write, Read *sql.DB
	// Now is the store's clock.
	Now func() time.Time
	// Retry, when set, runs a read and runs it once more when it failed
	// as a read may be repeated (a connection that broke).
	Retry func(ctx context.Context, fn func() error) error
}

// New returns the store of c.
func New(c Config) *Store {
	retry := c.Retry
	if retry == nil {
		retry = func(_ context.Context, fn func() error) error { return fn() }
	}
	s := &Store{name: c.Name, d: c.Dialect, write: c.Write, read: c.Read, now: c.Now}
	// Every read that may be repeated goes through retry: the one place
	// to time reads.
	s.retry = func(ctx context.Context, fn func() error) error {
		if o := s.observe.Load(); o != nil {
			defer observe(*o, false, time.Now())
		}
		return retry(ctx, fn)
	}
	return s
}

// ObserveQueries has f told the time of each read of the store (its retry
// included) and of each write transaction (from its begin, which waits
// for a single writer's connection, to its commit).
func (s *Store) ObserveQueries(f func(write bool, d time.Duration)) { s.observe.Store(&f) }

// observe tells f the time since start of a read or a write.
func observe(f func(write bool, d time.Duration), write bool, start time.Time) {
	f(write, time.Since(start))
}

// Pools are the connection pools of the store by name: the store's name
// when one takes reads and writes, else with "-write" (the single writer)
// and "-read".
func (s *Store) Pools() map[string]*sql.DB {
	if s.write == s.read {
		return map[string]*sql.DB{s.name: s.write}
	}
	return map[string]*sql.DB{s.name + "-write": s.write, s.name + "-read": s.read}
}

// rebind is q with the dialect's placeholders.
func (s *Store) rebind(q string) string { return rebind(s.d, q) }

// stamp fills the time of w from the clock, at the precision the store
// keeps.
func (s *Store) stamp(w site.Write) site.Write {
	if w.At.IsZero() {
		w.At = s.now()
	}
	w.At = w.At.UTC().Truncate(s.d.Precision())
	if !w.Changed.IsZero() {
		w.Changed = w.Changed.UTC().Truncate(s.d.Precision())
	}
	return w
}

// InTx runs fn in one transaction on the write handle and commits when fn
// succeeds. Every write goes through it, so that a database that cannot
// save is told here, once, as site.CannotSave.
//
// The request's pending audit entry (site.PendingAudit) is added here too,
// in the transaction of the write it records, before the commit, when the
// transaction has changed a row: one that changed nothing (a code refused
// as used already) is not the write the entry records.
func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if o := s.observe.Load(); o != nil {
		defer observe(*o, true, time.Now())
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return s.CannotSave(err)
	}
	defer tx.Rollback()
	audit := site.PendingAuditOf(ctx)
	var before int64
	if audit != nil && !audit.Written() {
		// Its id may come with the write (a record created), so that it
		// is due only after fn.
		if before, err = s.d.ChangesBefore(ctx, tx); err != nil {
			return s.CannotSave(err)
		}
	}
	if err := fn(tx); err != nil {
		return s.CannotSave(err)
	}
	added := false
	if e := audit.Due(); e != nil {
		after, err := s.d.Changes(ctx, tx)
		if err != nil {
			return s.CannotSave(err)
		}
		if after != before {
			if err := s.InsertAuditEntry(ctx, tx, e); err != nil {
				return s.CannotSave(fmt.Errorf("add audit entry: %w", err))
			}
			added = true
		}
	}
	if err := tx.Commit(); err != nil {
		return s.CannotSave(err)
	}
	if added {
		audit.Added()
	}
	return nil
}

// CannotSave turns an error that says the database cannot take writes now
// into site.CannotSave, and returns any other as it is. A request the
// client gave up on is not the database's fault.
func (s *Store) CannotSave(err error) error {
	if err == nil || site.ErrorCode(err) != site.EINTERNAL ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if s.d.CannotSave(err) {
		return site.CannotSave(err)
	}
	return err
}

// InsertAuditEntry inserts e, normalized, in tx, and sets its id and time.
func (s *Store) InsertAuditEntry(ctx context.Context, tx *sql.Tx, e *site.AuditEntry) error {
	if err := e.Check(); err != nil {
		return err
	}
	n := e.Normalize()
	if n.At.IsZero() {
		n.At = s.now()
	}
	n.At = n.At.UTC().Truncate(s.d.Precision())
	if err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO audit_log (at, user_id, username, addr, action, target, detail, subject)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		s.d.Time(n.At), n.UserID, n.Username, n.Addr, n.Action, n.Target, n.Detail, n.Subject).Scan(&n.ID); err != nil {
		return err
	}
	*e = n
	return nil
}

// CheckWrite commits a write of the heartbeat row.
func (s *Store) CheckWrite(ctx context.Context) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`), s.d.Time(s.nowUTC()))
		return err
	})
}

// Fail maps err of op: no row is ENOTFOUND of what, the store's own errors
// and violated constraints as writeError maps them.
func (s *Store) Fail(ctx context.Context, op, what string, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	return s.writeError(ctx, op, nil, nil, 0, err)
}

// retried runs read, a read that is safe to repeat, again when its
// connection broke (Config.Retry), and names what failed as Fail does: op
// in the log, what (the noun) when there is no such row.
func retried[T any](ctx context.Context, s *Store, op, what string, read func() (T, error)) (out T, err error) {
	err = s.retry(ctx, func() error {
		out, err = read()
		return err
	})
	if err != nil {
		return out, s.Fail(ctx, op, what, err)
	}
	return out, nil
}

// findPage reads in one snapshot how many rows match (the query count)
// and the page of them that q selects, each scanned by scan; both queries
// take args. It is retried and its failure named as retried says.
func findPage[T any](ctx context.Context, s *Store, op, what, count, q string, args []any, scan func(Row) (T, error)) ([]T, int, error) {
	type page struct {
		items []T
		total int
	}
	p, err := retried(ctx, s, op, what, func() (p page, err error) {
		tx, err := s.readTx(ctx)
		if err != nil {
			return p, err
		}
		defer tx.Rollback()
		if err := tx.QueryRowContext(ctx, s.rebind(count), args...).Scan(&p.total); err != nil {
			return p, err
		}
		rows, err := tx.QueryContext(ctx, s.rebind(q), args...)
		if err != nil {
			return p, err
		}
		p.items, err = ScanAll(rows, scan)
		return p, err
	})
	return p.items, p.total, err
}

// readTx begins a read-only transaction that sees one snapshot.
func (s *Store) readTx(ctx context.Context) (*sql.Tx, error) {
	return s.read.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
}
