package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"meridian/internal/ogimage"
	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/web"
)

// newTestCache builds a page cache on the real server bundle and a fresh
// SQLite database.
func newTestCache(tb testing.TB) (*PageCache, *site.ContentVersion, *Renderer) {
	tb.Helper()
	c, v, r, _ := newTestCacheDB(tb)
	return c, v, r
}

// stored creates rec as a record of e in db, failing the test on an
// error, and returns it as stored.
func stored[R site.Record](tb testing.TB, db site.RecordService, e *site.Entity, rec R) R {
	tb.Helper()
	out, err := db.CreateRecord(context.Background(), e, rec, site.Write{})
	if err != nil {
		tb.Fatal(err)
	}
	return out.(R)
}

// freshPage moves the content version on and returns the page at path,
// rendered afresh from the content as it is now.
func freshPage(tb testing.TB, c *PageCache, v *site.ContentVersion, path string) *Page {
	tb.Helper()
	v.Bump()
	p, err := c.Get(context.Background(), path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// newTestCacheDB is newTestCache with its database, whose reads for the
// pages count in reads.
func newTestCacheDB(tb testing.TB) (*PageCache, *site.ContentVersion, *Renderer, *countingStore) {
	tb.Helper()
	bundle, err := fs.ReadFile(web.Dist, "dist/server/entry-server.js")
	if err != nil {
		tb.Fatalf("the frontend is not built (make build): %v", err)
	}
	index, err := fs.ReadFile(web.Dist, "dist/client/index.html")
	if err != nil {
		tb.Fatal(err)
	}
	shell, err := ParseShell(string(index))
	if err != nil {
		tb.Fatal(err)
	}
	r, err := NewRenderer(bundle, 2, slog.New(slog.DiscardHandler))
	if err != nil {
		tb.Fatal(err)
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "site.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	v := new(site.ContentVersion)
	store := &countingStore{DB: db}
	return NewPageCache(r, shell, store, v, "https://example.com", "/favicon.svg", "/images/a.svg"), v, r, store
}

// countingStore counts the reads of the page data.
type countingStore struct {
	*sqlite.DB
	reads atomic.Int64
}

func (s *countingStore) FindRecords(ctx context.Context, e *site.Entity, f site.ListFilter) ([]site.Record, error) {
	s.reads.Add(1)
	return s.DB.FindRecords(ctx, e, f)
}

func TestPageCache(t *testing.T) {
	c, v, _ := newTestCache(t)
	ctx := context.Background()

	t.Run("SamePageWhileTheVersionHolds", func(t *testing.T) {
		p1, err := c.Get(ctx, "/", nil)
		if err != nil {
			t.Fatal(err)
		}
		p2, err := c.Get(ctx, "/", nil)
		if err != nil {
			t.Fatal(err)
		}
		if p1 != p2 {
			t.Error("a second request rendered again instead of using the cache")
		}
		if p1.Status != 200 || !strings.Contains(string(p1.Raw), "</h1>") {
			t.Errorf("status %d", p1.Status)
		}
		if len(p1.Gzip) == 0 || len(p1.Brotli) == 0 || len(p1.Brotli) >= len(p1.Raw) {
			t.Errorf("compressed forms: gzip %d, brotli %d, raw %d bytes", len(p1.Gzip), len(p1.Brotli), len(p1.Raw))
		}
	})

	t.Run("FreshPageAfterTheVersionMoves", func(t *testing.T) {
		p1, _ := c.Get(ctx, "/", nil)
		if p2 := freshPage(t, c, v, "/"); p1 == p2 {
			t.Error("the page survived a version change")
		}
	})

	t.Run("UnknownPathsShareOneNotFoundPage", func(t *testing.T) {
		a, _ := c.Get(ctx, "/a", nil)
		b, _ := c.Get(ctx, "/b/c", nil)
		if a != b || a.Status != 404 {
			t.Errorf("want one shared 404 page, got status %d and %d", a.Status, b.Status)
		}
	})

	t.Run("ConcurrentMissesRenderOnce", func(t *testing.T) {
		v.Bump()
		var wg sync.WaitGroup
		pages := make([]*Page, 16)
		for i := range pages {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pages[i], _ = c.Get(ctx, "/", nil)
			}()
		}
		wg.Wait()
		for i, p := range pages {
			if p == nil || p != pages[0] {
				t.Fatalf("request %d got a different page: concurrent misses rendered more than once", i)
			}
		}
	})
}

// A published page is rendered at its path from its own data, cached like
// the built-in pages while the version holds, and gone with the version
// that unpublished it.
func TestPageCachePublishedPage(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	ctx := context.Background()
	save := func(p *site.Page) *site.Page {
		t.Helper()
		var rec site.Record
		var err error
		if p.ID == 0 {
			rec, err = db.CreateRecord(ctx, site.Pages, p, site.Write{})
		} else {
			rec, err = db.UpdateRecord(ctx, site.Pages, p, site.Write{})
		}
		if err != nil {
			t.Fatal(err)
		}
		v.Bump()
		return rec.(*site.Page)
	}
	p := save(&site.Page{Title: "Our Approach", Slug: "our-approach", Content: "First.\n\nSecond.", MetaTitle: "Approach",
		MetaDescription: "How we work.", Status: site.PagePublished, Template: "default", IsActive: true})
	save(&site.Page{Title: "Draft", Slug: "draft", Content: "x", Status: site.PageDraft, Template: "default", IsActive: true})
	save(&site.Page{Title: "Images", Slug: "images", Content: "x", Status: site.PagePublished, Template: "default", IsActive: true})

	page, err := c.Get(ctx, "/our-approach", nil)
	if err != nil {
		t.Fatal(err)
	}
	html := string(page.Raw)
	for _, want := range []string{"<title>Approach</title>", `<meta name="description" content="How we work." />`,
		`<link rel="canonical" href="https://example.com/our-approach" />`, "<p>First.</p><p>Second.</p>", `"page":{"title":"Our Approach"`} {
		if !strings.Contains(html, want) {
			t.Errorf("published page lacks %s", want)
		}
	}
	if page.Status != 200 {
		t.Errorf("status %d", page.Status)
	}
	home, _ := c.Get(ctx, "/", nil)
	if strings.Contains(string(home.Raw), `"page":`) {
		t.Error("the home page carries a page in its data")
	}

	// Hits, of the page, a built-in page and unknown paths, read nothing.
	reads := db.reads.Load()
	again, _ := c.Get(ctx, "/our-approach", nil)
	c.Get(ctx, "/", nil)
	missing, _ := c.Get(ctx, "/draft", nil)
	other, _ := c.Get(ctx, "/no-such-page", nil)
	images, _ := c.Get(ctx, "/images", nil)
	if again != page {
		t.Error("the published page rendered again while the version held")
	}
	if missing.Status != 404 || missing != other || images != other {
		t.Error("a draft, an unknown path and a reserved slug do not share the 404 page")
	}
	if n := db.reads.Load() - reads; n != 0 {
		t.Errorf("cache hits read the database %d times", n)
	}
	if ok, _ := c.Serves(ctx, "/our-approach"); !ok {
		t.Error("Serves(/our-approach) = false")
	}
	if ok, _ := c.Serves(ctx, "/draft"); ok {
		t.Error("Serves(/draft) = true")
	}
	entries, err := c.Entries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The 19 built-in pages, then the six seeded articles, the six seeded
	// positions, the six seeded case studies and the page, by path.
	if n := len(entries); n != 38 || entries[37].Path != "/our-approach" || !entries[37].Modified.Equal(p.UpdatedAt) || !entries[0].Modified.IsZero() ||
		entries[19].Path != "/blog/ai-pilots-to-production" || entries[19].Modified.IsZero() ||
		entries[25].Path != "/careers/ai-solutions-architect" || entries[25].Modified.IsZero() ||
		entries[31].Path != "/case-studies/claims-automation" || entries[31].Modified.IsZero() {
		t.Errorf("entries = %+v, want the 19 built-in pages, the seeded articles, positions and case studies and /our-approach", entries)
	}

	// Unpublished: the next request after the write gets the 404 page.
	p.Status = site.PageDraft
	save(p)
	if page, _ := c.Get(ctx, "/our-approach", nil); page.Status != 404 {
		t.Errorf("unpublished page: status %d", page.Status)
	}
}

// Every page names the picture of its link preview, drawn from the page's
// own title (without the company name that ends the browser title) and the
// settings, at an address of its key and the page's path; the 404 page,
// shared by every unknown path, has an address of its own.
func TestPageCacheCards(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	ctx := context.Background()
	careers, err := c.Get(ctx, "/careers", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := ogimage.Card{Title: "Careers", SiteName: "Meridian AI", Host: "example.com", Primary: "#2563eb", Secondary: "#1e40af"}
	if careers.Card != want || careers.ImagePath != ogimage.Address(want.Key(), "/careers") {
		t.Errorf("careers: card %+v at %s, want %+v at its key", careers.Card, careers.ImagePath, want)
	}
	for _, tag := range []string{
		`<meta property="og:image" content="https://example.com` + careers.ImagePath + `" />`,
		`<meta property="og:image:alt" content="Careers, Meridian AI" />`,
	} {
		if !strings.Contains(string(careers.Raw), tag) {
			t.Errorf("careers lacks %s", tag)
		}
	}
	missing, _ := c.Get(ctx, "/no-such-page", nil)
	if _, path, _ := ogimage.ParseAddress(missing.ImagePath); path != "/og" || missing.Card.Title != "404 Page Not Found" {
		t.Errorf("404 page: card %+v at %s", missing.Card, missing.ImagePath)
	}

	// Titles end with the footer's company name when it is set.
	stored(t, db, site.Content, &site.ContentItem{Section: "footer", Key: "company_name", Value: "Acme Corp"})
	v.Bump()
	careers, _ = c.Get(ctx, "/careers", nil)
	if !strings.Contains(string(careers.Raw), "<title>Careers | Acme Corp</title>") || careers.Card.Title != "Careers" {
		t.Errorf("with the company name Acme Corp: card title %q", careers.Card.Title)
	}
}

func TestRenderEscapesDataScript(t *testing.T) {
	_, _, r := newTestCache(t)
	data := site.PageData{
		Settings:     &site.PublicSettings{LogoText: "Meridian AI", PrimaryColor: "#2563eb", SecondaryColor: "#1e40af"},
		Content:      map[string]map[string]string{"hero": {"main_title": "</script><script>alert(1)</script>"}},
		Menu:         []*site.PublicMenuItem{},
		Footer:       []*site.PublicFooterLink{},
		Testimonials: []*site.PublicTestimonial{},
		CaseStudies:  []*site.CaseStudyCard{},
	}
	b, _ := json.Marshal(data)
	if strings.Contains(string(b), "</script>") {
		t.Fatal("the page data JSON contains a closing script tag")
	}
	res, err := r.Render("/", b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.HTML, "<script>alert(1)") || !strings.Contains(res.HTML, "&lt;/script&gt;") {
		t.Errorf("hero title not escaped in the rendered HTML")
	}
}

// BenchmarkRenderHome measures one render of / in an engine (the cost of a
// cache miss, without compression).
func BenchmarkRenderHome(b *testing.B) {
	c, _, r := newTestCache(b)
	pd, err := c.pageData(context.Background(), 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := r.Render("/", pd.json); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPageCacheMiss measures a full miss: render, shell and compression.
func BenchmarkPageCacheMiss(b *testing.B) {
	c, v, _ := newTestCache(b)
	ctx := context.Background()
	for b.Loop() {
		v.Bump()
		if _, err := c.Get(ctx, "/", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPageCacheHit measures the hot path: a cached page.
func BenchmarkPageCacheHit(b *testing.B) {
	c, _, _ := newTestCache(b)
	ctx := context.Background()
	if _, err := c.Get(ctx, "/", nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Get(ctx, "/", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// seedArticles stores n published articles of some 600 words each, as
// item 8 of the benchmarks does.
func seedArticles(tb testing.TB, store site.RecordService, n int) {
	tb.Helper()
	paragraph := strings.TrimSpace(strings.Repeat("Production machine learning needs owners, pipelines, monitoring and trust before it pays back. ", 10))
	content := strings.Join([]string{paragraph, paragraph, paragraph, paragraph, paragraph}, "\n\n")
	categories := site.BlogCategoryLabels()
	for i := range n {
		p := &site.Page{Title: fmt.Sprintf("Article %d", i+1), Slug: fmt.Sprintf("article-%d", i+1), Content: content,
			Excerpt: "What a thousand articles cost.", Template: site.TemplateArticle, Status: site.PagePublished, IsActive: true,
			Author: "Author", Category: categories[i%len(categories)], Tags: site.PageTags{"Bench", fmt.Sprintf("Tag %d", i%12)}}
		if err := p.Validate(); err != nil {
			tb.Fatal(err)
		}
		stored(tb, store, site.Pages, p)
	}
}

// BenchmarkBlogAfterWrite measures the first render of /blog after a
// content write with 1,000 published articles: the page data read, the
// render and the compression.
func BenchmarkBlogAfterWrite(b *testing.B) {
	c, v, _, store := newTestCacheDB(b)
	seedArticles(b, store, 1000)
	for b.Loop() {
		freshPage(b, c, v, site.BlogPath)
	}
}

// BenchmarkPageDataBlog measures the page data read alone with 1,000
// published articles.
func BenchmarkPageDataBlog(b *testing.B) {
	c, v, _, store := newTestCacheDB(b)
	seedArticles(b, store, 1000)
	ctx := context.Background()
	for b.Loop() {
		if _, err := c.pageData(ctx, v.Bump()); err != nil {
			b.Fatal(err)
		}
	}
}
