package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
)

// draftClock is the settable time of the site in TestDraftView.
type draftClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *draftClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *draftClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// signIn signs name in and returns the session token and the draft-view
// cookie the answer set.
func signIn(t *testing.T, base, name, password string) (string, *http.Cookie) {
	t.Helper()
	b, _ := json.Marshal(map[string]string{"username": name, "password": password})
	res, err := http.Post(base+"/api/admin/login", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		SessionToken string `json:"sessionToken"`
	}
	json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode != 200 || out.SessionToken == "" {
		t.Fatalf("login as %s: %d", name, res.StatusCode)
	}
	return out.SessionToken, draftCookieOf(t, res)
}

// draftCookieOf is the draft-view cookie res sets, or nil.
func draftCookieOf(t *testing.T, res *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range res.Cookies() {
		if c.Name == "draft_view" {
			return c
		}
	}
	return nil
}

// withCookie is the header of a request that carries the draft-view
// cookie value.
func withCookie(value string) map[string]string {
	return map[string]string{"Cookie": "draft_view=" + value}
}

// TestDraftView: signed-in staff get a page that is not live (a draft, a
// page scheduled for later, an inactive page, a draft article) at its own
// address, under the preview's banner, never cached or indexed, while
// visitors get the 404 page from the same cache, either way round. The
// draft-view cookie that sign-in and the admin's load set is good for
// nothing else: the API refuses it, and it stops working when the session
// ends (logout, idle time, a disabled account). On each database.
func TestDraftView(t *testing.T) {
	t.Parallel()
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			if _, err := bootstrapAdmin(context.Background(), store, testPassword, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			srv, err := newServer(store, "https://www.example.com", slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			clock := &draftClock{t: time.Now().UTC()}
			srv.Now = clock.Now
			ts := httptest.NewServer(srv.Handler())
			t.Cleanup(ts.Close)

			token, cookie := signIn(t, ts.URL, "admin", testPassword)
			if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" || cookie.Secure {
				t.Fatalf("sign-in's draft-view cookie = %+v", cookie)
			}
			if end := clock.Now().Add(site.DefaultSessionPolicy.Absolute); cookie.Expires.Sub(end).Abs() > time.Second {
				t.Errorf("cookie expires %v, want the session's end %v", cookie.Expires, end)
			}
			staff := withCookie(cookie.Value)

			draft := savePage(t, ts.URL, token, 0, map[string]any{"title": "Pricing draft", "content": "Three plans.\n\nOne is free."}, 201)
			later := clock.Now().Add(48 * time.Hour).Truncate(time.Second)
			savePage(t, ts.URL, token, 0, map[string]any{"title": "Launch notes", "content": "Soon.", "status": "published",
				"publishedAt": later.Format(time.RFC3339)}, 201)
			savePage(t, ts.URL, token, 0, map[string]any{"title": "Old offer", "content": "Gone.", "status": "published", "isActive": false}, 201)
			article := savePage(t, ts.URL, token, 0, map[string]any{"title": "Draft thoughts", "template": "article", "category": "AI Strategy",
				"content": "A first paragraph."}, 201)

			// A visitor first: the 404 page, which the cache then keeps.
			wantNotFound(t, ts.URL, "/pricing-draft")

			wantDraft := func(t *testing.T, path string, header map[string]string, wants ...string) string {
				t.Helper()
				res, html := get(t, ts.URL+path, header)
				if res.StatusCode != 200 {
					t.Fatalf("staff at %s: %d, want the draft", path, res.StatusCode)
				}
				if res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("X-Robots-Tag") != "noindex, nofollow" {
					t.Errorf("staff at %s: headers %v", path, res.Header)
				}
				if strings.Contains(html, `rel="canonical"`) || !strings.Contains(html, `<meta name="robots" content="noindex" />`) {
					t.Errorf("staff at %s: the draft may be indexed", path)
				}
				if !strings.Contains(html, `<section aria-label="Preview"`) {
					t.Errorf("staff at %s: no preview banner", path)
				}
				for _, w := range wants {
					if !strings.Contains(html, w) {
						t.Errorf("staff at %s: the page lacks %q", path, w)
					}
				}
				return html
			}

			t.Run("StaffSeeTheDraftAtItsAddress", func(t *testing.T) {
				wantDraft(t, "/pricing-draft", staff, ">Pricing draft</h1>", "<p>Three plans.</p>",
					"Draft</strong> — visitors cannot see this page yet.",
					fmt.Sprintf(`href="/admin?tab=pages&amp;edit=%d"`, draft.ID), ">Edit in admin</a>")
				// Not the cached 404 page, even when the browser asks whether
				// what it holds from a visit before sign-in is still good.
				notFound, _ := get(t, ts.URL+"/pricing-draft", nil)
				header := withCookie(cookie.Value)
				header["If-None-Match"] = notFound.Header.Get("ETag")
				wantDraft(t, "/pricing-draft", header, ">Pricing draft</h1>")
				req, _ := http.NewRequest("HEAD", ts.URL+"/pricing-draft", nil)
				req.Header.Set("Cookie", "draft_view="+cookie.Value)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" {
					t.Errorf("HEAD: %d %v", res.StatusCode, res.Header)
				}
			})

			t.Run("VisitorsStillGetTheNotFoundPage", func(t *testing.T) {
				res, html := get(t, ts.URL+"/pricing-draft", nil)
				if res.StatusCode != 404 || strings.Contains(html, "Pricing draft") || strings.Contains(html, `aria-label="Preview"`) {
					t.Errorf("visitor after staff: %d, the draft leaked: %v", res.StatusCode, strings.Contains(html, "Pricing draft"))
				}
				// Staff first, then a visitor: the article.
				wantDraft(t, "/blog/draft-thoughts", staff, ">Draft thoughts</h1>")
				wantNotFound(t, ts.URL, "/blog/draft-thoughts")
				if _, html := get(t, ts.URL+"/blog/draft-thoughts", nil); strings.Contains(html, "Draft thoughts") {
					t.Error("the 404 page shows the draft article")
				}
			})

			t.Run("ScheduledAndInactivePages", func(t *testing.T) {
				wantDraft(t, "/launch-notes", staff, ">Launch notes</h1>", "Scheduled for ", `dateTime="`+later.Format("2006-01-02T15:04:05Z")+`"`,
					later.Format("15:04")+" UTC")
				wantNotFound(t, ts.URL, "/launch-notes")
				wantDraft(t, "/old-offer", staff, ">Old offer</h1>", "Inactive</strong> — visitors cannot see this page.")
				wantNotFound(t, ts.URL, "/old-offer")
			})

			t.Run("ArticleWithItsNeighbours", func(t *testing.T) {
				// A draft without a time stands as the newest: the newest
				// published article before it, none after.
				html := wantDraft(t, "/blog/draft-thoughts", staff, `href="/blog/ai-pilots-to-production" rel="prev"`,
					fmt.Sprintf(`href="/admin?tab=pages&amp;edit=%d"`, article.ID))
				if strings.Contains(html, `rel="next"`) {
					t.Error("the newest article has a next one")
				}
				// The address of a page is not an article's, nor the other way round.
				wantNotFound(t, ts.URL, "/draft-thoughts")
				if res, _ := get(t, ts.URL+"/draft-thoughts", staff); res.StatusCode != 404 {
					t.Errorf("staff at an article's slug without /blog: %d", res.StatusCode)
				}
				if res, _ := get(t, ts.URL+"/blog/pricing-draft", staff); res.StatusCode != 404 {
					t.Errorf("staff at a page's slug under /blog: %d", res.StatusCode)
				}
			})

			t.Run("LivePagesAsVisitorsSeeThem", func(t *testing.T) {
				res, html := get(t, ts.URL+"/about-us", staff)
				if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || strings.Contains(html, `aria-label="Preview"`) {
					t.Errorf("a built-in page for staff: %d %s", res.StatusCode, res.Header.Get("Cache-Control"))
				}
				// An address of no page: the 404 page, and the cookie stays.
				res, _ = get(t, ts.URL+"/no-such-page", staff)
				if res.StatusCode != 404 || draftCookieOf(t, res) != nil {
					t.Errorf("unknown address for staff: %d, cookie %v", res.StatusCode, draftCookieOf(t, res))
				}
			})

			t.Run("APIRefusesTheCookie", func(t *testing.T) {
				for _, path := range []string{"/api/admin/pages", "/api/admin/me"} {
					if status, _ := send(t, "GET", ts.URL+path, "", ""); status != 401 {
						t.Fatalf("%s without anything: %d", path, status)
					}
					res, _ := get(t, ts.URL+path, staff)
					if res.StatusCode != 401 {
						t.Errorf("%s with the cookie: %d, want 401", path, res.StatusCode)
					}
					if status, _ := send(t, "GET", ts.URL+path, cookie.Value, ""); status != 401 {
						t.Errorf("%s with the cookie's value as a token: %d, want 401", path, status)
					}
				}
			})

			t.Run("BadCookies", func(t *testing.T) {
				id, sig, _ := strings.Cut(cookie.Value, ".")
				for _, v := range []string{"", "x", id, id + ".", "0." + sig, "-1." + sig, id + "." + sig + "x", id + ".AAAA" + sig[4:],
					"99999." + sig, fmt.Sprintf("%s.%s", id, strings.ToUpper(sig))} {
					res, html := get(t, ts.URL+"/pricing-draft", withCookie(v))
					if res.StatusCode != 404 || strings.Contains(html, "Pricing draft") {
						t.Errorf("cookie %q: %d, want the 404 page", v, res.StatusCode)
					}
					if c := draftCookieOf(t, res); v != "" && (c == nil || c.MaxAge >= 0) {
						t.Errorf("cookie %q is not cleared: %+v", v, c)
					}
				}
			})

			t.Run("ShareLinkBanner", func(t *testing.T) {
				status, body := send(t, "POST", fmt.Sprintf("%s/api/admin/pages/%d/previews", ts.URL, draft.ID), token, `{"days":2}`)
				if status != 201 {
					t.Fatalf("make link: %d %s", status, body)
				}
				var out struct{ Data site.PreviewLinkURL }
				json.Unmarshal([]byte(body), &out)
				addr := strings.Replace(out.Data.URL, "https://www.example.com", ts.URL, 1)
				_, html := get(t, addr, nil)
				expires := out.Data.ExpiresAt.UTC().Format("2006-01-02T15:04:05")
				for _, w := range []string{`<section aria-label="Preview"`, ">Shared preview<", "Draft</strong> — visitors cannot see this page yet.",
					"This link expires <time dateTime=\"" + expires} {
					if !strings.Contains(html, w) {
						t.Errorf("the shared preview lacks %q", w)
					}
				}
				if strings.Contains(html, "Edit in admin") {
					t.Error("a shared preview links to the admin")
				}
			})

			t.Run("EveryRoleReadsDrafts", func(t *testing.T) {
				for _, role := range []string{site.RoleSales, site.RoleEditor} {
					if status, body := send(t, "POST", ts.URL+"/api/admin/users", token,
						fmt.Sprintf(`{"username":"%s1","password":%q,"role":%q}`, role, testPassword, role)); status != 201 {
						t.Fatalf("create %s: %d %s", role, status, body)
					}
				}
				_, sales := signIn(t, ts.URL, "sales1", testPassword)
				html := wantDraft(t, "/pricing-draft", withCookie(sales.Value), ">Pricing draft</h1>")
				if strings.Contains(html, "Edit in admin") {
					t.Error("sales, who cannot change pages, get a link to the page's form")
				}
				_, editor := signIn(t, ts.URL, "editor1", testPassword)
				wantDraft(t, "/pricing-draft", withCookie(editor.Value), ">Edit in admin</a>")
			})

			t.Run("DisabledUser", func(t *testing.T) {
				_, editor := signIn(t, ts.URL, "editor1", testPassword)
				wantDraft(t, "/pricing-draft", withCookie(editor.Value))
				users, _ := store.FindUsers(context.Background())
				for _, u := range users {
					if u.Username == "editor1" {
						if status, body := send(t, "DELETE", fmt.Sprintf("%s/api/admin/users/%d", ts.URL, u.ID), token, ""); status != 200 {
							t.Fatalf("disable: %d %s", status, body)
						}
					}
				}
				wantNotFound(t, ts.URL, "/pricing-draft")
				if res, _ := get(t, ts.URL+"/pricing-draft", withCookie(editor.Value)); res.StatusCode != 404 {
					t.Errorf("disabled user: %d, want 404", res.StatusCode)
				}
			})

			t.Run("AdminLoadRenewsTheCookie", func(t *testing.T) {
				req, _ := http.NewRequest("GET", ts.URL+"/api/admin/me", nil)
				req.Header.Set("Authorization", "Bearer "+token)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if c := draftCookieOf(t, res); res.StatusCode != 200 || c == nil || c.Value != cookie.Value || !c.HttpOnly {
					t.Errorf("GET /api/admin/me: %d, cookie %+v", res.StatusCode, c)
				}
			})

			t.Run("SessionIdleTooLong", func(t *testing.T) {
				_, sales := signIn(t, ts.URL, "sales1", testPassword)
				wantDraft(t, "/pricing-draft", withCookie(sales.Value))
				// Looking at drafts keeps no session alive.
				clock.Advance(site.DefaultSessionPolicy.Idle - time.Minute)
				wantDraft(t, "/pricing-draft", withCookie(sales.Value))
				// The admin's session is used meanwhile; the other one idles out.
				if status, _ := send(t, "GET", ts.URL+"/api/admin/me", token, ""); status != 200 {
					t.Fatalf("admin session: %d", status)
				}
				clock.Advance(2 * time.Minute)
				res, _ := get(t, ts.URL+"/pricing-draft", withCookie(sales.Value))
				if c := draftCookieOf(t, res); res.StatusCode != 404 || c == nil || c.MaxAge >= 0 {
					t.Errorf("idle session: %d, cookie %+v", res.StatusCode, c)
				}
				wantDraft(t, "/pricing-draft", staff)
			})

			t.Run("LogoutEndsIt", func(t *testing.T) {
				req, _ := http.NewRequest("POST", ts.URL+"/api/admin/logout", nil)
				req.Header.Set("Authorization", "Bearer "+token)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if c := draftCookieOf(t, res); res.StatusCode != 200 || c == nil || c.MaxAge >= 0 {
					t.Errorf("logout: %d, cookie %+v", res.StatusCode, c)
				}
				// A browser that kept it anyway gets the 404 page.
				if res, html := get(t, ts.URL+"/pricing-draft", staff); res.StatusCode != 404 || strings.Contains(html, "Pricing draft") {
					t.Errorf("after logout: %d", res.StatusCode)
				}
			})

			t.Run("PublishedItIsThePageOfEveryone", func(t *testing.T) {
				token, cookie := signIn(t, ts.URL, "admin", testPassword)
				if status, body := send(t, "POST", fmt.Sprintf("%s/api/admin/pages/%d/publish", ts.URL, draft.ID), token, ""); status != 200 {
					t.Fatalf("publish: %d %s", status, body)
				}
				for _, header := range []map[string]string{nil, withCookie(cookie.Value)} {
					res, html := get(t, ts.URL+"/pricing-draft", header)
					if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || strings.Contains(html, `aria-label="Preview"`) ||
						!strings.Contains(html, `<link rel="canonical" href="https://www.example.com/pricing-draft"`) {
						t.Errorf("published, cookie %v: %d %s", header != nil, res.StatusCode, res.Header.Get("Cache-Control"))
					}
				}
			})
		})
	}
}
