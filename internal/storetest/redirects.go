package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"meridian/internal/site"
)

// testScheduling: a page published with a publication time to come keeps
// that time, is not live until then, and a later write without a time
// keeps it.
func testScheduling(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC()
	at := now.Add(time.Hour).Truncate(time.Millisecond)
	in := &site.Page{Title: "Launch", Slug: "launch", Content: "Soon", Status: site.PagePublished, Template: site.TemplateDefault, IsActive: true, PublishedAt: &at}
	p := createRec[site.Page](t, s, site.Pages, in)
	if p.PublishedAt == nil || !p.PublishedAt.Equal(at) {
		t.Fatalf("publishedAt = %v, want %v", p.PublishedAt, at)
	}
	if !p.Scheduled(now) || p.Live(now) || !p.Live(at) {
		t.Errorf("scheduled at %v: Scheduled(now) = %v, Live(now) = %v, Live(at) = %v", at, p.Scheduled(now), p.Live(now), p.Live(at))
	}
	earlier := now.Add(30 * time.Minute).Truncate(time.Millisecond)
	other := createRec[site.Page](t, s, site.Pages, &site.Page{Title: "Other", Slug: "other", Content: "x", Status: site.PagePublished,
		Template: site.TemplateArticle, Category: "NLP", IsActive: true, PublishedAt: &earlier})

	published := must(site.PublishedPages(ctx, s, site.NewRoutes()))(t)
	live, next := site.SplitScheduled(published, now)
	slugs := func(pages []*site.Page) []string {
		var out []string
		for _, p := range pages {
			out = append(out, p.Slug)
		}
		return out
	}
	if slices.Contains(slugs(live), "launch") || slices.Contains(slugs(live), "other") || !next.Equal(earlier) {
		t.Errorf("at now: live %v, next %v; want neither scheduled page, next %v", slugs(live), next, earlier)
	}
	if live, next = site.SplitScheduled(published, earlier); !slices.Contains(slugs(live), "other") || slices.Contains(slugs(live), "launch") || !next.Equal(at) {
		t.Errorf("at %v: live %v, next %v; want other live, next %v", earlier, slugs(live), next, at)
	}
	if live, next = site.SplitScheduled(published, at); !slices.Contains(slugs(live), "launch") || !next.IsZero() {
		t.Errorf("at %v: live %v, next %v; want launch live, nothing to come", at, slugs(live), next)
	}

	// A write that sends no time keeps the one stored; one that sends
	// another moves it.
	upd := *p
	upd.PublishedAt, upd.Content = nil, "Very soon"
	got := any(must(s.UpdateRecord(ctx, site.Pages, &upd, maria))(t)).(*site.Page)
	if got.PublishedAt == nil || !got.PublishedAt.Equal(at) {
		t.Errorf("after an update without a time: publishedAt = %v, want %v", got.PublishedAt, at)
	}
	past := now.Add(-time.Minute).Truncate(time.Millisecond)
	upd = *got
	upd.PublishedAt = &past
	got = any(must(s.UpdateRecord(ctx, site.Pages, &upd, maria))(t)).(*site.Page)
	if got.PublishedAt == nil || !got.PublishedAt.Equal(past) || !got.Live(now) {
		t.Errorf("after moving the time to %v: publishedAt = %v, live %v", past, got.PublishedAt, got.Live(now))
	}
	// A scheduled page that changes its slug leaves no redirect: nobody
	// could have opened it yet.
	o := *other
	o.Slug = "other-renamed"
	must(s.UpdateRecord(ctx, site.Pages, &o, maria))(t)
	if r := redirectMap(t, s); len(r) != 0 {
		t.Errorf("redirects after renaming a scheduled page: %v", r)
	}
}

// redirectMap returns the redirects as source → target (kind).
func redirectMap(t *testing.T, s site.Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range find[site.Redirect](t, s, site.Redirects, site.ListFilter{}) {
		out[r.Source] = r.Target + " (" + r.Kind + ")"
	}
	return out
}

func wantRedirects(t *testing.T, s site.Store, step string, want map[string]string) {
	t.Helper()
	got := redirectMap(t, s)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: redirects = %v, want %v", step, got, want)
	}
}

// testRedirects: a live page that changes its address leaves a redirect
// from the old one, in the write's transaction, without chains; a live
// page's own address is no redirect's source.
func testRedirects(t *testing.T, s site.Store) {
	ctx := context.Background()
	p := createRec[site.Page](t, s, site.Pages, &site.Page{Title: "A", Slug: "alpha", Content: "x", Status: site.PagePublished, Template: site.TemplateDefault, IsActive: true})
	move := func(slug, template string) {
		t.Helper()
		cur := any(must(s.FindRecord(ctx, site.Pages, p.ID))(t)).(*site.Page)
		cur.Slug, cur.Template, cur.Category = slug, template, "NLP"
		must(s.UpdateRecord(ctx, site.Pages, cur, maria))(t)
	}
	wantRedirects(t, s, "created", map[string]string{})
	move("beta", site.TemplateDefault)
	wantRedirects(t, s, "alpha to beta", map[string]string{"/alpha": "/beta (automatic)"})
	move("gamma", site.TemplateDefault)
	wantRedirects(t, s, "beta to gamma", map[string]string{"/alpha": "/gamma (automatic)", "/beta": "/gamma (automatic)"})
	move("alpha", site.TemplateDefault)
	wantRedirects(t, s, "back to alpha", map[string]string{"/beta": "/alpha (automatic)", "/gamma": "/alpha (automatic)"})
	move("alpha", site.TemplateArticle)
	wantRedirects(t, s, "to an article", map[string]string{"/alpha": "/blog/alpha (automatic)", "/beta": "/blog/alpha (automatic)", "/gamma": "/blog/alpha (automatic)"})

	// Staff's own: manual, one per source, and led on when its target moves.
	man := createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/old-post", Target: "/blog/alpha", Kind: site.RedirectAutomatic})
	if man.Kind != site.RedirectManual || man.Version != 1 {
		t.Errorf("created redirect = %+v, want a manual one at version 1", man)
	}
	_, err := s.CreateRecord(ctx, site.Redirects, &site.Redirect{Source: "/old-post", Target: "/elsewhere"}, maria)
	wantCode(t, err, site.ECONFLICT)
	if got := site.ErrorMessage(err); got != "A redirect from /old-post exists already." {
		t.Errorf("source taken: %q", got)
	}
	createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/partners", Target: "https://partners.example.com/"})
	move("alpha-2", site.TemplateArticle)
	wantRedirects(t, s, "article renamed", map[string]string{"/alpha": "/blog/alpha-2 (automatic)", "/beta": "/blog/alpha-2 (automatic)",
		"/gamma": "/blog/alpha-2 (automatic)", "/blog/alpha": "/blog/alpha-2 (automatic)", "/old-post": "/blog/alpha-2 (manual)",
		"/partners": "https://partners.example.com/ (manual)"})

	// A page that goes live at a redirect's source takes the address.
	createRec[site.Page](t, s, site.Pages, &site.Page{Title: "Partners", Slug: "partners", Content: "x", Status: site.PagePublished, Template: site.TemplateDefault, IsActive: true})
	if _, ok := redirectMap(t, s)["/partners"]; ok {
		t.Error("a live page's address is still a redirect's source")
	}
	// A draft or inactive page moves nobody.
	d := createRec[site.Page](t, s, site.Pages, &site.Page{Title: "D", Slug: "draft-one", Content: "x", Status: site.PageDraft, Template: site.TemplateDefault, IsActive: true})
	d.Slug = "draft-two"
	must(s.UpdateRecord(ctx, site.Pages, d, maria))(t)
	if _, ok := redirectMap(t, s)["/draft-one"]; ok {
		t.Error("renaming a draft left a redirect")
	}
	// Unpublishing leaves the address to the 404 page, not a redirect.
	cur := any(must(s.FindRecord(ctx, site.Pages, p.ID))(t)).(*site.Page)
	cur.Status = site.PageDraft
	cur.Slug = "hidden"
	must(s.UpdateRecord(ctx, site.Pages, cur, maria))(t)
	if _, ok := redirectMap(t, s)["/blog/alpha-2"]; ok {
		t.Error("unpublishing and renaming left a redirect")
	}
	// Staff remove their own like any record, with its revision.
	must(s.DeleteRecord(ctx, site.Redirects, man.ID, maria))(t)
	if _, ok := redirectMap(t, s)["/old-post"]; ok {
		t.Error("deleted redirect still listed")
	}
	if revs := must(s.FindDeleted(ctx, site.Redirects))(t); len(revs) != 1 || revs[0].RecordID != man.ID {
		t.Errorf("recently deleted redirects = %+v", revs)
	}
}

// testNotFound: the log of 404 addresses counts hits and visitors per
// path, keeps at most site.MaxNotFoundPaths paths, the most visitors
// first: a new path in a full log takes the place of the one with the
// fewest visitors (the oldest among them) when it has as many, so that a
// flood of paths that one visitor each opened never pushes out a path
// several visitors opened.
func testNotFound(t *testing.T, s site.Store) {
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	must(0, s.RecordNotFound(ctx, []site.NotFoundHit{
		{Path: "/old-a", Hits: 2, Visitors: 2, First: t0, Last: t0.Add(time.Minute)},
		{Path: "/old-b", Hits: 1, Visitors: 1, First: t0, Last: t0},
	}))(t)
	must(0, s.RecordNotFound(ctx, []site.NotFoundHit{{Path: "/old-b", Hits: 5, Visitors: 0, First: t0.Add(time.Hour), Last: t0.Add(2 * time.Hour)}}))(t)
	list := must(s.FindNotFound(ctx))(t)
	if len(list) != 2 || list[1].Path != "/old-b" || list[1].Hits != 6 || list[1].Visitors != 1 || !list[1].FirstSeen.Equal(t0) ||
		!list[1].LastSeen.Equal(t0.Add(2*time.Hour)) || list[0].Path != "/old-a" || list[0].Hits != 2 || list[0].Visitors != 2 {
		t.Fatalf("log = %+v, want /old-a of 2 visitors first, then /old-b with 6 hits of 1 visitor first seen at t0", list)
	}

	// Full: a flood of paths of one visitor each takes the places of the
	// others of one visitor, oldest first; /old-a, of two, stays.
	var fill []site.NotFoundHit
	for i := range site.MaxNotFoundPaths + 50 {
		at := t0.Add(3*time.Hour + time.Duration(i)*time.Second)
		fill = append(fill, site.NotFoundHit{Path: fmt.Sprintf("/x/%d", i), Hits: 1, Visitors: 1, First: at, Last: at})
	}
	must(0, s.RecordNotFound(ctx, fill))(t)
	must(0, s.RecordNotFound(ctx, []site.NotFoundHit{{Path: "/old-a", Hits: 1, First: t0, Last: t0},
		{Path: "/new", Hits: 9, Visitors: 3, First: t0, Last: t0}, {Path: "/unseen", Hits: 1, First: t0, Last: t0}}))(t)
	list = must(s.FindNotFound(ctx))(t)
	paths := map[string]*site.NotFoundPath{}
	for _, p := range list {
		paths[p.Path] = p
	}
	if len(list) != site.MaxNotFoundPaths || list[0].Path != "/new" || list[1].Path != "/old-a" || list[1].Hits != 3 {
		t.Fatalf("full log: %d paths, first %+v, %+v; want %d, /new then /old-a with 3 hits", len(list), list[0], list[1], site.MaxNotFoundPaths)
	}
	if paths["/old-b"] != nil || paths["/x/0"] != nil || paths["/x/51"] != nil || paths["/x/52"] == nil || paths["/unseen"] != nil {
		t.Errorf("full log: /old-b %v, /x/0 %v, /x/51 %v, /x/52 %v, /unseen %v; want the oldest of one visitor gone, no path of none",
			paths["/old-b"] != nil, paths["/x/0"] != nil, paths["/x/51"] != nil, paths["/x/52"] != nil, paths["/unseen"] != nil)
	}

	must(0, s.DeleteNotFound(ctx, list[0].ID))(t)
	wantCode(t, s.DeleteNotFound(ctx, list[0].ID), site.ENOTFOUND)
	must(0, s.ForgetNotFound(ctx, "/old-a"))(t)
	must(0, s.ForgetNotFound(ctx, "/never-logged"))(t)
	list = must(s.FindNotFound(ctx))(t)
	if len(list) != site.MaxNotFoundPaths-2 || list[0].Path == "/new" || list[0].Path == "/old-a" {
		t.Errorf("after deleting two: %d paths, first %+v", len(list), list[0])
	}
}

// testRedirectHits: the counts of redirects followed add up batch by
// batch, each with its latest time, beside the redirects and not in them:
// a count moves no redirect's version, and a deleted redirect brought back
// keeps its count.
func testRedirectHits(t *testing.T, s site.Store) {
	ctx := context.Background()
	a := createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/hits-a", Target: "/about-us"})
	b := createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/hits-b", Target: "/careers"})
	if got := must(s.FindRedirectHits(ctx))(t); len(got) != 0 {
		t.Fatalf("hits before any = %+v", got)
	}
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	must(0, s.RecordRedirectHits(ctx, []site.RedirectHit{{RedirectID: b.ID, Hits: 3, Last: t0.Add(time.Minute)}, {RedirectID: a.ID, Hits: 1, Last: t0}}))(t)
	// A batch of another instance whose last hit came before: the count grows, the time stays.
	must(0, s.RecordRedirectHits(ctx, []site.RedirectHit{{RedirectID: b.ID, Hits: 4, Last: t0}}))(t)
	must(0, s.RecordRedirectHits(ctx, nil))(t)
	got := must(s.FindRedirectHits(ctx))(t)
	want := []site.RedirectHit{{RedirectID: a.ID, Hits: 1, Last: t0}, {RedirectID: b.ID, Hits: 7, Last: t0.Add(time.Minute)}}
	if len(got) != 2 || got[0].RedirectID != want[0].RedirectID || got[0].Hits != 1 || !got[0].Last.Equal(t0) ||
		got[1].RedirectID != want[1].RedirectID || got[1].Hits != 7 || !got[1].Last.Equal(want[1].Last) {
		t.Fatalf("hits = %+v, want %+v", got, want)
	}
	if rd := any(must(s.FindRecord(ctx, site.Redirects, b.ID))(t)).(*site.Redirect); rd.Version != 1 || rd.Hits != 0 {
		t.Errorf("counted redirect = %+v, want version 1 and no count in the record", rd)
	}
	if revs := must(s.FindRevisions(ctx, site.Redirects, b.ID))(t); len(revs) != 1 {
		t.Errorf("counting made %d revisions, want the create's only", len(revs))
	}

	// Deleted and restored: the same id, its count kept.
	must(s.DeleteRecord(ctx, site.Redirects, b.ID, maria))(t)
	deleted := must(s.FindDeleted(ctx, site.Redirects))(t)
	must(s.RestoreRevision(ctx, site.Redirects, b.ID, deleted[0].ID, maria))(t)
	must(0, s.RecordRedirectHits(ctx, []site.RedirectHit{{RedirectID: b.ID, Hits: 1, Last: t0.Add(time.Hour)}}))(t)
	got = must(s.FindRedirectHits(ctx))(t)
	if len(got) != 2 || got[1].RedirectID != b.ID || got[1].Hits != 8 || !got[1].Last.Equal(t0.Add(time.Hour)) {
		t.Errorf("after restore = %+v, want %d with 8 hits", got, b.ID)
	}
}

// testRedirectChains: the store refuses, inside the write's transaction, a
// redirect that leads to another's source or from another's target, on a
// create, an update and a restore alike (a revision restored meets the
// redirects of now), and one whose target is its source at one of the
// write's hosts; nothing is written then. A redirect's own stored state is
// no other.
func testRedirectChains(t *testing.T, s site.Store) {
	ctx := context.Background()
	wantRefused := func(t *testing.T, err error, field, msg string) {
		t.Helper()
		wantCode(t, err, site.EINVALID)
		var se *site.Error
		if !errors.As(err, &se) || se.Message != msg || se.Fields[field] != msg {
			t.Errorf("error = %v, want %q on %s", err, msg, field)
		}
	}
	t.Run("CreateRefused", func(t *testing.T) {
		createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/c-promo", Target: "/c-landing"})
		_, err := s.CreateRecord(ctx, site.Redirects, &site.Redirect{Source: "/c-old", Target: "/c-promo?x=1"}, maria)
		wantRefused(t, err, "target", "/c-promo redirects to /c-landing already; point this redirect at /c-landing instead, so that visitors get there in one step.")
		_, err = s.CreateRecord(ctx, site.Redirects, &site.Redirect{Source: "/c-landing", Target: "/c-next"}, maria)
		wantRefused(t, err, "source", "/c-promo redirects to /c-landing already; a redirect from /c-landing would make a chain. Point /c-promo at the new target instead.")
		w := maria
		w.Hosts = []string{"www.example.com"}
		_, err = s.CreateRecord(ctx, site.Redirects, &site.Redirect{Source: "/c-self", Target: "https://WWW.example.com/c-self/"}, w)
		wantRefused(t, err, "target", "A redirect cannot lead to its own source: https://WWW.example.com/c-self/ is this site's address of /c-self.")
		for _, src := range []string{"/c-old", "/c-self"} {
			if _, ok := redirectMap(t, s)[src]; ok {
				t.Errorf("refused redirect from %s stored", src)
			}
		}
	})
	t.Run("RestoreOfDeletedRefused", func(t *testing.T) {
		a := createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/r-a", Target: "/r-b"})
		must(s.DeleteRecord(ctx, site.Redirects, a.ID, maria))(t)
		createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/r-b", Target: "/r-a"})
		revs := must(s.FindRevisions(ctx, site.Redirects, a.ID))(t)
		_, err := s.RestoreRevision(ctx, site.Redirects, a.ID, revs[len(revs)-1].ID, maria)
		wantRefused(t, err, "target", "/r-b redirects to /r-a already; point this redirect at /r-a instead, so that visitors get there in one step.")
		_, err = s.FindRecord(ctx, site.Redirects, a.ID)
		wantCode(t, err, site.ENOTFOUND)
	})
	t.Run("RestoreOfExistingRefused", func(t *testing.T) {
		p := createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/e-p", Target: "/e-q"})
		upd := *p
		upd.Target = "/e-r"
		must(s.UpdateRecord(ctx, site.Redirects, &upd, maria))(t)
		createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/e-q", Target: "/e-s"})
		revs := must(s.FindRevisions(ctx, site.Redirects, p.ID))(t)
		_, err := s.RestoreRevision(ctx, site.Redirects, p.ID, revs[len(revs)-1].ID, maria)
		wantRefused(t, err, "target", "/e-q redirects to /e-s already; point this redirect at /e-s instead, so that visitors get there in one step.")
		if got := redirectMap(t, s)["/e-p"]; got != "/e-r (manual)" {
			t.Errorf("/e-p after the refused restore: %q, want /e-r", got)
		}
	})
	t.Run("OwnAddressesNoChain", func(t *testing.T) {
		x := createRec[site.Redirect](t, s, site.Redirects, &site.Redirect{Source: "/o-x", Target: "/o-y"})
		upd := *x
		upd.Source, upd.Target = "/o-y", "/o-z"
		must(s.UpdateRecord(ctx, site.Redirects, &upd, maria))(t)
		if got := redirectMap(t, s)["/o-y"]; got != "/o-z (manual)" {
			t.Errorf("/o-y: %q, want /o-z", got)
		}
	})
}
