package ssr

import (
	"context"
	"errors"
	"testing"

	"meridian/internal/site"
)

// TestLastGoodRender: when the page data cannot be read, Get answers the
// last page rendered at the path, even of an older version, with a
// StaleError; never a page that visitors could no longer open when the
// data was last read (unpublished since), nor one never rendered.
func TestLastGoodRender(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	ctx := context.Background()
	create := func(slug string) *site.Page {
		t.Helper()
		p := stored(t, db, site.Pages, &site.Page{Title: slug, Slug: slug, Content: "Text.", Status: site.PagePublished,
			Template: "default", IsActive: true})
		v.Bump()
		return p
	}
	create("kept")
	gone := create("gone")
	before := map[string]*Page{}
	for _, path := range []string{"/", "/kept", "/gone"} {
		p, err := c.Get(ctx, path, nil)
		if err != nil || p.Status != 200 {
			t.Fatalf("%s: %v", path, err)
		}
		before[path] = p
	}
	gone.Status = site.PageDraft
	if _, err := db.UpdateRecord(ctx, site.Pages, gone, site.Write{}); err != nil {
		t.Fatal(err)
	}
	v.Bump()
	if p, err := c.Get(ctx, "/gone", nil); err != nil || p.Status != 404 {
		t.Fatalf("/gone unpublished: %v", err)
	}
	v.Bump()
	db.Close()

	for _, path := range []string{"/", "/kept"} {
		p, err := c.Get(ctx, path, nil)
		var stale *StaleError
		if p != before[path] || !errors.As(err, &stale) {
			t.Errorf("%s: got the last render %v, err %v; want it with a StaleError", path, p == before[path], err)
		}
	}
	for _, path := range []string{"/gone", "/never"} {
		if p, err := c.Get(ctx, path, nil); p != nil || err == nil || errors.As(err, new(*StaleError)) {
			t.Errorf("%s: page %v, err %v; want the error alone", path, p != nil, err)
		}
	}
}
