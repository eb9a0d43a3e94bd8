package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// GetLoginThrottle returns the state of the pair, zero when none is stored.
func (db *DB) GetLoginThrottle(ctx context.Context, username, addr string) (*site.LoginThrottle, error) {
	t := site.LoginThrottle{Username: username, Addr: addr}
	var locked *time.Time
	err := db.pool.QueryRow(ctx, `SELECT failures, lockouts, locked_until FROM login_throttle
		WHERE username = $1 AND addr = $2`, username, addr).Scan(&t.Failures, &t.Lockouts, &locked)
	if errors.Is(err, pgx.ErrNoRows) {
		return &t, nil
	}
	if err != nil {
		return nil, storeError("get login throttle", err)
	}
	if locked != nil {
		t.LockedUntil = *locked
	}
	return &t, nil
}

// failureRetention is how long a failed attempt is kept; the counts look
// back an hour at most.
const failureRetention = 24 * time.Hour

// SaveLoginThrottle stores the state of the pair, replacing the one before;
// a zero state removes the row.
func (db *DB) SaveLoginThrottle(ctx context.Context, t *site.LoginThrottle) error {
	if t.Failures == 0 && t.Lockouts == 0 && t.LockedUntil.IsZero() {
		if _, err := db.pool.Exec(ctx, `DELETE FROM login_throttle WHERE username = $1 AND addr = $2`, t.Username, t.Addr); err != nil {
			return storeError("save login throttle", err)
		}
		return nil
	}
	var locked *time.Time
	if !t.LockedUntil.IsZero() {
		u := t.LockedUntil.UTC()
		locked = &u
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO login_throttle (username, addr, failures, lockouts, locked_until)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (username, addr) DO UPDATE SET failures = EXCLUDED.failures,
			lockouts = EXCLUDED.lockouts, locked_until = EXCLUDED.locked_until`,
		t.Username, t.Addr, t.Failures, t.Lockouts, locked)
	if err != nil {
		return storeError("save login throttle", err)
	}
	return nil
}

// AddLoginFailure records one failed attempt for username at the time at,
// and forgets the user's attempts older than the retention.
func (db *DB) AddLoginFailure(ctx context.Context, username, addr string, at time.Time) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO login_failures (username, addr, at) VALUES ($1, $2, $3)`,
			username, addr, at.UTC()); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE username = $1 AND at < $2`,
			username, at.Add(-failureRetention).UTC())
		return err
	})
	if err != nil {
		return storeError("add login failure", err)
	}
	return nil
}

// CountLoginFailures counts failures for username from any address at or
// after since.
func (db *DB) CountLoginFailures(ctx context.Context, username string, since time.Time) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, `SELECT count(*) FROM login_failures WHERE username = $1 AND at >= $2`,
		username, since.UTC()).Scan(&n)
	if err != nil {
		return 0, storeError("count login failures", err)
	}
	return n, nil
}
