package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

// testApplications: an application is stored with its CV and its two
// deliveries in one write, refused for a closed position, and deleted
// with them once older than the careers' retention setting.
func testApplications(t *testing.T, s site.Store) {
	ctx := context.Background()
	open := find[site.Position](t, s, site.Positions, site.OpenPositionsFilter)[0]
	at := time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)
	a := &site.Application{PositionID: open.ID, FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com",
		CV: []byte("%PDF-1.4 a CV"), CVName: "cv.pdf", ConsentText: "I agree.", CreatedAt: at}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	saved := must(s.CreateApplication(ctx, a))(t)
	if saved.ID == 0 || saved.PositionTitle != open.Title || saved.Status != site.ApplicationNew || !saved.CreatedAt.Equal(at) {
		t.Errorf("saved = %+v", saved)
	}
	got := must(s.FindApplicationCV(ctx, saved.ID))(t)
	if string(got.CV) != "%PDF-1.4 a CV" || got.CVType != site.CVTypePDF {
		t.Errorf("found = %+v", got)
	}
	claimed := must(s.ClaimDeliveries(ctx, at.Add(time.Minute), time.Minute, nil, 10))(t)
	if len(claimed) != 1 || claimed[0].Delivery.Kind != site.KindApplicationAck || claimed[0].Application == nil || claimed[0].Application.Email != "ada@example.com" {
		t.Fatalf("claimed = %+v", claimed)
	}

	closed := *open
	closed.Status = site.PositionClosed
	must(s.UpdateRecord(ctx, site.Positions, &closed, maria))(t)
	_, err := s.CreateApplication(ctx, a)
	wantError(t, err, site.EGONE, site.MsgPositionClosed)

	if st := must(s.GetCareersSettings(ctx))(t); st.RetentionMonths != 0 {
		t.Errorf("default retention %d", st.RetentionMonths)
	}
	if _, err := s.UpdateCareersSettings(ctx, &site.CareersSettings{RetentionMonths: 500}); site.ErrorCode(err) != site.EINVALID {
		t.Errorf("retention of 500 months: %v", err)
	}
	must(s.UpdateCareersSettings(ctx, &site.CareersSettings{RetentionMonths: 6}))(t)
	if n := must(site.ExpireApplications(ctx, s, at.AddDate(0, 5, 0)))(t); n != 0 {
		t.Errorf("expired %d within the retention", n)
	}
	if n := must(site.ExpireApplications(ctx, s, at.AddDate(0, 7, 0)))(t); n != 1 {
		t.Errorf("expired %d after the retention, want 1", n)
	}
	if list := must(s.FindApplications(ctx, site.ApplicationFilter{}))(t); len(list) != 0 {
		t.Errorf("left = %+v", list)
	}
	if n := must(s.CountDeliveries(ctx))(t); n.Pending+n.Retrying+n.Failed != 0 {
		t.Errorf("deliveries left: %+v", n)
	}
}

// testApplicationActivity: an application's timeline holds the notes staff
// write, edited by their author only within the edit window, and the
// changes of status, each with who and when, newest first; it is read with
// the application (not the list), exported with it, and erased with it.
func testApplicationActivity(t *testing.T, s site.Store) {
	ctx := context.Background()
	rita := must(s.CreateUser(ctx, &site.User{Username: "rita", PasswordHash: "h", Role: site.RoleRecruiter}))(t)
	rob := must(s.CreateUser(ctx, &site.User{Username: "rob", PasswordHash: "h", Role: site.RoleRecruiter}))(t)
	byRita, byRob := site.Actor{UserID: rita.ID, Username: "rita"}, site.Actor{UserID: rob.ID, Username: "rob"}
	open := find[site.Position](t, s, site.Positions, site.OpenPositionsFilter)[0]
	apply := func(email string) *site.Application {
		a := &site.Application{PositionID: open.ID, FirstName: "Ada", LastName: "Lovelace", Email: email,
			CV: []byte("%PDF-1.4 a CV"), CVName: "cv.pdf", ConsentText: "I agree."}
		if err := a.Validate(); err != nil {
			t.Fatal(err)
		}
		return must(s.CreateApplication(ctx, a))(t)
	}
	ada, other := apply("ada@example.com"), apply("grace@example.com")
	now := time.Now().UTC()

	note := must(s.AddApplicationActivity(ctx, ada.ID, site.ActivityInput{Kind: site.ActivityNote, Text: "Strong portfolio; ask about notice period"}, byRita, now))(t)
	if note.ID == 0 || note.ApplicationID != ada.ID || note.Kind != site.ActivityNote || note.UserID == nil || *note.UserID != rita.ID ||
		note.Username != "rita" || note.Text != "Strong portfolio; ask about notice period" || !note.CreatedAt.Equal(note.UpdatedAt) {
		t.Errorf("added = %+v", note)
	}
	_, err := s.AddApplicationActivity(ctx, 999999, site.ActivityInput{Kind: site.ActivityNote, Text: "x"}, byRita, now)
	wantCode(t, err, site.ENOTFOUND)

	t.Run("StatusChanges", func(t *testing.T) {
		moved := must(s.SetApplicationStatus(ctx, ada.ID, site.ApplicationScreening, byRob))(t)
		if moved.Status != site.ApplicationScreening {
			t.Errorf("status = %q", moved.Status)
		}
		// The same status again is no change, and records none.
		must(s.SetApplicationStatus(ctx, ada.ID, site.ApplicationScreening, byRob))(t)
		got := must(s.FindApplication(ctx, ada.ID))(t)
		if len(got.Activity) != 2 || got.CV != nil {
			t.Fatalf("activity = %+v (CV %d bytes), want the status change and the note, without the CV", got.Activity, len(got.CV))
		}
		st := got.Activity[0]
		if st.Kind != site.ActivityStatus || st.From != site.ApplicationNew || st.To != site.ApplicationScreening ||
			st.UserID == nil || *st.UserID != rob.ID || st.Username != "rob" || st.ApplicationID != ada.ID {
			t.Errorf("status entry = %+v", st)
		}
		if got.Activity[1].ID != note.ID {
			t.Errorf("activity = %+v, want newest first", got.Activity)
		}
		_, err := s.UpdateApplicationActivity(ctx, ada.ID, st.ID, "x", byRob, time.Time{})
		wantCode(t, err, site.EFORBIDDEN)
		if o := must(s.FindApplication(ctx, other.ID))(t); o.Activity == nil || len(o.Activity) != 0 {
			t.Errorf("other application's activity = %v, want an empty list", o.Activity)
		}
		for _, x := range must(s.FindApplications(ctx, site.ApplicationFilter{}))(t) {
			if x.Activity != nil {
				t.Errorf("the list carries the timeline of application %d", x.ID)
			}
		}
		_, err = s.SetApplicationStatus(ctx, 999999, site.ApplicationOffer, byRob)
		wantCode(t, err, site.ENOTFOUND)
	})

	t.Run("Edit", func(t *testing.T) {
		got := must(s.UpdateApplicationActivity(ctx, ada.ID, note.ID, "Strong portfolio; notice period 1 month", byRita, now.Add(14*time.Minute)))(t)
		if got.Text != "Strong portfolio; notice period 1 month" || !got.CreatedAt.Equal(note.CreatedAt) || !got.UpdatedAt.After(got.CreatedAt) {
			t.Errorf("edited = %+v", got)
		}
		_, err := s.UpdateApplicationActivity(ctx, ada.ID, note.ID, "Rob's words", byRob, now.Add(time.Minute))
		wantCode(t, err, site.EFORBIDDEN)
		_, err = s.UpdateApplicationActivity(ctx, ada.ID, note.ID, "Too late", byRita, now.Add(16*time.Minute))
		wantCode(t, err, site.ECONFLICT)
		_, err = s.UpdateApplicationActivity(ctx, other.ID, note.ID, "Wrong application", byRita, now)
		wantCode(t, err, site.ENOTFOUND)
	})

	t.Run("PrivacyAndErasure", func(t *testing.T) {
		data := must(s.FindPersonalData(ctx, "ada@example.com"))(t)
		if len(data.Applications) != 1 || len(data.Applications[0].Activity) != 2 ||
			data.Applications[0].Activity[1].Text != "Strong portfolio; notice period 1 month" {
			t.Fatalf("personal data = %+v, want Ada's application with its 2 entries", data.Applications)
		}
		must(s.ErasePersonalData(ctx, "ada@example.com"))(t)
		if _, err := s.FindApplication(ctx, ada.ID); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("erased application: %v", err)
		}
		_, err := s.UpdateApplicationActivity(ctx, ada.ID, note.ID, "x", byRita, now)
		wantCode(t, err, site.ENOTFOUND)
		// The other applicant's timeline is untouched, and a new
		// application of the erased address starts empty.
		must(s.AddApplicationActivity(ctx, other.ID, site.ActivityInput{Kind: site.ActivityNote, Text: "Call on Monday"}, byRob, time.Time{}))(t)
		again := apply("ada@example.com")
		if got := must(s.FindApplication(ctx, again.ID))(t); len(got.Activity) != 0 {
			t.Errorf("activity of a new application = %+v", got.Activity)
		}
		if got := must(s.FindApplication(ctx, other.ID))(t); len(got.Activity) != 1 {
			t.Errorf("other's activity = %+v", got.Activity)
		}
	})
}
