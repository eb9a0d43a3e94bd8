package main

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// savePage sends a page to the admin API (POST, or PUT of id when not 0) and
// returns it as saved, failing the test on any status but want.
func savePage(t *testing.T, base, token string, id int64, page map[string]any, want int) site.Page {
	t.Helper()
	b, _ := json.Marshal(page)
	method, path := "POST", "/api/admin/pages"
	if id != 0 {
		method, path = "PUT", fmt.Sprintf("/api/admin/pages/%d", id)
	}
	status, body := send(t, method, base+path, token, string(b))
	if status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, status, body, want)
	}
	var out struct{ Data site.Page }
	json.Unmarshal([]byte(body), &out)
	return out.Data
}

// sitemap returns the lastmod of each address /sitemap.xml lists ("" for
// none).
func sitemap(t *testing.T, base string) map[string]string {
	t.Helper()
	res, body := get(t, base+"/sitemap.xml", nil)
	if res.StatusCode != 200 {
		t.Fatalf("sitemap.xml: %d", res.StatusCode)
	}
	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(body), &set); err != nil {
		t.Fatalf("sitemap.xml: %v\n%s", err, body)
	}
	out := map[string]string{}
	for _, u := range set.URLs {
		out[u.Loc] = u.LastMod
	}
	return out
}

// wantNotFound checks that path answers the site's 404 page.
func wantNotFound(t *testing.T, base, path string) {
	t.Helper()
	res, body := get(t, base+path, nil)
	if res.StatusCode != 404 || !strings.Contains(body, "404 Page Not Found</h1>") || !strings.Contains(body, `<meta name="robots" content="noindex" />`) {
		t.Errorf("%s: status %d, want the 404 page", path, res.StatusCode)
	}
}

// TestPublishedPages follows a page of the admin from draft to published,
// renamed, hidden and deleted, on each database: visitors get it at /{slug},
// server-rendered with its meta, while it is published and active, and the
// 404 page at once otherwise; the sitemap lists it with its last change.
func TestPublishedPages(t *testing.T) {
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			ts := newTestSiteOn(t, store)
			token := loginAs(t, ts.URL, "admin", testPassword)
			const canon = "https://www.example.com"

			p := savePage(t, ts.URL, token, 0, map[string]any{
				"title":           "Our Approach",
				"content":         "We start small.\nThen we measure.\n\n<script>alert(1)</script> & <b>no HTML</b>",
				"excerpt":         "How we work with you.",
				"metaTitle":       "Our Approach to Enterprise AI",
				"metaDescription": "How Meridian AI takes a model from pilot to production.",
			}, 201)
			if p.Slug != "our-approach" || p.Status != site.PageDraft {
				t.Fatalf("created %+v, want the draft our-approach", p)
			}
			wantNotFound(t, ts.URL, "/our-approach")
			if _, ok := sitemap(t, ts.URL)[canon+"/our-approach"]; ok {
				t.Error("the sitemap lists a draft")
			}

			status, body := send(t, "POST", fmt.Sprintf("%s/api/admin/pages/%d/publish", ts.URL, p.ID), token, "")
			if status != 200 {
				t.Fatalf("publish: %d %s", status, body)
			}
			var published struct{ Data site.Page }
			json.Unmarshal([]byte(body), &published)
			res, html := get(t, ts.URL+"/our-approach", nil)
			if res.StatusCode != 200 {
				t.Fatalf("published page: %d", res.StatusCode)
			}
			for _, want := range []string{
				"<title>Our Approach to Enterprise AI</title>",
				`<meta name="description" content="How Meridian AI takes a model from pilot to production." />`,
				`<link rel="canonical" href="` + canon + `/our-approach" />`,
				`<meta property="og:url" content="` + canon + `/our-approach" />`,
				`<meta property="og:title" content="Our Approach to Enterprise AI" />`,
				`<meta property="og:description" content="How Meridian AI takes a model from pilot to production." />`,
				`<meta property="og:site_name" content="Meridian AI" />`,
				">Our Approach</h1>",
				"How we work with you.</p>",
				"<p>We start small.<br/>Then we measure.</p>",
				"<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;no HTML&lt;/b&gt;</p>",
				// The site's header and footer, and the call to a consultation.
				`aria-label="Main"`, `href="/privacy-policy"`, `aria-labelledby="cta-title"`, `href="/ai-journey"`,
				// The page data React hydrates from.
				`"page":{"title":"Our Approach","slug":"our-approach"`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("published page lacks %s", want)
				}
			}
			for _, unwanted := range []string{"<script>alert(1)", "<b>no HTML", `name="robots"`, `"authorId"`} {
				if strings.Contains(html, unwanted) {
					t.Errorf("published page has %s", unwanted)
				}
			}
			if res, _ := get(t, ts.URL+"/our-approach/?utm_source=x", nil); res.StatusCode != 301 || res.Header.Get("Location") != "/our-approach?utm_source=x" {
				t.Errorf("/our-approach/: %d to %q, want 301 to the page", res.StatusCode, res.Header.Get("Location"))
			}
			lastmod, ok := sitemap(t, ts.URL)[canon+"/our-approach"]
			if want := published.Data.UpdatedAt.UTC().Format(time.RFC3339); !ok || lastmod != want {
				t.Errorf("sitemap lastmod of the page = %q (listed %v), want %q", lastmod, ok, want)
			}

			// Without a meta title or description: the title as every page
			// has it, and the excerpt.
			q := savePage(t, ts.URL, token, 0, map[string]any{"title": "Data Readiness", "content": "Text.", "excerpt": "Is your data ready?", "status": "published"}, 201)
			_, html = get(t, ts.URL+"/"+q.Slug, nil)
			for _, want := range []string{"<title>Data Readiness | Meridian AI</title>", `<meta name="description" content="Is your data ready?" />`} {
				if !strings.Contains(html, want) {
					t.Errorf("/%s lacks %s", q.Slug, want)
				}
			}
			if got := len(sitemap(t, ts.URL)); got != 39 {
				t.Errorf("sitemap has %d addresses, want the 19 routes, the 6 seeded articles, positions and case studies and 2 pages", got)
			}

			// Back to draft: 404 at once, and out of the sitemap.
			edit := map[string]any{"title": "Our Approach", "slug": "our-approach", "content": "Second text.", "status": "draft"}
			savePage(t, ts.URL, token, p.ID, edit, 200)
			wantNotFound(t, ts.URL, "/our-approach")
			if _, ok := sitemap(t, ts.URL)[canon+"/our-approach"]; ok {
				t.Error("the sitemap lists an unpublished page")
			}
			// Published again, with its new text at once.
			edit["status"] = "published"
			savePage(t, ts.URL, token, p.ID, edit, 200)
			if _, html := get(t, ts.URL+"/our-approach", nil); !strings.Contains(html, "<p>Second text.</p>") {
				t.Error("the republished page does not show its new text")
			}
			// Renamed: the old address leads to the new one, which answers.
			edit["slug"] = "how-we-work"
			savePage(t, ts.URL, token, p.ID, edit, 200)
			if res, _ := get(t, ts.URL+"/our-approach", nil); res.StatusCode != 301 || res.Header.Get("Location") != "/how-we-work" {
				t.Errorf("/our-approach after the rename: %d to %q, want 301 to /how-we-work", res.StatusCode, res.Header.Get("Location"))
			}
			if res, _ := get(t, ts.URL+"/how-we-work", nil); res.StatusCode != 200 {
				t.Errorf("renamed page: %d", res.StatusCode)
			}
			// Inactive: hidden.
			edit["isActive"] = false
			savePage(t, ts.URL, token, p.ID, edit, 200)
			wantNotFound(t, ts.URL, "/how-we-work")
			edit["isActive"] = true
			savePage(t, ts.URL, token, p.ID, edit, 200)
			if res, _ := get(t, ts.URL+"/how-we-work", nil); res.StatusCode != 200 {
				t.Errorf("active again: %d", res.StatusCode)
			}
			// Deleted: gone.
			if status, body := send(t, "DELETE", fmt.Sprintf("%s/api/admin/pages/%d", ts.URL, p.ID), token, ""); status != 200 {
				t.Fatalf("delete: %d %s", status, body)
			}
			wantNotFound(t, ts.URL, "/how-we-work")
			if _, ok := sitemap(t, ts.URL)[canon+"/how-we-work"]; ok {
				t.Error("the sitemap lists a deleted page")
			}
		})
	}
}

// TestReservedSlugs refuses a page at an address the site answers itself:
// every built-in page, the server's own routes and the build's files, on
// create, update and publish. A page stored with such a slug before is
// never served in its place.
func TestReservedSlugs(t *testing.T) {
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			ts := newTestSiteOn(t, store)
			token := loginAs(t, ts.URL, "admin", testPassword)

			var reserved []string
			for loc := range sitemap(t, ts.URL) {
				// The built-in pages, not the seeded articles under /blog/, positions under /careers/ or studies under /case-studies/.
				if slug := strings.TrimPrefix(loc, "https://www.example.com/"); slug != "" && !strings.HasPrefix(loc, "https://www.example.com//") && !strings.HasPrefix(slug, "blog/") && !strings.HasPrefix(slug, "careers/") && !strings.HasPrefix(slug, "case-studies/") {
					reserved = append(reserved, slug)
				}
			}
			if len(reserved) != 18 {
				t.Fatalf("sitemap gave %d built-in pages besides /, want 18", len(reserved))
			}
			reserved = append(reserved, "admin", "api", "assets", "media", "og", "healthz")
			for _, slug := range reserved {
				status, body := send(t, "POST", ts.URL+"/api/admin/pages", token, `{"title":"T","slug":"`+slug+`","content":"x"}`)
				var e struct {
					Message string
					Errors  map[string]string
				}
				json.Unmarshal([]byte(body), &e)
				want := "The address /" + slug + " belongs to the site itself; choose another slug."
				if status != 400 || e.Errors["slug"] != want || e.Message != want {
					t.Errorf("slug %s: %d %s, want 400 naming the slug", slug, status, body)
				}
			}
			// A slug made from the title is checked too.
			if status, body := send(t, "POST", ts.URL+"/api/admin/pages", token, `{"title":"Case Studies","content":"x"}`); status != 400 || !strings.Contains(body, `"slug":"The address /case-studies`) {
				t.Errorf("title Case Studies: %d %s", status, body)
			}
			p := savePage(t, ts.URL, token, 0, map[string]any{"title": "Fine", "content": "x"}, 201)
			if status, body := send(t, "PUT", fmt.Sprintf("%s/api/admin/pages/%d", ts.URL, p.ID), token, `{"title":"Fine","slug":"careers","content":"x"}`); status != 400 || !strings.Contains(body, `"slug":`) {
				t.Errorf("update to careers: %d %s", status, body)
			}
			// Besides the seeded articles.
			if pages, _ := site.Find[site.Page](context.Background(), store, site.Pages, site.ListFilter{Equal: map[string]string{"template": site.TemplateDefault}}); len(pages) != 1 {
				t.Errorf("%d pages stored, want 1", len(pages))
			}

			// Pages stored with such slugs before (here, straight into the
			// database) are not served, listed or published.
			ctx := context.Background()
			var ids []int64
			for _, slug := range []string{"media", "careers", "api", "healthz"} {
				rec, err := store.CreateRecord(ctx, site.Pages, &site.Page{Title: "Old " + slug, Slug: slug, Content: "Old text.", Status: site.PagePublished, Template: "default", IsActive: true}, site.Write{})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, site.RecordID(rec))
			}
			// Another write moves the version on, as the API's writes do.
			savePage(t, ts.URL, token, p.ID, map[string]any{"title": "Fine", "slug": "fine", "content": "y", "status": "published"}, 200)
			wantNotFound(t, ts.URL, "/media")
			wantNotFound(t, ts.URL, "/api")
			if _, body := get(t, ts.URL+"/careers", nil); strings.Contains(body, "Old text.") || !strings.Contains(body, "Build AI that makes it into production") {
				t.Error("/careers is not the built-in careers page")
			}
			if res, body := get(t, ts.URL+"/healthz", nil); res.StatusCode != 200 || strings.Contains(body, "Old text.") {
				t.Errorf("/healthz: %d %s", res.StatusCode, body)
			}
			list := sitemap(t, ts.URL)
			for _, slug := range []string{"media", "api", "healthz"} {
				if _, ok := list["https://www.example.com/"+slug]; ok {
					t.Errorf("the sitemap lists the page %s", slug)
				}
			}
			if len(list) != 38 {
				t.Errorf("sitemap has %d addresses, want the 19 routes, the 6 seeded articles, positions and case studies and /fine", len(list))
			}
			if status, body := send(t, "POST", fmt.Sprintf("%s/api/admin/pages/%d/publish", ts.URL, ids[0]), token, ""); status != 400 || !strings.Contains(body, `"slug":"The address /media`) {
				t.Errorf("publish of the page media: %d %s", status, body)
			}
		})
	}
}
