package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

// testPreviewLinks: links made for a page, found by token while they work,
// listed, revoked, expired, and gone with their page.
func testPreviewLinks(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	w := site.Write{Actor: site.Actor{Username: "root"}}
	p := any(must(s.CreateRecord(ctx, site.Pages, &site.Page{Title: "Draft", Slug: "draft", Content: "x", Status: site.PageDraft, Template: "default", IsActive: true}, w))(t)).(*site.Page)
	link := func(hash string, created time.Time, days int) *site.PreviewLink {
		return &site.PreviewLink{PageID: p.ID, TokenHash: hash, CreatedBy: "root", CreatedAt: created, ExpiresAt: created.AddDate(0, 0, days)}
	}
	_, err := s.CreatePreviewLink(ctx, &site.PreviewLink{PageID: 98765, TokenHash: "x", CreatedBy: "root", CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	wantCode(t, err, site.ENOTFOUND)

	old := must(s.CreatePreviewLink(ctx, link("old", now.AddDate(0, 0, -8), 7)))(t)
	a := must(s.CreatePreviewLink(ctx, link("a", now, 7)))(t)
	b := must(s.CreatePreviewLink(ctx, link("b", now.Add(time.Second), 1)))(t)
	if a.PageID != p.ID || a.CreatedBy != "root" || !a.ExpiresAt.Equal(now.AddDate(0, 0, 7)) {
		t.Errorf("created = %+v", a)
	}
	list := must(s.FindPreviewLinks(ctx, p.ID, now))(t)
	if len(list) != 2 || list[0].ID != b.ID || list[1].ID != a.ID {
		t.Errorf("links = %+v", list)
	}
	if got := must(s.FindPreviewLinkByToken(ctx, "a", now))(t); got.ID != a.ID {
		t.Errorf("by token = %+v", got)
	}
	// Expired: not found, and forgotten when the next is made.
	_, err = s.FindPreviewLinkByToken(ctx, "old", now)
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.FindPreviewLinkByToken(ctx, "b", now.Add(25*time.Hour))
	wantCode(t, err, site.ENOTFOUND)
	wantCode(t, s.DeletePreviewLink(ctx, old.ID), site.ENOTFOUND)

	// Revoked.
	if err := s.DeletePreviewLink(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindPreviewLinkByToken(ctx, "a", now)
	wantCode(t, err, site.ENOTFOUND)

	// Gone with the page.
	if _, err := s.DeleteRecord(ctx, site.Pages, p.ID, w); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindPreviewLinkByToken(ctx, "b", now)
	wantCode(t, err, site.ENOTFOUND)
}
