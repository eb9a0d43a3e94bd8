package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

// failureRetention is how long single failures are kept: well beyond the
// hour over which they are counted.
const failureRetention = 24 * time.Hour

// errRefused rolls back a claim that the hourly limit refuses.
var errRefused = errors.New("login attempt refused")

// ClaimLoginAttempt counts an attempt of username from addr, unless a
// limit refuses it. The transaction runs on the one write connection, with
// SQLite's write lock taken at its start, so claims of every process on the
// file are counted one after the other.
func (db *DB) ClaimLoginAttempt(ctx context.Context, username, addr string, now time.Time, lockout site.LockoutPolicy) (*site.LoginClaim, error) {
	username = strings.ToLower(username)
	claim := &site.LoginClaim{}
	// A login attempt is never the audited write of its request.
	err := db.InTx(site.WithoutPendingAudit(ctx), func(tx *sql.Tx) error {
		var failures, lockouts int
		err := tx.QueryRowContext(ctx, `INSERT INTO login_throttle (username, addr, failures) VALUES (?, ?, 1)
			ON CONFLICT (username, addr) DO UPDATE SET failures = failures + 1
			WHERE locked_until = '' OR locked_until <= ?
			RETURNING failures, lockouts`, username, addr, formatTime(now)).Scan(&failures, &lockouts)
		if errors.Is(err, sql.ErrNoRows) {
			return tx.QueryRowContext(ctx, `SELECT locked_until FROM login_throttle WHERE username = ? AND addr = ?`,
				username, addr).Scan(sqlstore.ScanTime(&claim.RetryAt))
		}
		if err != nil {
			return err
		}
		var recent int
		var oldest sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), MIN(at) FROM login_failures WHERE username = ? AND at > ?`,
			username, formatTime(now.Add(-time.Hour))).Scan(&recent, &oldest); err != nil {
			return err
		}
		if recent >= site.MaxHourlyLoginFailures {
			if err := (sqlstore.ScanTime(&claim.RetryAt)).Scan(oldest.String); err != nil {
				return err
			}
			claim.RetryAt = claim.RetryAt.Add(time.Hour)
			return errRefused
		}
		if failures >= site.MaxLoginFailures {
			if _, err := tx.ExecContext(ctx, `UPDATE login_throttle SET failures = 0, lockouts = lockouts + 1, locked_until = ?
				WHERE username = ? AND addr = ?`, formatTime(now.Add(lockout.Duration(lockouts+1))), username, addr); err != nil {
				return err
			}
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO login_failures (username, addr, at) VALUES (?, ?, ?) RETURNING id`,
			username, addr, formatTime(now)).Scan(&claim.Attempt); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE username = ? AND at < ?`,
			username, formatTime(now.Add(-failureRetention))); err != nil {
			return err
		}
		claim.Allowed = true
		return nil
	})
	if err != nil && !errors.Is(err, errRefused) {
		return nil, fmt.Errorf("sqlite: claim login attempt: %w", err)
	}
	return claim, nil
}

// ResetLoginThrottle forgets the pair's failures and lockouts, and the
// attempt that succeeded.
func (db *DB) ResetLoginThrottle(ctx context.Context, username, addr string, attempt int64) error {
	username = strings.ToLower(username)
	// A login attempt is never the audited write of its request.
	err := db.InTx(site.WithoutPendingAudit(ctx), func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE id = ? AND username = ?`, attempt, username); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM login_throttle WHERE username = ? AND addr = ?`, username, addr)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: reset login throttle: %w", err)
	}
	return nil
}
