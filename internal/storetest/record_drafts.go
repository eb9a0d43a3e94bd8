package storetest

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"meridian/internal/site"
)

// testRecordDrafts: an update of a record kept as its draft leaves the
// record as it is; a second save replaces the draft; the draft is listed
// with the record beside it, published with the texts' drafts in one
// transaction (the record's own update, with its revision), discarded, and
// refused when the record changed since the draft was saved. A page not
// published holds no draft.
func testRecordDrafts(t *testing.T, s site.Store) {
	ctx := context.Background()
	alice := site.Write{Actor: site.Actor{Username: "alice"}}
	e := site.Testimonials
	rec := must(s.CreateRecord(ctx, e, &site.Testimonial{Name: "Ann", Title: "CTO", Content: "Good work", Initials: "AN", IsActive: true}, alice))(t).(*site.Testimonial)
	other := must(s.CreateRecord(ctx, e, &site.Testimonial{Name: "Bo", Title: "CEO", Content: "Fine", Initials: "BO", IsActive: true}, alice))(t).(*site.Testimonial)
	stored := func(id int64) *site.Testimonial {
		t.Helper()
		return must(s.FindRecord(ctx, e, id))(t).(*site.Testimonial)
	}
	drafted := func(d *site.ContentDraft) *site.Testimonial {
		t.Helper()
		var out site.Testimonial
		if err := json.Unmarshal([]byte(d.Value), &out); err != nil {
			t.Fatalf("draft value %q: %v", d.Value, err)
		}
		return &out
	}
	save := func(r *site.Testimonial, version int) (site.Record, *site.ContentDraft, error) {
		c := *r
		return s.SaveRecordDraft(ctx, e, &c, site.Write{Actor: alice.Actor, Version: version})
	}

	edit := *rec
	edit.Content = "Great work"
	live, d, err := save(&edit, rec.Version)
	if err != nil || live != nil || d == nil || d.ID == 0 || d.Resource != e.Name || d.RecordID == nil || *d.RecordID != rec.ID || d.Section != "" {
		t.Fatalf("first draft: %v %+v %v", live, d, err)
	}
	if got := drafted(d); got.Content != "Great work" || got.ID != rec.ID || got.Version != rec.Version {
		t.Errorf("drafted record = %+v", got)
	}
	if got := stored(rec.ID); got.Content != "Good work" || got.Version != rec.Version {
		t.Errorf("record after a draft = %+v", got)
	}
	// A second save replaces the draft, from the record's version still.
	edit.Name = "Ann B."
	_, d2 := must2(save(&edit, rec.Version))(t)
	if d2 == nil || d2.ID != d.ID || d2.Version != 2 || drafted(d2).Name != "Ann B." || drafted(d2).Content != "Great work" {
		t.Fatalf("second draft = %+v", d2)
	}
	// A stale version is the record's conflict, as for a live update.
	if _, _, err := save(&edit, rec.Version+5); site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("draft from a stale version: %v", err)
	}
	// Listed with the record as published beside it, and a text's draft.
	must(site.SaveContentDraft(ctx, s, &site.ContentItem{Section: "hero", Key: "title", Value: "Drafted title"}, alice, true))(t)
	list := must(s.FindContentDrafts(ctx))(t)
	var mine *site.ContentDraft
	for _, x := range list {
		if x.ID == d.ID {
			mine = x
		}
	}
	if len(list) != 2 || mine == nil || mine.Published == nil || mine.Stale() || mine.Label() != "Testimonial "+itoa(rec.ID) {
		t.Fatalf("drafts = %+v", list)
	}

	// Publish all: the text and the record, each with its revision.
	out := must(s.PublishContentDrafts(ctx, site.DraftSelection{All: true}, alice))(t)
	if len(out.Published) != 1 || out.Records != 1 {
		t.Fatalf("published = %+v", out)
	}
	got := stored(rec.ID)
	if got.Name != "Ann B." || got.Content != "Great work" || got.Version != rec.Version+1 {
		t.Errorf("record after publish = %+v", got)
	}
	if revs := must(s.FindRevisions(ctx, e, rec.ID))(t); revs[0].Version != got.Version || revs[0].Username != "alice" {
		t.Errorf("revisions after publish = %+v", revs)
	}
	if left := must(s.FindContentDrafts(ctx))(t); len(left) != 0 {
		t.Errorf("drafts after publish = %+v", left)
	}

	// Saving the published record back leaves no draft.
	same := *got
	if _, back := must2(save(&same, got.Version))(t); back == nil || back.ID != 0 {
		t.Errorf("a draft equal to the record = %+v", back)
	}

	// A draft whose record changed live since is refused, and nothing of
	// the release is published; discarded, it goes.
	edit2 := *other
	edit2.Title = "Chair"
	_, od := must2(save(&edit2, other.Version))(t)
	must(site.SaveContentDraft(ctx, s, &site.ContentItem{Section: "hero", Key: "title", Value: "Second title"}, alice, true))(t)
	liveEdit := *other
	liveEdit.Content = "Changed live"
	must(s.UpdateRecord(ctx, e, &liveEdit, site.Write{Actor: alice.Actor, Version: other.Version}))(t)
	if _, err := s.PublishContentDrafts(ctx, site.DraftSelection{All: true}, alice); site.ErrorCode(err) != site.ECONFLICT {
		t.Fatalf("publish of a stale record draft: %v", err)
	}
	if got := stored(other.ID); got.Title != "CEO" || got.Content != "Changed live" {
		t.Errorf("record after a refused publish = %+v", got)
	}
	if n := must(s.DiscardContentDrafts(ctx, site.DraftSelection{IDs: []int64{od.ID}}))(t); n != 1 {
		t.Errorf("discarded %d", n)
	}
	if out := must(s.PublishContentDrafts(ctx, site.DraftSelection{All: true}, alice))(t); len(out.Published) != 1 || out.Records != 0 {
		t.Errorf("published after the discard = %+v", out)
	}

	// A draft is judged by the rules of its update: a menu item under
	// one that does not exist is refused at once, and nothing is kept.
	item := must(s.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Blog", URL: "/blog", IsActive: true}, alice))(t).(*site.MenuItem)
	bad := *item
	gone := int64(999999)
	bad.ParentID = &gone
	if _, _, err := s.SaveRecordDraft(ctx, site.MenuItems, &bad, site.Write{Actor: alice.Actor, Version: item.Version}); site.ErrorCode(err) != site.EINVALID {
		t.Errorf("draft of a menu item under a missing one: %v", err)
	}
	if left := must(s.FindContentDrafts(ctx))(t); len(left) != 0 {
		t.Errorf("drafts after a refused one = %+v", left)
	}

	// A scheduled release publishes a record's draft as a publish does.
	cur := stored(rec.ID)
	sched := *cur
	sched.Title = "CTO, Northwind"
	_, sd := must2(save(&sched, cur.Version))(t)
	at := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	must(s.ScheduleDrafts(ctx, site.DraftSelection{IDs: []int64{sd.ID}}, &at, alice))(t)
	if p, st, err := s.PublishDueDrafts(ctx, at); err != nil || p.Records != 1 || len(st) != 0 {
		t.Fatalf("scheduled release: %+v %v %v", p, st, err)
	}
	if got := stored(rec.ID); got.Title != "CTO, Northwind" || got.Version != cur.Version+1 {
		t.Errorf("record after its release = %+v", got)
	}

	// A record created as a draft is stored hidden, visitors do not see it,
	// and publishing its draft shows it as asked; one asked for hidden is
	// simply created.
	fresh, fd, err := s.CreateRecordDraft(ctx, e, &site.Testimonial{Name: "Cy", Title: "COO", Content: "New", Initials: "CY", IsActive: true}, alice)
	if err != nil || fd == nil || fd.ID == 0 || drafted(fd).ID != site.RecordID(fresh) || !drafted(fd).IsActive || drafted(fd).Content != "New" {
		t.Fatalf("created as a draft: %+v %+v %v", fresh, fd, err)
	}
	if got := stored(site.RecordID(fresh)); got.IsActive || got.Content != "New" || got.Version != 1 {
		t.Errorf("record created as a draft, as stored = %+v", got)
	}
	for _, r := range must(s.FindRecords(ctx, e, site.ListFilter{ActiveOnly: true}))(t) {
		if site.RecordID(r) == site.RecordID(fresh) {
			t.Errorf("a record created as a draft is listed for visitors")
		}
	}
	if out := must(s.PublishContentDrafts(ctx, site.DraftSelection{IDs: []int64{fd.ID}}, alice))(t); out.Records != 1 {
		t.Errorf("published creation = %+v", out)
	}
	if got := stored(site.RecordID(fresh)); !got.IsActive || got.Version != 2 {
		t.Errorf("record created as a draft, after publish = %+v", got)
	}
	// A delete kept as a draft leaves the record as it is until the draft
	// is published, which deletes it with its revision.
	freshID := site.RecordID(fresh)
	if _, _, err := s.DeleteRecordDraft(ctx, e, freshID, site.Write{Actor: alice.Actor, Version: 1}); site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("a delete draft from a stale version: %v", err)
	}
	was, dd, err := s.DeleteRecordDraft(ctx, e, freshID, site.Write{Actor: alice.Actor, Version: 2})
	if err != nil || was != nil || dd == nil || !dd.Deletes() || dd.Label() != "Testimonial "+itoa(freshID) {
		t.Fatalf("delete as a draft: %v %+v %v", was, dd, err)
	}
	if got := stored(freshID); !got.IsActive {
		t.Errorf("record with a delete draft = %+v", got)
	}
	if out := must(s.PublishContentDrafts(ctx, site.DraftSelection{IDs: []int64{dd.ID}}, alice))(t); out.Records != 1 {
		t.Errorf("published delete = %+v", out)
	}
	if _, err := s.FindRecord(ctx, e, freshID); site.ErrorCode(err) != site.ENOTFOUND {
		t.Errorf("record after its delete draft is published: %v", err)
	}
	if revs := must(s.FindRevisions(ctx, e, freshID))(t); revs[0].Action != site.ActionDelete || revs[0].Version != 3 {
		t.Errorf("revisions after a published delete = %+v", revs[0])
	}
	// A record deleted live takes its pending draft with it.
	doomed := must(s.CreateRecord(ctx, e, &site.Testimonial{Name: "Ed", Title: "CIO", Content: "Soon gone", Initials: "ED", IsActive: true}, alice))(t).(*site.Testimonial)
	de := *doomed
	de.Content = "Drafted, then deleted"
	must2(save(&de, doomed.Version))(t)
	must(s.DeleteRecord(ctx, e, doomed.ID, alice))(t)
	if left := must(s.FindContentDrafts(ctx))(t); len(left) != 0 {
		t.Errorf("drafts after their record was deleted = %+v", left)
	}

	quiet, qd, err := s.CreateRecordDraft(ctx, e, &site.Testimonial{Name: "Di", Title: "CFO", Content: "Hidden", Initials: "DI"}, alice)
	if err != nil || qd != nil || stored(site.RecordID(quiet)).IsActive {
		t.Errorf("created hidden with no draft: %+v %+v %v", quiet, qd, err)
	}

	// A page not published is updated live; a published one is drafted.
	page := func(slug, status string) *site.Page {
		return must(s.CreateRecord(ctx, site.Pages, &site.Page{Title: slug, Slug: slug, Content: "x", Status: status, Template: site.TemplateDefault, IsActive: true}, alice))(t).(*site.Page)
	}
	hidden := page("notes-hidden", site.PageDraft)
	pe := *hidden
	pe.Title = "Notes, renamed"
	lp, pd, err := s.SaveRecordDraft(ctx, site.Pages, &pe, site.Write{Actor: alice.Actor, Version: hidden.Version})
	if err != nil || pd != nil || lp.(*site.Page).Title != "Notes, renamed" {
		t.Fatalf("draft of an unpublished page: %v %+v %v", lp, pd, err)
	}
	shown := page("notes-shown", site.PagePublished)
	same2 := *shown
	if _, pd := must2(s.SaveRecordDraft(ctx, site.Pages, &same2, site.Write{Actor: alice.Actor, Version: shown.Version}))(t); pd == nil || pd.ID != 0 {
		t.Errorf("a published page saved as it is = %+v", pd)
	}
	pe = *shown
	pe.Title = "Notes, retitled"
	if _, pd := must2(s.SaveRecordDraft(ctx, site.Pages, &pe, site.Write{Actor: alice.Actor, Version: shown.Version}))(t); pd == nil || pd.ID == 0 {
		t.Fatalf("draft of a published page = %+v", pd)
	}
	if got := must(s.FindRecord(ctx, site.Pages, shown.ID))(t).(*site.Page); got.Title != "notes-shown" {
		t.Errorf("published page after its draft = %+v", got)
	}
	if out := must(s.PublishContentDrafts(ctx, site.DraftSelection{All: true}, alice))(t); out.Records != 1 {
		t.Errorf("published page draft = %+v", out)
	}
	if got := must(s.FindRecord(ctx, site.Pages, shown.ID))(t).(*site.Page); got.Title != "Notes, retitled" || got.Version != shown.Version+1 {
		t.Errorf("page after publish = %+v", got)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
