package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

const sessionColumns = `id, user_id, session_token, user_agent, expires_at, last_seen_at, created_at`

func scanSession(r Row) (*site.Session, error) {
	var s site.Session
	err := r.Scan(&s.ID, &s.UserID, &s.TokenHash, &s.UserAgent, ScanTime(&s.ExpiresAt), ScanTime(&s.LastSeenAt), ScanTime(&s.CreatedAt))
	return &s, err
}

// CreateSession stores a session by the hash of its token. A zero
// CreatedAt is now, and a zero LastSeenAt is CreatedAt.
func (s *Store) CreateSession(ctx context.Context, in *site.Session) (*site.Session, error) {
	created := in.CreatedAt.UTC().Truncate(s.d.Precision())
	if in.CreatedAt.IsZero() {
		created = s.nowUTC()
	}
	lastSeen := in.LastSeenAt.UTC().Truncate(s.d.Precision())
	if in.LastSeenAt.IsZero() {
		lastSeen = created
	}
	var out *site.Session
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanSession(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO admin_sessions
			(user_id, session_token, user_agent, expires_at, last_seen_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING `+sessionColumns),
			in.UserID, in.TokenHash, in.UserAgent, s.d.Time(in.ExpiresAt.UTC()), s.d.Time(lastSeen), s.d.Time(created)))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "create session", "Session", err)
	}
	return out, nil
}

// findSession returns the session the condition q finds, expired or not:
// the caller judges its age.
func (s *Store) findSession(ctx context.Context, q string, arg any) (*site.Session, error) {
	out, err := queryOne(ctx, s, scanSession, `SELECT `+sessionColumns+` FROM admin_sessions WHERE `+q, arg)
	if err != nil {
		return nil, s.Fail(ctx, "find session", "Session", err)
	}
	return out, nil
}

// FindSessionByTokenHash returns the session with this token hash.
func (s *Store) FindSessionByTokenHash(ctx context.Context, hash string) (*site.Session, error) {
	return s.findSession(ctx, `session_token = ?`, hash)
}

// FindSession returns the session with id.
func (s *Store) FindSession(ctx context.Context, id int64) (*site.Session, error) {
	return s.findSession(ctx, `id = ?`, id)
}

// FindUserSessions lists the user's sessions, the last used first.
func (s *Store) FindUserSessions(ctx context.Context, userID int64) ([]*site.Session, error) {
	out, err := queryAll(ctx, s, scanSession, `SELECT `+sessionColumns+` FROM admin_sessions WHERE user_id = ? ORDER BY last_seen_at DESC, id DESC`, userID)
	if err != nil {
		return nil, s.Fail(ctx, "find user sessions", "Session", err)
	}
	return out, nil
}

// TouchSession records that the session was used at lastSeen.
func (s *Store) TouchSession(ctx context.Context, id int64, lastSeen time.Time) error {
	return s.changeOne(ctx, "touch session", "Session", `UPDATE admin_sessions SET last_seen_at = ? WHERE id = ?`, s.d.Time(lastSeen.UTC()), id)
}

// DeleteSession revokes one session.
func (s *Store) DeleteSession(ctx context.Context, id int64) error {
	return s.changeOne(ctx, "delete session", "Session", `DELETE FROM admin_sessions WHERE id = ?`, id)
}

// DeleteUserSession ends the user's session id.
func (s *Store) DeleteUserSession(ctx context.Context, userID, id int64) error {
	return s.changeOne(ctx, "delete user session", "Session", `DELETE FROM admin_sessions WHERE id = ? AND user_id = ?`, id, userID)
}

// DeleteUserSessions revokes every session of the user but keep.
func (s *Store) DeleteUserSessions(ctx context.Context, userID, keep int64) error {
	if _, err := s.execTx(ctx, `DELETE FROM admin_sessions WHERE user_id = ? AND id <> ?`, userID, keep); err != nil {
		return s.Fail(ctx, "delete user sessions", "Session", err)
	}
	return nil
}

// DeleteExpiredSessions removes sessions whose absolute end has passed.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	if _, err := s.execTx(ctx, `DELETE FROM admin_sessions WHERE expires_at <= ?`, s.d.Time(now.UTC())); err != nil {
		return s.Fail(ctx, "delete expired sessions", "Session", err)
	}
	return nil
}
