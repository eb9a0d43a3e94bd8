package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"meridian/internal/site"
)

// testPublishingSettings: live on a fresh site, and the mode saved is the
// mode read.
func testPublishingSettings(t *testing.T, s site.Store) {
	ctx := context.Background()
	if got := must(s.GetPublishingSettings(ctx))(t); got.Mode != site.PublishLive || got.KeepsDrafts() {
		t.Fatalf("fresh publishing settings = %+v, want live", got)
	}
	if err := (&site.PublishingSettings{Mode: "later"}).Validate(); site.ErrorCode(err) != site.EINVALID {
		t.Errorf("mode later: %v", err)
	}
	saved := must(s.UpdatePublishingSettings(ctx, &site.PublishingSettings{Mode: site.PublishDrafts}))(t)
	if again := must(s.GetPublishingSettings(ctx))(t); saved.Mode != site.PublishDrafts || again.Mode != site.PublishDrafts {
		t.Errorf("saved %+v, read back %+v", saved, again)
	}
}

// testContentDrafts: a pending draft is no published text; a publish takes
// the chosen drafts into the texts with their revisions, a discard drops
// them, and a stale draft version is a conflict.
func testContentDrafts(t *testing.T, s site.Store) {
	ctx := context.Background()
	alice := site.Write{Actor: site.Actor{Username: "alice"}}
	bob := site.Write{Actor: site.Actor{Username: "bob"}}
	text := func(section, key string) *site.ContentItem {
		t.Helper()
		items := find[site.ContentItem](t, s, site.Content, site.ListFilter{Equal: map[string]string{"section": section, "key": key}})
		if len(items) == 0 {
			return nil
		}
		return items[0]
	}
	draft := func(section, key, value string, w site.Write, expectNone bool) (*site.ContentDraft, error) {
		return site.SaveContentDraft(ctx, s, &site.ContentItem{Section: section, Key: key, Value: value}, w, expectNone)
	}
	live := must(site.SaveContent(ctx, s, &site.ContentItem{Section: "hero", Key: "subtitle", Value: "Published"}, alice, true))(t)

	// Drafts of a saved text and of one never saved: the published reads
	// do not see them.
	d1 := must(draft("hero", "subtitle", "Draft one", alice, true))(t)
	d2 := must(draft("vision", "title", "New vision", alice, true))(t)
	if d1.ID == 0 || d1.Version != 1 || d1.Published == nil || *d1.Published != "Published" || d2.Published != nil || d1.UpdatedBy != "alice" {
		t.Fatalf("drafts = %+v, %+v", d1, d2)
	}
	if got := text("hero", "subtitle"); got.Value != "Published" || got.Version != live.Version {
		t.Errorf("published text after a draft = %+v", got)
	}
	if got := text("vision", "title"); got != nil {
		t.Errorf("a draft of a text never saved is published: %+v", got)
	}

	// The draft's own version guards it: a stale version, or a first
	// draft over one that exists, is a conflict carrying the draft.
	d1 = must(draft("hero", "subtitle", "Draft two", site.Write{Actor: alice.Actor, Version: d1.Version}, false))(t)
	if d1.Version != 2 || d1.Value != "Draft two" {
		t.Errorf("second draft = %+v", d1)
	}
	for _, tc := range []struct {
		name       string
		w          site.Write
		expectNone bool
	}{
		{"StaleVersion", site.Write{Actor: bob.Actor, Version: 1}, false},
		{"ExpectedNone", bob, true},
	} {
		_, err := draft("hero", "subtitle", "Bob's", tc.w, tc.expectNone)
		var c *site.Conflict
		if !errors.As(err, &c) || c.Current == nil || c.Current.(*site.ContentDraft).Value != "Draft two" || c.Latest == nil || c.Latest.Username != "alice" {
			t.Errorf("%s: error = %v, want a conflict with Draft two by alice", tc.name, err)
		}
	}

	// Publish one: its text moves on with a revision, the other draft
	// stays pending.
	out := must(s.PublishContentDrafts(ctx, site.DraftSelection{IDs: []int64{d1.ID}}, bob))(t).Published
	if len(out) != 1 || out[0].ID != live.ID || out[0].Value != "Draft two" || out[0].Version != live.Version+1 {
		t.Fatalf("published = %+v", out)
	}
	if got := text("hero", "subtitle"); got.Value != "Draft two" {
		t.Errorf("published text = %+v", got)
	}
	revs := must(s.FindRevisions(ctx, site.Content, live.ID))(t)
	if len(revs) != 2 || revs[0].Action != site.ActionUpdate || revs[0].Username != "bob" {
		t.Errorf("revisions after publish = %+v", revs)
	}
	drafts := must(s.FindContentDrafts(ctx))(t)
	if len(drafts) != 1 || drafts[0].ID != d2.ID {
		t.Fatalf("drafts after publishing one = %+v", drafts)
	}
	// A published draft is gone: writing from its version is a conflict,
	// publishing it again is not found.
	if _, err := draft("hero", "subtitle", "Late", site.Write{Actor: alice.Actor, Version: d1.Version}, false); !errors.As(err, new(*site.Conflict)) {
		t.Errorf("draft from a published draft's version: %v", err)
	}
	_, err := s.PublishContentDrafts(ctx, site.DraftSelection{IDs: []int64{d1.ID, d2.ID}}, bob)
	wantCode(t, err, site.ENOTFOUND)
	if got := text("vision", "title"); got != nil {
		t.Errorf("a refused publish published %+v", got)
	}

	// A live save after the draft's makes it stale: a publish of it is
	// refused and changes nothing, until the draft is saved again with the
	// live text in view.
	d3 := must(draft("vision", "title", "Drafted vision", alice, false))(t)
	liveVision := must(site.SaveContent(ctx, s, &site.ContentItem{Section: "vision", Key: "title", Value: "Saved live meanwhile"}, bob, true))(t)
	stale := must(s.FindContentDrafts(ctx))(t)
	if len(stale) != 1 || stale[0].ID != d2.ID || !stale[0].Stale() {
		t.Fatalf("drafts after a live save = %+v, want the vision's stale", stale)
	}
	_, err = s.PublishContentDrafts(ctx, site.DraftSelection{All: true}, alice)
	wantCode(t, err, site.ECONFLICT)
	if got := text("vision", "title"); got.Value != "Saved live meanwhile" || got.Version != liveVision.Version {
		t.Errorf("a refused stale publish wrote %+v", got)
	}
	d3 = must(draft("vision", "title", "Drafted vision, with the live change", site.Write{Actor: alice.Actor, Version: d3.Version}, false))(t)
	if d3.Stale() {
		t.Errorf("a draft saved again is still stale: %+v", d3)
	}
	must(s.DeleteRecord(ctx, site.Content, liveVision.ID, bob))(t)

	// A draft back at the published value leaves nothing pending.
	if back := must(draft("hero", "subtitle", "Draft two", alice, true))(t); back.ID != 0 {
		t.Errorf("draft equal to the published text = %+v", back)
	}

	// Discard: the draft goes, the site stays.
	if n := must(s.DiscardContentDrafts(ctx, site.DraftSelection{IDs: []int64{d2.ID}}))(t); n != 1 {
		t.Errorf("discarded %d", n)
	}
	if drafts := must(s.FindContentDrafts(ctx))(t); len(drafts) != 0 {
		t.Errorf("drafts after discard = %+v", drafts)
	}
	if got := text("vision", "title"); got != nil {
		t.Errorf("a discarded draft was published: %+v", got)
	}

	// Publish all: a text never saved is created, one reset comes back
	// under its id.
	must(s.DeleteRecord(ctx, site.Content, live.ID, alice))(t)
	must(draft("hero", "subtitle", "After reset", alice, true))(t)
	must(draft("vision", "title", "Vision again", alice, true))(t)
	out = must(s.PublishContentDrafts(ctx, site.DraftSelection{All: true}, alice))(t).Published
	if len(out) != 2 {
		t.Fatalf("published all = %+v", out)
	}
	if got := text("hero", "subtitle"); got == nil || got.ID != live.ID || got.Value != "After reset" {
		t.Errorf("reset text published = %+v, want id %d", got, live.ID)
	}
	if got := text("vision", "title"); got == nil || got.Value != "Vision again" {
		t.Errorf("new text published = %+v", got)
	}
	if drafts := must(s.FindContentDrafts(ctx))(t); len(drafts) != 0 {
		t.Errorf("drafts after publishing all = %+v", drafts)
	}
}

// testDraftReview: a review request marks drafts once, a send-back takes
// it off with a comment on each, replies stay one level deep, a comment
// is resolved and opened again, and a publish takes a draft's comments with
// it; a user granted the publish permission holds it only with a content
// role.
func testDraftReview(t *testing.T, s site.Store) {
	ctx := context.Background()
	alice := site.Write{Actor: site.Actor{Username: "alice"}}
	root := site.Write{Actor: site.Actor{Username: "root"}}
	d1 := must(site.SaveContentDraft(ctx, s, &site.ContentItem{Section: "hero", Key: "main_title", Value: "One"}, alice, true))(t)
	d2 := must(site.SaveContentDraft(ctx, s, &site.ContentItem{Section: "hero", Key: "subtitle", Value: "Two"}, alice, true))(t)

	asked := must(s.RequestDraftReview(ctx, site.DraftSelection{}, alice))(t)
	if len(asked) != 2 || !asked[0].InReview() || asked[0].ReviewRequestedBy != "alice" {
		t.Fatalf("review asked = %+v", asked)
	}
	if again := must(s.RequestDraftReview(ctx, site.DraftSelection{}, alice))(t); len(again) != 0 {
		t.Errorf("asked twice, marked %d", len(again))
	}
	back := must(s.SendBackDrafts(ctx, site.DraftSelection{IDs: []int64{d1.ID}}, "Shorter", root))(t)
	if len(back) != 1 || back[0].ReviewRequestedBy != "alice" || len(back[0].Comments) != 1 || back[0].Comments[0].Author != "root" {
		t.Fatalf("sent back = %+v", back)
	}
	first := back[0].Comments[0]
	reply := must(s.AddDraftComment(ctx, &site.DraftComment{DraftID: d1.ID, ParentID: &first.ID, Body: "Done"}, alice))(t)
	deeper := must(s.AddDraftComment(ctx, &site.DraftComment{DraftID: d1.ID, ParentID: &reply.ID, Body: "Thanks"}, root))(t)
	if reply.ParentID == nil || *reply.ParentID != first.ID || deeper.ParentID == nil || *deeper.ParentID != first.ID {
		t.Errorf("thread: reply %+v, deeper %+v", reply, deeper)
	}
	if _, err := s.AddDraftComment(ctx, &site.DraftComment{DraftID: d2.ID, ParentID: &first.ID, Body: "Elsewhere"}, alice); site.ErrorCode(err) != site.ENOTFOUND {
		t.Errorf("reply in another draft's thread: %v", err)
	}
	if c := must(s.ResolveDraftComment(ctx, first.ID, true, alice))(t); c.ResolvedAt == nil || c.ResolvedBy != "alice" {
		t.Errorf("resolved = %+v", c)
	}
	if c := must(s.ResolveDraftComment(ctx, first.ID, false, alice))(t); c.ResolvedAt != nil || c.ResolvedBy != "" {
		t.Errorf("opened again = %+v", c)
	}
	list := must(s.FindContentDrafts(ctx))(t)
	if len(list) != 2 || len(list[0].Comments) != 3 || list[0].InReview() || !list[1].InReview() || len(list[1].Comments) != 0 {
		t.Fatalf("drafts = %+v", list)
	}
	must(s.PublishContentDrafts(ctx, site.DraftSelection{IDs: []int64{d1.ID}}, root))(t)
	if _, err := s.ResolveDraftComment(ctx, first.ID, true, root); site.ErrorCode(err) != site.ENOTFOUND {
		t.Errorf("a published draft's comment: %v", err)
	}
	if _, err := s.AddDraftComment(ctx, &site.DraftComment{DraftID: d1.ID, Body: "Late"}, alice); site.ErrorCode(err) != site.ENOTFOUND {
		t.Errorf("comment on a published draft: %v", err)
	}
	must(s.DiscardContentDrafts(ctx, site.DraftSelection{}))(t)

	// The grant counts with a content role only.
	hash := must(site.HashPassword("correct horse battery"))(t)
	u := must(s.CreateUser(ctx, &site.User{Username: "pia", PasswordHash: hash, Role: site.RoleEditor}))(t)
	if u.May(site.PermPublish) {
		t.Error("an editor publishes without the grant")
	}
	u = must(s.UpdateUser(ctx, u.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserActive, Publisher: new(true)}))(t)
	if !u.Publisher || !u.May(site.PermPublish) {
		t.Errorf("granted = %+v", u)
	}
	u = must(s.UpdateUser(ctx, u.ID, site.UserChange{Role: site.RoleSales, Status: site.UserActive}))(t)
	if u.Publisher || u.May(site.PermPublish) {
		t.Errorf("sales keeps the grant: %+v", u)
	}
}

// testDraftRelease: drafts scheduled for a time are published together
// once it comes, by one of two publishers running at once; a draft whose
// text changed on the live site meanwhile is left unpublished and
// unscheduled.
func testDraftRelease(t *testing.T, s site.Store) {
	ctx := context.Background()
	alice := site.Write{Actor: site.Actor{Username: "alice"}}
	root := site.Write{Actor: site.Actor{Username: "root"}}
	must(site.SaveContent(ctx, s, &site.ContentItem{Section: "footer", Key: "company_name", Value: "Live"}, alice, true))(t)
	var ids []int64
	for _, key := range []string{"main_title", "subtitle"} {
		ids = append(ids, must(site.SaveContentDraft(ctx, s, &site.ContentItem{Section: "hero", Key: key, Value: "Release " + key}, alice, true))(t).ID)
	}
	staleDraft := must(site.SaveContentDraft(ctx, s, &site.ContentItem{Section: "footer", Key: "company_name", Value: "Drafted"}, alice, true))(t)
	ids = append(ids, staleDraft.ID)
	at := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	scheduled := must(s.ScheduleDrafts(ctx, site.DraftSelection{IDs: ids}, &at, root))(t)
	if len(scheduled) != 3 || scheduled[0].PublishAt == nil || !scheduled[0].PublishAt.Equal(at) || scheduled[0].ScheduledBy != "root" {
		t.Fatalf("scheduled = %+v", scheduled)
	}
	// The live text changes under the third draft.
	cur := find[site.ContentItem](t, s, site.Content, site.ListFilter{Equal: map[string]string{"section": "footer", "key": "company_name"}})[0]
	cur.Value = "Changed live"
	must(site.SaveContent(ctx, s, cur, site.Write{Actor: alice.Actor, Version: cur.Version}, false))(t)

	if p, st, err := s.PublishDueDrafts(ctx, at.Add(-time.Second)); err != nil || p.Changed() || len(st) != 0 {
		t.Fatalf("before the time: %v %v %v", p, st, err)
	}
	type result struct {
		published int
		stale     int
		err       error
	}
	results := make(chan result, 2)
	for range 2 {
		go func() {
			p, st, err := s.PublishDueDrafts(ctx, at)
			n := 0
			if p != nil {
				n = len(p.Published)
			}
			results <- result{n, len(st), err}
		}()
	}
	var published, stale int
	for range 2 {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		published, stale = published+r.published, stale+r.stale
	}
	if published != 2 || stale != 1 {
		t.Errorf("published %d and left %d stale, want 2 and 1", published, stale)
	}
	left := must(s.FindContentDrafts(ctx))(t)
	if len(left) != 1 || left[0].ID != staleDraft.ID || left[0].PublishAt != nil {
		t.Errorf("left = %+v", left)
	}
	title := find[site.ContentItem](t, s, site.Content, site.ListFilter{Equal: map[string]string{"section": "hero", "key": "main_title"}})
	if len(title) != 1 || title[0].Value != "Release main_title" {
		t.Errorf("title = %+v", title)
	}
	must(s.DiscardContentDrafts(ctx, site.DraftSelection{}))(t)
}
