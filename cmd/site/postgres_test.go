package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
)

// startSite runs the binary's run with DATABASE_URL set to dsn on a free
// loopback port, and returns its address once it serves.
func startSite(t *testing.T, dsn string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	getenv := func(name string) string {
		if name == "DATABASE_URL" {
			return dsn
		}
		return ""
	}
	go func() {
		err := run(ctx, []string{"-addr", "127.0.0.1:0"}, getenv, pw)
		pw.CloseWithError(io.EOF)
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	// The first log line names the address the site listens on.
	lines := bufio.NewScanner(pr)
	for lines.Scan() {
		var entry struct {
			Msg     string `json:"msg"`
			Address string `json:"address"`
		}
		if json.Unmarshal(lines.Bytes(), &entry) == nil && entry.Msg == "site started" {
			go io.Copy(io.Discard, pr)
			return entry.Address
		}
	}
	t.Fatalf("the site did not start: %v", <-done)
	return ""
}

// TestPostgresInstances runs two instances on one PostgreSQL schema: a
// change saved through either database connection and announced reaches the
// pages both serve, though each had cached the page before.
func TestPostgresInstances(t *testing.T) {
	dsn := pgtest.Schema(t)
	a := startSite(t, dsn)
	b := startSite(t, dsn)
	for _, addr := range []string{a, b} {
		res, body := get(t, addr+"/", nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"logoText":"Meridian AI"`) {
			t.Fatalf("GET %s/ = %d, want 200 with the default logo text", addr, res.StatusCode)
		}
		if !strings.Contains(body, "AI Solutions") {
			t.Errorf("GET %s/: the seeded menu is missing", addr)
		}
	}

	ctx := context.Background()
	writer, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	rec, err := writer.FindRecord(ctx, site.Settings, site.SettingsID)
	if err != nil {
		t.Fatal(err)
	}
	s := rec.(*site.SiteSettings)
	s.LogoText = "Northwind AI"
	// The write alone announces itself to both instances, as any other
	// instance's would: the test does nothing else to tell them.
	if _, err := writer.UpdateRecord(ctx, site.Settings, s, site.Write{}); err != nil {
		t.Fatal(err)
	}

	// The notification arrives at its own pace: ask again until the new text
	// shows or the test's deadline comes.
	deadline, ok := t.Deadline()
	if !ok {
		deadline = time.Now().Add(time.Minute)
	}
	for _, addr := range []string{a, b} {
		for {
			_, body := get(t, addr+"/", nil)
			if strings.Contains(body, `"logoText":"Northwind AI"`) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("GET %s/ still shows the old logo text", addr)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

func TestRedactURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://site:secret@db.example.com:5432/site?sslmode=require", "postgres://site:xxxxx@db.example.com:5432/site"},
		{"postgresql://db.example.com/site?password=secret", "postgresql://db.example.com/site"},
		{"host=db.example.com password=secret", "postgres"},
	} {
		if got := redactURL(tc.in); got != tc.want {
			t.Errorf("redactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPostgresAdminCommand creates an administrator with the admin
// subcommand in the database of DATABASE_URL.
func TestPostgresAdminCommand(t *testing.T) {
	dsn := pgtest.Schema(t)
	getenv := func(name string) string {
		switch name {
		case "DATABASE_URL":
			return dsn
		case "SITE_ADMIN_PASSWORD":
			return "correct horse battery"
		}
		return ""
	}
	var out strings.Builder
	if err := run(context.Background(), []string{"admin", "create", "--username", "maria"}, getenv, &out); err != nil {
		t.Fatalf("admin create: %v (%s)", err, out.String())
	}
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.FindUserByUsername(context.Background(), "maria")
	if err != nil {
		t.Fatalf("the user is not in PostgreSQL: %v", err)
	}
	if !u.IsAdmin() || u.PasswordHash == "" {
		t.Errorf("user = %+v, want an administrator with a password", u)
	}
}
