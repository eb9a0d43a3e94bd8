package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"meridian/internal/site"
)

// TestPreviewLinks: a draft answers 404 to visitors, and its page to the
// holder of a preview link, at its own address, never cached or indexed;
// an article's too; a revoked link is the 404 page again.
func TestPreviewLinks(t *testing.T) {
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			ts := newTestSiteOn(t, db.open(t))
			token := loginAs(t, ts.URL, "admin", testPassword)
			p := savePage(t, ts.URL, token, 0, map[string]any{"title": "Pricing draft", "content": "Three plans.\n\nOne is free."}, 201)
			a := savePage(t, ts.URL, token, 0, map[string]any{"title": "Draft thoughts", "template": "article", "category": "AI Strategy",
				"content": "A first paragraph."}, 201)
			wantNotFound(t, ts.URL, "/pricing-draft")

			link := func(id int64, body string, want int) site.PreviewLinkURL {
				t.Helper()
				status, res := send(t, "POST", fmt.Sprintf("%s/api/admin/pages/%d/previews", ts.URL, id), token, body)
				if status != want {
					t.Fatalf("make link: %d %s, want %d", status, res, want)
				}
				var out struct{ Data site.PreviewLinkURL }
				json.Unmarshal([]byte(res), &out)
				return out.Data
			}
			link(p.ID, `{"days":31}`, 400)
			link(p.ID, `{"days":0}`, 400)
			link(98765, `{}`, 404)
			l := link(p.ID, `{"days":2}`, 201)
			if !strings.HasPrefix(l.URL, "https://www.example.com/pricing-draft?preview=") || l.ExpiresAt.Sub(l.CreatedAt).Hours() != 48 {
				t.Fatalf("link = %+v", l)
			}
			tok := strings.TrimPrefix(l.URL, "https://www.example.com/pricing-draft?preview=")
			res, html := get(t, ts.URL+"/pricing-draft?preview="+tok, nil)
			if res.StatusCode != 200 {
				t.Fatalf("preview: %d", res.StatusCode)
			}
			for _, want := range []string{">Pricing draft</h1>", "<p>Three plans.</p>", `<meta name="robots" content="noindex" />`} {
				if !strings.Contains(html, want) {
					t.Errorf("preview lacks %q", want)
				}
			}
			if strings.Contains(html, `rel="canonical"`) || res.Header.Get("X-Robots-Tag") != "noindex, nofollow" ||
				res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Referrer-Policy") != "no-referrer" {
				t.Errorf("preview headers = %v", res.Header)
			}
			if _, ok := sitemap(t, ts.URL)["https://www.example.com/pricing-draft"]; ok {
				t.Error("the sitemap lists a draft with a preview link")
			}
			// Visitors still get the 404 page, from the same cache.
			wantNotFound(t, ts.URL, "/pricing-draft")

			// The token at another address goes to its page's.
			noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			r, err := noRedirect.Get(ts.URL + "/about-us?preview=" + tok)
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if r.StatusCode != 302 || r.Header.Get("Location") != "/pricing-draft?preview="+tok {
				t.Errorf("other address: %d %s", r.StatusCode, r.Header.Get("Location"))
			}

			// An article, at its address under /blog.
			al := link(a.ID, ``, 201)
			if !strings.Contains(al.URL, "/blog/draft-thoughts?preview=") || al.ExpiresAt.Sub(al.CreatedAt).Hours() != 24*site.PreviewLinkDays {
				t.Fatalf("article link = %+v", al)
			}
			res, html = get(t, strings.Replace(al.URL, "https://www.example.com", ts.URL, 1), nil)
			if res.StatusCode != 200 || !strings.Contains(html, ">Draft thoughts</h1>") || !strings.Contains(html, "A first paragraph.") {
				t.Errorf("article preview: %d", res.StatusCode)
			}

			// Listed, revoked, gone.
			status, body := send(t, "GET", fmt.Sprintf("%s/api/admin/pages/%d/previews", ts.URL, p.ID), token, "")
			if status != 200 || !strings.Contains(body, fmt.Sprintf(`"id":%d`, l.ID)) || strings.Contains(body, tok) {
				t.Errorf("list: %d %s", status, body)
			}
			if status, body := send(t, "DELETE", fmt.Sprintf("%s/api/admin/previews/%d", ts.URL, l.ID), token, ""); status != 200 {
				t.Fatalf("revoke: %d %s", status, body)
			}
			wantNotFound(t, ts.URL, "/pricing-draft?preview="+tok)
			wantNotFound(t, ts.URL, "/pricing-draft?preview=not-a-token")
		})
	}
}

// TestPreviewLinkLimit: one preview link answers at most 60 requests a
// minute (rendered once and kept, they cost little); the next is 429
// with Retry-After, and another link of the same page still works.
func TestPreviewLinkLimit(t *testing.T) {
	ts := newTestSite(t)
	token := loginAs(t, ts.URL, "admin", testPassword)
	p := savePage(t, ts.URL, token, 0, map[string]any{"title": "Busy draft", "content": "Text."}, 201)
	link := func() string {
		t.Helper()
		status, res := send(t, "POST", fmt.Sprintf("%s/api/admin/pages/%d/previews", ts.URL, p.ID), token, "")
		if status != 201 {
			t.Fatalf("make link: %d %s", status, res)
		}
		var out struct{ Data site.PreviewLinkURL }
		json.Unmarshal([]byte(res), &out)
		return strings.Replace(out.Data.URL, "https://www.example.com", ts.URL, 1)
	}
	first, second := link(), link()
	for i := range 60 {
		if res, html := get(t, first, nil); res.StatusCode != 200 || !strings.Contains(html, ">Busy draft</h1>") {
			t.Fatalf("request %d: %d", i+1, res.StatusCode)
		}
	}
	res, body := get(t, first, nil)
	if retry, err := strconv.Atoi(res.Header.Get("Retry-After")); res.StatusCode != 429 || err != nil || retry < 1 || retry > 60 ||
		!strings.Contains(body, "Too many requests with this preview link") || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("request 61: %d %q %v %s", res.StatusCode, res.Header.Get("Retry-After"), res.Header, body)
	}
	if res, _ := get(t, second, nil); res.StatusCode != 200 {
		t.Errorf("another link: %d", res.StatusCode)
	}
}
