package site

import (
	"context"
	"time"
)

// User is a person who can sign in to the admin portal.
type User struct {
	ID           int64     `json:"id"`
	Username     string    `json:"username"`
	PasswordHash string    `json:"-"`
	IsAdmin      bool      `json:"isAdmin"`
	CreatedAt    time.Time `json:"createdAt"`
}

// UserService stores users. A username already taken is ECONFLICT; an
// unknown user is ENOTFOUND.
type UserService interface {
	CreateUser(ctx context.Context, u *User) (*User, error)
	FindUserByUsername(ctx context.Context, username string) (*User, error)
	FindUserByID(ctx context.Context, id int64) (*User, error)
	// SetPassword stores a new hash and revokes every session of the user,
	// in one transaction.
	SetPassword(ctx context.Context, userID int64, hash string) error
	CountUsers(ctx context.Context) (int, error)
}

// Session is a signed-in admin session. Only the SHA-256 of its token is
// stored, so a copy of the database holds no working token.
type Session struct {
	ID         int64
	UserID     int64
	TokenHash  string
	ExpiresAt  time.Time // the absolute end of the session
	LastSeenAt time.Time // for the idle timeout
	CreatedAt  time.Time
}

// SessionService stores admin sessions.
type SessionService interface {
	CreateSession(ctx context.Context, s *Session) (*Session, error)
	// FindSessionByTokenHash returns ENOTFOUND when no session has this hash.
	FindSessionByTokenHash(ctx context.Context, hash string) (*Session, error)
	TouchSession(ctx context.Context, id int64, lastSeen time.Time) error
	DeleteSession(ctx context.Context, id int64) error
	DeleteUserSessions(ctx context.Context, userID int64) error
	DeleteExpiredSessions(ctx context.Context, now time.Time) error
}

// LoginThrottle is the brute-force state of one username from one client
// address.
type LoginThrottle struct {
	Username string
	Addr     string
	// Failures counts failed attempts since the last success or lockout.
	Failures int
	// Lockouts counts lockouts since the last success; each is longer.
	Lockouts    int
	LockedUntil time.Time
}

// LoginThrottleService keeps login attempts in the database, so that the
// limits hold across restarts and instances.
type LoginThrottleService interface {
	// GetLoginThrottle returns the state of the pair, zero when none is stored.
	GetLoginThrottle(ctx context.Context, username, addr string) (*LoginThrottle, error)
	SaveLoginThrottle(ctx context.Context, t *LoginThrottle) error
	// AddLoginFailure records one failed attempt for username at the time at.
	AddLoginFailure(ctx context.Context, username, addr string, at time.Time) error
	// CountLoginFailures counts failures for username from any address since.
	CountLoginFailures(ctx context.Context, username string, since time.Time) (int, error)
}
