package postgres

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// failureRetention is how long a failed attempt is kept; the counts look
// back an hour at most.
const failureRetention = 24 * time.Hour

// errRefused rolls back a claim that the hourly limit refuses.
var errRefused = errors.New("login attempt refused")

// ClaimLoginAttempt counts an attempt of username from addr, unless a
// limit refuses it. A transaction-scoped advisory lock on the username (in
// this schema) makes the hourly count and the insert that follows it one
// step for every instance; the pair's count is an upsert, which holds the
// row's lock until the lockout, if any, is written.
func (db *DB) ClaimLoginAttempt(ctx context.Context, username, addr string, now time.Time, lockout site.LockoutPolicy) (*site.LoginClaim, error) {
	now = now.UTC()
	username = strings.ToLower(username)
	claim := &site.LoginClaim{}
	// A login attempt is never the audited write of its request.
	err := db.inTx(site.WithoutPendingAudit(ctx), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ' login ' || $1, 0))`,
			username); err != nil {
			return err
		}
		var failures, lockouts int
		err := tx.QueryRow(ctx, `INSERT INTO login_throttle (username, addr, failures) VALUES ($1, $2, 1)
			ON CONFLICT (username, addr) DO UPDATE SET failures = login_throttle.failures + 1
			WHERE login_throttle.locked_until IS NULL OR login_throttle.locked_until <= $3
			RETURNING failures, lockouts`, username, addr, now).Scan(&failures, &lockouts)
		if errors.Is(err, pgx.ErrNoRows) {
			return tx.QueryRow(ctx, `SELECT locked_until FROM login_throttle WHERE username = $1 AND addr = $2`,
				username, addr).Scan(&claim.RetryAt)
		}
		if err != nil {
			return err
		}
		var recent int
		var oldest *time.Time
		if err := tx.QueryRow(ctx, `SELECT count(*), min(at) FROM login_failures WHERE username = $1 AND at > $2`,
			username, now.Add(-time.Hour)).Scan(&recent, &oldest); err != nil {
			return err
		}
		if recent >= site.MaxHourlyLoginFailures && oldest != nil {
			claim.RetryAt = oldest.Add(time.Hour)
			return errRefused
		}
		if failures >= site.MaxLoginFailures {
			if _, err := tx.Exec(ctx, `UPDATE login_throttle SET failures = 0, lockouts = lockouts + 1, locked_until = $3
				WHERE username = $1 AND addr = $2`, username, addr, now.Add(lockout.Duration(lockouts+1))); err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, `INSERT INTO login_failures (username, addr, at) VALUES ($1, $2, $3) RETURNING id`,
			username, addr, now).Scan(&claim.Attempt); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE username = $1 AND at < $2`,
			username, now.Add(-failureRetention)); err != nil {
			return err
		}
		claim.Allowed = true
		return nil
	})
	if err != nil && !errors.Is(err, errRefused) {
		return nil, storeError("claim login attempt", err)
	}
	return claim, nil
}

// ResetLoginThrottle forgets the pair's failures and lockouts, and the
// attempt that succeeded, in one statement.
func (db *DB) ResetLoginThrottle(ctx context.Context, username, addr string, attempt int64) error {
	username = strings.ToLower(username)
	_, err := db.pool.Exec(ctx, `WITH attempt AS (DELETE FROM login_failures WHERE id = $3 AND username = $1)
		DELETE FROM login_throttle WHERE username = $1 AND addr = $2`, username, addr, attempt)
	if err != nil {
		return storeError("reset login throttle", err)
	}
	return nil
}
