package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const sessionColumns = `id, user_id, session_token, user_agent, expires_at, last_seen_at, created_at`

func scanSession(row pgx.Row) (*site.Session, error) {
	var s site.Session
	err := row.Scan(&s.ID, &s.UserID, &s.TokenHash, &s.UserAgent, &s.ExpiresAt, &s.LastSeenAt, &s.CreatedAt)
	return &s, err
}

// CreateSession stores a new session. A zero CreatedAt is now, and a zero
// LastSeenAt is CreatedAt.
func (db *DB) CreateSession(ctx context.Context, s *site.Session) (*site.Session, error) {
	created := s.CreatedAt
	if created.IsZero() {
		created = db.now()
	}
	lastSeen := s.LastSeenAt
	if lastSeen.IsZero() {
		lastSeen = created
	}
	saved, err := scanSession(db.pool.QueryRow(ctx, `INSERT INTO admin_sessions
		(user_id, session_token, user_agent, expires_at, last_seen_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+sessionColumns,
		s.UserID, s.TokenHash, s.UserAgent, s.ExpiresAt.UTC(), lastSeen.UTC(), created.UTC()))
	if err != nil {
		return nil, storeError("create session", err)
	}
	return saved, nil
}

// FindSessionByTokenHash returns the session with this token hash, expired
// or not: the caller judges its age.
func (db *DB) FindSessionByTokenHash(ctx context.Context, hash string) (out *site.Session, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findSessionByTokenHash(ctx, hash)
		return err
	})
	return out, err
}

func (db *DB) findSessionByTokenHash(ctx context.Context, hash string) (*site.Session, error) {
	s, err := scanSession(db.pool.QueryRow(ctx, `SELECT `+sessionColumns+` FROM admin_sessions WHERE session_token = $1`, hash))
	if err != nil {
		return nil, notFound("find session", err, "Session")
	}
	return s, nil
}

// FindSession returns the session with id, expired or not: the caller
// judges its age.
func (db *DB) FindSession(ctx context.Context, id int64) (out *site.Session, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = scanSession(db.pool.QueryRow(ctx, `SELECT `+sessionColumns+` FROM admin_sessions WHERE id = $1`, id))
		if err != nil {
			err = notFound("find session", err, "Session")
		}
		return err
	})
	return out, err
}

// TouchSession records that the session was used at lastSeen.
func (db *DB) TouchSession(ctx context.Context, id int64, lastSeen time.Time) error {
	tag, err := db.pool.Exec(ctx, `UPDATE admin_sessions SET last_seen_at = $2 WHERE id = $1`, id, lastSeen.UTC())
	if err != nil {
		return storeError("touch session", err)
	}
	return requireRow(tag, "Session")
}

// DeleteSession deletes the session with id; ENOTFOUND when there is none.
func (db *DB) DeleteSession(ctx context.Context, id int64) error {
	tag, err := db.exec(ctx, `DELETE FROM admin_sessions WHERE id = $1`, id)
	if err != nil {
		return storeError("delete session", err)
	}
	return requireRow(tag, "Session")
}

// FindUserSessions lists the user's sessions, the last used first.
func (db *DB) FindUserSessions(ctx context.Context, userID int64) ([]*site.Session, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+sessionColumns+` FROM admin_sessions WHERE user_id = $1 ORDER BY last_seen_at DESC, id DESC`, userID)
	if err != nil {
		return nil, storeError("find user sessions", err)
	}
	defer rows.Close()
	out := []*site.Session{}
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, storeError("find user sessions", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, storeError("find user sessions", err)
	}
	return out, nil
}

// DeleteUserSession deletes the user's session id; ENOTFOUND when the user
// has none with that id.
func (db *DB) DeleteUserSession(ctx context.Context, userID, id int64) error {
	tag, err := db.exec(ctx, `DELETE FROM admin_sessions WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return storeError("delete user session", err)
	}
	return requireRow(tag, "Session")
}

// DeleteUserSessions deletes every session of the user but keep.
func (db *DB) DeleteUserSessions(ctx context.Context, userID, keep int64) error {
	if _, err := db.exec(ctx, `DELETE FROM admin_sessions WHERE user_id = $1 AND id <> $2`, userID, keep); err != nil {
		return storeError("delete user sessions", err)
	}
	return nil
}

// DeleteExpiredSessions deletes every session whose end is at or before now.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM admin_sessions WHERE expires_at <= $1`, now.UTC()); err != nil {
		return storeError("delete expired sessions", err)
	}
	return nil
}
