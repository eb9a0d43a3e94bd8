package postgres_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// wantCode fails the test unless err carries the code and, when msg is not
// empty, that message.
func wantCode(t *testing.T, err error, code, msg string) {
	t.Helper()
	if got := site.ErrorCode(err); got != code {
		t.Fatalf("error = %v, want code %s", err, code)
	}
	if msg != "" && site.ErrorMessage(err) != msg {
		t.Fatalf("message = %q, want %q", site.ErrorMessage(err), msg)
	}
}

func TestMenuItems(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	hidden, err := db.CreateMenuItem(ctx, &site.MenuItem{Title: "Hidden", URL: "/hidden", Order: 0, IsActive: false})
	if err != nil {
		t.Fatal(err)
	}
	first, err := db.CreateMenuItem(ctx, &site.MenuItem{Title: "First", URL: "/first", Order: 0, IsActive: true})
	if err != nil {
		t.Fatal(err)
	}
	if first.ID == 0 || first.CreatedAt.IsZero() || !first.CreatedAt.Equal(first.UpdatedAt) {
		t.Errorf("created = %+v, want an id and equal timestamps", first)
	}

	t.Run("OrderThenID", func(t *testing.T) {
		all, err := db.FindMenuItems(ctx, site.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(all), 6; got != want {
			t.Fatalf("items = %d, want %d", got, want)
		}
		if all[0].ID != hidden.ID || all[1].ID != first.ID || all[2].Title != "Home" {
			t.Errorf("first three = %q %q %q, want Hidden First Home", all[0].Title, all[1].Title, all[2].Title)
		}
	})
	t.Run("ActiveOnly", func(t *testing.T) {
		active, err := db.FindMenuItems(ctx, site.ListFilter{ActiveOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range active {
			if it.ID == hidden.ID {
				t.Error("ActiveOnly returned an inactive item")
			}
		}
		if got, want := len(active), 5; got != want {
			t.Errorf("active items = %d, want %d", got, want)
		}
	})
	t.Run("Update", func(t *testing.T) {
		first.Title, first.Order = "Renamed", 9
		got, err := db.UpdateMenuItem(ctx, first)
		if err != nil {
			t.Fatal(err)
		}
		if got.Title != "Renamed" || got.Order != 9 || !got.CreatedAt.Equal(first.CreatedAt) {
			t.Errorf("updated = %+v", got)
		}
	})
	t.Run("ErrUpdateNotFound", func(t *testing.T) {
		_, err := db.UpdateMenuItem(ctx, &site.MenuItem{ID: 999999, Title: "x", URL: "/x"})
		wantCode(t, err, site.ENOTFOUND, "")
	})
	t.Run("Delete", func(t *testing.T) {
		if err := db.DeleteMenuItem(ctx, hidden.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, db.DeleteMenuItem(ctx, hidden.ID), site.ENOTFOUND, "")
	})
}

func TestFooterAndTestimonials(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	l, err := db.CreateFooterLink(ctx, &site.FooterLink{Category: "Legal", Title: "Imprint", URL: "/imprint", Order: 4, IsActive: true})
	if err != nil {
		t.Fatal(err)
	}
	l.IsActive = false
	if _, err := db.UpdateFooterLink(ctx, l); err != nil {
		t.Fatal(err)
	}
	active, err := db.FindFooterLinks(ctx, site.ListFilter{ActiveOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(active), 18; got != want {
		t.Errorf("active footer links = %d, want %d", got, want)
	}
	wantCode(t, db.DeleteFooterLink(ctx, 999999), site.ENOTFOUND, "")

	tm, err := db.CreateTestimonial(ctx, &site.Testimonial{Name: "Ada", Title: "CTO", Content: "Great.", Initials: "AL", AvatarBg: "bg-blue-600", Order: 2, IsActive: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateTestimonial(ctx, &site.Testimonial{Name: "Bo", Title: "CEO", Content: "Fine.", Initials: "B", AvatarBg: "bg-green-600", Order: 1, IsActive: true}); err != nil {
		t.Fatal(err)
	}
	list, err := db.FindTestimonials(ctx, site.ListFilter{ActiveOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Name != "Bo" || list[1].Name != "Ada" {
		t.Errorf("testimonials = %+v, want Bo then Ada", list)
	}
	tm.Content = "Excellent."
	got, err := db.UpdateTestimonial(ctx, tm)
	if err != nil {
		t.Fatal(err)
	}
	if got.Content != "Excellent." {
		t.Errorf("content = %q", got.Content)
	}
	if err := db.DeleteTestimonial(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	_, err = db.UpdateTestimonial(ctx, tm)
	wantCode(t, err, site.ENOTFOUND, "")
}

func TestContentAndSettings(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	a, err := db.UpsertContent(ctx, &site.ContentItem{Section: "hero", Key: "main_title", Value: "One"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.UpsertContent(ctx, &site.ContentItem{Section: "hero", Key: "main_title", Value: "Two"})
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != b.ID || b.Value != "Two" {
		t.Errorf("second upsert = %+v, want the same row (id %d) with Two", b, a.ID)
	}
	items, err := db.FindContent(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Value != "Two" {
		t.Errorf("content = %+v, want one item Two", items)
	}

	s, err := db.GetSiteSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s.UseImageLogo, s.LogoImageURL, s.PrimaryColor = true, "/logo.png", "#000000"
	saved, err := db.UpdateSiteSettings(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	again, err := db.GetSiteSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !again.UseImageLogo || again.LogoImageURL != "/logo.png" || again.PrimaryColor != "#000000" || again.ID != saved.ID {
		t.Errorf("settings read back = %+v", again)
	}
}

func TestPages(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	p, err := db.CreatePage(ctx, &site.Page{Title: "About", Slug: "about", Content: "<p>Hi</p>", Status: site.PageDraft, Template: "default", IsActive: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != site.PageDraft || p.Template != "default" || p.PublishedAt != nil {
		t.Errorf("new page = %+v, want a draft with the default template", p)
	}

	t.Run("ErrSlugTaken", func(t *testing.T) {
		_, err := db.CreatePage(ctx, &site.Page{Title: "Other", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"})
		wantCode(t, err, site.ECONFLICT, `A page with the slug "about" already exists.`)
		other, err := db.CreatePage(ctx, &site.Page{Title: "Other", Slug: "other", Content: "x", Status: site.PageDraft, Template: "default"})
		if err != nil {
			t.Fatal(err)
		}
		other.Slug = "about"
		_, err = db.UpdatePage(ctx, other)
		wantCode(t, err, site.ECONFLICT, `A page with the slug "about" already exists.`)
	})
	t.Run("ErrBadStatusChangesNothing", func(t *testing.T) {
		before, err := db.FindPages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.CreatePage(ctx, &site.Page{Title: "X", Slug: "x", Content: "x", Status: "archived"})
		wantCode(t, err, site.EINVALID, "")
		after, err := db.FindPages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(after) != len(before) {
			t.Errorf("pages = %d after a rejected create, want %d", len(after), len(before))
		}
	})
	t.Run("ErrUnknownAuthor", func(t *testing.T) {
		author := int64(424242)
		_, err := db.CreatePage(ctx, &site.Page{Title: "Y", Slug: "y", Content: "y", Status: site.PageDraft, Template: "default", AuthorID: &author})
		wantCode(t, err, site.EINVALID, "The author does not exist.")
	})
	t.Run("Publish", func(t *testing.T) {
		at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.FixedZone("CET", 3600))
		db.Now = func() time.Time { return at }
		defer func() { db.Now = time.Now }()
		got, err := db.PublishPage(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != site.PagePublished || got.PublishedAt == nil || !got.PublishedAt.Equal(at) {
			t.Fatalf("published = %+v, want published at %v", got, at)
		}
		b, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"publishedAt":"2026-03-01T11:00:00Z"`) {
			t.Errorf("JSON = %s, want publishedAt in UTC RFC 3339", b)
		}
		_, err = db.PublishPage(ctx, 999999)
		wantCode(t, err, site.ENOTFOUND, "")

		// Publishing again, or saving as published, keeps the first date.
		db.Now = func() time.Time { return at.Add(time.Hour) }
		again, err := db.PublishPage(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !again.PublishedAt.Equal(at) {
			t.Errorf("published again at %v, want the first date %v", again.PublishedAt, at)
		}
		again.Title = "About us"
		saved, err := db.UpdatePage(ctx, again)
		if err != nil {
			t.Fatal(err)
		}
		if saved.Title != "About us" || !saved.PublishedAt.Equal(at) || !saved.UpdatedAt.Equal(at.Add(time.Hour)) {
			t.Errorf("saved = %+v, want the new title, the first date and a new updatedAt", saved)
		}
	})
	t.Run("Delete", func(t *testing.T) {
		if err := db.DeletePage(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, db.DeletePage(ctx, p.ID), site.ENOTFOUND, "")
		_, err := db.UpdatePage(ctx, p)
		wantCode(t, err, site.ENOTFOUND, "")
	})
}

func TestImages(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	img, err := db.CreateImage(ctx, &site.Image{Name: "Hero", URL: "/hero.jpg", AltText: "A hero", Section: "hero", Usage: "background"})
	if err != nil {
		t.Fatal(err)
	}
	img.AltText = "The hero"
	if _, err := db.UpdateImage(ctx, img); err != nil {
		t.Fatal(err)
	}
	list, err := db.FindImages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].AltText != "The hero" {
		t.Errorf("images = %+v", list)
	}
	if err := db.DeleteImage(ctx, img.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.DeleteImage(ctx, img.ID), site.ENOTFOUND, "")
}

func TestLeads(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	base := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for i, name := range []string{"Old", "New"} {
		db.Now = func() time.Time { return base.Add(time.Duration(i) * time.Hour) }
		if _, _, err := db.CreateLead(ctx, &site.Lead{FirstName: name, LastName: "L", Email: "a@b.co", Company: "C"}); err != nil {
			t.Fatal(err)
		}
	}
	leads, _, err := db.FindLeads(ctx, site.LeadFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(leads) != 2 || leads[0].FirstName != "New" || leads[1].FirstName != "Old" {
		t.Errorf("leads = %+v, want New then Old", leads)
	}
	if leads[0].CreatedAt.Location() != time.UTC {
		t.Errorf("created at %v, want UTC", leads[0].CreatedAt)
	}
	n, err := db.CountLeads(ctx)
	if err != nil || n != 2 {
		t.Errorf("CountLeads = %d, %v; want 2", n, err)
	}
}
