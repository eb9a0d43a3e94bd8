package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
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
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO admin_sessions (user_id, session_token, user_agent, expires_at, last_seen_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, out.UserID, out.TokenHash, out.UserAgent, formatTime(out.ExpiresAt),
			formatTime(out.LastSeenAt), formatTime(out.CreatedAt)).Scan(&out.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create session: %w", err)
	}
	return &out, nil
}

// FindSessionByTokenHash returns the session with this token hash.
func (db *DB) FindSessionByTokenHash(ctx context.Context, hash string) (*site.Session, error) {
	s, err := scanSession(db.read.QueryRowContext(ctx, `SELECT `+sessionColumns+` FROM admin_sessions WHERE session_token = ?`, hash))
	if err != nil {
		return nil, notFound("find session", err, "Session")
	}
	return s, nil
}

// FindSession returns the session with id, expired or not: the caller
// judges its age.
func (db *DB) FindSession(ctx context.Context, id int64) (*site.Session, error) {
	s, err := scanSession(db.read.QueryRowContext(ctx, `SELECT `+sessionColumns+` FROM admin_sessions WHERE id = ?`, id))
	if err != nil {
		return nil, notFound("find session", err, "Session")
	}
	return s, nil
}

const sessionColumns = `id, user_id, session_token, user_agent, expires_at, last_seen_at, created_at`

func scanSession(r rowScanner) (*site.Session, error) {
	var s site.Session
	err := r.Scan(&s.ID, &s.UserID, &s.TokenHash, &s.UserAgent, sqlstore.ScanTime(&s.ExpiresAt), sqlstore.ScanTime(&s.LastSeenAt), sqlstore.ScanTime(&s.CreatedAt))
	return &s, err
}

// FindUserSessions lists the user's sessions, the last used first.
func (db *DB) FindUserSessions(ctx context.Context, userID int64) ([]*site.Session, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+sessionColumns+` FROM admin_sessions WHERE user_id = ? ORDER BY last_seen_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find user sessions: %w", err)
	}
	defer rows.Close()
	out := []*site.Session{}
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find user sessions: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// DeleteUserSession ends the user's session id.
func (db *DB) DeleteUserSession(ctx context.Context, userID, id int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE id = ? AND user_id = ?`, id, userID)
		if err != nil {
			return err
		}
		return requireRow(res, "Session")
	})
	if err != nil {
		return notFound("delete user session", err, "Session")
	}
	return nil
}

// TouchSession records that the session was used at lastSeen.
func (db *DB) TouchSession(ctx context.Context, id int64, lastSeen time.Time) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
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

// DeleteUserSessions revokes every session of the user but keep.
func (db *DB) DeleteUserSessions(ctx context.Context, userID, keep int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE user_id = ? AND id <> ?`, userID, keep)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete user sessions: %w", err)
	}
	return nil
}

// DeleteExpiredSessions removes sessions whose absolute end has passed.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE expires_at <= ?`, formatTime(now))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete expired sessions: %w", err)
	}
	return nil
}
