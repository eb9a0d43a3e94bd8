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
	got := must(s.FindApplication(ctx, saved.ID))(t)
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
