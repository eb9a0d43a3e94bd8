package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// A content write shows on the server-rendered home page at once.
func TestContentWriteShowsOnPage(t *testing.T) {
	ts := newTestSite(t)
	res, body := get(t, ts.URL+"/", nil)
	if res.StatusCode != 200 || strings.Contains(body, "Agents That Close The Books") {
		t.Fatalf("before: status %d", res.StatusCode)
	}
	token := loginAs(t, ts.URL, "admin", testPassword)
	req, _ := http.NewRequest("POST", ts.URL+"/api/admin/content",
		strings.NewReader(`{"section":"hero","key":"main_title","value":"Agents That Close The Books"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("content write: %d", res.StatusCode)
	}
	_, body = get(t, ts.URL+"/", nil)
	if !strings.Contains(body, "Agents That Close The Books</h1>") {
		t.Error("the home page does not show the new hero title")
	}
}

const testPassword = "a long test password"

// loginAs signs user in and returns the session token.
func loginAs(t *testing.T, base, user, password string) string {
	t.Helper()
	token, _ := signIn(t, base, user, password)
	return token
}

func TestBootstrapAdmin(t *testing.T) {
	ctx := context.Background()
	open := func(t *testing.T) *sqlite.DB {
		db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	t.Run("FromEnvironment", func(t *testing.T) {
		db := open(t)
		var log bytes.Buffer
		if _, err := bootstrapAdmin(ctx, db, testPassword, slog.New(slog.NewJSONHandler(&log, nil))); err != nil {
			t.Fatal(err)
		}
		u, err := db.FindUserByUsername(ctx, "admin")
		if err != nil || !u.IsAdmin() || !site.CheckPassword(u.PasswordHash, testPassword) {
			t.Fatalf("admin = %+v, %v", u, err)
		}
		if strings.Contains(log.String(), testPassword) {
			t.Error("the given password was logged")
		}
		// A second start changes nothing.
		if _, err := bootstrapAdmin(ctx, db, "another password", slog.New(slog.DiscardHandler)); err != nil {
			t.Fatal(err)
		}
		if u2, _ := db.FindUserByUsername(ctx, "admin"); u2.PasswordHash != u.PasswordHash {
			t.Error("a restart replaced the admin's password")
		}
	})
	t.Run("Random", func(t *testing.T) {
		db := open(t)
		var log bytes.Buffer
		if _, err := bootstrapAdmin(ctx, db, "", slog.New(slog.NewJSONHandler(&log, nil))); err != nil {
			t.Fatal(err)
		}
		var entry struct {
			Password string `json:"password"`
		}
		json.Unmarshal(log.Bytes(), &entry)
		if len(entry.Password) < 20 {
			t.Fatalf("no usable password in the log: %s", log.String())
		}
		u, _ := db.FindUserByUsername(ctx, "admin")
		if !site.CheckPassword(u.PasswordHash, entry.Password) {
			t.Error("the logged password does not sign in")
		}
	})
	t.Run("TooShort", func(t *testing.T) {
		db := open(t)
		if _, err := bootstrapAdmin(ctx, db, "short", slog.New(slog.DiscardHandler)); err == nil {
			t.Error("a 5-character password was accepted")
		}
		if n, _ := db.CountUsers(ctx); n != 0 {
			t.Errorf("users = %d", n)
		}
	})
}

func TestAdminCommands(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"SITE_ADMIN_PASSWORD": testPassword}
	getenv := func(k string) string { return env[k] }
	var out bytes.Buffer
	if err := run(context.Background(), []string{"admin", "create", "--data-dir", dir, "--username", "maria"}, getenv, &out); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"admin", "create", "--data-dir", dir, "--username", "maria"}, getenv, &out); err == nil {
		t.Error("a second user maria was created")
	}
	env["SITE_ADMIN_PASSWORD"] = "changed password 2"
	if err := run(context.Background(), []string{"admin", "passwd", "--data-dir", dir, "maria"}, getenv, &out); err != nil {
		t.Fatal(err)
	}
	env["SITE_ADMIN_PASSWORD"] = "short"
	if err := run(context.Background(), []string{"admin", "passwd", "--data-dir", dir, "maria"}, getenv, &out); err == nil {
		t.Error("a short password was accepted")
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.FindUserByUsername(context.Background(), "maria")
	if err != nil || !u.IsAdmin() || !site.CheckPassword(u.PasswordHash, "changed password 2") {
		t.Errorf("maria = %+v, %v", u, err)
	}
	// A lost phone: reset-2fa turns maria's two-factor sign-in off, with
	// no password asked.
	if err := db.SetPendingTOTP(context.Background(), u.ID, "JBSWY3DPEHPK3PXP"); err != nil {
		t.Fatal(err)
	}
	if err := db.EnableTOTP(context.Background(), u.ID, "JBSWY3DPEHPK3PXP", 1, []string{"h1"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	env["SITE_ADMIN_PASSWORD"] = ""
	if err := run(context.Background(), []string{"admin", "reset-2fa", "--data-dir", dir, "maria"}, getenv, &out); err != nil {
		t.Fatal(err)
	}
	if u, err := db.FindUserByUsername(context.Background(), "maria"); err != nil || u.TwoFactor() || !strings.Contains(out.String(), "Two-factor sign-in of maria is off") {
		t.Errorf("after reset-2fa: %+v, %v, %s", u, err, out.String())
	}
	if n, _ := db.CountRecoveryCodes(context.Background(), u.ID); n != 0 {
		t.Errorf("recovery codes left after reset-2fa: %d", n)
	}

	// A failing database is reported with its cause, not as "Internal error.".
	raw, err := sql.Open("sqlite", filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`CREATE TRIGGER users_refused BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	env["SITE_ADMIN_PASSWORD"] = testPassword
	err = run(context.Background(), []string{"admin", "create", "--data-dir", dir, "--username", "lena"}, getenv, &out)
	if err == nil || !strings.Contains(err.Error(), "the disk is full") {
		t.Errorf("admin create on a failing database: %v, want the cause", err)
	}
}
