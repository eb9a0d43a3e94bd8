package storetest

import (
	"context"
	"slices"
	"strings"
	"testing"

	"meridian/internal/site"
)

// testListColumns reads lists by ids and without the columns they do not
// show, as the public pages do, and refuses a column a record lacks.
func testListColumns(t *testing.T, s site.Store) {
	ctx := context.Background()
	long := strings.TrimSpace(strings.Repeat("word ", 450))
	a := createRec[site.Page](t, s, site.Pages, &site.Page{Title: "A", Slug: "a", Content: long, Excerpt: "Sum", Status: site.PagePublished, IsActive: true})
	b := createRec[site.Page](t, s, site.Pages, &site.Page{Title: "B", Slug: "b", Content: "Short.", Status: site.PageDraft, IsActive: true})
	createRec[site.Page](t, s, site.Pages, &site.Page{Title: "C", Slug: "c", Content: "Other.", Status: site.PageDraft, IsActive: true})

	ids := func(pages []*site.Page) []int64 {
		var out []int64
		for _, p := range pages {
			out = append(out, p.ID)
		}
		return out
	}
	// In the entity's order (newest first), whatever the order asked.
	got := find[site.Page](t, s, site.Pages, site.ListFilter{IDs: []int64{a.ID, b.ID, 999999}})
	if want := []int64{b.ID, a.ID}; !slices.Equal(ids(got), want) {
		t.Errorf("pages by ids = %v, want %v", ids(got), want)
	}
	if got[1].Content != long {
		t.Errorf("page read by id without its text: %q", got[1].Content)
	}
	if got := find[site.Page](t, s, site.Pages, site.ListFilter{IDs: []int64{}}); len(got) != 0 {
		t.Errorf("an empty list of ids found %d pages", len(got))
	}
	got = find[site.Page](t, s, site.Pages, site.ListFilter{IDs: []int64{a.ID, b.ID}, Equal: map[string]string{"status": site.PagePublished}})
	if want := []int64{a.ID}; !slices.Equal(ids(got), want) {
		t.Errorf("published pages by ids = %v, want %v", ids(got), want)
	}

	// Without the text: every other field as stored.
	got = find[site.Page](t, s, site.Pages, site.ListFilter{IDs: []int64{a.ID}, Omit: site.PageTextColumns})
	if len(got) != 1 {
		t.Fatalf("pages without text = %d, want 1", len(got))
	}
	p := got[0]
	if p.Content != "" || p.Body != nil {
		t.Errorf("read without text, the page has %q and a body %v", p.Content, p.Body != nil)
	}
	if p.Title != "A" || p.Slug != "a" || p.Excerpt != "Sum" || p.Version != 1 || !p.UpdatedAt.Equal(a.UpdatedAt) || p.Tags == nil ||
		p.ReadingMinutes != 3 || p.PublishedAt == nil || !p.PublishedAt.Equal(*a.PublishedAt) {
		t.Errorf("read without text = %+v, want %+v", p, a)
	}
	for _, omit := range [][]string{{"no_such"}, {"id"}, {"version"}, {"updated_at"}, {"title; DROP TABLE pages"}} {
		if _, err := s.FindRecords(ctx, site.Pages, site.ListFilter{Omit: omit}); err == nil {
			t.Errorf("a list without %q was read", omit)
		}
	}

	// Other entities alike: the media library by ids.
	if got := find[site.MediaItem](t, s, site.Media, site.ListFilter{IDs: []int64{123456}}); len(got) != 0 {
		t.Errorf("media by an unknown id = %d items", len(got))
	}
}

// testReadingTime: every write of a page counts its reading time from its
// text (200 words a minute, at least one), whatever the record carried;
// a restore counts it again for the text restored.
func testReadingTime(t *testing.T, s site.Store) {
	ctx := context.Background()
	words := func(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }
	p := createRec[site.Page](t, s, site.Pages, &site.Page{Title: "R", Slug: "r", Content: words(401), ReadingMinutes: 40,
		Template: site.TemplateArticle, Status: site.PagePublished, IsActive: true})
	if p.ReadingMinutes != 3 {
		t.Errorf("reading time of 401 words = %d, want 3", p.ReadingMinutes)
	}
	doc := site.DocFromText(words(10) + "\n\n" + words(190))
	upd := *p
	upd.Body, upd.Content, upd.ReadingMinutes = doc, doc.PlainText(), 0
	saved := any(must(s.UpdateRecord(ctx, site.Pages, &upd, maria))(t)).(*site.Page)
	read := any(must(s.FindRecord(ctx, site.Pages, p.ID))(t)).(*site.Page)
	if saved.ReadingMinutes != 1 || read.ReadingMinutes != 1 {
		t.Errorf("reading time of 200 words = %d, read back %d, want 1", saved.ReadingMinutes, read.ReadingMinutes)
	}
	revs := must(s.FindRevisions(ctx, site.Pages, p.ID))(t)
	back := any(must(s.RestoreRevision(ctx, site.Pages, p.ID, revs[len(revs)-1].ID, maria))(t)).(*site.Page)
	if back.ReadingMinutes != 3 {
		t.Errorf("reading time after restoring 401 words = %d, want 3", back.ReadingMinutes)
	}
	listed := site.NewBlog(must(site.PublishedPages(ctx, s, site.NewRoutes()))(t)).Articles()
	if i := slices.IndexFunc(listed, func(a *site.Page) bool { return a.ID == p.ID }); i < 0 || listed[i].ReadingMinutes != 3 {
		t.Errorf("listed articles = %d, the restored one missing or with another reading time", len(listed))
	}
}
