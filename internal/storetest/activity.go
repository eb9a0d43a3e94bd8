package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

// testLeadActivity checks a lead's timeline: entries staff write, their
// edit window, their deletion, the entries a change of the lead records,
// and that they go with the lead.
func testLeadActivity(t *testing.T, s site.Store) {
	ctx := context.Background()
	ann := must(s.CreateUser(ctx, &site.User{Username: "ann", PasswordHash: "h", Role: site.RoleSales}))(t)
	bob := must(s.CreateUser(ctx, &site.User{Username: "bob", PasswordHash: "h", Role: site.RoleSales}))(t)
	byAnn, byBob := site.Actor{UserID: ann.ID, Username: ann.Username}, site.Actor{UserID: bob.ID, Username: bob.Username}
	l := create(t, s, lead("ada@example.com"))
	other := create(t, s, lead("bob@example.com"))
	now := time.Now().UTC()

	note := must(s.AddLeadActivity(ctx, l.ID, site.ActivityInput{Kind: site.ActivityNote, Text: "Asked for a call on Monday"}, byAnn, now))(t)
	if note.ID == 0 || note.LeadID != l.ID || note.Kind != site.ActivityNote || note.UserID == nil || *note.UserID != ann.ID ||
		note.Username != "ann" || note.Text != "Asked for a call on Monday" || !note.CreatedAt.Equal(note.UpdatedAt) {
		t.Errorf("added = %+v", note)
	}
	if d := note.CreatedAt.Sub(now); d < -time.Millisecond || d > time.Millisecond {
		t.Errorf("createdAt = %v, want the time given, %v", note.CreatedAt, now)
	}
	call := must(s.AddLeadActivity(ctx, l.ID, site.ActivityInput{Kind: site.ActivityCall, Text: "Called, no answer"}, byBob, now.Add(time.Second)))(t)
	_, err := s.AddLeadActivity(ctx, 999999, site.ActivityInput{Kind: site.ActivityNote, Text: "x"}, byAnn, now)
	wantCode(t, err, site.ENOTFOUND)

	t.Run("ReadWithTheLead", func(t *testing.T) {
		got := must(s.FindLeadByID(ctx, l.ID))(t)
		if len(got.Activity) != 2 || got.Activity[0].ID != call.ID || got.Activity[1].ID != note.ID {
			t.Fatalf("activity = %+v, want the call then the note (newest first)", got.Activity)
		}
		if o := must(s.FindLeadByID(ctx, other.ID))(t); o.Activity == nil || len(o.Activity) != 0 {
			t.Errorf("other lead's activity = %v, want an empty list", o.Activity)
		}
		list, _ := must2(s.FindLeads(ctx, site.LeadFilter{}))(t)
		for _, x := range list {
			if x.Activity != nil {
				t.Errorf("the list carries the timeline of lead %d", x.ID)
			}
		}
	})

	t.Run("Edit", func(t *testing.T) {
		got := must(s.UpdateLeadActivity(ctx, l.ID, note.ID, "Asked for a call on Tuesday", byAnn, now.Add(14*time.Minute)))(t)
		if got.Text != "Asked for a call on Tuesday" || !got.CreatedAt.Equal(note.CreatedAt) || !got.UpdatedAt.After(got.CreatedAt) {
			t.Errorf("edited = %+v", got)
		}
		_, err := s.UpdateLeadActivity(ctx, l.ID, note.ID, "Bob's words", byBob, now.Add(time.Minute))
		wantCode(t, err, site.EFORBIDDEN)
		_, err = s.UpdateLeadActivity(ctx, l.ID, note.ID, "Too late", byAnn, now.Add(16*time.Minute))
		wantCode(t, err, site.ECONFLICT)
		_, err = s.UpdateLeadActivity(ctx, other.ID, note.ID, "Wrong lead", byAnn, now)
		wantCode(t, err, site.ENOTFOUND)
		if got := must(s.FindLeadByID(ctx, l.ID))(t); got.Activity[1].Text != "Asked for a call on Tuesday" {
			t.Errorf("after refused edits: %q", got.Activity[1].Text)
		}
	})

	t.Run("ChangesOfTheLead", func(t *testing.T) {
		got := must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Status: ptr(site.LeadContacted), Notes: ptr("Old box"), By: byAnn}))(t)
		if len(got.Activity) != 4 {
			t.Fatalf("activity = %d entries, want 4", len(got.Activity))
		}
		notes, status := got.Activity[0], got.Activity[1]
		if status.Kind != site.ActivityStatus || status.From != site.LeadNew || status.To != site.LeadContacted ||
			status.UserID == nil || *status.UserID != ann.ID || status.Username != "ann" {
			t.Errorf("status entry = %+v", status)
		}
		if notes.Kind != site.ActivityNotes || notes.Text != "Old box" {
			t.Errorf("notes entry = %+v", notes)
		}
		// Nothing changed, nothing recorded.
		got = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Status: ptr(site.LeadContacted), Notes: ptr("Old box"), By: byAnn}))(t)
		if len(got.Activity) != 4 {
			t.Errorf("an update that changed nothing added entries: %d", len(got.Activity))
		}
		got = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Spam: ptr(true), By: byBob}))(t)
		if a := got.Activity[0]; a.Kind != site.ActivitySpam || a.From != "inbox" || a.To != "spam" || a.Username != "bob" {
			t.Errorf("spam entry = %+v", a)
		}
		got = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Spam: ptr(false), By: byBob}))(t)
		if a := got.Activity[0]; a.Kind != site.ActivitySpam || a.From != "spam" || a.To != "inbox" {
			t.Errorf("not-spam entry = %+v", a)
		}
		_, err := s.UpdateLeadActivity(ctx, l.ID, status.ID, "x", byAnn, now)
		wantCode(t, err, site.EFORBIDDEN)
	})

	t.Run("Delete", func(t *testing.T) {
		if err := s.DeleteLeadActivity(ctx, other.ID, call.ID); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("delete through another lead: %v", err)
		}
		if err := s.DeleteLeadActivity(ctx, l.ID, call.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, s.DeleteLeadActivity(ctx, l.ID, call.ID), site.ENOTFOUND)
		for _, a := range must(s.FindLeadByID(ctx, l.ID))(t).Activity {
			if a.ID == call.ID {
				t.Error("deleted entry still read")
			}
		}
	})

	t.Run("PrivacyAndErasure", func(t *testing.T) {
		data := must(s.FindPersonalData(ctx, "ada@example.com"))(t)
		if len(data.Leads) != 1 || len(data.Leads[0].Activity) != 5 {
			t.Fatalf("personal data = %+v, want Ada's lead with its 5 entries", data.Leads)
		}
		must(s.ErasePersonalData(ctx, "ada@example.com"))(t)
		// A new lead may take no entry of the erased one.
		again := create(t, s, lead("ada@example.com"))
		if got := must(s.FindLeadByID(ctx, again.ID))(t); len(got.Activity) != 0 {
			t.Errorf("activity of a new lead = %+v", got.Activity)
		}
	})

	t.Run("Retention", func(t *testing.T) {
		must(s.AddLeadActivity(ctx, other.ID, site.ActivityInput{Kind: site.ActivityEmail, Text: "Sent the deck"}, byAnn, time.Time{}))(t)
		must(s.DeleteLeadsBefore(ctx, time.Now().Add(time.Hour)))(t)
		// The entries went with the leads: a lead made now has an empty
		// timeline, and the user's entries can be written again.
		fresh := create(t, s, lead("carl@example.com"))
		if got := must(s.FindLeadByID(ctx, fresh.ID))(t); len(got.Activity) != 0 {
			t.Errorf("activity = %+v", got.Activity)
		}
	})
}
