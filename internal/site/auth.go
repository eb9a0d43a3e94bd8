package site

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Password rules and argon2id parameters (OWASP: m=19 MiB, t=2, p=1).
const (
	MinPasswordLength = 8
	MaxPasswordLength = 256
	argonMemory       = 19 * 1024
	argonTime         = 2
	argonThreads      = 1
	argonKeyLen       = 32
	argonSaltLen      = 16
)

// ValidatePassword checks the length rules of a new password.
func ValidatePassword(pw string) error {
	n := utf8.RuneCountInString(pw)
	if n < MinPasswordLength {
		return &Error{Code: EINVALID, Message: fmt.Sprintf("Password must be at least %d characters.", MinPasswordLength),
			Fields: map[string]string{"password": fmt.Sprintf("Password must be at least %d characters.", MinPasswordLength)}}
	}
	if n > MaxPasswordLength {
		return &Error{Code: EINVALID, Message: fmt.Sprintf("Password must be at most %d characters.", MaxPasswordLength),
			Fields: map[string]string{"password": fmt.Sprintf("Password must be at most %d characters.", MaxPasswordLength)}}
	}
	return nil
}

// HashPassword returns the argon2id hash of pw with a fresh random salt, in
// the PHC string format.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether pw matches the PHC-format argon2id hash,
// comparing in constant time. A malformed hash never matches.
func CheckPassword(hash, pw string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > 64*1024 || t > 10 || p > 16 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) == 0 || len(key) > 64 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1
}

// NewSessionToken returns a token of 32 random bytes for the client and the
// SHA-256 hash of it that the store keeps.
func NewSessionToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token), nil
}

// HashToken returns the hex SHA-256 of a session token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// SessionPolicy bounds a session's life (defaults as OWASP ASVS level 2).
type SessionPolicy struct {
	Idle     time.Duration // ends a session unused this long
	Absolute time.Duration // ends every session this long after login
}

// DefaultSessionPolicy is 30 minutes idle and 12 hours in all.
var DefaultSessionPolicy = SessionPolicy{Idle: 30 * time.Minute, Absolute: 12 * time.Hour}

// Valid reports whether the session may be used at now.
func (p SessionPolicy) Valid(s *Session, now time.Time) bool {
	return now.Before(s.ExpiresAt) && now.Before(s.LastSeenAt.Add(p.Idle))
}

// Login throttling (brute-force protection).
const (
	// MaxLoginFailures failures of one username from one address lock it.
	MaxLoginFailures = 5
	// MaxHourlyLoginFailures failures of one username within an hour, from
	// any number of addresses, refuse further attempts until the oldest of
	// them is an hour old.
	MaxHourlyLoginFailures = 100
)

// LockoutPolicy is how long a username is refused from one address after
// MaxLoginFailures failures: First, doubling with each further lockout, up
// to Max.
type LockoutPolicy struct {
	First time.Duration
	Max   time.Duration
}

// DefaultLockoutPolicy is 15 minutes at first, at most a day.
var DefaultLockoutPolicy = LockoutPolicy{First: 15 * time.Minute, Max: 24 * time.Hour}

// Duration is the length of the nth lockout (1-based). A First longer than
// Max is kept: the limit is on the growth.
func (p LockoutPolicy) Duration(n int) time.Duration {
	d := p.First
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	return max(min(d, p.Max), p.First)
}

// LoginUser is the user in the login answer; IsAdmin is MayEditSite.
type LoginUser struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	IsAdmin  bool   `json:"isAdmin"`
}

// SignedIn is the login answer of a session begun (SPEC section 7).
type SignedIn struct {
	Success      bool      `json:"success" ts:"true"`
	SessionToken string    `json:"sessionToken"`
	User         LoginUser `json:"user"`
}

// LoginStep answers a right password when a second step is needed: the
// code of an enrolled user, or the enrolment of one who must use two-factor
// sign-in. No session exists until that step is done.
type LoginStep struct {
	Success                bool   `json:"success" ts:"false"`
	TwoFactorRequired      bool   `json:"twoFactorRequired"`
	TwoFactorSetupRequired bool   `json:"twoFactorSetupRequired,omitempty"`
	Challenge              string `json:"challenge"`
}

// SignedInEnrolled answers the enrolment a sign-in required: the session
// begun, and the recovery codes, shown this once.
type SignedInEnrolled struct {
	SignedIn
	RecoveryCodes []string `json:"recoveryCodes"`
}
