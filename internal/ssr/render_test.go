package ssr

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/web"
)

// newTestCache builds a page cache on the real server bundle and a fresh
// SQLite database.
func newTestCache(tb testing.TB) (*PageCache, *site.ContentVersion, *Renderer) {
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
	return NewPageCache(r, shell, db, v, "https://example.com"), v, r
}

func TestPageCache(t *testing.T) {
	c, v, _ := newTestCache(t)
	ctx := context.Background()

	t.Run("SamePageWhileTheVersionHolds", func(t *testing.T) {
		p1, err := c.Get(ctx, "/")
		if err != nil {
			t.Fatal(err)
		}
		p2, err := c.Get(ctx, "/")
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
		p1, _ := c.Get(ctx, "/")
		v.Bump()
		p2, err := c.Get(ctx, "/")
		if err != nil {
			t.Fatal(err)
		}
		if p1 == p2 {
			t.Error("the page survived a version change")
		}
	})

	t.Run("UnknownPathsShareOneNotFoundPage", func(t *testing.T) {
		a, _ := c.Get(ctx, "/a")
		b, _ := c.Get(ctx, "/b/c")
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
				pages[i], _ = c.Get(ctx, "/")
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

func TestRenderEscapesDataScript(t *testing.T) {
	_, _, r := newTestCache(t)
	data := site.PageData{
		Settings:     &site.SiteSettings{LogoText: "Meridian AI", PrimaryColor: "#2563eb", SecondaryColor: "#1e40af"},
		Content:      map[string]map[string]string{"hero": {"main_title": "</script><script>alert(1)</script>"}},
		Menu:         []*site.MenuItem{},
		Footer:       []*site.FooterLink{},
		Testimonials: []*site.Testimonial{},
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
		if _, err := c.Get(ctx, "/"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPageCacheHit measures the hot path: a cached page.
func BenchmarkPageCacheHit(b *testing.B) {
	c, _, _ := newTestCache(b)
	ctx := context.Background()
	if _, err := c.Get(ctx, "/"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Get(ctx, "/"); err != nil {
			b.Fatal(err)
		}
	}
}
