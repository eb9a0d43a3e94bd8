package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"meridian/internal/site"
)

// taker makes a user of role who takes leads of the interests (none:
// every one).
func taker(t *testing.T, s site.Store, name, role string, interests ...string) *site.User {
	t.Helper()
	ctx := context.Background()
	u := must(s.CreateUser(ctx, &site.User{Username: name, PasswordHash: "h", Role: role}))(t)
	if interests == nil {
		interests = []string{}
	}
	return must(s.UpdateUser(ctx, u.ID, site.UserChange{Role: role, Status: site.UserActive, TakesLeads: new(true), LeadInterests: interests}))(t)
}

// owners are the owners' usernames of leads, "" for none.
func owners(leads ...*site.Lead) []string {
	out := make([]string, len(leads))
	for i, l := range leads {
		out[i] = l.OwnerName
	}
	return out
}

// testLeadOwners: new leads go round the users who take them, by their
// interests, and skip those disabled or who stopped taking leads.
func testLeadOwners(t *testing.T, s site.Store) {
	ctx := context.Background()
	must(s.CreateUser(ctx, &site.User{Username: "boss", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	if l := create(t, s, lead("first@example.com")); l.OwnerID != nil {
		t.Errorf("with no one taking leads, owner = %v, want none", *l.OwnerID)
	}
	ann := taker(t, s, "ann", site.RoleSales)
	ben := taker(t, s, "ben", site.RoleSales)
	cy := taker(t, s, "cy", site.RoleSales, "computer-vision")
	// An editor cannot take leads, and a sales user who does not is skipped.
	ed := must(s.CreateUser(ctx, &site.User{Username: "ed", PasswordHash: "h", Role: site.RoleSales}))(t)
	if ed.TakesLeads {
		t.Errorf("a new user takes leads")
	}
	var got []*site.Lead
	for i := range 4 {
		got = append(got, create(t, s, lead(fmt.Sprintf("round%d@example.com", i))))
	}
	if want := []string{"ann", "ben", "ann", "ben"}; fmt.Sprint(owners(got...)) != fmt.Sprint(want) {
		t.Errorf("owners of leads of no named interest = %v, want %v", owners(got...), want)
	}
	vision := create(t, s, &site.Lead{LeadFields: site.LeadFields{FirstName: "V", LastName: "I", Email: "vision@example.com", Company: "Eyes", AISolutionInterest: "computer-vision"}})
	if vision.OwnerName != "cy" || vision.OwnerID == nil || *vision.OwnerID != cy.ID {
		t.Errorf("owner of a computer-vision lead = %q, want cy", vision.OwnerName)
	}
	// Ben stops taking leads; Ann is disabled: the round is Cy's alone.
	must(s.UpdateUser(ctx, ben.ID, site.UserChange{Role: site.RoleSales, Status: site.UserActive, TakesLeads: new(false)}))(t)
	must(s.UpdateUser(ctx, ann.ID, site.UserChange{Role: site.RoleSales, Status: site.UserDisabled}))(t)
	if l := create(t, s, lead("alone@example.com")); l.OwnerName != "cy" {
		t.Errorf("owner with only cy taking leads = %q", l.OwnerName)
	}
	// A user made an editor takes leads no more.
	if u := must(s.UpdateUser(ctx, cy.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserActive}))(t); u.TakesLeads {
		t.Errorf("an editor takes leads")
	}
	if l := create(t, s, lead("nobody@example.com")); l.OwnerID != nil {
		t.Errorf("owner with no one left = %q", l.OwnerName)
	}
	// Spam is nobody's.
	spam := &site.Lead{LeadFields: site.LeadFields{FirstName: "S", LastName: "P", Email: "spam@example.com", Company: "X"}, Spam: true, SpamReason: "test"}
	must(s.UpdateUser(ctx, ben.ID, site.UserChange{Role: site.RoleSales, Status: site.UserActive, TakesLeads: new(true)}))(t)
	if l := create(t, s, spam); l.OwnerID != nil {
		t.Errorf("spam has owner %q", l.OwnerName)
	}

	// Reassigned, to an owner who may have it, or to none.
	l := got[0]
	l = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Owner: &ben.ID}))(t)
	if l.OwnerName != "ben" {
		t.Errorf("reassigned owner = %q", l.OwnerName)
	}
	for _, bad := range []int64{ann.ID, cy.ID, 987654} {
		_, err := s.UpdateLead(ctx, l.ID, site.LeadUpdate{Owner: &bad})
		wantError(t, err, site.EINVALID, site.MsgOwnerUnknown)
	}
	if again := must(s.FindLeadByID(ctx, l.ID))(t); again.OwnerName != "ben" {
		t.Errorf("a refused owner changed the lead: %q", again.OwnerName)
	}
	l = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Owner: new(int64(0))}))(t)
	if l.OwnerID != nil {
		t.Errorf("owner after unassigning = %q", l.OwnerName)
	}
	mine, n := must2(s.FindLeads(ctx, site.LeadFilter{Owner: ben.ID}))(t)
	if n != 2 || len(mine) != 2 {
		t.Errorf("ben's leads = %d (%v), want 2", n, owners(mine...))
	}
	_, n = must2(s.FindLeads(ctx, site.LeadFilter{NoOwner: true}))(t)
	if n != 3 {
		t.Errorf("leads of no owner = %d, want 3", n)
	}
}

// testLeadOwnersAtOnce: leads that arrive at once still go round, one
// each in turn.
func testLeadOwnersAtOnce(t *testing.T, s site.Store) {
	ctx := context.Background()
	names := []string{"a1", "a2", "a3"}
	for _, n := range names {
		taker(t, s, n, site.RoleSales)
	}
	errs := atOnce(12, func(i int) error {
		_, _, err := s.CreateLead(ctx, lead(fmt.Sprintf("once%d@example.com", i)))
		return err
	})
	noneFailed(t, "create lead", errs)
	count := map[string]int{}
	leads, _ := must2(s.FindLeads(ctx, site.LeadFilter{}))(t)
	for _, l := range leads {
		count[l.OwnerName]++
	}
	for _, n := range names {
		if count[n] != 4 {
			t.Errorf("owners of 12 leads at once = %v, want 4 each", count)
			break
		}
	}
}

// testResponseClock: a lead is due its settings' hours after it arrives,
// overdue until its owner answers, and the inbox sorts and filters by it.
func testResponseClock(t *testing.T, s site.Store) {
	ctx := context.Background()
	must(s.UpdateLeadSettings(ctx, &site.LeadSettings{ResponseHours: 4, TimeZone: "Europe/Berlin"}))(t)
	st := must(s.GetLeadSettings(ctx))(t)
	if st.ResponseHours != 4 || st.BusinessHoursOnly || st.TimeZone != "Europe/Berlin" {
		t.Errorf("clock settings = %+v", st)
	}
	ann := taker(t, s, "ann", site.RoleSales)
	other := must(s.CreateUser(ctx, &site.User{Username: "zed", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	a := create(t, s, lead("a@example.com"))
	if a.DueAt == nil || a.DueAt.Sub(a.CreatedAt) != 4*time.Hour || a.FirstResponseAt != nil {
		t.Fatalf("due = %v, created %v, first response %v", a.DueAt, a.CreatedAt, a.FirstResponseAt)
	}
	b := create(t, s, lead("b@example.com"))
	later := a.CreatedAt.Add(5 * time.Hour)
	if !a.IsOverdue(later) || a.IsOverdue(a.CreatedAt.Add(time.Hour)) {
		t.Errorf("overdue at +5h / +1h wrong")
	}
	late, n := must2(s.FindLeads(ctx, site.LeadFilter{Overdue: true, Now: later}))(t)
	if n != 2 || len(late) != 2 {
		t.Errorf("overdue leads at +5h = %d, want 2", n)
	}
	if _, n := must2(s.FindLeads(ctx, site.LeadFilter{Overdue: true, Now: a.CreatedAt.Add(time.Hour)}))(t); n != 0 {
		t.Errorf("overdue leads at +1h = %d, want 0", n)
	}
	// A status change by someone else is not the owner's response.
	contacted := site.LeadContacted
	got := must(s.UpdateLead(ctx, a.ID, site.LeadUpdate{Status: &contacted, By: site.Actor{UserID: other.ID, Username: "zed"}}))(t)
	if got.FirstResponseAt != nil {
		t.Errorf("another user's status change counted as the first response")
	}
	newStatus := site.LeadNew
	must(s.UpdateLead(ctx, a.ID, site.LeadUpdate{Status: &newStatus}))(t)
	got = must(s.UpdateLead(ctx, a.ID, site.LeadUpdate{Status: &contacted, By: site.Actor{UserID: ann.ID, Username: "ann"}}))(t)
	if got.FirstResponseAt == nil {
		t.Fatalf("the owner's status change from New was not the first response")
	}
	first := *got.FirstResponseAt
	qualified := site.LeadQualified
	got = must(s.UpdateLead(ctx, a.ID, site.LeadUpdate{Status: &qualified, By: site.Actor{UserID: ann.ID, Username: "ann"}}))(t)
	if !got.FirstResponseAt.Equal(first) {
		t.Errorf("a later change moved the first response")
	}
	late, n = must2(s.FindLeads(ctx, site.LeadFilter{Overdue: true, Now: later}))(t)
	if n != 1 || late[0].ID != b.ID {
		t.Errorf("overdue after the response = %d", n)
	}
	// A note of someone else is not the owner's response; the owner's call is.
	must(s.AddLeadActivity(ctx, b.ID, site.ActivityInput{Kind: site.ActivityNote, Text: "Looks promising"}, site.Actor{UserID: other.ID, Username: "zed"}, time.Time{}))(t)
	if got := must(s.FindLeadByID(ctx, b.ID))(t); got.FirstResponseAt != nil {
		t.Errorf("another user's note counted as the first response")
	}
	must(s.AddLeadActivity(ctx, b.ID, site.ActivityInput{Kind: site.ActivityCall, Text: "Called, left a message"}, site.Actor{UserID: ann.ID, Username: "ann"}, time.Time{}))(t)
	if got := must(s.FindLeadByID(ctx, b.ID))(t); got.FirstResponseAt == nil {
		t.Errorf("the owner's call was not the first response")
	}
	must(s.UpdateLead(ctx, b.ID, site.LeadUpdate{Status: &newStatus}))(t)
	// Oldest waiting first, then the answered.
	c := create(t, s, lead("c@example.com"))
	list, _ := must2(s.FindLeads(ctx, site.LeadFilter{Oldest: true}))(t)
	if len(list) != 3 || list[0].ID != c.ID || list[1].ID != a.ID || list[2].ID != b.ID {
		t.Errorf("oldest first = %v %v %v, want c a b", list[0].Email, list[1].Email, list[2].Email)
	}
	stats := must(s.LeadStats(ctx, later))(t)
	if r := stats.Response; r.Answered != 2 || r.Overdue != 1 || r.MedianMinutes == nil || r.WithinShare == nil || *r.WithinShare != 2.0/3 {
		t.Errorf("response figures at +5h = %+v", r)
	}
}
