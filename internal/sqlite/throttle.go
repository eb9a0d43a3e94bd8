package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"meridian/internal/site"
)

// failureRetention is how long single failures are kept: well beyond the
// hour over which they are counted.
const failureRetention = 24 * time.Hour

// GetLoginThrottle returns the state of username from addr; a zero state
// when none is stored.
func (db *DB) GetLoginThrottle(ctx context.Context, username, addr string) (*site.LoginThrottle, error) {
	t := &site.LoginThrottle{Username: username, Addr: addr}
	var until string
	err := db.read.QueryRowContext(ctx, `SELECT failures, lockouts, locked_until FROM login_throttle
		WHERE username = ? AND addr = ?`, username, addr).Scan(&t.Failures, &t.Lockouts, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: get login throttle: %w", err)
	}
	if until != "" {
		if err := (timeValue{&t.LockedUntil}).Scan(until); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// SaveLoginThrottle stores the state of the pair; a zero state removes it.
func (db *DB) SaveLoginThrottle(ctx context.Context, t *site.LoginThrottle) error {
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		if t.Failures == 0 && t.Lockouts == 0 && t.LockedUntil.IsZero() {
			_, err := tx.ExecContext(ctx, `DELETE FROM login_throttle WHERE username = ? AND addr = ?`, t.Username, t.Addr)
			return err
		}
		until := ""
		if !t.LockedUntil.IsZero() {
			until = formatTime(t.LockedUntil)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO login_throttle (username, addr, failures, lockouts, locked_until)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (username, addr) DO UPDATE SET failures = excluded.failures,
			lockouts = excluded.lockouts, locked_until = excluded.locked_until`,
			t.Username, t.Addr, t.Failures, t.Lockouts, until)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: save login throttle: %w", err)
	}
	return nil
}

// AddLoginFailure records one failed attempt and forgets failures too old
// to count.
func (db *DB) AddLoginFailure(ctx context.Context, username, addr string, at time.Time) error {
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_failures (username, addr, at) VALUES (?, ?, ?)`,
			username, addr, formatTime(at)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE username = ? AND at < ?`,
			username, formatTime(at.Add(-failureRetention)))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: add login failure: %w", err)
	}
	return nil
}

// CountLoginFailures counts failures for username from any address since.
func (db *DB) CountLoginFailures(ctx context.Context, username string, since time.Time) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM login_failures WHERE username = ? AND at >= ?`,
		username, formatTime(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: count login failures: %w", err)
	}
	return n, nil
}
