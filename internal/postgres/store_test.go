package postgres_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"meridian/internal/postgres"
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

// as returns the record of a store call as its type T, after failing the
// test on an error: as[site.Page](db.FindRecord(ctx, site.Pages, id))(t).
func as[T any](rec site.Record, err error) func(t *testing.T) *T {
	return func(t *testing.T) *T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return any(rec).(*T)
	}
}

// list returns the records of e as their type T, failing the test on an
// error.
func list[T any](t *testing.T, db *postgres.DB, e *site.Entity, f site.ListFilter) []*T {
	t.Helper()
	out, err := site.Find[T](context.Background(), db, e, f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var admin = site.Write{Actor: site.Actor{Username: "admin"}}

func TestMenuItems(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	hidden := as[site.MenuItem](db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Hidden", URL: "/hidden", Order: 0, IsActive: false}, admin))(t)
	first := as[site.MenuItem](db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "First", URL: "/first", Order: 0, IsActive: true}, admin))(t)
	if first.ID == 0 || first.CreatedAt.IsZero() || !first.CreatedAt.Equal(first.UpdatedAt) || first.Version != 1 {
		t.Errorf("created = %+v, want an id, equal timestamps and version 1", first)
	}

	t.Run("OrderThenID", func(t *testing.T) {
		all := list[site.MenuItem](t, db, site.MenuItems, site.ListFilter{})
		if got, want := len(all), 6; got != want {
			t.Fatalf("items = %d, want %d", got, want)
		}
		if all[0].ID != hidden.ID || all[1].ID != first.ID || all[2].Title != "Home" {
			t.Errorf("first three = %q %q %q, want Hidden First Home", all[0].Title, all[1].Title, all[2].Title)
		}
	})
	t.Run("ActiveOnly", func(t *testing.T) {
		active := list[site.MenuItem](t, db, site.MenuItems, site.ListFilter{ActiveOnly: true})
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
		in := *first
		in.Title, in.Order = "Renamed", 9
		// The generated fields are the store's: what the client sends of
		// them is ignored.
		in.Version, in.CreatedAt = 42, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
		got := as[site.MenuItem](db.UpdateRecord(ctx, site.MenuItems, &in, admin))(t)
		if got.Title != "Renamed" || got.Order != 9 || !got.CreatedAt.Equal(first.CreatedAt) || got.Version != 2 {
			t.Errorf("updated = %+v", got)
		}
	})
	t.Run("ErrUpdateNotFound", func(t *testing.T) {
		_, err := db.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: 999999, Title: "x", URL: "/x"}, admin)
		wantCode(t, err, site.ENOTFOUND, "Menu item not found.")
	})
	t.Run("Delete", func(t *testing.T) {
		if _, err := db.DeleteRecord(ctx, site.MenuItems, hidden.ID, admin); err != nil {
			t.Fatal(err)
		}
		_, err := db.DeleteRecord(ctx, site.MenuItems, hidden.ID, admin)
		wantCode(t, err, site.ENOTFOUND, "")
	})
}

func TestFooterAndTestimonials(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	l := as[site.FooterLink](db.CreateRecord(ctx, site.FooterLinks, &site.FooterLink{Category: "Legal", Title: "Imprint", URL: "/imprint", Order: 4, IsActive: true}, admin))(t)
	l.IsActive = false
	if _, err := db.UpdateRecord(ctx, site.FooterLinks, l, admin); err != nil {
		t.Fatal(err)
	}
	if got, want := len(list[site.FooterLink](t, db, site.FooterLinks, site.ListFilter{ActiveOnly: true})), 18; got != want {
		t.Errorf("active footer links = %d, want %d", got, want)
	}
	_, err := db.DeleteRecord(ctx, site.FooterLinks, 999999, admin)
	wantCode(t, err, site.ENOTFOUND, "Footer link not found.")

	tm := as[site.Testimonial](db.CreateRecord(ctx, site.Testimonials, &site.Testimonial{Name: "Ada", Title: "CTO", Content: "Great.", Initials: "AL", AvatarBg: "bg-blue-600", Order: 2, IsActive: true}, admin))(t)
	as[site.Testimonial](db.CreateRecord(ctx, site.Testimonials, &site.Testimonial{Name: "Bo", Title: "CEO", Content: "Fine.", Initials: "B", AvatarBg: "bg-green-600", Order: 1, IsActive: true}, admin))(t)
	ts := list[site.Testimonial](t, db, site.Testimonials, site.ListFilter{ActiveOnly: true})
	if len(ts) != 2 || ts[0].Name != "Bo" || ts[1].Name != "Ada" {
		t.Errorf("testimonials = %+v, want Bo then Ada", ts)
	}
	tm.Content = "Excellent."
	if got := as[site.Testimonial](db.UpdateRecord(ctx, site.Testimonials, tm, admin))(t); got.Content != "Excellent." {
		t.Errorf("content = %q", got.Content)
	}
	if _, err := db.DeleteRecord(ctx, site.Testimonials, tm.ID, admin); err != nil {
		t.Fatal(err)
	}
	_, err = db.UpdateRecord(ctx, site.Testimonials, tm, admin)
	wantCode(t, err, site.ENOTFOUND, "")
}

func TestContentAndSettings(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	s := as[site.SiteSettings](db.FindRecord(ctx, site.Settings, site.SettingsID))(t)
	s.UseImageLogo, s.LogoImageURL, s.PrimaryColor = true, "/logo.png", "#000000"
	saved := as[site.SiteSettings](db.UpdateRecord(ctx, site.Settings, s, admin))(t)
	again := as[site.SiteSettings](db.FindRecord(ctx, site.Settings, site.SettingsID))(t)
	if !again.UseImageLogo || again.LogoImageURL != "/logo.png" || again.PrimaryColor != "#000000" || again.ID != saved.ID || again.Version != 2 {
		t.Errorf("settings read back = %+v", again)
	}
}

func TestPages(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	p := as[site.Page](db.CreateRecord(ctx, site.Pages, &site.Page{Title: "About", Slug: "about", Content: "<p>Hi</p>", Status: site.PageDraft, Template: "default", IsActive: true}, admin))(t)
	if p.Status != site.PageDraft || p.Template != "default" || p.PublishedAt != nil || p.AuthorID != nil {
		t.Errorf("new page = %+v, want a draft with the default template and no author", p)
	}

	t.Run("ErrSlugTaken", func(t *testing.T) {
		_, err := db.CreateRecord(ctx, site.Pages, &site.Page{Title: "Other", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"}, admin)
		wantCode(t, err, site.ECONFLICT, `A page with the slug "about" already exists.`)
		other := as[site.Page](db.CreateRecord(ctx, site.Pages, &site.Page{Title: "Other", Slug: "other", Content: "x", Status: site.PageDraft, Template: "default"}, admin))(t)
		other.Slug = "about"
		_, err = db.UpdateRecord(ctx, site.Pages, other, admin)
		wantCode(t, err, site.ECONFLICT, `A page with the slug "about" already exists.`)
		if got := as[site.Page](db.FindRecord(ctx, site.Pages, other.ID))(t); got.Slug != "other" || got.Version != 1 {
			t.Errorf("after the refused update: %+v", got)
		}
	})
	t.Run("ErrBadStatusChangesNothing", func(t *testing.T) {
		before := list[site.Page](t, db, site.Pages, site.ListFilter{})
		_, err := db.CreateRecord(ctx, site.Pages, &site.Page{Title: "X", Slug: "x", Content: "x", Status: "archived"}, admin)
		wantCode(t, err, site.EINVALID, "")
		if after := list[site.Page](t, db, site.Pages, site.ListFilter{}); len(after) != len(before) {
			t.Errorf("pages = %d after a rejected create, want %d", len(after), len(before))
		}
	})
	t.Run("ErrUnknownAuthor", func(t *testing.T) {
		// The author is who writes the page, whatever the record says.
		ghost := site.Write{Actor: site.Actor{UserID: 424242, Username: "ghost"}}
		_, err := db.CreateRecord(ctx, site.Pages, &site.Page{Title: "Y", Slug: "y", Content: "y", Status: site.PageDraft, Template: "default"}, ghost)
		wantCode(t, err, site.EINVALID, "The author does not exist.")
	})
	t.Run("Publish", func(t *testing.T) {
		at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.FixedZone("CET", 3600))
		db.Now = func() time.Time { return at }
		defer func() { db.Now = time.Now }()
		in := *p
		in.Status = site.PagePublished
		got := as[site.Page](db.UpdateRecord(ctx, site.Pages, &in, site.Write{Actor: admin.Actor, Action: site.ActionPublish}))(t)
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

		// Saving as published again keeps the first date.
		db.Now = func() time.Time { return at.Add(time.Hour) }
		again := *got
		again.Title, again.PublishedAt = "About us", nil
		saved := as[site.Page](db.UpdateRecord(ctx, site.Pages, &again, admin))(t)
		if saved.Title != "About us" || !saved.PublishedAt.Equal(at) || !saved.UpdatedAt.Equal(at.Add(time.Hour)) {
			t.Errorf("saved = %+v, want the new title, the first date and a new updatedAt", saved)
		}
	})
	t.Run("Delete", func(t *testing.T) {
		if _, err := db.DeleteRecord(ctx, site.Pages, p.ID, admin); err != nil {
			t.Fatal(err)
		}
		_, err := db.DeleteRecord(ctx, site.Pages, p.ID, admin)
		wantCode(t, err, site.ENOTFOUND, "Page not found.")
		_, err = db.UpdateRecord(ctx, site.Pages, p, admin)
		wantCode(t, err, site.ENOTFOUND, "")
	})
	t.Run("RestoreKeepsAuthorAndFirstPublication", func(t *testing.T) {
		u, err := db.CreateUser(ctx, &site.User{Username: "author", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		by := site.Write{Actor: site.Actor{UserID: u.ID, Username: u.Username}}
		q := as[site.Page](db.CreateRecord(ctx, site.Pages, &site.Page{Title: "Q", Slug: "q", Content: "q", Status: site.PagePublished, Template: "default"}, by))(t)
		if q.AuthorID == nil || *q.AuthorID != u.ID || q.PublishedAt == nil {
			t.Fatalf("created = %+v, want published by %d", q, u.ID)
		}
		if _, err := db.DeleteRecord(ctx, site.Pages, q.ID, admin); err != nil {
			t.Fatal(err)
		}
		deleted, err := db.FindDeleted(ctx, site.Pages)
		if err != nil {
			t.Fatal(err)
		}
		if len(deleted) != 2 || deleted[0].RecordID != q.ID {
			t.Fatalf("deleted = %+v, want q then p", deleted)
		}
		back := as[site.Page](db.RestoreRevision(ctx, site.Pages, q.ID, deleted[0].ID, admin))(t)
		if back.ID != q.ID || back.AuthorID == nil || *back.AuthorID != u.ID || back.PublishedAt == nil ||
			!back.PublishedAt.Equal(*q.PublishedAt) || !back.CreatedAt.Equal(q.CreatedAt) || back.Version != 3 {
			t.Errorf("restored = %+v, want q as it was, at version 3", back)
		}
	})
}

func TestImages(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	img := as[site.Image](db.CreateRecord(ctx, site.Images, &site.Image{Name: "Hero", URL: "/hero.jpg", AltText: "A hero", Section: "hero", Usage: "background"}, admin))(t)
	img.AltText = "The hero"
	if _, err := db.UpdateRecord(ctx, site.Images, img, admin); err != nil {
		t.Fatal(err)
	}
	if l := list[site.Image](t, db, site.Images, site.ListFilter{}); len(l) != 1 || l[0].AltText != "The hero" {
		t.Errorf("images = %+v", l)
	}
	if _, err := db.DeleteRecord(ctx, site.Images, img.ID, admin); err != nil {
		t.Fatal(err)
	}
	_, err := db.DeleteRecord(ctx, site.Images, img.ID, admin)
	wantCode(t, err, site.ENOTFOUND, "Image not found.")
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
