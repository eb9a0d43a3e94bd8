package postgres_test

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

func TestUsersAndSessions(t *testing.T) {
	t.Parallel()
	dsn := testSchema(t)
	db := openAt(t, dsn)
	ctx := context.Background()
	u, err := db.CreateUser(ctx, &site.User{Username: "admin", PasswordHash: "h1", Role: site.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("ErrUsernameTaken", func(t *testing.T) {
		_, err := db.CreateUser(ctx, &site.User{Username: "admin", PasswordHash: "h2"})
		wantCode(t, err, site.ECONFLICT, `The username "admin" is taken.`)
		if n, err := db.CountUsers(ctx); err != nil || n != 1 {
			t.Errorf("CountUsers = %d, %v; want 1", n, err)
		}
	})
	t.Run("Find", func(t *testing.T) {
		got, err := db.FindUserByUsername(ctx, "admin")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != u.ID || got.PasswordHash != "h1" || !got.IsAdmin() {
			t.Errorf("found %+v", got)
		}
		if _, err := db.FindUserByID(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		_, err = db.FindUserByUsername(ctx, "nobody")
		wantCode(t, err, site.ENOTFOUND, "")
		_, err = db.FindUserByID(ctx, 999999)
		wantCode(t, err, site.ENOTFOUND, "")
	})

	now := time.Now().UTC()
	newSession := func(t *testing.T, hash string, expires time.Time) *site.Session {
		t.Helper()
		s, err := db.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: hash, ExpiresAt: expires})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	t.Run("Sessions", func(t *testing.T) {
		s := newSession(t, "hash-a", now.Add(time.Hour))
		got, err := db.FindSessionByTokenHash(ctx, "hash-a")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != s.ID || got.UserID != u.ID || !got.ExpiresAt.Equal(s.ExpiresAt) {
			t.Errorf("found %+v, want %+v", got, s)
		}
		seen := now.Add(10 * time.Minute).Truncate(time.Microsecond)
		if err := db.TouchSession(ctx, s.ID, seen); err != nil {
			t.Fatal(err)
		}
		got, err = db.FindSessionByTokenHash(ctx, "hash-a")
		if err != nil {
			t.Fatal(err)
		}
		if !got.LastSeenAt.Equal(seen) {
			t.Errorf("last seen = %v, want %v", got.LastSeenAt, seen)
		}
		_, err = db.FindSessionByTokenHash(ctx, "no-such-hash")
		wantCode(t, err, site.ENOTFOUND, "")
		if err := db.DeleteSession(ctx, s.ID); err != nil {
			t.Fatal(err)
		}
		_, err = db.FindSessionByTokenHash(ctx, "hash-a")
		wantCode(t, err, site.ENOTFOUND, "")
	})
	t.Run("DeleteExpired", func(t *testing.T) {
		newSession(t, "old", now.Add(-time.Minute))
		newSession(t, "live", now.Add(time.Hour))
		if err := db.DeleteExpiredSessions(ctx, now); err != nil {
			t.Fatal(err)
		}
		_, err := db.FindSessionByTokenHash(ctx, "old")
		wantCode(t, err, site.ENOTFOUND, "")
		if _, err := db.FindSessionByTokenHash(ctx, "live"); err != nil {
			t.Errorf("live session: %v", err)
		}
	})
	t.Run("SetPasswordRevokesSessions", func(t *testing.T) {
		newSession(t, "s1", now.Add(time.Hour))
		newSession(t, "s2", now.Add(time.Hour))
		if err := db.SetPassword(ctx, u.ID, "h-new", 0); err != nil {
			t.Fatal(err)
		}
		if got := queryInt(t, dsn, "SELECT count(*) FROM admin_sessions WHERE user_id = $1", u.ID); got != 0 {
			t.Errorf("sessions after SetPassword = %d, want 0", got)
		}
		got, err := db.FindUserByID(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.PasswordHash != "h-new" {
			t.Errorf("hash = %q, want h-new", got.PasswordHash)
		}
		wantCode(t, db.SetPassword(ctx, 999999, "x", 0), site.ENOTFOUND, "")
	})
	t.Run("DeleteUserSessions", func(t *testing.T) {
		newSession(t, "s3", now.Add(time.Hour))
		if err := db.DeleteUserSessions(ctx, u.ID, 0); err != nil {
			t.Fatal(err)
		}
		_, err := db.FindSessionByTokenHash(ctx, "s3")
		wantCode(t, err, site.ENOTFOUND, "")
	})
	t.Run("ErrSessionOfUnknownUser", func(t *testing.T) {
		_, err := db.CreateSession(ctx, &site.Session{UserID: 999999, TokenHash: "zz", ExpiresAt: now})
		wantCode(t, err, site.EINVALID, "")
	})
}
