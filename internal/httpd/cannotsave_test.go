package httpd

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/postgres"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// readOnlyStore is a store, and what makes its database refuse every
// write from then on, as a full or read-only disk does.
type readOnlyStore struct {
	name     string
	open     func(t *testing.T) site.Store
	readOnly func(t *testing.T, s site.Store)
}

func readOnlyStores(t *testing.T) []readOnlyStore {
	list := []readOnlyStore{{
		name: "sqlite",
		open: func(t *testing.T) site.Store {
			db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		},
		readOnly: func(t *testing.T, s site.Store) {
			if err := s.(*sqlite.DB).SetQueryOnly(context.Background(), true); err != nil {
				t.Fatal(err)
			}
		},
	}}
	if os.Getenv("TEST_DATABASE_URL") == "" {
		return list
	}
	// A database of its own, which the test turns read-only (SQLSTATE
	// 25006 on every write) without touching the other tests'.
	var name string
	return append(list, readOnlyStore{
		name: "postgres",
		open: func(t *testing.T) site.Store {
			base := os.Getenv("TEST_DATABASE_URL")
			b := make([]byte, 6)
			rand.Read(b)
			name = "test_ro_" + hex.EncodeToString(b)
			adminExec(t, "CREATE DATABASE "+name+" TEMPLATE template0")
			t.Cleanup(func() { adminExec(t, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
			u, err := url.Parse(base)
			if err != nil {
				t.Fatal(err)
			}
			u.Path = "/" + name
			db, err := postgres.Open(context.Background(), u.String())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		},
		readOnly: func(t *testing.T, s site.Store) {
			adminExec(t, "ALTER DATABASE "+name+" SET default_transaction_read_only = on")
			// The pool's connections began before: an administrator ends
			// them (57P01 to the requests that meet it), and the new ones
			// are read-only.
			adminExec(t, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"+name+"' AND pid <> pg_backend_pid()")
		},
	})
}

// adminExec runs sql on the database of TEST_DATABASE_URL.
func adminExec(t *testing.T, sql string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, os.Getenv("TEST_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// TestDatabaseCannotSave: while the database refuses every write, the
// lead form, the sign-in and the edits answer 503 with Retry-After and
// what to do, the health check fails, reads still answer, and the log
// has one line for all of it.
func TestDatabaseCannotSave(t *testing.T) {
	t.Parallel()
	const msg = "The site cannot save right now; please try again in a few minutes."
	for _, o := range readOnlyStores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, opener{o.name, o.open})
			buf := a.capture()
			token := a.signedIn("root", site.RoleAdmin)
			res, body := a.do("POST", "/api/admin/menu-items", token, `{"title":"Pricing","url":"/pricing"}`, nil)
			if res.StatusCode != 201 {
				t.Fatalf("create: %d %s", res.StatusCode, body)
			}
			if res, body := a.do("GET", "/healthz", "", "", nil); res.StatusCode != 200 {
				t.Fatalf("healthz before: %d %s", res.StatusCode, body)
			}
			o.readOnly(t, a.store)
			// Long enough for the session's touch, which must not fail
			// the reads.
			a.clock.Advance(10 * time.Second) // past the 5 s between two touches of a session

			for _, tc := range []struct{ name, method, path, token, body string }{
				{"Lead", "POST", "/api/contact", "", leadJSON("lead@example.com", "")},
				{"SignIn", "POST", "/api/admin/login", "", `{"username":"root","password":"correct horse battery"}`},
				{"Edit", "PUT", "/api/admin/menu-items/1", token, `{"title":"Prices","url":"/pricing"}`},
				{"Create", "POST", "/api/admin/menu-items", token, `{"title":"Blog","url":"/blog"}`},
				{"Lead again", "POST", "/api/contact", "", leadJSON("other@example.com", "")},
			} {
				res, body := a.do(tc.method, tc.path, tc.token, tc.body, nil)
				if res.StatusCode != 503 || res.Header.Get("Retry-After") == "" || !strings.Contains(body, msg) {
					t.Errorf("%s: %d Retry-After %q %s; want 503, Retry-After and %q", tc.name, res.StatusCode, res.Header.Get("Retry-After"), body, msg)
				}
			}
			res, body = a.do("GET", "/healthz", "", "", nil)
			if res.StatusCode != 503 || res.Header.Get("Retry-After") == "" || !strings.Contains(body, msg) {
				t.Errorf("healthz: %d %q %s, want 503 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"), body)
			}
			if res, body := a.do("GET", "/api/admin/menu-items", token, "", nil); res.StatusCode != 200 || !strings.Contains(body, "Pricing") {
				t.Errorf("read: %d %s, want 200", res.StatusCode, body)
			}
			lines := buf.lines(t, "ERROR", "")
			if len(lines) != 1 || lines[0]["msg"] != unavailableLogLine {
				t.Errorf("ERROR lines = %v, want one %q for every refusal", lines, unavailableLogLine)
			}
			if n := len(buf.lines(t, "", "request failed")); n != 0 {
				t.Errorf("%d lines of a request failed, want none", n)
			}
			if t.Failed() {
				t.Log(buf.String())
			}
		})
	}
}
