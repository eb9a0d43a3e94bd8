package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestScheduledPages: an article saved as published with a time to come
// is the 404 page, and absent from the blog, the sitemap and the feed, on
// every instance, until its time; then it is live on each without a write
// or a restart. A time in another form is refused, naming the field.
func TestScheduledPages(t *testing.T) {
	t.Parallel()
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			one := newTestSiteOn(t, store)
			token := loginAs(t, one.URL, "admin", testPassword)
			const canon = "https://www.example.com"

			for _, bad := range []string{`"tomorrow"`, `"2026-05-01 09:00"`, `"2026-05-01T09:00"`, `42`} {
				status, body := send(t, "POST", one.URL+"/api/admin/pages", token,
					`{"title":"Bad","slug":"bad-time","content":"x","status":"published","publishedAt":`+bad+`}`)
				if status != 400 || !strings.Contains(body, `"errors":{"publishedAt":"Published at must be a date and time`) {
					t.Errorf("publishedAt %s: %d %s, want 400 naming publishedAt", bad, status, body)
				}
			}
			if status, _ := send(t, "GET", one.URL+"/bad-time", "", ""); status != 404 {
				t.Errorf("a refused page answers %d", status)
			}

			at := time.Now().UTC().Add(3 * time.Second)
			p := savePage(t, one.URL, token, 0, map[string]any{"title": "Launch Notes", "slug": "launch-notes", "content": "We launch.",
				"status": "published", "template": "article", "category": "NLP", "publishedAt": at.Format(time.RFC3339Nano)}, 201)
			if p.PublishedAt == nil || !p.PublishedAt.Equal(at.Truncate(time.Millisecond)) {
				t.Fatalf("publishedAt = %v, want %v", p.PublishedAt, at)
			}
			// A second instance on the same database, started after the write.
			two := newTestSiteOn(t, store)
			// An answer that came back before the article's time was made
			// before it, so it must not show the article; one that came
			// later (a slow machine) proves nothing either way.
			early := func() bool { return time.Now().Before(at) }
			for _, base := range []string{one.URL, two.URL} {
				if res, _ := get(t, base+"/blog/launch-notes", nil); early() && res.StatusCode != 404 {
					t.Errorf("%s: a scheduled article answers %d, want 404", base, res.StatusCode)
				}
				if _, html := get(t, base+"/blog", nil); early() && strings.Contains(html, "Launch Notes") {
					t.Errorf("%s: /blog lists a scheduled article", base)
				}
				if _, ok := sitemap(t, base)[canon+"/blog/launch-notes"]; early() && ok {
					t.Errorf("%s: the sitemap lists a scheduled article", base)
				}
				if _, feed := get(t, base+"/blog/feed.xml", nil); early() && strings.Contains(feed, "Launch Notes") {
					t.Errorf("%s: the feed lists a scheduled article", base)
				}
			}

			time.Sleep(time.Until(at) + 50*time.Millisecond)
			for _, base := range []string{one.URL, two.URL} {
				if res, html := get(t, base+"/blog/launch-notes", nil); res.StatusCode != 200 || !strings.Contains(html, "We launch.") {
					t.Errorf("%s: /blog/launch-notes after its time: %d", base, res.StatusCode)
				}
				if _, html := get(t, base+"/blog", nil); !strings.Contains(html, "Launch Notes") {
					t.Errorf("%s: /blog does not list the article after its time", base)
				}
				if _, ok := sitemap(t, base)[canon+"/blog/launch-notes"]; !ok {
					t.Errorf("%s: the sitemap lacks the article after its time", base)
				}
				if _, feed := get(t, base+"/blog/feed.xml", nil); !strings.Contains(feed, "Launch Notes") {
					t.Errorf("%s: the feed lacks the article after its time", base)
				}
			}
		})
	}
}

// wantRedirect checks that path answers 301 to location.
func wantRedirect(t *testing.T, base, path, location string) {
	t.Helper()
	res, _ := get(t, base+path, nil)
	if res.StatusCode != 301 || res.Header.Get("Location") != location {
		t.Errorf("%s: %d to %q, want 301 to %q", path, res.StatusCode, res.Header.Get("Location"), location)
	}
}

// TestRedirects: a published page that changes its address leaves a 301
// from the old one, without chains; staff add their own, checked against
// the site's addresses; and the addresses that answered 404 are logged.
func TestRedirects(t *testing.T) {
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			ts := newTestSiteOn(t, db.open(t))
			token := loginAs(t, ts.URL, "admin", testPassword)

			edit := map[string]any{"title": "Alpha", "slug": "alpha", "content": "Text.", "status": "published"}
			p := savePage(t, ts.URL, token, 0, edit, 201)
			edit["slug"] = "beta"
			savePage(t, ts.URL, token, p.ID, edit, 200)
			wantRedirect(t, ts.URL, "/alpha", "/beta")
			wantRedirect(t, ts.URL, "/alpha?utm_source=mail&x=1", "/beta?utm_source=mail&x=1")
			wantRedirect(t, ts.URL, "/alpha/", "/beta")
			edit["slug"] = "gamma"
			savePage(t, ts.URL, token, p.ID, edit, 200)
			wantRedirect(t, ts.URL, "/alpha", "/gamma")
			wantRedirect(t, ts.URL, "/beta", "/gamma")
			edit["slug"] = "alpha"
			savePage(t, ts.URL, token, p.ID, edit, 200)
			if res, _ := get(t, ts.URL+"/alpha", nil); res.StatusCode != 200 {
				t.Errorf("/alpha back: %d, want the page", res.StatusCode)
			}
			wantRedirect(t, ts.URL, "/gamma", "/alpha")
			edit["template"], edit["category"] = "article", "NLP"
			savePage(t, ts.URL, token, p.ID, edit, 200)
			wantRedirect(t, ts.URL, "/alpha", "/blog/alpha")
			wantRedirect(t, ts.URL, "/beta", "/blog/alpha")

			// Staff's own.
			status, body := send(t, "POST", ts.URL+"/api/admin/redirects", token, `{"source":"/old-services/","target":"/ai-consulting"}`)
			if status != 201 || !strings.Contains(body, `"source":"/old-services","target":"/ai-consulting","kind":"manual"`) {
				t.Fatalf("create redirect: %d %s", status, body)
			}
			wantRedirect(t, ts.URL, "/old-services?ref=a", "/ai-consulting?ref=a")
			if status, body := send(t, "POST", ts.URL+"/api/admin/redirects", token, `{"source":"/partners","target":"https://partners.example.org/?from=site"}`); status != 201 {
				t.Fatalf("create redirect: %d %s", status, body)
			}
			wantRedirect(t, ts.URL, "/partners?x=1", "https://partners.example.org/?from=site&x=1")
			if status, body := send(t, "POST", ts.URL+"/api/admin/redirects", token, `{"source":"/old-services","target":"/careers"}`); status != 409 ||
				!strings.Contains(body, "A redirect from /old-services exists already.") {
				t.Errorf("a second redirect from one source: %d %s", status, body)
			}
			for _, tc := range []struct{ body, field, msg string }{
				{`{"source":"/careers","target":"/x"}`, "source", "The site shows a page at /careers"},
				{`{"source":"/blog/alpha","target":"/x"}`, "source", "The site shows a page at /blog/alpha"},
				{`{"source":"/favicon.svg","target":"/x"}`, "source", "The site shows a page at /favicon.svg"},
				{`{"source":"/api/leads","target":"/x"}`, "source", "The address /api/leads belongs to the site itself"},
				{`{"source":"/admin/old","target":"/x"}`, "source", "belongs to the site itself"},
				{`{"source":"old-page","target":"/x"}`, "source", "Source must be a path of this site"},
				{`{"source":"/old?x=1","target":"/x"}`, "source", "Source must be a path alone"},
				{`{"source":"/","target":"/x"}`, "source", "The home page cannot be redirected."},
				{`{"source":"","target":"/x"}`, "source", "Source is required"},
				{`{"source":"/x","target":""}`, "target", "Target is required"},
				{`{"source":"/x","target":"javascript:alert(1)"}`, "target", "Target must start with"},
				{`{"source":"/x","target":"#top"}`, "target", "Target must be a path of this site or an http(s) address."},
				{`{"source":"/x","target":"/x/"}`, "target", "A redirect cannot lead to its own source."},
				{`{"source":"/x","target":"https://www.example.com/x"}`, "target", "A redirect cannot lead to its own source: https://www.example.com/x is this site's address of /x."},
				{`{"source":"/x","target":"https://WWW.Example.COM/x/"}`, "target", "A redirect cannot lead to its own source"},
				{`{"source":"/x","target":"http://www.example.com:443/x?from=mail#top"}`, "target", "A redirect cannot lead to its own source"},
				{`{"source":"/y","target":"https://www.example.com/old-services"}`, "target", "/old-services redirects to /ai-consulting already"},
				{`{"source":"/y","target":"/old-services?a=1"}`, "target", "/old-services redirects to /ai-consulting already; point this redirect at /ai-consulting instead"},
				{`{"source":"/ai-consulting-old","target":"/gamma"}`, "target", "/gamma redirects to /blog/alpha already"},
				{`{"source":"/blog/alpha-old","target":"/partners"}`, "target", "/partners redirects to https://partners.example.org/?from=site already"},
			} {
				status, body := send(t, "POST", ts.URL+"/api/admin/redirects", token, tc.body)
				var out struct{ Errors map[string]string }
				json.Unmarshal([]byte(body), &out)
				if status != 400 || !strings.Contains(out.Errors[tc.field], tc.msg) {
					t.Errorf("%s: %d %s, want 400 with %s: %q", tc.body, status, body, tc.field, tc.msg)
				}
			}
			// A source others lead to would make a chain.
			send(t, "POST", ts.URL+"/api/admin/redirects", token, `{"source":"/promo","target":"/landing"}`)
			status, body = send(t, "POST", ts.URL+"/api/admin/redirects", token, `{"source":"/landing","target":"/ai-journey"}`)
			if status != 400 || !strings.Contains(body, `"source":"/promo redirects to /landing already; a redirect from /landing would make a chain.`) {
				t.Errorf("a chain: %d %s", status, body)
			}

			// The log of addresses that answered 404: page addresses only,
			// counted per path, cleared when a redirect answers them.
			for _, path := range []string{"/no-such-page", "/no-such-page?utm_source=x", "/assets/gone.js", "/media/gone.webp", "/blog?page=99"} {
				if res, _ := get(t, ts.URL+path, nil); res.StatusCode != 404 {
					t.Fatalf("%s: %d", path, res.StatusCode)
				}
			}
			send(t, "GET", ts.URL+"/api/no-such-endpoint", "", "")
			status, body = send(t, "GET", ts.URL+"/api/admin/not-found", token, "")
			var log struct {
				Data []struct {
					ID   int64
					Path string
					Hits int
				}
			}
			json.Unmarshal([]byte(body), &log)
			if status != 200 || len(log.Data) != 1 || log.Data[0].Path != "/no-such-page" || log.Data[0].Hits != 2 {
				t.Fatalf("not-found log: %d %s, want /no-such-page with 2 hits alone", status, body)
			}
			if status, body := send(t, "POST", ts.URL+"/api/admin/redirects", token, `{"source":"/no-such-page","target":"/ai-journey"}`); status != 201 {
				t.Fatalf("redirect from the log: %d %s", status, body)
			}
			wantRedirect(t, ts.URL, "/no-such-page", "/ai-journey")
			if _, body := send(t, "GET", ts.URL+"/api/admin/not-found", token, ""); body != `{"data":[]}`+"\n" {
				t.Errorf("log after the redirect: %s", body)
			}
			// A path that shows a page now leaves the log.
			get(t, ts.URL+"/soon-a-page", nil)
			savePage(t, ts.URL, token, 0, map[string]any{"title": "Soon", "slug": "soon-a-page", "content": "x", "status": "published"}, 201)
			get(t, ts.URL+"/another-missing", nil)
			_, body = send(t, "GET", ts.URL+"/api/admin/not-found", token, "")
			json.Unmarshal([]byte(body), &log)
			if len(log.Data) != 1 {
				t.Fatalf("log: %s", body)
			}
			if status, body := send(t, "DELETE", ts.URL+"/api/admin/not-found/"+itoa(log.Data[0].ID), token, ""); status != 200 {
				t.Errorf("clear an entry: %d %s", status, body)
			}
			if status, _ := send(t, "DELETE", ts.URL+"/api/admin/not-found/"+itoa(log.Data[0].ID), token, ""); status != 404 {
				t.Errorf("clear it again: %d, want 404", status)
			}
		})
	}
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestRedirectHits: each instance counts the redirects followed in memory
// and writes its counts in batches (at the latest when the list is asked
// for on it); the list gives each redirect's total and last time, and
// counting moves neither the redirect's version nor the pages' content.
func TestRedirectHits(t *testing.T) {
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			one, two := newTestSiteOn(t, store), newTestSiteOn(t, store)
			token := loginAs(t, one.URL, "admin", testPassword)
			for _, body := range []string{`{"source":"/old-team","target":"/about-us"}`, `{"source":"/never-used","target":"/careers"}`} {
				if status, body := send(t, "POST", one.URL+"/api/admin/redirects", token, body); status != 201 {
					t.Fatalf("create redirect: %d %s", status, body)
				}
			}
			type listed struct {
				Source    string
				Version   int
				Hits      int64
				LastHitAt *time.Time
			}
			list := func(base string) map[string]listed {
				t.Helper()
				status, body := send(t, "GET", base+"/api/admin/redirects", token, "")
				var out struct{ Data []listed }
				if err := json.Unmarshal([]byte(body), &out); err != nil || status != 200 {
					t.Fatalf("list: %d %s", status, body)
				}
				m := map[string]listed{}
				for _, r := range out.Data {
					m[r.Source] = r
				}
				return m
			}
			before := time.Now().Add(-time.Second)
			for range 3 {
				wantRedirect(t, one.URL, "/old-team", "/about-us")
			}
			wantRedirect(t, one.URL, "/old-team/?utm_source=mail", "/about-us?utm_source=mail")
			noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			if res, err := noFollow.Head(one.URL + "/old-team"); err != nil || res.StatusCode != 301 {
				t.Errorf("HEAD /old-team: %v %v", res, err)
			}
			for range 2 {
				wantRedirect(t, two.URL, "/old-team", "/about-us")
			}
			got := list(one.URL)
			if r := got["/old-team"]; r.Hits != 4 || r.LastHitAt == nil || r.LastHitAt.Before(before) || r.LastHitAt.After(time.Now()) || r.Version != 1 {
				t.Errorf("/old-team on the first instance = %+v, want its 4 GETs (no HEAD), a last time, version 1", r)
			}
			if r := got["/never-used"]; r.Hits != 0 || r.LastHitAt != nil {
				t.Errorf("/never-used = %+v, want no count", r)
			}
			// The second instance's counts are written when it flushes: here, as it lists.
			if r := list(two.URL)["/old-team"]; r.Hits != 6 {
				t.Errorf("/old-team with both instances' counts = %+v, want 6", r)
			}
			if r := list(one.URL)["/old-team"]; r.Hits != 6 {
				t.Errorf("/old-team read again on the first = %+v, want 6", r)
			}
		})
	}
}
