package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"meridian/internal/site"
)

// failureRetention is how long a failed attempt is kept; the counts look
// back an hour at most.
const failureRetention = 24 * time.Hour

// errRefused rolls back a claim that the hourly limit refuses.
var errRefused = errors.New("login attempt refused")

// ClaimLoginAttempt counts an attempt of username from addr, unless a
// limit refuses it. The lock of the username (SQLite's one writer, an
// advisory lock on PostgreSQL) makes the hourly count and the insert that
// follows it one step for every process on the database; the pair's count
// is an upsert, which holds the row until the lockout, if any, is written.
func (s *Store) ClaimLoginAttempt(ctx context.Context, username, addr string, now time.Time, lockout site.LockoutPolicy) (*site.LoginClaim, error) {
	username = strings.ToLower(username)
	now = now.UTC()
	claim := &site.LoginClaim{}
	// A login attempt is never the audited write of its request.
	err := s.InTx(site.WithoutPendingAudit(ctx), func(tx *sql.Tx) error {
		if err := s.d.Lock(ctx, tx, "login "+username, false); err != nil {
			return err
		}
		var failures, lockouts int
		// No lockout is NULL on PostgreSQL and '' on SQLite, which sorts
		// before every time.
		err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO login_throttle (username, addr, failures) VALUES (?, ?, 1)
			ON CONFLICT (username, addr) DO UPDATE SET failures = login_throttle.failures + 1
			WHERE login_throttle.locked_until IS NULL OR NOT (login_throttle.locked_until > ?)
			RETURNING failures, lockouts`), username, addr, s.d.Time(now)).Scan(&failures, &lockouts)
		if errors.Is(err, sql.ErrNoRows) {
			return tx.QueryRowContext(ctx, s.rebind(`SELECT locked_until FROM login_throttle WHERE username = ? AND addr = ?`),
				username, addr).Scan(ScanTime(&claim.RetryAt))
		}
		if err != nil {
			return err
		}
		var recent int
		var oldest *time.Time
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*), MIN(at) FROM login_failures WHERE username = ? AND at > ?`),
			username, s.d.Time(now.Add(-time.Hour))).Scan(&recent, ScanNullTime(&oldest)); err != nil {
			return err
		}
		if recent >= site.MaxHourlyLoginFailures && oldest != nil {
			claim.RetryAt = oldest.Add(time.Hour)
			return errRefused
		}
		if failures >= site.MaxLoginFailures {
			if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE login_throttle SET failures = 0, lockouts = lockouts + 1, locked_until = ?
				WHERE username = ? AND addr = ?`), s.d.Time(now.Add(lockout.Duration(lockouts+1))), username, addr); err != nil {
				return err
			}
		}
		if err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO login_failures (username, addr, at) VALUES (?, ?, ?) RETURNING id`),
			username, addr, s.d.Time(now)).Scan(&claim.Attempt); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM login_failures WHERE username = ? AND at < ?`),
			username, s.d.Time(now.Add(-failureRetention))); err != nil {
			return err
		}
		claim.Allowed = true
		return nil
	})
	if err != nil && !errors.Is(err, errRefused) {
		return nil, s.Fail(ctx, "claim login attempt", "Login attempt", err)
	}
	return claim, nil
}

// ResetLoginThrottle forgets the pair's failures and lockouts, and the
// attempt that succeeded.
func (s *Store) ResetLoginThrottle(ctx context.Context, username, addr string, attempt int64) error {
	username = strings.ToLower(username)
	// A login attempt is never the audited write of its request.
	err := s.InTx(site.WithoutPendingAudit(ctx), func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM login_failures WHERE id = ? AND username = ?`), attempt, username); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM login_throttle WHERE username = ? AND addr = ?`), username, addr)
		return err
	})
	if err != nil {
		return s.Fail(ctx, "reset login throttle", "Login attempt", err)
	}
	return nil
}
