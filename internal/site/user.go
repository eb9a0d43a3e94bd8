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

// LoginClaim is the answer to a claimed login attempt.
type LoginClaim struct {
	// Allowed says whether the password may be checked. The attempt is then
	// counted as a failure until ResetLoginThrottle says it succeeded.
	Allowed bool
	// Attempt identifies the counted attempt, for ResetLoginThrottle.
	Attempt int64
	// RetryAt is, for a refused attempt, when the next may be allowed.
	RetryAt time.Time
}

// LoginThrottleService counts login attempts in the database, so that the
// limits hold across restarts and any number of instances. Each claim is
// atomic: attempts made at once are counted one after the other.
type LoginThrottleService interface {
	// ClaimLoginAttempt counts an attempt of username from addr at now,
	// before its password is checked, unless the pair is locked out or the
	// username has MaxHourlyLoginFailures failures within the hour. The
	// MaxLoginFailures-th attempt since the last lockout or success starts a
	// lockout at once (the nth lasting lockout.Duration(n)), so attempts in
	// flight never let a further one through.
	ClaimLoginAttempt(ctx context.Context, username, addr string, now time.Time, lockout LockoutPolicy) (*LoginClaim, error)
	// ResetLoginThrottle records that the attempt succeeded: it is no longer
	// a failure, and the pair's failures and lockouts are forgotten.
	ResetLoginThrottle(ctx context.Context, username, addr string, attempt int64) error
}
