package site

import (
	"strings"
	"testing"
	"time"
)

func TestPasswordHash(t *testing.T) {
	pw := strings.Repeat("é", 64) // 64 characters, 128 bytes
	h1, err := HashPassword(pw)
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := HashPassword(pw)
	if h1 == h2 {
		t.Error("two hashes of one password are equal: no salt")
	}
	if !strings.HasPrefix(h1, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(h1, pw) {
		t.Errorf("hash = %q", h1)
	}
	if !CheckPassword(h1, pw) || !CheckPassword(h2, pw) {
		t.Error("the password does not match its hash")
	}
	if CheckPassword(h1, pw[:len(pw)-2]) || CheckPassword(h1, pw+"x") {
		t.Error("another password matches")
	}
	for _, bad := range []string{"", pw, "$argon2id$v=19$m=19456,t=2,p=1$$", strings.Replace(h1, "argon2id", "argon2i", 1)} {
		if CheckPassword(bad, pw) {
			t.Errorf("malformed hash %q matches", bad)
		}
	}
}

func TestValidatePassword(t *testing.T) {
	for pw, ok := range map[string]bool{"1234567": false, "12345678": true, strings.Repeat("x", 64): true, strings.Repeat("x", 257): false} {
		if err := ValidatePassword(pw); (err == nil) != ok {
			t.Errorf("ValidatePassword(%d chars) = %v", len(pw), err)
		}
	}
}

func TestSessionToken(t *testing.T) {
	tok, hash, err := NewSessionToken()
	if err != nil {
		t.Fatal(err)
	}
	tok2, _, _ := NewSessionToken()
	if len(tok) != 43 || tok == tok2 || hash != HashToken(tok) || len(hash) != 64 || strings.Contains(hash, tok) {
		t.Errorf("token %q, hash %q", tok, hash)
	}
}

func TestSessionPolicy(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	p := DefaultSessionPolicy
	s := &Session{CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(p.Absolute)}
	for _, tc := range []struct {
		at   time.Time
		want bool
	}{
		{now.Add(29 * time.Minute), true},
		{now.Add(30 * time.Minute), false},
	} {
		if got := p.Valid(s, tc.at); got != tc.want {
			t.Errorf("Valid at %v = %v", tc.at.Sub(now), got)
		}
	}
	s.LastSeenAt = now.Add(12*time.Hour - time.Minute)
	if p.Valid(s, now.Add(12*time.Hour)) {
		t.Error("valid past the absolute lifetime")
	}
}

func TestLockoutGrows(t *testing.T) {
	for _, tc := range []struct {
		p    LockoutPolicy
		n    int
		want time.Duration
	}{
		{DefaultLockoutPolicy, 1, 15 * time.Minute},
		{DefaultLockoutPolicy, 2, 30 * time.Minute},
		{DefaultLockoutPolicy, 3, time.Hour},
		{DefaultLockoutPolicy, 7, 16 * time.Hour},
		{DefaultLockoutPolicy, 8, 24 * time.Hour},
		{DefaultLockoutPolicy, 1000, 24 * time.Hour},
		{LockoutPolicy{First: time.Minute, Max: 24 * time.Hour}, 4, 8 * time.Minute},
		{LockoutPolicy{First: 48 * time.Hour, Max: 24 * time.Hour}, 3, 48 * time.Hour},
	} {
		if got := tc.p.Duration(tc.n); got != tc.want {
			t.Errorf("lockout %d of %+v = %v, want %v", tc.n, tc.p, got, tc.want)
		}
	}
}

func BenchmarkCheckPassword(b *testing.B) {
	h, _ := HashPassword("benchmark password")
	for b.Loop() {
		CheckPassword(h, "benchmark password")
	}
}
