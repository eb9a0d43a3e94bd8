// Package storetest is the behavioural test suite that every implementation
// of site.Store must pass. A store's own tests call Run with a function that
// opens a fresh, migrated and seeded store.
package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

// Opener returns a fresh store, migrated and seeded, closed when t ends.
type Opener func(t *testing.T) site.Store

// Run runs every behaviour of the suite against stores made by open.
func Run(t *testing.T, open Opener) {
	for _, tc := range []struct {
		name string
		fn   func(t *testing.T, s site.Store)
	}{
		{"Seed", testSeed},
		{"Settings", testSettings},
		{"Content", testContent},
		{"MenuItems", testMenuItems},
		{"FooterLinks", testFooterLinks},
		{"Testimonials", testTestimonials},
		{"Images", testImages},
		{"Pages", testPages},
		{"Leads", testLeads},
		{"LeadDuplicates", testLeadDuplicates},
		{"LeadsAtOnce", testLeadsAtOnce},
		{"LeadFilter", testLeadFilter},
		{"LeadUpdate", testLeadUpdate},
		{"LeadResend", testLeadResend},
		{"LeadStats", testLeadStats},
		{"LeadRetention", testLeadRetention},
		{"LeadSettings", testLeadSettings},
		{"Outbox", testOutbox},
		{"Users", testUsers},
		{"Sessions", testSessions},
		{"LoginThrottle", testLoginThrottle},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

// must returns v, after failing the test when err is set:
// must(s.FindPages(ctx))(t).
func must[T any](v T, err error) func(t *testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := site.ErrorCode(err); err == nil || got != code {
		t.Fatalf("error = %v (code %q), want code %q", err, got, code)
	}
}

// recent reports whether ts is a UTC time within a minute of now.
func recent(t *testing.T, what string, ts time.Time) {
	t.Helper()
	if ts.Location() != time.UTC {
		t.Errorf("%s: location %v, want UTC", what, ts.Location())
	}
	if d := time.Since(ts); d < -time.Minute || d > time.Minute {
		t.Errorf("%s = %v, not around now", what, ts)
	}
}

func testSeed(t *testing.T, s site.Store) {
	ctx := context.Background()
	st := must(s.GetSiteSettings(ctx))(t)
	if st.LogoText != site.DefaultCompanyName || st.LogoImageAlt != site.DefaultLogoImageAlt ||
		st.PrimaryColor != site.DefaultPrimaryColor || st.SecondaryColor != site.DefaultSecondaryColor || st.UseImageLogo {
		t.Errorf("default settings = %+v", st)
	}
	menu := must(s.FindMenuItems(ctx, site.ListFilter{ActiveOnly: true}))(t)
	var titles []string
	for _, m := range menu {
		titles = append(titles, m.Title)
	}
	if got, want := len(titles), 4; got != want || titles[0] != "Home" || titles[1] != "AI Solutions" || titles[2] != "Benefits" || titles[3] != "Testimonials" {
		t.Errorf("menu = %v", titles)
	}
	footer := must(s.FindFooterLinks(ctx, site.ListFilter{}))(t)
	byCat := map[string]int{}
	for _, f := range footer {
		byCat[f.Category]++
	}
	if byCat["Solutions"] != 5 || byCat["Services"] != 5 || byCat["Company"] != 5 {
		t.Errorf("footer columns = %v", byCat)
	}
	if n := must(s.CountUsers(ctx))(t); n != 0 {
		t.Errorf("users = %d, want none", n)
	}
}

func testSettings(t *testing.T, s site.Store) {
	ctx := context.Background()
	in := &site.SiteSettings{LogoText: "Acme", LogoImageURL: "https://cdn.example.com/logo.png", LogoImageAlt: "Acme logo",
		UseImageLogo: true, PrimaryColor: "#000000", SecondaryColor: "#ffffff"}
	out := must(s.UpdateSiteSettings(ctx, in))(t)
	if out.LogoText != "Acme" || !out.UseImageLogo || out.LogoImageURL != in.LogoImageURL || out.SecondaryColor != "#ffffff" {
		t.Errorf("saved = %+v", out)
	}
	recent(t, "updatedAt", out.UpdatedAt)
	got := must(s.GetSiteSettings(ctx))(t)
	if got.LogoText != "Acme" || got.LogoImageAlt != "Acme logo" || got.ID != out.ID {
		t.Errorf("read back = %+v", got)
	}
}

func testContent(t *testing.T, s site.Store) {
	ctx := context.Background()
	a := must(s.UpsertContent(ctx, &site.ContentItem{Section: "hero", Key: "main_title", Value: "One"}))(t)
	b := must(s.UpsertContent(ctx, &site.ContentItem{Section: "hero", Key: "main_title", Value: "Two"}))(t)
	if a.ID != b.ID || b.Value != "Two" {
		t.Errorf("upsert made a second row or lost the value: %+v then %+v", a, b)
	}
	recent(t, "updatedAt", b.UpdatedAt)
	must(s.UpsertContent(ctx, &site.ContentItem{Section: "footer", Key: "company_name", Value: "Acme"}))(t)
	items := must(s.FindContent(ctx))(t)
	if len(items) != 2 || items[0].Section != "footer" || items[1].Value != "Two" {
		t.Errorf("content = %+v", items)
	}
}

func testMenuItems(t *testing.T, s site.Store) {
	ctx := context.Background()
	first := must(s.CreateMenuItem(ctx, &site.MenuItem{Title: "Zeta", URL: "/z", Order: 0, IsActive: true}))(t)
	hidden := must(s.CreateMenuItem(ctx, &site.MenuItem{Title: "Hidden", URL: "/h", Order: 0, IsActive: false}))(t)
	if first.ID == 0 || first.Title != "Zeta" || !first.IsActive {
		t.Errorf("created = %+v", first)
	}
	recent(t, "createdAt", first.CreatedAt)
	all := must(s.FindMenuItems(ctx, site.ListFilter{}))(t)
	if len(all) != 6 || all[0].ID != first.ID || all[1].ID != hidden.ID || all[2].Title != "Home" {
		t.Errorf("not sorted by order then id: first %q, second %q, third %q", all[0].Title, all[1].Title, all[2].Title)
	}
	active := must(s.FindMenuItems(ctx, site.ListFilter{ActiveOnly: true}))(t)
	for _, m := range active {
		if m.ID == hidden.ID {
			t.Error("inactive item in the active list")
		}
	}
	upd := must(s.UpdateMenuItem(ctx, &site.MenuItem{ID: first.ID, Title: "Alpha", URL: "/a", Order: 9, IsActive: false}))(t)
	if upd.Title != "Alpha" || upd.Order != 9 || upd.IsActive || !upd.CreatedAt.Equal(first.CreatedAt) {
		t.Errorf("updated = %+v", upd)
	}
	_, err := s.UpdateMenuItem(ctx, &site.MenuItem{ID: 999999, Title: "x", URL: "/x"})
	wantCode(t, err, site.ENOTFOUND)
	if err := s.DeleteMenuItem(ctx, first.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DeleteMenuItem(ctx, first.ID), site.ENOTFOUND)
	if n := len(must(s.FindMenuItems(ctx, site.ListFilter{}))(t)); n != 5 {
		t.Errorf("after delete: %d items, want 5", n)
	}
}

func testFooterLinks(t *testing.T, s site.Store) {
	ctx := context.Background()
	l := must(s.CreateFooterLink(ctx, &site.FooterLink{Category: "Legal", Title: "Imprint", Order: -1, IsActive: true}))(t)
	links := must(s.FindFooterLinks(ctx, site.ListFilter{ActiveOnly: true}))(t)
	if links[0].ID != l.ID || links[0].URL != "" {
		t.Errorf("first link = %+v, want the new one with order -1", links[0])
	}
	upd := must(s.UpdateFooterLink(ctx, &site.FooterLink{ID: l.ID, Category: "Company", Title: "Imprint", URL: "/imprint", Order: 3, IsActive: false}))(t)
	if upd.Category != "Company" || upd.URL != "/imprint" || upd.IsActive {
		t.Errorf("updated = %+v", upd)
	}
	for _, f := range must(s.FindFooterLinks(ctx, site.ListFilter{ActiveOnly: true}))(t) {
		if f.ID == l.ID {
			t.Error("inactive link in the active list")
		}
	}
	_, err := s.UpdateFooterLink(ctx, &site.FooterLink{ID: 424242, Title: "x"})
	wantCode(t, err, site.ENOTFOUND)
	if err := s.DeleteFooterLink(ctx, l.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DeleteFooterLink(ctx, l.ID), site.ENOTFOUND)
}

func testTestimonials(t *testing.T, s site.Store) {
	ctx := context.Background()
	b := must(s.CreateTestimonial(ctx, &site.Testimonial{Name: "B", Title: "CTO", Content: "Good", Initials: "BB", AvatarBg: "bg-green-600", Order: 2, IsActive: true}))(t)
	a := must(s.CreateTestimonial(ctx, &site.Testimonial{Name: "A", Title: "CEO", Content: "Great", Initials: "AA", AvatarBg: "bg-blue-600", Order: 1, IsActive: true}))(t)
	off := must(s.CreateTestimonial(ctx, &site.Testimonial{Name: "C", Title: "COO", Content: "Fine", Initials: "CC", AvatarBg: "bg-red-600", Order: 0, IsActive: false}))(t)
	active := must(s.FindTestimonials(ctx, site.ListFilter{ActiveOnly: true}))(t)
	if len(active) != 2 || active[0].ID != a.ID || active[1].ID != b.ID {
		t.Errorf("active = %+v", active)
	}
	if all := must(s.FindTestimonials(ctx, site.ListFilter{}))(t); len(all) != 3 || all[0].ID != off.ID {
		t.Errorf("all = %d items", len(all))
	}
	upd := must(s.UpdateTestimonial(ctx, &site.Testimonial{ID: off.ID, Name: "C2", Title: "COO", Content: "Fine", Initials: "C", AvatarBg: "bg-gray-600", IsActive: true}))(t)
	if upd.Name != "C2" || upd.AvatarBg != "bg-gray-600" || !upd.IsActive {
		t.Errorf("updated = %+v", upd)
	}
	_, err := s.UpdateTestimonial(ctx, &site.Testimonial{ID: 777777, Name: "x"})
	wantCode(t, err, site.ENOTFOUND)
	if err := s.DeleteTestimonial(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DeleteTestimonial(ctx, a.ID), site.ENOTFOUND)
}

func testImages(t *testing.T, s site.Store) {
	ctx := context.Background()
	img := must(s.CreateImage(ctx, &site.Image{Name: "Hero", URL: "https://cdn.example.com/hero.jpg", AltText: "Team", Section: "hero", Usage: "background"}))(t)
	if img.ID == 0 || img.AltText != "Team" {
		t.Errorf("created = %+v", img)
	}
	second := must(s.CreateImage(ctx, &site.Image{Name: "Logo", URL: "/logo.svg"}))(t)
	list := must(s.FindImages(ctx))(t)
	if len(list) != 2 || list[0].ID != second.ID {
		t.Errorf("images not newest first: %+v", list)
	}
	upd := must(s.UpdateImage(ctx, &site.Image{ID: img.ID, Name: "Hero 2", URL: "/h2.jpg"}))(t)
	if upd.Name != "Hero 2" || upd.AltText != "" {
		t.Errorf("updated = %+v", upd)
	}
	_, err := s.UpdateImage(ctx, &site.Image{ID: 5555, Name: "x", URL: "/x"})
	wantCode(t, err, site.ENOTFOUND)
	if err := s.DeleteImage(ctx, img.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DeleteImage(ctx, img.ID), site.ENOTFOUND)
}

func testPages(t *testing.T, s site.Store) {
	ctx := context.Background()
	p := must(s.CreatePage(ctx, &site.Page{Title: "About", Slug: "about", Content: "Hello", Status: site.PageDraft, Template: "default", IsActive: true}))(t)
	if p.ID == 0 || p.Status != site.PageDraft || p.PublishedAt != nil || p.AuthorID != nil {
		t.Errorf("created = %+v", p)
	}
	_, err := s.CreatePage(ctx, &site.Page{Title: "Other", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"})
	wantCode(t, err, site.ECONFLICT)
	q := must(s.CreatePage(ctx, &site.Page{Title: "Team", Slug: "team", Content: "x", Status: site.PageDraft, Template: "default"}))(t)
	_, err = s.UpdatePage(ctx, &site.Page{ID: q.ID, Title: "Team", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"})
	wantCode(t, err, site.ECONFLICT)
	pub := must(s.PublishPage(ctx, p.ID))(t)
	if pub.Status != site.PagePublished || pub.PublishedAt == nil {
		t.Fatalf("published = %+v", pub)
	}
	recent(t, "publishedAt", *pub.PublishedAt)
	upd := must(s.UpdatePage(ctx, &site.Page{ID: p.ID, Title: "About us", Slug: "about-us", Content: "Hi", MetaTitle: "M",
		Status: site.PagePublished, Template: "default", IsActive: true}))(t)
	if upd.Slug != "about-us" || upd.MetaTitle != "M" || upd.PublishedAt == nil || !upd.PublishedAt.Equal(*pub.PublishedAt) {
		t.Errorf("updated = %+v", upd)
	}
	_, err = s.PublishPage(ctx, 999999)
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.UpdatePage(ctx, &site.Page{ID: 999999, Title: "x", Slug: "nowhere", Content: "x", Status: site.PageDraft, Template: "default"})
	wantCode(t, err, site.ENOTFOUND)
	if n := len(must(s.FindPages(ctx))(t)); n != 2 {
		t.Errorf("pages = %d, want 2", n)
	}
	if err := s.DeletePage(ctx, q.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DeletePage(ctx, q.ID), site.ENOTFOUND)
}

func testUsers(t *testing.T, s site.Store) {
	ctx := context.Background()
	u := must(s.CreateUser(ctx, &site.User{Username: "alice", PasswordHash: "h1", IsAdmin: true}))(t)
	_, err := s.CreateUser(ctx, &site.User{Username: "alice", PasswordHash: "h2"})
	wantCode(t, err, site.ECONFLICT)
	got := must(s.FindUserByUsername(ctx, "alice"))(t)
	if got.ID != u.ID || got.PasswordHash != "h1" || !got.IsAdmin {
		t.Errorf("found = %+v", got)
	}
	_, err = s.FindUserByUsername(ctx, "bob")
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.FindUserByID(ctx, 12345)
	wantCode(t, err, site.ENOTFOUND)
	sess := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "abc", ExpiresAt: time.Now().Add(time.Hour)}))(t)
	if err := s.SetPassword(ctx, u.ID, "h3"); err != nil {
		t.Fatal(err)
	}
	if got := must(s.FindUserByID(ctx, u.ID))(t); got.PasswordHash != "h3" {
		t.Errorf("hash = %q", got.PasswordHash)
	}
	_, err = s.FindSessionByTokenHash(ctx, sess.TokenHash)
	wantCode(t, err, site.ENOTFOUND)
	wantCode(t, s.SetPassword(ctx, 98765, "h"), site.ENOTFOUND)
	if n := must(s.CountUsers(ctx))(t); n != 1 {
		t.Errorf("users = %d", n)
	}
}

func testSessions(t *testing.T, s site.Store) {
	ctx := context.Background()
	u := must(s.CreateUser(ctx, &site.User{Username: "bob", PasswordHash: "h"}))(t)
	now := time.Now().UTC().Truncate(time.Millisecond)
	a := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-a", ExpiresAt: now.Add(time.Hour), CreatedAt: now, LastSeenAt: now}))(t)
	b := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-b", ExpiresAt: now.Add(-time.Second), CreatedAt: now, LastSeenAt: now}))(t)
	got := must(s.FindSessionByTokenHash(ctx, "hash-a"))(t)
	if got.ID != a.ID || got.UserID != u.ID || !got.ExpiresAt.Equal(now.Add(time.Hour)) || !got.LastSeenAt.Equal(now) {
		t.Errorf("found = %+v", got)
	}
	later := now.Add(5 * time.Minute)
	if err := s.TouchSession(ctx, a.ID, later); err != nil {
		t.Fatal(err)
	}
	if got := must(s.FindSessionByTokenHash(ctx, "hash-a"))(t); !got.LastSeenAt.Equal(later) {
		t.Errorf("lastSeen = %v, want %v", got.LastSeenAt, later)
	}
	if err := s.DeleteExpiredSessions(ctx, now); err != nil {
		t.Fatal(err)
	}
	_, err := s.FindSessionByTokenHash(ctx, b.TokenHash)
	wantCode(t, err, site.ENOTFOUND)
	must(s.FindSessionByTokenHash(ctx, "hash-a"))(t)
	if err := s.DeleteSession(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindSessionByTokenHash(ctx, "hash-a")
	wantCode(t, err, site.ENOTFOUND)
	must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-c", ExpiresAt: now.Add(time.Hour)}))(t)
	if err := s.DeleteUserSessions(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindSessionByTokenHash(ctx, "hash-c")
	wantCode(t, err, site.ENOTFOUND)
}

func testLoginThrottle(t *testing.T, s site.Store) {
	ctx := context.Background()
	zero := must(s.GetLoginThrottle(ctx, "admin", "10.0.0.1"))(t)
	if zero.Failures != 0 || zero.Lockouts != 0 || !zero.LockedUntil.IsZero() {
		t.Errorf("fresh state = %+v", zero)
	}
	until := time.Now().UTC().Add(time.Minute).Truncate(time.Millisecond)
	if err := s.SaveLoginThrottle(ctx, &site.LoginThrottle{Username: "admin", Addr: "10.0.0.1", Failures: 2, Lockouts: 1, LockedUntil: until}); err != nil {
		t.Fatal(err)
	}
	got := must(s.GetLoginThrottle(ctx, "admin", "10.0.0.1"))(t)
	if got.Failures != 2 || got.Lockouts != 1 || !got.LockedUntil.Equal(until) {
		t.Errorf("saved state = %+v", got)
	}
	if other := must(s.GetLoginThrottle(ctx, "admin", "10.0.0.2"))(t); other.Failures != 0 {
		t.Errorf("state leaked to another address: %+v", other)
	}
	if err := s.SaveLoginThrottle(ctx, &site.LoginThrottle{Username: "admin", Addr: "10.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	if got := must(s.GetLoginThrottle(ctx, "admin", "10.0.0.1"))(t); got.Failures != 0 || got.Lockouts != 0 {
		t.Errorf("reset state = %+v", got)
	}
	now := time.Now().UTC()
	for i, addr := range []string{"10.0.0.1", "10.0.0.2", "10.0.0.3"} {
		if err := s.AddLoginFailure(ctx, "admin", addr, now.Add(time.Duration(-i)*40*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddLoginFailure(ctx, "other", "10.0.0.1", now); err != nil {
		t.Fatal(err)
	}
	if n := must(s.CountLoginFailures(ctx, "admin", now.Add(-time.Hour)))(t); n != 2 {
		t.Errorf("failures in the last hour = %d, want 2", n)
	}
}
