package storetest

import (
	"context"
	"testing"

	"meridian/internal/site"
)

// testPositions: the six positions of the site's copy are seeded, open and
// in order; a position is a record like any other (unique slug, update,
// history, delete and restore), and the recruiter role is one a user may
// hold.
func testPositions(t *testing.T, s site.Store) {
	ctx := context.Background()
	seeded := find[site.Position](t, s, site.Positions, site.OpenPositionsFilter)
	if len(seeded) != 6 || seeded[0].Slug != "senior-machine-learning-engineer" || seeded[5].Slug != "ai-solutions-architect" {
		t.Fatalf("seeded positions = %d, first %+v", len(seeded), seeded[0])
	}
	if r := seeded[5]; !r.Remote || r.Regions != "US" || r.SalaryMin != 120000 || r.SalaryMax != 160000 || r.Description == nil || r.Description.PlainText() == "" || r.PostedOn != "2026-09-29" {
		t.Errorf("remote seed = %+v", r)
	}
	for _, p := range seeded {
		if err := p.Validate(); err != nil {
			t.Errorf("seeded %s does not validate: %v", p.Slug, err)
		}
	}

	p := &site.Position{Title: "Designer", Department: "Design", Location: "Berlin, Germany", EmploymentType: "contract",
		SalaryMin: 60000, SalaryMax: 80000, Currency: "EUR", Summary: "Draws.", Description: site.DocFromText("Draws things.\n\nWell."),
		PostedOn: "2026-11-01", ClosesOn: "2026-12-01", Status: site.PositionOpen, Order: 10}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	created := createRec[site.Position](t, s, site.Positions, p)
	if created.Slug != "designer" || created.Version != 1 || created.Description.PlainText() != "Draws things.\n\nWell." {
		t.Errorf("created = %+v", created)
	}
	dup := *p
	_, err := s.CreateRecord(ctx, site.Positions, &dup, maria)
	wantError(t, err, site.ECONFLICT, `A position with the slug "designer" already exists.`)

	created.Status = site.PositionClosed
	must(s.UpdateRecord(ctx, site.Positions, created, maria))(t)
	if open := find[site.Position](t, s, site.Positions, site.OpenPositionsFilter); len(open) != 6 {
		t.Errorf("open after closing the new one: %d", len(open))
	}
	got := any(must(s.FindRecord(ctx, site.Positions, created.ID))(t)).(*site.Position)
	if got.Status != site.PositionClosed || got.Version != 2 || got.Currency != "EUR" || got.ClosesOn != "2026-12-01" {
		t.Errorf("after the update = %+v", got)
	}
	must(s.DeleteRecord(ctx, site.Positions, created.ID, maria))(t)
	revs := must(s.FindRevisions(ctx, site.Positions, created.ID))(t)
	if len(revs) != 3 || revs[0].Action != site.ActionDelete {
		t.Fatalf("revisions = %+v", revs)
	}
	back := any(must(s.RestoreRevision(ctx, site.Positions, created.ID, revs[2].ID, maria))(t)).(*site.Position)
	if back.Status != site.PositionOpen || back.Slug != "designer" {
		t.Errorf("restored = %+v", back)
	}

	u := must(s.CreateUser(ctx, &site.User{Username: "rita", PasswordHash: "h", Role: site.RoleRecruiter}))(t)
	if again := must(s.FindUserByID(ctx, u.ID))(t); again.Role != site.RoleRecruiter {
		t.Errorf("recruiter stored as %q", again.Role)
	}
}
