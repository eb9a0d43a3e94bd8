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

	"meridian/internal/media"
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

// eachStore runs test once on each database, with a fresh server of its
// own.
func eachStore(t *testing.T, test func(t *testing.T, a *testAPI)) {
	t.Helper()
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) { test(t, newTestAPI(t, o)) })
	}
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

// configure changes the server's configuration and builds its handler
// anew, as a restart with other settings would: what the server counted
// in memory (rate limits, uploads in progress, hits) starts afresh.
func (a *testAPI) configure(change func(s *Server)) {
	a.t.Helper()
	change(a.srv)
	a.ts.Config.Handler = a.srv.Handler()
}

// expecter returns a function that sends one request and fails t unless
// it answers status with a body holding each of fragments; it returns the
// body.
func expecter(t *testing.T, a *testAPI) func(method, path, token, body string, header map[string]string, status int, fragments ...string) string {
	return func(method, path, token, body string, header map[string]string, status int, fragments ...string) string {
		t.Helper()
		res, got := a.do(method, path, token, body, header)
		if res.StatusCode != status {
			t.Fatalf("%s %s: %d %s, want %d", method, path, res.StatusCode, got, status)
		}
		for _, f := range fragments {
			if !strings.Contains(got, f) {
				t.Errorf("%s %s: answer lacks %s: %s", method, path, f, got)
			}
		}
		return got
	}
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

// signedIn creates a user of the role, as user does, signs it in and
// returns the session token.
func (a *testAPI) signedIn(name, role string) string {
	a.t.Helper()
	a.user(name, role)
	return a.login(name)
}

// leadTaker creates a sales user who takes leads, as user does, signs it
// in and returns it and the session token.
func (a *testAPI) leadTaker(name string) (*site.User, string) {
	a.t.Helper()
	u, err := a.store.UpdateUser(context.Background(), a.user(name, site.RoleSales).ID,
		site.UserChange{Role: site.RoleSales, Status: site.UserActive, TakesLeads: new(true)})
	if err != nil {
		a.t.Fatal(err)
	}
	return u, a.login(name)
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

// What the API tells people, as SPEC and the pages have it; the tests
// check the wording itself, not the code's copy of it.
const (
	leadThanks       = "Thank you! We will contact you within 24 hours to schedule your free consultation."
	leadTooMany      = "Too many requests from you in a short time. Please wait a few minutes and try again, or e-mail us directly."
	msgChallengeGone = "This sign-in has expired or was finished already. Enter your username and password again."
	// unavailableLogLine is the log line of requests refused while the
	// database cannot save.
	unavailableLogLine = "requests refused: the site cannot serve them for now"
)

// forbiddenMessages say what a request refused for its role needs.
var forbiddenMessages = map[site.Permission]string{
	site.PermContent:            "Changing the site's content needs the editor or administrator role.",
	site.PermLeads:              "The lead inbox is open to the sales and administrator roles only.",
	site.PermLeadSettings:       "This action needs administrator rights.",
	site.PermUsers:              "This action needs administrator rights.",
	site.PermLeadActivityDelete: "Only administrators can delete entries of a lead's activity.",
	site.PermSubscribers:        "The newsletter's subscribers are open to the editor and administrator roles only.",
	site.PermCareers:            "The careers are open to the recruiter and administrator roles only.",
}

// leadCSVHeader is the first row of the lead export.
var leadCSVHeader = []string{"ID", "Created", "First name", "Last name", "Email", "Company", "Job title", "Interest",
	"Details", "Status", "Notes", "Page", "Referrer", "UTM source", "UTM medium", "UTM campaign", "UTM term",
	"UTM content", "Spam", "Landing page", "Pages read", "Owner", "Response due", "First response", "Job title label", "Interest label"}

// errorBody is the JSON answer of a failed API call.
type errorBody struct {
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
}

// mediaURL is the address of a variant of the media library.
func mediaURL(hash string, f media.Format) string {
	return "/media/" + hash + "." + f.Ext()
}
