package httpd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// adminRoutes is every route under /api/admin except login, with a body a
// write would accept.
var adminRoutes = []struct {
	method, path, body string
	write              bool
}{
	{"GET", "/api/admin/contact-submissions", "", false},
	{"GET", "/api/admin/content", "", false},
	{"GET", "/api/admin/menu-items", "", false},
	{"GET", "/api/admin/images", "", false},
	{"GET", "/api/admin/testimonials", "", false},
	{"GET", "/api/admin/footer-links", "", false},
	{"GET", "/api/admin/pages", "", false},
	{"GET", "/api/admin/site-settings", "", false},
	{"POST", "/api/admin/content", `{"section":"hero","key":"main_title","value":"Hacked"}`, true},
	{"PUT", "/api/admin/site-settings", `{"logoText":"Hacked"}`, true},
	{"POST", "/api/admin/menu-items", `{"title":"Hacked","url":"/x"}`, true},
	{"PUT", "/api/admin/menu-items/1", `{"title":"Hacked","url":"/x"}`, true},
	{"DELETE", "/api/admin/menu-items/1", "", true},
	{"POST", "/api/admin/images", `{"name":"Hacked","url":"/x.png"}`, true},
	{"PUT", "/api/admin/images/1", `{"name":"Hacked","url":"/x.png"}`, true},
	{"DELETE", "/api/admin/images/1", "", true},
	{"POST", "/api/admin/testimonials", `{"name":"H","title":"H","content":"H","initials":"H"}`, true},
	{"PUT", "/api/admin/testimonials/1", `{"name":"H","title":"H","content":"H","initials":"H"}`, true},
	{"DELETE", "/api/admin/testimonials/1", "", true},
	{"POST", "/api/admin/footer-links", `{"title":"Hacked"}`, true},
	{"PUT", "/api/admin/footer-links/1", `{"title":"Hacked"}`, true},
	{"DELETE", "/api/admin/footer-links/1", "", true},
	{"POST", "/api/admin/pages", `{"title":"Hacked","content":"x"}`, true},
	{"PUT", "/api/admin/pages/1", `{"title":"Hacked","content":"x"}`, true},
	{"DELETE", "/api/admin/pages/1", "", true},
	{"POST", "/api/admin/pages/1/publish", "", true},
	{"DELETE", "/api/admin/content/1", "", true},
	{"GET", "/api/admin/content/1/revisions", "", false},
	{"GET", "/api/admin/content/deleted", "", false},
	{"POST", "/api/admin/content/1/revisions/1/restore", "", true},
	{"GET", "/api/admin/menu-items/1/revisions", "", false},
	{"GET", "/api/admin/images/1/revisions", "", false},
	{"GET", "/api/admin/testimonials/1/revisions", "", false},
	{"GET", "/api/admin/footer-links/1/revisions", "", false},
	{"GET", "/api/admin/pages/1/revisions", "", false},
	{"GET", "/api/admin/site-settings/1/revisions", "", false},
	{"GET", "/api/admin/menu-items/deleted", "", false},
	{"GET", "/api/admin/images/deleted", "", false},
	{"GET", "/api/admin/testimonials/deleted", "", false},
	{"GET", "/api/admin/footer-links/deleted", "", false},
	{"GET", "/api/admin/pages/deleted", "", false},
	{"POST", "/api/admin/menu-items/1/revisions/1/restore", "", true},
	{"POST", "/api/admin/images/1/revisions/1/restore", "", true},
	{"POST", "/api/admin/testimonials/1/revisions/1/restore", "", true},
	{"POST", "/api/admin/footer-links/1/revisions/1/restore", "", true},
	{"POST", "/api/admin/pages/1/revisions/1/restore", "", true},
	{"POST", "/api/admin/site-settings/1/revisions/1/restore", "", true},
	{"POST", "/api/admin/logout", "", false}, // last: it ends the session
}

// snapshot is what the public site and the admin lists show, to prove that
// a refused request changed nothing.
func snapshot(t *testing.T, s site.Store) string {
	t.Helper()
	ctx := context.Background()
	var parts []any
	for _, e := range []*site.Entity{site.Content, site.Settings, site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages} {
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

// TestAdminRoutesNeedAuth walks every admin route: without a valid token it
// answers 401, and a signed-in user without isAdmin gets 403 on writes.
func TestAdminRoutesNeedAuth(t *testing.T) {
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			ctx := context.Background()
			a.user("viewer", false)
			a.store.CreateRecord(ctx, site.Images, &site.Image{Name: "i", URL: "/i.png"}, site.Write{})
			a.store.CreateRecord(ctx, site.Testimonials, &site.Testimonial{Name: "n", Title: "t", Content: "c", Initials: "N", AvatarBg: "bg-blue-600", IsActive: true}, site.Write{})
			a.store.CreateRecord(ctx, site.Pages, &site.Page{Title: "p", Slug: "p", Content: "c", Status: site.PageDraft, Template: "default"}, site.Write{})
			before := snapshot(t, a.store)
			version := a.srv.Version.Current()
			viewer := a.login("viewer")
			for _, rt := range adminRoutes {
				for _, token := range []string{"", "not-a-token", strings.Repeat("A", 43)} {
					res, body := a.do(rt.method, rt.path, token, rt.body, nil)
					if res.StatusCode != 401 || !strings.Contains(body, `"message":"`) {
						t.Errorf("%s %s with token %q: %d %s, want 401 with a message", rt.method, rt.path, token, res.StatusCode, body)
					}
				}
				if !rt.write {
					continue
				}
				res, body := a.do(rt.method, rt.path, viewer, rt.body, nil)
				if res.StatusCode != 403 || !strings.Contains(body, `"message":"This action needs administrator rights."`) {
					t.Errorf("%s %s as a non-admin: %d %s, want 403", rt.method, rt.path, res.StatusCode, body)
				}
			}
			if after := snapshot(t, a.store); after != before {
				t.Errorf("refused requests changed data:\nbefore %s\nafter  %s", before, after)
			}
			if a.srv.Version.Current() != version {
				t.Error("refused requests moved the content version on")
			}
			// The reads are open to the signed-in non-admin; logout last.
			for _, rt := range adminRoutes {
				if rt.write {
					continue
				}
				if res, body := a.do(rt.method, rt.path, viewer, rt.body, nil); res.StatusCode != 200 {
					t.Errorf("%s %s as a signed-in user: %d %s", rt.method, rt.path, res.StatusCode, body)
				}
			}
		})
	}
}

func TestTokenOnlyInAuthorizationHeader(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", true)
	token := a.login("root")
	if res, _ := a.do("GET", "/api/admin/pages?token="+token, "", "", nil); res.StatusCode != 401 {
		t.Errorf("token in the URL: %d, want 401", res.StatusCode)
	}
	if res, _ := a.do("GET", "/api/admin/pages", "", "", map[string]string{"Cookie": "sessionToken=" + token + "; adminToken=" + token}); res.StatusCode != 401 {
		t.Errorf("token in a cookie: %d, want 401", res.StatusCode)
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
	a.user("root", true)
	token := a.login("root")
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
	a.user("root", true)
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
	u := a.user("root", true)
	t1, t2 := a.login("root"), a.login("root")
	hash, _ := site.HashPassword("another good password")
	if err := a.store.SetPassword(context.Background(), u.ID, hash); err != nil {
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
	a.store.CreateUser(context.Background(), &site.User{Username: "long", PasswordHash: hash, IsAdmin: true})
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
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			a.user("root", true)
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
}
