package httpd

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/storetest/dbtest"
)

// opener opens a fresh, migrated store for one test.
type opener struct {
	name string
	open func(t *testing.T) site.Store
}

// stores lists the stores the API tests run against: SQLite always, and
// PostgreSQL (a fresh schema per test) when TEST_DATABASE_URL is set.
func stores(t *testing.T) []opener {
	t.Helper()
	var list []opener
	for _, d := range dbtest.Databases() {
		list = append(list, opener{d.Name, func(t *testing.T) site.Store { return d.New(t)(t) }})
	}
	return list
}

// clock is a settable time for tests of timeouts and lockouts.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// testAPI is the real handler over a real store.
type testAPI struct {
	t     *testing.T
	srv   *Server
	ts    *httptest.Server
	store site.Store
	clock *clock
}

func newTestAPI(t *testing.T, o opener) *testAPI {
	t.Helper()
	return serveStore(t, o.open(t), &clock{t: time.Now().UTC()})
}

// serveStore is the real handler over store, on the clock c; two of them on
// one database are two instances of the site.
func serveStore(t *testing.T, store site.Store, c *clock) *testAPI {
	t.Helper()
	srv := &Server{
		Store:          store,
		Version:        new(site.ContentVersion),
		Logger:         slog.New(slog.DiscardHandler),
		Now:            c.Now,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")},
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &testAPI{t: t, srv: srv, ts: ts, store: store, clock: c}
}

// user creates a user of the role with the password "correct horse battery".
func (a *testAPI) user(name, role string) *site.User {
	a.t.Helper()
	hash, err := site.HashPassword("correct horse battery")
	if err != nil {
		a.t.Fatal(err)
	}
	u, err := a.store.CreateUser(context.Background(), &site.User{Username: name, PasswordHash: hash, Role: role})
	if err != nil {
		a.t.Fatal(err)
	}
	return u
}

// login signs name in and returns the session token.
func (a *testAPI) login(name string) string {
	a.t.Helper()
	res, body := a.do("POST", "/api/admin/login", "", `{"username":"`+name+`","password":"correct horse battery"}`, nil)
	if res.StatusCode != 200 {
		a.t.Fatalf("login %s: %d %s", name, res.StatusCode, body)
	}
	var out struct {
		SessionToken string `json:"sessionToken"`
	}
	json.Unmarshal([]byte(body), &out)
	return out.SessionToken
}

// do sends one request; body "" sends none.
func (a *testAPI) do(method, path, token, body string, header map[string]string) (*http.Response, string) {
	a.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, a.ts.URL+path, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	return res, string(b)
}
