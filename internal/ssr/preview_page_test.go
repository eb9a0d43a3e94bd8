package ssr

import (
	"context"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// TestPreviewCache: a preview is rendered once for the page's version and
// its banner, and again for a new version of the page, another banner or
// new content of the site; visitors at the page's address never get it.
func TestPreviewCache(t *testing.T) {
	c, v, r, db := newTestCacheDB(t)
	ctx := context.Background()
	page := stored(t, db, site.Pages, &site.Page{Title: "Big draft", Slug: "big-draft", Content: "First words.",
		Status: site.PageDraft, Template: "default", IsActive: true})
	v.Bump()
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	banner := site.NewPagePreview(page, now)
	preview := func(p *site.Page, b *site.PagePreview) (*Page, int64) {
		t.Helper()
		before := r.renders.Load()
		got, err := c.Preview(ctx, p, b)
		if err != nil {
			t.Fatal(err)
		}
		return got, r.renders.Load() - before
	}

	first, n := preview(page, banner)
	if n != 1 || !strings.Contains(string(first.Raw), "First words.") {
		t.Fatalf("first preview: %d renders", n)
	}
	t.Run("SecondRequestFromTheCache", func(t *testing.T) {
		if again, n := preview(page, banner); n != 0 || again != first {
			t.Errorf("second preview: %d renders, same page %v", n, again == first)
		}
	})
	t.Run("VisitorsGetTheNotFoundPage", func(t *testing.T) {
		if p, err := c.Get(ctx, "/big-draft", nil); err != nil || p.Status != 404 || strings.Contains(string(p.Raw), "First words.") {
			t.Errorf("visitors: %v", err)
		}
	})
	t.Run("AnotherBannerRendersAfresh", func(t *testing.T) {
		shared := *banner
		shared.Shared = true
		if p, n := preview(page, &shared); n != 1 || p == first {
			t.Errorf("another banner: %d renders", n)
		}
	})
	t.Run("NewPageVersionRendersAfresh", func(t *testing.T) {
		page.Content = "Second words."
		rec, err := db.UpdateRecord(ctx, site.Pages, page, site.Write{})
		if err != nil {
			t.Fatal(err)
		}
		v.Bump()
		page = rec.(*site.Page)
		p, n := preview(page, banner)
		if n != 1 || !strings.Contains(string(p.Raw), "Second words.") {
			t.Errorf("new version: %d renders", n)
		}
		if _, n := preview(page, banner); n != 0 {
			t.Errorf("new version again: %d renders", n)
		}
	})
	t.Run("NewContentRendersAfresh", func(t *testing.T) {
		v.Bump()
		if _, n := preview(page, banner); n != 1 {
			t.Errorf("new content version: %d renders", n)
		}
	})
	t.Run("Bounded", func(t *testing.T) {
		for i := range maxPreviews + 5 {
			b := *banner
			b.EditURL = site.PageFormURL(int64(1000 + i))
			preview(page, &b)
		}
		c.mu.RLock()
		n := len(c.previews)
		c.mu.RUnlock()
		if n > maxPreviews {
			t.Errorf("%d previews kept, want at most %d", n, maxPreviews)
		}
	})
}
