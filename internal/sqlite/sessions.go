package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"meridian/internal/site"
)

// CreateSession stores a session by the hash of its token.
func (db *DB) CreateSession(ctx context.Context, in *site.Session) (*site.Session, error) {
	out := *in
	if out.CreatedAt.IsZero() {
		out.CreatedAt = db.Now()
	}
	if out.LastSeenAt.IsZero() {
		out.LastSeenAt = out.CreatedAt
	}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO admin_sessions (user_id, session_token, expires_at, last_seen_at, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, out.UserID, out.TokenHash, formatTime(out.ExpiresAt),
			formatTime(out.LastSeenAt), formatTime(out.CreatedAt)).Scan(&out.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create session: %w", err)
	}
	return &out, nil
}

// FindSessionByTokenHash returns the session with this token hash.
func (db *DB) FindSessionByTokenHash(ctx context.Context, hash string) (*site.Session, error) {
	var s site.Session
	err := db.read.QueryRowContext(ctx, `SELECT id, user_id, session_token, expires_at, last_seen_at, created_at
		FROM admin_sessions WHERE session_token = ?`, hash).
		Scan(&s.ID, &s.UserID, &s.TokenHash, timeValue{&s.ExpiresAt}, timeValue{&s.LastSeenAt}, timeValue{&s.CreatedAt})
	if err != nil {
		return nil, notFound("find session", err, "Session")
	}
	return &s, nil
}

// TouchSession records that the session was used at lastSeen.
func (db *DB) TouchSession(ctx context.Context, id int64, lastSeen time.Time) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE admin_sessions SET last_seen_at = ? WHERE id = ?`, formatTime(lastSeen), id)
		if err != nil {
			return err
		}
		return requireRow(res, "Session")
	})
	if err != nil {
		return notFound("touch session", err, "Session")
	}
	return nil
}

// DeleteSession revokes one session.
func (db *DB) DeleteSession(ctx context.Context, id int64) error {
	return db.deleteRow(ctx, "admin_sessions", id, "Session")
}

// DeleteUserSessions revokes every session of the user.
func (db *DB) DeleteUserSessions(ctx context.Context, userID int64) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE user_id = ?`, userID)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete user sessions: %w", err)
	}
	return nil
}

// DeleteExpiredSessions removes sessions whose absolute end has passed.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE expires_at <= ?`, formatTime(now))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete expired sessions: %w", err)
	}
	return nil
}
