package httpd

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// snapshot is what the public site and the admin lists show, to prove that
// a refused request changed nothing.
func snapshot(t *testing.T, s site.Store) string {
	t.Helper()
	ctx := context.Background()
	var parts []any
	for _, e := range []*site.Entity{site.Content, site.Settings, site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Media} {
		v, err := s.FindRecords(ctx, e, site.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		deleted, err := s.FindDeleted(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, v, deleted)
	}
	b, _ := json.Marshal(parts)
	return string(b)
}

func TestTokenOnlyInAuthorizationHeader(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	token := a.signedIn("root", site.RoleAdmin)
	if res, _ := a.do("GET", "/api/admin/pages?token="+token, "", "", nil); res.StatusCode != 401 {
		t.Errorf("token in the URL: %d, want 401", res.StatusCode)
	}
	if res, _ := a.do("GET", "/api/admin/pages", "", "", map[string]string{"Cookie": "sessionToken=" + token + "; adminToken=" + token}); res.StatusCode != 401 {
		t.Errorf("token in a cookie: %d, want 401", res.StatusCode)
	}
	// The draft-view cookie the session comes with is for the pages only.
	me, _ := a.do("GET", "/api/admin/me", token, "", nil)
	var draft string
	for _, c := range me.Cookies() {
		if c.Name == httpx.DraftCookie {
			draft = c.String()
		}
	}
	if draft == "" {
		t.Fatal("GET /api/admin/me set no draft-view cookie")
	}
	for _, path := range []string{"/api/admin/pages", "/api/admin/me"} {
		if res, _ := a.do("GET", path, "", "", map[string]string{"Cookie": draft}); res.StatusCode != 401 {
			t.Errorf("%s with the draft-view cookie: %d, want 401", path, res.StatusCode)
		}
	}
	if res, _ := a.do("GET", "/api/admin/pages", "", "", map[string]string{"Authorization": "Basic " + token}); res.StatusCode != 401 {
		t.Errorf("token with the Basic scheme: %d, want 401", res.StatusCode)
	}
	if res, _ := a.do("GET", "/api/admin/pages", token, "", nil); res.StatusCode != 200 {
		t.Errorf("bearer token: %d, want 200", res.StatusCode)
	}
}

// A copy of the sessions table holds no working token: only the hash.
func TestTokenStoredAsHash(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	token := a.signedIn("root", site.RoleAdmin)
	if len(token) < 43 {
		t.Fatalf("token %q is shorter than 32 bytes in base64", token)
	}
	if _, err := a.store.FindSessionByTokenHash(context.Background(), token); site.ErrorCode(err) != site.ENOTFOUND {
		t.Error("the raw token is stored")
	}
	sess, err := a.store.FindSessionByTokenHash(context.Background(), site.HashToken(token))
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := a.do("GET", "/api/admin/pages", sess.TokenHash, "", nil); res.StatusCode != 401 {
		t.Errorf("the stored hash works as a token: %d", res.StatusCode)
	}
	u, _ := a.store.FindUserByUsername(context.Background(), "root")
	if !strings.HasPrefix(u.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(u.PasswordHash, "correct horse") {
		t.Errorf("password stored as %q", u.PasswordHash)
	}
}

func TestSessionTimeouts(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", site.RoleAdmin)
	t.Run("Idle", func(t *testing.T) {
		token := a.login("root")
		a.clock.Advance(29 * time.Minute)
		if res, _ := a.do("GET", "/api/admin/pages", token, "", nil); res.StatusCode != 200 {
			t.Fatalf("after 29 idle minutes: %d, want 200", res.StatusCode)
		}
		a.clock.Advance(29 * time.Minute)
		if res, _ := a.do("GET", "/api/admin/pages", token, "", nil); res.StatusCode != 200 {
			t.Fatalf("29 minutes after the last use: %d, want 200", res.StatusCode)
		}
		a.clock.Advance(31 * time.Minute)
		res, body := a.do("GET", "/api/admin/pages", token, "", nil)
		if res.StatusCode != 401 || !strings.Contains(body, "expired") {
			t.Errorf("after 31 idle minutes: %d %s, want 401", res.StatusCode, body)
		}
	})
	t.Run("Absolute", func(t *testing.T) {
		token := a.login("root")
		for i := 0; i < 24; i++ {
			a.clock.Advance(25 * time.Minute)
			if res, _ := a.do("GET", "/api/admin/pages", token, "", nil); res.StatusCode != 200 {
				t.Fatalf("after %d minutes of use: %d", (i+1)*25, res.StatusCode)
			}
		}
		a.clock.Advance(25 * time.Minute) // 625 minutes in all, past 12 hours
		if res, _ := a.do("GET", "/api/admin/pages", token, "", nil); res.StatusCode != 200 {
			t.Fatalf("at 10h25: %d", res.StatusCode)
		}
		for i := 0; i < 4; i++ {
			a.clock.Advance(25 * time.Minute)
			a.do("GET", "/api/admin/pages", token, "", nil)
		}
		if res, _ := a.do("GET", "/api/admin/pages", token, "", nil); res.StatusCode != 401 {
			t.Errorf("after 12 hours in use: %d, want 401", res.StatusCode)
		}
	})
}

func TestPasswordChangeRevokesSessions(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	u := a.user("root", site.RoleAdmin)
	t1, t2 := a.login("root"), a.login("root")
	hash, _ := site.HashPassword("another good password")
	if err := a.store.SetPassword(context.Background(), u.ID, hash, 0); err != nil {
		t.Fatal(err)
	}
	for _, tk := range []string{t1, t2} {
		if res, _ := a.do("GET", "/api/admin/pages", tk, "", nil); res.StatusCode != 401 {
			t.Errorf("token after password change: %d, want 401", res.StatusCode)
		}
	}
	if res, _ := a.do("POST", "/api/admin/login", "", `{"username":"root","password":"another good password"}`, nil); res.StatusCode != 200 {
		t.Errorf("login with the new password: %d", res.StatusCode)
	}
}

func TestLongPassword(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	pw := strings.Repeat("p4ss-", 12) + "word" // 64 characters
	hash, err := site.HashPassword(pw)
	if err != nil {
		t.Fatal(err)
	}
	a.store.CreateUser(context.Background(), &site.User{Username: "long", PasswordHash: hash, Role: site.RoleAdmin})
	if res, body := a.do("POST", "/api/admin/login", "", `{"username":"long","password":"`+pw+`"}`, nil); res.StatusCode != 200 {
		t.Errorf("64-character password: %d %s", res.StatusCode, body)
	}
	if res, _ := a.do("POST", "/api/admin/login", "", `{"username":"long","password":"`+pw[:63]+`"}`, nil); res.StatusCode != 401 {
		t.Errorf("its 63-character prefix: %d, want 401", res.StatusCode)
	}
}

// The idle timeout counts from the last use, to within a few seconds, also
// when that use came soon after the one before.
func TestSessionIdleCountsFromLastUse(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		idle := site.DefaultSessionPolicy.Idle
		token := a.login("root")
		use := func() int {
			res, _ := a.do("GET", "/api/admin/pages", token, "", nil)
			return res.StatusCode
		}
		a.clock.Advance(50 * time.Second)
		if st := use(); st != 200 {
			t.Fatalf("50 s after login: %d, want 200", st)
		}
		// idle+40s after login, idle-10s after the last use.
		a.clock.Advance(idle - 10*time.Second)
		if st := use(); st != 200 {
			t.Fatalf("%v after the last use: %d, want 200", idle-10*time.Second, st)
		}
		a.clock.Advance(idle + 5*time.Second)
		if st := use(); st != 401 {
			t.Errorf("%v unused: %d, want 401", idle+5*time.Second, st)
		}
	})
}

// The draft-view cookie is Secure when the site is reached over TLS: on
// the connection itself, or behind a proxy of an https site (HSTS).
func TestDraftCookieSecure(t *testing.T) {
	for _, c := range []struct {
		name      string
		tls, hsts bool
	}{{"PlainHTTP", false, false}, {"TLS", true, false}, {"ProxyOfHTTPSSite", false, true}} {
		t.Run(c.name, func(t *testing.T) {
			store := stores(t)[0].open(t)
			srv := &Server{Store: store, Version: new(site.ContentVersion), Logger: slog.New(slog.DiscardHandler), HSTS: c.hsts}
			ts := httptest.NewUnstartedServer(srv.Handler())
			if c.tls {
				ts.StartTLS()
			} else {
				ts.Start()
			}
			t.Cleanup(ts.Close)
			a := &testAPI{t: t, srv: srv, ts: ts, store: store}
			a.user("root", site.RoleAdmin)
			res, err := ts.Client().Post(ts.URL+"/api/admin/login", "application/json", strings.NewReader(`{"username":"root","password":"correct horse battery"}`))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			var got *http.Cookie
			for _, ck := range res.Cookies() {
				if ck.Name == httpx.DraftCookie {
					got = ck
				}
			}
			if got == nil || got.Secure != (c.tls || c.hsts) || !got.HttpOnly || got.SameSite != http.SameSiteLaxMode || got.Path != "/" {
				t.Errorf("cookie = %+v", got)
			}
		})
	}
}

// Usernames are unique regardless of case: a user or an invitation whose
// name differs from a user's only in case is refused as an exact clash
// is, and the sign-in matches the name in any case, counting its failures
// together.
func TestUsernamesIgnoreCase(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		token := a.signedIn("root", site.RoleAdmin)
		for _, c := range []struct{ path, body string }{
			{"/api/admin/users", `{"username":"Root","password":"a good password","role":"editor"}`},
			{"/api/admin/invitations", `{"username":"ROOT","role":"editor"}`},
		} {
			res, body := a.do("POST", c.path, token, c.body, nil)
			if res.StatusCode != 409 || !strings.Contains(body, "is taken; choose another.") || !strings.Contains(body, `"username":`) {
				t.Errorf("POST %s %s: %d %s, want 409 taken", c.path, c.body, res.StatusCode, body)
			}
		}
		if n, _ := a.store.CountUsers(t.Context()); n != 1 {
			t.Errorf("users = %d, want 1", n)
		}
		res, body := a.do("POST", "/api/admin/login", "", `{"username":"ROOT","password":"correct horse battery"}`, nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"username":"root"`) {
			t.Errorf("sign-in as ROOT: %d %s, want 200 as root", res.StatusCode, body)
		}
		for i, name := range []string{"Root", "ROOT", "root", "rOOt", "roOT"} {
			if st, _ := a.loginFrom("203.0.113.8", name, "wrong"); st != 401 {
				t.Fatalf("failure %d as %s: %d, want 401", i+1, name, st)
			}
		}
		if st, _ := a.loginFrom("203.0.113.8", "root", "correct horse battery"); st != 429 {
			t.Errorf("after five failures in mixed case: %d, want 429", st)
		}
	})
}
