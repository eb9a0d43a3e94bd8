package storetest

import (
	"context"
	"strings"
	"testing"

	"meridian/internal/site"
)

// testCaseStudies: the six case studies of the site's copy are seeded,
// shown and in order, the first two featured; a study is a record like any
// other (unique slug, update, history, delete and restore), and a withdrawn
// one leaves the shown list.
func testCaseStudies(t *testing.T, s site.Store) {
	ctx := context.Background()
	shown := find[site.CaseStudy](t, s, site.CaseStudies, site.ListFilter{ActiveOnly: true})
	if len(shown) != 6 || shown[0].Slug != "predictive-maintenance" || shown[5].Slug != "claims-automation" {
		t.Fatalf("seeded case studies = %d, first %+v", len(shown), shown[0])
	}
	if r := shown[0]; !r.Featured || shown[2].Featured || r.ROI != "550%" || r.Timeline != "6 months" ||
		len(site.Lines(r.Results)) != 3 || site.Lines(r.Results)[1] != "$3.2M saved in year one" ||
		strings.Join(site.Items(r.Technologies), "|") != "PyTorch|Azure IoT|Databricks" || len(site.Lines(r.Team)) != 4 || r.Quote == "" {
		t.Errorf("first seed = %+v", r)
	}
	for _, c := range shown {
		if err := c.Validate(); err != nil {
			t.Errorf("seeded %s does not validate: %v", c.Slug, err)
		}
	}

	c := &site.CaseStudy{Title: "Shelf vision", Client: "A grocer", Industry: "Retail", Summary: "Cameras count the shelves.",
		Challenge: "Counts were wrong.", Approach: "Vision models count stock.", Results: " 30% fewer stock-outs \n\n2 hours saved a day",
		Technologies: "PyTorch ,  OpenCV,", Order: 10, IsActive: true}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	created := createRec[site.CaseStudy](t, s, site.CaseStudies, c)
	if created.Slug != "shelf-vision" || created.Version != 1 || created.Results != "30% fewer stock-outs\n2 hours saved a day" || created.Technologies != "PyTorch, OpenCV" {
		t.Errorf("created = %+v", created)
	}
	dup := *c
	_, err := s.CreateRecord(ctx, site.CaseStudies, &dup, maria)
	wantError(t, err, site.ECONFLICT, `A case study with the slug "shelf-vision" already exists.`)

	created.IsActive = false
	must(s.UpdateRecord(ctx, site.CaseStudies, created, maria))(t)
	if again := find[site.CaseStudy](t, s, site.CaseStudies, site.ListFilter{ActiveOnly: true}); len(again) != 6 {
		t.Errorf("shown after withdrawing the new one: %d", len(again))
	}
	got := any(must(s.FindRecord(ctx, site.CaseStudies, created.ID))(t)).(*site.CaseStudy)
	if got.IsActive || got.Version != 2 || got.Client != "A grocer" {
		t.Errorf("after the update = %+v", got)
	}
	must(s.DeleteRecord(ctx, site.CaseStudies, created.ID, maria))(t)
	revs := must(s.FindRevisions(ctx, site.CaseStudies, created.ID))(t)
	if len(revs) != 3 || revs[0].Action != site.ActionDelete {
		t.Fatalf("revisions = %+v", revs)
	}
	back := any(must(s.RestoreRevision(ctx, site.CaseStudies, created.ID, revs[2].ID, maria))(t)).(*site.CaseStudy)
	if !back.IsActive || back.Slug != "shelf-vision" {
		t.Errorf("restored = %+v", back)
	}
}
