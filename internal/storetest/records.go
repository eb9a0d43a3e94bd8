package storetest

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

var (
	maria = site.Write{Actor: site.Actor{UserID: 0, Username: "maria"}}
	jonas = site.Write{Actor: site.Actor{UserID: 0, Username: "jonas"}}
)

// create stores rec as maria and returns it as saved.
func createRec[T any](t *testing.T, s site.Store, e *site.Entity, rec site.Record) *T {
	t.Helper()
	out, err := s.CreateRecord(context.Background(), e, rec, maria)
	if err != nil {
		t.Fatalf("create %s: %v", e.Name, err)
	}
	return any(out).(*T)
}

// find returns the records of e, failing the test on an error.
func find[T any](t *testing.T, s site.Store, e *site.Entity, f site.ListFilter) []*T {
	t.Helper()
	return must(site.Find[T](context.Background(), s, e, f))(t)
}

// conflictOf returns the conflict err carries, failing the test without one.
func conflictOf(t *testing.T, err error) *site.Conflict {
	t.Helper()
	var c *site.Conflict
	if !errors.As(err, &c) {
		t.Fatalf("error = %v, want a conflict", err)
	}
	if site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("conflict has code %q, want %q", site.ErrorCode(err), site.ECONFLICT)
	}
	return c
}

func testSeed(t *testing.T, s site.Store) {
	ctx := context.Background()
	st := any(must(s.FindRecord(ctx, site.Settings, site.SettingsID))(t)).(*site.SiteSettings)
	if st.LogoText != site.DefaultCompanyName || st.LogoImageAlt != site.DefaultLogoImageAlt ||
		st.PrimaryColor != site.DefaultPrimaryColor || st.SecondaryColor != site.DefaultSecondaryColor || st.UseImageLogo {
		t.Errorf("default settings = %+v", st)
	}
	if st.Version != 1 {
		t.Errorf("seeded settings version = %d, want 1", st.Version)
	}
	menu := find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{ActiveOnly: true})
	var titles []string
	for _, m := range site.PublicMenu(menu) {
		titles = append(titles, fmt.Sprintf("%s %s %d", m.Title, m.URL, len(m.Children)))
	}
	if got, want := strings.Join(titles, ", "), "Home /#home 0, AI Solutions /#solutions 10, Benefits /#benefits 0, Testimonials /#testimonials 0, Company # 4"; got != want {
		t.Errorf("menu = %s, want %s", got, want)
	}
	byCat := map[string]int{}
	for _, f := range find[site.FooterLink](t, s, site.FooterLinks, site.ListFilter{}) {
		byCat[f.Category]++
	}
	if byCat["Solutions"] != 5 || byCat["Services"] != 5 || byCat["Company"] != 5 || byCat["Legal"] != 3 {
		t.Errorf("footer columns = %v", byCat)
	}
	// Seeded rows have no history yet: an empty list, not an error.
	if revs := must(s.FindRevisions(ctx, site.MenuItems, menu[0].ID))(t); revs == nil || len(revs) != 0 {
		t.Errorf("revisions of a seeded item = %v, want an empty list", revs)
	}
	for _, e := range []*site.Entity{site.MenuItems, site.FooterLinks, site.Testimonials, site.Images, site.Pages} {
		if d := must(s.FindDeleted(ctx, e))(t); d == nil || len(d) != 0 {
			t.Errorf("deleted %s of a new site = %v, want an empty list", e.Name, d)
		}
	}
	if n := must(s.CountUsers(ctx))(t); n != 0 {
		t.Errorf("users = %d, want none", n)
	}
}

func testSettings(t *testing.T, s site.Store) {
	ctx := context.Background()
	in := &site.SiteSettings{ID: site.SettingsID, LogoText: "Acme", LogoImageURL: "https://cdn.example.com/logo.png", LogoImageAlt: "Acme logo",
		UseImageLogo: true, PrimaryColor: "#000000", SecondaryColor: "#ffffff"}
	out := any(must(s.UpdateRecord(ctx, site.Settings, in, maria))(t)).(*site.SiteSettings)
	if out.LogoText != "Acme" || !out.UseImageLogo || out.LogoImageURL != in.LogoImageURL || out.SecondaryColor != "#ffffff" || out.Version != 2 {
		t.Errorf("saved = %+v", out)
	}
	recent(t, "updatedAt", out.UpdatedAt)
	got := any(must(s.FindRecord(ctx, site.Settings, site.SettingsID))(t)).(*site.SiteSettings)
	if got.LogoText != "Acme" || got.LogoImageAlt != "Acme logo" || got.ID != site.SettingsID {
		t.Errorf("read back = %+v", got)
	}

	// The one row, deleted, comes back under its id.
	must(s.DeleteRecord(ctx, site.Settings, site.SettingsID, maria))(t)
	_, err := s.FindRecord(ctx, site.Settings, site.SettingsID)
	wantError(t, err, site.ENOTFOUND, "Site settings not found.")
	deleted := must(s.FindDeleted(ctx, site.Settings))(t)
	if len(deleted) != 1 {
		t.Fatalf("deleted settings = %+v", deleted)
	}
	back := any(must(s.RestoreRevision(ctx, site.Settings, site.SettingsID, deleted[0].ID, maria))(t)).(*site.SiteSettings)
	if back.ID != site.SettingsID || back.LogoText != "Acme" || back.Version != 4 {
		t.Errorf("restored = %+v, want Acme at version 4", back)
	}
}

func testMenuItems(t *testing.T, s site.Store) {
	ctx := context.Background()
	seeded := len(find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{}))
	first := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Zeta", URL: "/z", Order: 0, IsActive: true})
	hidden := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Hidden", URL: "/h", Order: 0, IsActive: false})
	if first.ID == 0 || first.Title != "Zeta" || !first.IsActive || first.Version != 1 {
		t.Errorf("created = %+v", first)
	}
	recent(t, "createdAt", first.CreatedAt)
	if !first.UpdatedAt.Equal(first.CreatedAt) {
		t.Errorf("updatedAt %v != createdAt %v on create", first.UpdatedAt, first.CreatedAt)
	}
	all := find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{})
	if len(all) != seeded+2 || all[0].ID != first.ID || all[1].ID != hidden.ID || all[2].Title != "Home" {
		t.Errorf("not sorted by order then id: first %q, second %q, third %q", all[0].Title, all[1].Title, all[2].Title)
	}
	for _, m := range find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{ActiveOnly: true}) {
		if m.ID == hidden.ID {
			t.Error("inactive item in the active list")
		}
	}
	// The generated fields are the store's: what the client sends of them
	// is ignored.
	upd := any(must(s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: first.ID, Title: "Alpha", URL: "/a", Order: 9, IsActive: false,
		Version: 42, CreatedAt: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}, maria))(t)).(*site.MenuItem)
	if upd.Title != "Alpha" || upd.Order != 9 || upd.IsActive || !upd.CreatedAt.Equal(first.CreatedAt) || upd.Version != 2 {
		t.Errorf("updated = %+v", upd)
	}
	got := any(must(s.FindRecord(ctx, site.MenuItems, first.ID))(t)).(*site.MenuItem)
	if got.Title != "Alpha" || got.Version != 2 {
		t.Errorf("found = %+v", got)
	}
	_, err := s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: 999999, Title: "x", URL: "/x"}, maria)
	wantError(t, err, site.ENOTFOUND, "Menu item not found.")
	_, err = s.FindRecord(ctx, site.MenuItems, 999999)
	wantCode(t, err, site.ENOTFOUND)
	gone := any(must(s.DeleteRecord(ctx, site.MenuItems, first.ID, maria))(t)).(*site.MenuItem)
	if gone.ID != first.ID || gone.Title != "Alpha" {
		t.Errorf("deleted = %+v, want the record as it was", gone)
	}
	_, err = s.DeleteRecord(ctx, site.MenuItems, first.ID, maria)
	wantCode(t, err, site.ENOTFOUND)
	if n := len(find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{})); n != seeded+1 {
		t.Errorf("after delete: %d items, want %d", n, seeded+1)
	}
}

func testFooterLinks(t *testing.T, s site.Store) {
	ctx := context.Background()
	l := createRec[site.FooterLink](t, s, site.FooterLinks, &site.FooterLink{Category: "Legal", Title: "Imprint", Order: -1, IsActive: true})
	links := find[site.FooterLink](t, s, site.FooterLinks, site.ListFilter{ActiveOnly: true})
	if links[0].ID != l.ID || links[0].URL != "" {
		t.Errorf("first link = %+v, want the new one with order -1", links[0])
	}
	upd := any(must(s.UpdateRecord(ctx, site.FooterLinks, &site.FooterLink{ID: l.ID, Category: "Company", Title: "Imprint", URL: "/imprint", Order: 3, IsActive: false}, maria))(t)).(*site.FooterLink)
	if upd.Category != "Company" || upd.URL != "/imprint" || upd.IsActive {
		t.Errorf("updated = %+v", upd)
	}
	for _, f := range find[site.FooterLink](t, s, site.FooterLinks, site.ListFilter{ActiveOnly: true}) {
		if f.ID == l.ID {
			t.Error("inactive link in the active list")
		}
	}
	_, err := s.DeleteRecord(ctx, site.FooterLinks, 999999, maria)
	wantError(t, err, site.ENOTFOUND, "Footer link not found.")
}

func testTestimonials(t *testing.T, s site.Store) {
	b := createRec[site.Testimonial](t, s, site.Testimonials, &site.Testimonial{Name: "B", Title: "CTO", Content: "Good", Initials: "BB", AvatarBg: "bg-green-600", Order: 2, IsActive: true})
	a := createRec[site.Testimonial](t, s, site.Testimonials, &site.Testimonial{Name: "A", Title: "CEO", Content: "Great\nreally", Initials: "AA", AvatarBg: "bg-blue-600", Order: 1, IsActive: true})
	off := createRec[site.Testimonial](t, s, site.Testimonials, &site.Testimonial{Name: "C", Title: "COO", Content: "Fine", Initials: "CC", AvatarBg: "bg-red-600", Order: 0, IsActive: false})
	active := find[site.Testimonial](t, s, site.Testimonials, site.ListFilter{ActiveOnly: true})
	if len(active) != 2 || active[0].ID != a.ID || active[1].ID != b.ID || active[0].Content != "Great\nreally" {
		t.Errorf("active = %+v", active)
	}
	if all := find[site.Testimonial](t, s, site.Testimonials, site.ListFilter{}); len(all) != 3 || all[0].ID != off.ID {
		t.Errorf("all = %d items", len(all))
	}
}

func testImages(t *testing.T, s site.Store) {
	img := createRec[site.Image](t, s, site.Images, &site.Image{Name: "Hero", URL: "https://cdn.example.com/hero.jpg", AltText: "Team", Section: "hero", Usage: "background"})
	if img.ID == 0 || img.AltText != "Team" {
		t.Errorf("created = %+v", img)
	}
	second := createRec[site.Image](t, s, site.Images, &site.Image{Name: "Logo", URL: "/logo.svg"})
	if list := find[site.Image](t, s, site.Images, site.ListFilter{}); len(list) != 2 || list[0].ID != second.ID {
		t.Errorf("images not newest first: %+v", list)
	}
	ctx := context.Background()
	img.AltText = "The team"
	must(s.UpdateRecord(ctx, site.Images, img, maria))(t)
	if list := find[site.Image](t, s, site.Images, site.ListFilter{}); list[1].AltText != "The team" {
		t.Errorf("images after the update = %+v", list)
	}
	must(s.DeleteRecord(ctx, site.Images, img.ID, maria))(t)
	_, err := s.DeleteRecord(ctx, site.Images, img.ID, maria)
	wantError(t, err, site.ENOTFOUND, "Image not found.")
}

func testPages(t *testing.T, s site.Store) {
	ctx := context.Background()
	author := must(s.CreateUser(ctx, &site.User{Username: "maria", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	w := site.Write{Actor: site.Actor{UserID: author.ID, Username: author.Username}}
	p := any(must(s.CreateRecord(ctx, site.Pages, &site.Page{Title: "About", Slug: "about", Content: "Hello", Status: site.PageDraft, Template: "default", IsActive: true}, w))(t)).(*site.Page)
	if p.ID == 0 || p.Status != site.PageDraft || p.PublishedAt != nil || p.AuthorID == nil || *p.AuthorID != author.ID {
		t.Errorf("created = %+v, want a draft by its author", p)
	}
	_, err := s.CreateRecord(ctx, site.Pages, &site.Page{Title: "Other", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"}, w)
	wantCode(t, err, site.ECONFLICT)
	if got := site.ErrorMessage(err); got != `A page with the slug "about" already exists.` {
		t.Errorf("slug taken: %q", got)
	}
	q := any(must(s.CreateRecord(ctx, site.Pages, &site.Page{Title: "Team", Slug: "team", Content: "x", Status: site.PageDraft, Template: "default"}, w))(t)).(*site.Page)
	_, err = s.UpdateRecord(ctx, site.Pages, &site.Page{ID: q.ID, Title: "Team", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"}, w)
	wantCode(t, err, site.ECONFLICT)

	// Publishing stamps the first publication; later writes keep it, and
	// the author stays who created the page.
	pubIn := *p
	pubIn.Status = site.PagePublished
	pub := any(must(s.UpdateRecord(ctx, site.Pages, &pubIn, site.Write{Actor: w.Actor, Action: site.ActionPublish}))(t)).(*site.Page)
	if pub.Status != site.PagePublished || pub.PublishedAt == nil {
		t.Fatalf("published = %+v", pub)
	}
	recent(t, "publishedAt", *pub.PublishedAt)
	upd := any(must(s.UpdateRecord(ctx, site.Pages, &site.Page{ID: p.ID, Title: "About us", Slug: "about-us", Content: "Hi", MetaTitle: "M",
		Status: site.PagePublished, Template: "default", IsActive: true}, jonas))(t)).(*site.Page)
	if upd.Slug != "about-us" || upd.MetaTitle != "M" || upd.PublishedAt == nil || !upd.PublishedAt.Equal(*pub.PublishedAt) ||
		upd.AuthorID == nil || *upd.AuthorID != author.ID {
		t.Errorf("updated = %+v", upd)
	}
	revs := must(s.FindRevisions(ctx, site.Pages, p.ID))(t)
	if len(revs) != 3 || revs[1].Action != site.ActionPublish || revs[0].Username != "jonas" || revs[0].UserID != nil ||
		revs[2].UserID == nil || *revs[2].UserID != author.ID {
		t.Errorf("revisions = %+v, want update by jonas, publish, create by maria", revs)
	}
	// Besides the seeded articles.
	if n := len(find[site.Page](t, s, site.Pages, site.ListFilter{Equal: map[string]string{"template": site.TemplateDefault}})); n != 2 {
		t.Errorf("pages = %d, want 2", n)
	}
	must(s.DeleteRecord(ctx, site.Pages, p.ID, w))(t)
	_, err = s.DeleteRecord(ctx, site.Pages, p.ID, w)
	wantError(t, err, site.ENOTFOUND, "Page not found.")
}

// testPageRestore: a deleted page comes back with its author, its first
// publication and its creation time. An author whose account was deleted
// since (by hand: the site deletes no account) is cleared, as deleting the
// account cleared it on the pages that stayed, rather than failing the
// restore; the revisions keep the author's name.
func testPageRestore(t *testing.T, s site.Store) {
	ctx := context.Background()
	pages := map[string]*site.Page{}
	users := map[string]int64{}
	for _, name := range []string{"kept", "gone"} {
		u := must(s.CreateUser(ctx, &site.User{Username: name, PasswordHash: "h"}))(t)
		users[name] = u.ID
		w := site.Write{Actor: site.Actor{UserID: u.ID, Username: u.Username}}
		for _, slug := range []string{name, name + "-stayed"} {
			p := any(must(s.CreateRecord(ctx, site.Pages, &site.Page{Title: "T", Slug: slug, Content: "c", Status: site.PagePublished, Template: "default"}, w))(t)).(*site.Page)
			if p.AuthorID == nil || *p.AuthorID != u.ID || p.PublishedAt == nil {
				t.Fatalf("created = %+v, want published by %d", p, u.ID)
			}
			pages[slug] = p
		}
		must(s.DeleteRecord(ctx, site.Pages, pages[name].ID, w))(t)
	}
	inTx(t, s, func(tx *sql.Tx) error {
		_, err := tx.Exec(fmt.Sprintf(`DELETE FROM users WHERE id = %d`, users["gone"]))
		return err
	})
	revs := must(s.FindRevisions(ctx, site.Pages, pages["gone"].ID))(t)
	if len(revs) != 2 || revs[0].UserID != nil || revs[0].Username != "gone" {
		t.Errorf("revisions = %+v, want the user's name without its id", revs)
	}
	deleted := must(s.FindDeleted(ctx, site.Pages))(t)
	if len(deleted) != 2 {
		t.Fatalf("deleted = %+v", deleted)
	}
	restorer := site.Write{Actor: site.Actor{Username: "restorer"}}
	for _, rev := range deleted {
		p := any(must(s.RestoreRevision(ctx, site.Pages, rev.RecordID, rev.ID, restorer))(t)).(*site.Page)
		was := pages[p.Slug]
		if p.ID != was.ID || p.PublishedAt == nil || !p.PublishedAt.Equal(*was.PublishedAt) || !p.CreatedAt.Equal(was.CreatedAt) || p.Version != 3 {
			t.Errorf("restored %+v, want %s as it was, at version 3", p, p.Slug)
		}
		if want := users[p.Slug]; p.Slug == "kept" && (p.AuthorID == nil || *p.AuthorID != want) {
			t.Errorf("restored %+v, want author %d", p, want)
		}
		if p.Slug == "gone" && p.AuthorID != nil {
			t.Errorf("restored %+v, want no author", p)
		}
	}
	// The page that stayed lost its author with the account; restoring its
	// first state keeps it so.
	stayed := pages["gone-stayed"]
	first := must(s.FindRevisions(ctx, site.Pages, stayed.ID))(t)[0]
	if got := any(must(s.RestoreRevision(ctx, site.Pages, stayed.ID, first.ID, restorer))(t)).(*site.Page); got.AuthorID != nil || got.Version != 2 {
		t.Errorf("restored = %+v, want no author at version 2", got)
	}
}

// testPublishedPages filters pages by their columns: what visitors see is
// the published, active pages whose slugs the site's routes leave free.
func testPublishedPages(t *testing.T, s site.Store) {
	ctx := context.Background()
	page := func(slug, status string, active bool) *site.Page {
		return createRec[site.Page](t, s, site.Pages, &site.Page{Title: slug, Slug: slug, Content: "x", Status: status, Template: "default", IsActive: active})
	}
	live := page("live", site.PagePublished, true)
	page("draft", site.PageDraft, true)
	page("hidden", site.PagePublished, false)
	page("media", site.PagePublished, true)
	later := page("later", site.PagePublished, true)

	slugs := func(pages []*site.Page) []string {
		var out []string
		for _, p := range pages {
			out = append(out, p.Slug)
		}
		return out
	}
	// The seeded articles are published pages too: left out here.
	defaults := func(pages []*site.Page) []*site.Page {
		return slices.DeleteFunc(pages, func(p *site.Page) bool { return p.Template != site.TemplateDefault })
	}
	got := slugs(find[site.Page](t, s, site.Pages, site.ListFilter{Equal: map[string]string{"status": site.PagePublished, "template": site.TemplateDefault}}))
	if want := []string{"later", "media", "hidden", "live"}; !slices.Equal(got, want) {
		t.Errorf("published = %v, want %v (newest first)", got, want)
	}
	got = slugs(find[site.Page](t, s, site.Pages, site.ListFilter{ActiveOnly: true, Equal: map[string]string{"status": site.PagePublished, "slug": "live"}}))
	if want := []string{"live"}; !slices.Equal(got, want) {
		t.Errorf("published, active, slug live = %v, want %v", got, want)
	}
	if got := find[site.Page](t, s, site.Pages, site.ListFilter{Equal: map[string]string{"slug": "live' OR '1'='1"}}); len(got) != 0 {
		t.Errorf("a quote in a value matched %d pages", len(got))
	}
	if _, err := s.FindRecords(ctx, site.Pages, site.ListFilter{Equal: map[string]string{"no_such": "x"}}); err == nil {
		t.Error("a filter by a column the pages lack was accepted")
	}

	got = slugs(defaults(must(site.PublishedPages(ctx, s, site.NewRoutes()))(t)))
	if want := []string{"later", "live"}; !slices.Equal(got, want) {
		t.Errorf("PublishedPages = %v, want %v (no draft, no inactive page, no reserved slug)", got, want)
	}

	// Unpublished, deleted: gone at once.
	draft := *live
	draft.Status = site.PageDraft
	must(s.UpdateRecord(ctx, site.Pages, &draft, maria))(t)
	must(s.DeleteRecord(ctx, site.Pages, later.ID, maria))(t)
	if got := defaults(must(site.PublishedPages(ctx, s, site.NewRoutes()))(t)); len(got) != 0 {
		t.Errorf("after unpublish and delete: %v", slugs(got))
	}
}

// testRevisions follows one record through every kind of write.
func testRevisions(t *testing.T, s site.Store) {
	ctx := context.Background()
	it := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "One", URL: "/one", Order: 1, IsActive: true})
	two := any(must(s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Two", URL: "/two", Order: 1, IsActive: true}, jonas))(t)).(*site.MenuItem)
	revs := must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)
	if len(revs) != 2 {
		t.Fatalf("revisions = %d, want 2", len(revs))
	}
	latest, created := revs[0], revs[1]
	if latest.Action != site.ActionUpdate || latest.Version != 2 || latest.Username != "jonas" || latest.Resource != "menu-items" || latest.RecordID != it.ID {
		t.Errorf("latest revision = %+v", latest)
	}
	if created.Action != site.ActionCreate || created.Version != 1 || created.Username != "maria" || created.UserID != nil ||
		!created.CreatedAt.Equal(it.CreatedAt) {
		t.Errorf("first revision = %+v, want maria's, without a user id, at the creation time", created)
	}
	recent(t, "revision time", latest.CreatedAt)
	var data site.MenuItem
	if err := json.Unmarshal(created.Data, &data); err != nil || data.ID != it.ID || data.Title != "One" || data.URL != "/one" ||
		data.Version != 1 || !data.CreatedAt.Equal(it.CreatedAt) {
		t.Errorf("first revision's data = %s (%v), want the record as created", created.Data, err)
	}

	// Restoring the first revision brings its fields back as a new version.
	back := any(must(s.RestoreRevision(ctx, site.MenuItems, it.ID, created.ID, maria))(t)).(*site.MenuItem)
	if back.Title != "One" || back.URL != "/one" || back.Version != 3 || !back.CreatedAt.Equal(it.CreatedAt) {
		t.Errorf("restored = %+v, want the first state as version 3", back)
	}
	revs = must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)
	if len(revs) != 3 || revs[0].Action != site.ActionRestore || revs[0].Version != 3 {
		t.Errorf("after restore: %+v", revs[0])
	}

	// A delete is a revision; the record then shows as recently deleted,
	// and its restore brings it back under its own id.
	gone := any(must(s.DeleteRecord(ctx, site.MenuItems, it.ID, jonas))(t)).(*site.MenuItem)
	if gone.Title != "One" {
		t.Errorf("deleted = %+v", gone)
	}
	deleted := must(s.FindDeleted(ctx, site.MenuItems))(t)
	if len(deleted) != 1 || deleted[0].RecordID != it.ID || deleted[0].Action != site.ActionDelete || deleted[0].Username != "jonas" || deleted[0].Version != 4 {
		t.Fatalf("recently deleted = %+v", deleted)
	}
	// The newest record, deleted, keeps its id: the next record does not
	// take it, and the restore does not collide.
	if next := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Next", URL: "/next", IsActive: true}); next.ID == it.ID {
		t.Fatalf("a new record took the deleted id %d", it.ID)
	}
	alive := any(must(s.RestoreRevision(ctx, site.MenuItems, it.ID, deleted[0].ID, maria))(t)).(*site.MenuItem)
	if alive.ID != it.ID || alive.Title != "One" || alive.Version != 5 {
		t.Errorf("restored after delete = %+v, want id %d, version 5", alive, it.ID)
	}
	if d := must(s.FindDeleted(ctx, site.MenuItems))(t); len(d) != 0 {
		t.Errorf("still recently deleted after restore: %+v", d)
	}
	found := false
	for _, m := range find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{}) {
		found = found || m.ID == it.ID
	}
	if !found {
		t.Error("the restored item is not in the list")
	}
	// A record made after a restore gets an id of its own.
	other := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Other", URL: "/o", IsActive: true})
	if other.ID == it.ID {
		t.Errorf("a new record took the restored one's id %d", it.ID)
	}
	_ = two

	// A revision of another record, or none at all, is not found.
	_, err := s.RestoreRevision(ctx, site.MenuItems, other.ID, created.ID, maria)
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.RestoreRevision(ctx, site.MenuItems, it.ID, 987654321, maria)
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.RestoreRevision(ctx, site.FooterLinks, it.ID, created.ID, maria)
	wantCode(t, err, site.ENOTFOUND)
}

// testConflicts: a write that started from an old version is refused with
// the record as it is now, and who changed it; nothing is written.
func testConflicts(t *testing.T, s site.Store) {
	ctx := context.Background()
	it := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Base", URL: "/base", IsActive: true})
	mine := site.Write{Actor: maria.Actor, Version: 1}
	theirs := site.Write{Actor: jonas.Actor, Version: 1}
	must(s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Theirs", URL: "/base", IsActive: true}, theirs))(t)

	_, err := s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Mine", URL: "/base", IsActive: true}, mine)
	c := conflictOf(t, err)
	cur, ok := c.Current.(*site.MenuItem)
	if !ok || cur.Title != "Theirs" || cur.Version != 2 {
		t.Errorf("conflict's current record = %+v, want theirs at version 2", c.Current)
	}
	if c.Latest == nil || c.Latest.Username != "jonas" || c.Latest.Version != 2 {
		t.Errorf("conflict's latest revision = %+v, want jonas's", c.Latest)
	}
	if msg := site.ErrorMessage(err); msg == "" || msg == "Internal error." {
		t.Errorf("conflict message = %q", msg)
	}
	got := any(must(s.FindRecord(ctx, site.MenuItems, it.ID))(t)).(*site.MenuItem)
	if got.Title != "Theirs" || got.Version != 2 {
		t.Errorf("after the refused write: %+v", got)
	}
	if n := len(must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)); n != 2 {
		t.Errorf("revisions after the refused write = %d, want 2", n)
	}

	// A stale delete is refused too; the current version is accepted.
	_, err = s.DeleteRecord(ctx, site.MenuItems, it.ID, mine)
	conflictOf(t, err)
	_, err = s.RestoreRevision(ctx, site.MenuItems, it.ID, must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)[1].ID, mine)
	conflictOf(t, err)
	mine.Version = 2
	must(s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Mine", URL: "/base", IsActive: true}, mine))(t)

	// Of two writes from one version at once, exactly one wins.
	oneWon(t, "concurrent writes from one version", atOnce(2, func(i int) error {
		_, err := s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: []string{"A", "B"}[i], URL: "/base", IsActive: true},
			site.Write{Actor: maria.Actor, Version: 3})
		return err
	}))
	// Writing to a record deleted meanwhile is not found.
	must(s.DeleteRecord(ctx, site.MenuItems, it.ID, site.Write{Actor: jonas.Actor}))(t)
	_, err = s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Late", URL: "/base", IsActive: true}, site.Write{Actor: maria.Actor, Version: 4})
	wantCode(t, err, site.ENOTFOUND)
}

// testRestoreAtOnce: restores of one deleted record at once, each from the
// version its delete left: one brings it back under its id, the others
// find it back and are conflicts, whichever of them ran first.
func testRestoreAtOnce(t *testing.T, s site.Store) {
	ctx := context.Background()
	it := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Twice", URL: "/twice", IsActive: true})
	must(s.DeleteRecord(ctx, site.MenuItems, it.ID, maria))(t)
	deleted := must(s.FindDeleted(ctx, site.MenuItems))(t)
	if len(deleted) != 1 {
		t.Fatalf("deleted = %+v", deleted)
	}
	lost := oneWon(t, "restores at once", atOnce(4, func(int) error {
		_, err := s.RestoreRevision(ctx, site.MenuItems, it.ID, deleted[0].ID, site.Write{Actor: maria.Actor, Version: deleted[0].Version})
		return err
	}))
	for _, c := range lost {
		if cur, ok := c.Current.(*site.MenuItem); !ok || cur.ID != it.ID {
			t.Errorf("conflict's current record = %+v, want the restored one", c.Current)
		}
	}
	revs := must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)
	if len(revs) != 3 || revs[0].Action != site.ActionRestore || revs[0].Version != 3 {
		t.Errorf("revisions = %d, latest %+v; want one restore at version 3 over the delete and the create", len(revs), revs[0])
	}
}

// testArticles: a fresh database holds the blog's six seeded articles, and
// an article's byline, category and tags are stored, read and kept in its
// revisions as written.
func testArticles(t *testing.T, s site.Store) {
	ctx := context.Background()
	blog := site.NewBlog(must(site.PublishedPages(ctx, s, site.NewRoutes()))(t))
	var slugs []string
	for _, a := range blog.Articles() {
		slugs = append(slugs, a.Slug)
		if a.Template != site.TemplateArticle || a.Author == "" || a.Category == "" || len(a.Tags) != 2 || a.Excerpt == "" ||
			a.PublishedAt == nil {
			t.Errorf("seeded article %s = %+v", a.Slug, a)
		}
		// The list is read without the text; the reading time of an
		// article stored before they were counted is counted from it.
		whole := any(must(s.FindRecord(ctx, site.Pages, a.ID))(t)).(*site.Page)
		if a.Content != "" || a.Body != nil || len(strings.Split(whole.Content, "\n\n")) < 4 {
			t.Errorf("seeded article %s: listed with %d bytes of text, has %d paragraphs", a.Slug, len(a.Content), len(strings.Split(whole.Content, "\n\n")))
		}
		if want := site.ReadingMinutes(whole.Content); whole.ReadingMinutes != 0 || a.ReadingMinutes != want || want < 2 {
			t.Errorf("seeded article %s: reading time stored %d, listed %d, want %d counted on reading", a.Slug, whole.ReadingMinutes, a.ReadingMinutes, want)
		}
	}
	want := []string{"ai-pilots-to-production", "retrieval-augmented-generation", "predictive-maintenance-lessons",
		"edge-vision-hardware", "fine-tuning-versus-prompting", "financial-services-trends-2025"}
	if !slices.Equal(slugs, want) {
		t.Fatalf("seeded articles = %v, want %v (newest first)", slugs, want)
	}
	first := blog.Articles()[0]
	if first.Author != "Dr. Amelia Hart" || first.Category != "AI Strategy" || !slices.Equal(first.Tags, []string{"Strategy", "MLOps"}) ||
		!first.PublishedAt.Equal(time.Date(2024, 11, 12, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("first seeded article = %+v", first)
	}
	list, ok := blog.List(site.BlogQuery{Page: 1})
	if !ok || list.Total != 6 || list.Pages != 1 || len(list.Posts) != 6 || len(list.Popular) != 3 || len(list.Tags) != 8 {
		t.Errorf("blog list = %+v", list)
	}

	in := &site.Page{Title: "Edge AI notes", Slug: "edge-ai-notes", Content: "One.\n\nTwo.", Status: site.PagePublished,
		Template: site.TemplateArticle, Author: "Dr. Lena Fischer", Category: "Computer Vision", Tags: site.PageTags{"Edge AI", "Vision"}, IsActive: true}
	created := createRec[site.Page](t, s, site.Pages, in)
	got := any(must(s.FindRecord(ctx, site.Pages, created.ID))(t)).(*site.Page)
	if got.Author != in.Author || got.Category != in.Category || !slices.Equal(got.Tags, in.Tags) || got.Template != site.TemplateArticle {
		t.Errorf("article read back = %+v", got)
	}
	upd := *got
	upd.Tags = site.PageTags{}
	upd.Author = ""
	saved := any(must(s.UpdateRecord(ctx, site.Pages, &upd, maria))(t)).(*site.Page)
	if saved.Tags == nil || len(saved.Tags) != 0 || saved.Author != "" {
		t.Errorf("article without tags = %+v", saved)
	}
	revs := must(s.FindRevisions(ctx, site.Pages, created.ID))(t)
	var data struct {
		Tags     []string `json:"tags"`
		Category string   `json:"category"`
	}
	if len(revs) != 2 || json.Unmarshal(revs[1].Data, &data) != nil || !slices.Equal(data.Tags, []string{"Edge AI", "Vision"}) || data.Category != "Computer Vision" {
		t.Errorf("revisions = %+v", revs)
	}
	blog = site.NewBlog(must(site.PublishedPages(ctx, s, site.NewRoutes()))(t))
	if vision, ok := blog.List(site.BlogQuery{Category: "computer-vision", Page: 1}); !ok || len(vision.Posts) != 2 || vision.Posts[1].Slug != "edge-vision-hardware" {
		t.Errorf("computer vision = %+v", vision)
	}
	vision := any(must(s.FindRecord(ctx, site.Pages, blog.Articles()[4].ID))(t)).(*site.Page)
	if a := blog.Article(vision); a == nil || a.Slug != "edge-vision-hardware" || a.Next == nil || a.Previous == nil ||
		a.Previous.Slug != "fine-tuning-versus-prompting" || a.Content != vision.Content {
		t.Errorf("neighbours = %+v", a)
	}
}

// testChangedTime: a write with a time of change (an import's) gives the
// record that time, as its creation too when it creates it, while its
// revision is dated when the write happened.
func testChangedTime(t *testing.T, s site.Store) {
	ctx := context.Background()
	then := time.Date(2026, 3, 4, 5, 6, 7, 8_000_000, time.UTC)
	w := site.Write{Actor: site.Actor{Username: "site import"}, Changed: then}
	it := any(must(s.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Then", URL: "/then", IsActive: true}, w))(t)).(*site.MenuItem)
	if !it.CreatedAt.Equal(then) || !it.UpdatedAt.Equal(then) {
		t.Errorf("created at %v, updated at %v, want both %v", it.CreatedAt, it.UpdatedAt, then)
	}
	revs := must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)
	if len(revs) != 1 || revs[0].Username != "site import" {
		t.Fatalf("revisions = %+v", revs)
	}
	recent(t, "the revision of the create", revs[0].CreatedAt)

	later := then.Add(time.Hour)
	w.Changed = later
	up := any(must(s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Later", URL: "/then", IsActive: true}, w))(t)).(*site.MenuItem)
	if !up.CreatedAt.Equal(then) || !up.UpdatedAt.Equal(later) || up.Version != 2 {
		t.Errorf("updated = %+v, want created at %v, updated at %v", up, then, later)
	}
	recent(t, "the revision of the update", must(s.FindRevisions(ctx, site.MenuItems, it.ID))(t)[0].CreatedAt)

	// Without one, the write's own time.
	now := any(must(s.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: it.ID, Title: "Now", URL: "/then", IsActive: true}, maria))(t)).(*site.MenuItem)
	recent(t, "updatedAt of a write without a time of change", now.UpdatedAt)
}
