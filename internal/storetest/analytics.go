package storetest

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
)

// testAnalyticsSalt: every instance gets the same salt for a day; a new
// day gets a new one, and the salts and visitor marks of the days before
// are deleted.
func testAnalyticsSalt(t *testing.T, s site.Store) {
	ctx := context.Background()
	a := must(s.AnalyticsSalt(ctx, "2026-05-01"))(t)
	if len(a) < 16 || !bytes.Equal(a, must(s.AnalyticsSalt(ctx, "2026-05-01"))(t)) {
		t.Fatalf("salt %x, then another for the same day", a)
	}
	must(0, s.RecordAnalytics(ctx, &site.AnalyticsBatch{Visitors: []site.VisitorMark{{Day: "2026-05-01", Kind: site.VisitorsSite, Visitor: "v1"}}}))(t)
	b := must(s.AnalyticsSalt(ctx, "2026-05-02"))(t)
	if bytes.Equal(a, b) {
		t.Error("two days share a salt")
	}
	// The mark of May 1 is gone with its salt: v1 counts again if it
	// comes back as of that day (which no instance does once the day is
	// over), so the count of May 1 grows.
	must(0, s.RecordAnalytics(ctx, &site.AnalyticsBatch{Visitors: []site.VisitorMark{{Day: "2026-05-01", Kind: site.VisitorsSite, Visitor: "v1"}}}))(t)
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	r := must(s.FindAnalytics(ctx, day, day.AddDate(0, 0, 1)))(t)
	if len(r.Daily) != 1 || r.Daily[0].Kind != site.VisitorsSite || r.Daily[0].Visitors != 2 {
		t.Errorf("daily %+v: the marks of May 1 were kept past the day", r.Daily)
	}
}

// testAnalytics: the counts of two instances add up, a visitor counts
// once a day for each key however many instances saw it, the vitals'
// buckets add up, a span reads only its hours and days with the leads
// sent then, and old counts are deleted.
func testAnalytics(t *testing.T, s site.Store) {
	ctx := context.Background()
	hour := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	batch := func(visitors ...string) *site.AnalyticsBatch {
		b := &site.AnalyticsBatch{
			Counts: []site.AnalyticsCount{
				{Hour: hour, Path: "/", Source: "google.com", Device: site.DeviceMobile, Pageviews: 3, Entries: 2, LeadStarts: 1},
				{Hour: hour.Add(time.Hour), Path: "/about-us", Pageviews: 1, CTAClicks: 1},
			},
			Vitals: []site.VitalCount{{Day: "2026-06-01", Path: "/", Metric: site.VitalLCP, Bucket: 90, N: 2}},
		}
		for _, v := range visitors {
			b.Visitors = append(b.Visitors, site.VisitorMark{Day: "2026-06-01", Kind: site.VisitorsSite, Visitor: v},
				site.VisitorMark{Day: "2026-06-01", Kind: site.VisitorsPage, Key: "/", Visitor: v})
		}
		return b
	}
	must(0, s.RecordAnalytics(ctx, batch("a", "b")))(t)
	must(0, s.RecordAnalytics(ctx, batch("b", "c")))(t)
	must(0, s.RecordAnalytics(ctx, &site.AnalyticsBatch{}))(t)
	// A count of the day before and one of the day after: outside the span.
	must(0, s.RecordAnalytics(ctx, &site.AnalyticsBatch{
		Counts:   []site.AnalyticsCount{{Hour: hour.Add(-10 * time.Hour), Path: "/", Pageviews: 100}, {Hour: hour.Add(15 * time.Hour), Path: "/", Pageviews: 100}},
		Visitors: []site.VisitorMark{{Day: "2026-05-31", Kind: site.VisitorsSite, Visitor: "z"}, {Day: "2026-06-02", Kind: site.VisitorsSite, Visitor: "z"}},
	}))(t)

	day := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	r := must(s.FindAnalytics(ctx, day, day.AddDate(0, 0, 1)))(t)
	slices.SortFunc(r.Counts, func(x, y site.AnalyticsCount) int { return x.Hour.Compare(y.Hour) })
	if len(r.Counts) != 2 || r.Counts[0].Pageviews != 6 || r.Counts[0].Entries != 4 || r.Counts[0].LeadStarts != 2 ||
		r.Counts[0].Source != "google.com" || r.Counts[0].Device != site.DeviceMobile || !r.Counts[0].Hour.Equal(hour) ||
		r.Counts[1].CTAClicks != 2 {
		t.Errorf("counts %+v, want both instances' added in the span's hours", r.Counts)
	}
	daily := map[string]site.DailyCount{}
	for _, d := range r.Daily {
		daily[d.Kind+" "+d.Key] = d
	}
	if d := daily["site "]; d.Visitors != 3 || d.Pageviews != 8 || d.Entries != 4 || d.LeadStarts != 2 || d.CTAClicks != 2 {
		t.Errorf("the site's day %+v, want 3 visitors (a, b, c), 8 views, 4 entries, 2 starts, 2 clicks", d)
	}
	if d := daily["page /"]; d.Visitors != 3 || d.Pageviews != 6 {
		t.Errorf("the day of / %+v, want 3 visitors and 6 views", d)
	}
	if d, l := daily["source google.com"], daily["landing /"]; d.Pageviews != 6 || l.Entries != 4 || daily["device mobile"].Pageviews != 6 {
		t.Errorf("the days of google.com %+v, of / as landing page %+v, of mobiles %+v", d, l, daily["device mobile"])
	}
	if len(r.Vitals) != 1 || r.Vitals[0].N != 4 || r.Vitals[0].Bucket != 90 {
		t.Errorf("vitals %+v", r.Vitals)
	}

	// Two instances writing the same visitors at once count each once.
	var wg sync.WaitGroup
	var many []string
	for i := range 300 {
		many = append(many, fmt.Sprintf("w%d", i))
	}
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() { errs <- s.RecordAnalytics(ctx, batch(many...)) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(0, err)(t)
	}
	r = must(s.FindAnalytics(ctx, day, day.AddDate(0, 0, 1)))(t)
	for _, d := range r.Daily {
		if d.Kind == site.VisitorsSite && d.Visitors != 303 {
			t.Errorf("site visitors %d after four instances wrote the same 300, want 303", d.Visitors)
		}
	}

	must(0, s.DeleteAnalyticsBefore(ctx, day.AddDate(0, 0, 1)))(t)
	if r := must(s.FindAnalytics(ctx, day.AddDate(0, 0, 1), day.AddDate(0, 0, 2)))(t); len(r.Counts) != 1 {
		t.Errorf("June 2 after deleting what came before it: %+v", r)
	}
	if r := must(s.FindAnalytics(ctx, day.AddDate(0, 0, -1), day.AddDate(0, 0, 1)))(t); len(r.Daily) != 0 || len(r.Vitals) != 0 {
		t.Errorf("May 31 and June 1 after deleting what came before June 2: %+v", r)
	}
}

// testLeadVisit: a lead keeps its landing page and the pages read, and
// the analytics read them with its referrer and campaign; spam does not
// count.
func testLeadVisit(t *testing.T, s site.Store) {
	ctx := context.Background()
	l := &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: "Byron", Email: "ada@example.com", Company: "Engines"}, Visit: site.Visit{Page: "/ai-journey", Referrer: "https://www.linkedin.com/", UTMSource: "linkedin", UTMCampaign: "launch"}, LandingPage: "/blog/ai", PagesRead: []string{"/blog/ai", "/services", "/ai-journey"}}
	must(0, l.Validate())(t)
	saved, _ := must2(s.CreateLead(ctx, l))(t)
	if saved.LandingPage != "/blog/ai" || !slices.Equal(saved.PagesRead, l.PagesRead) {
		t.Errorf("saved lead: landing %q, read %q", saved.LandingPage, saved.PagesRead)
	}
	spam := &site.Lead{LeadFields: site.LeadFields{FirstName: "S", LastName: "P", Email: "spam@example.com", Company: "S"}, Spam: true, SpamReason: "test"}
	must(0, spam.Validate())(t)
	must2(s.CreateLead(ctx, spam))(t)
	now := saved.CreatedAt
	r := must(s.FindAnalytics(ctx, now.Add(-time.Hour), now.Add(time.Hour)))(t)
	if len(r.Leads) != 1 || r.Leads[0].LandingPage != "/blog/ai" || len(r.Leads[0].PagesRead) != 3 ||
		r.Leads[0].Referrer != "https://www.linkedin.com/" || r.Leads[0].UTM.Campaign != "launch" {
		t.Errorf("leads of the analytics %+v, want the one lead that is no spam with its visit", r.Leads)
	}
	if r := must(s.FindAnalytics(ctx, now.Add(time.Hour), now.Add(2*time.Hour)))(t); len(r.Leads) != 0 {
		t.Errorf("a span after the lead holds %d leads", len(r.Leads))
	}

	// A lead whose visitor booked the consultation says so, until it is cancelled.
	_, start := bookingSetup(t, s, now)
	bookingLead(t, s, "booker@example.com", "visit-token", now)
	must(book(s, "visit-token", start, now))(t)
	booked := func() (n int) {
		for _, l := range must(s.FindAnalytics(ctx, now.Add(-time.Hour), now.Add(time.Hour)))(t).Leads {
			if l.Booked {
				n++
			}
		}
		return n
	}
	if n := booked(); n != 1 {
		t.Errorf("%d leads booked, want 1", n)
	}
	must(s.CancelMeeting(ctx, "manage-visit-token", now))(t)
	if n := booked(); n != 0 {
		t.Errorf("%d leads booked after the cancel, want 0", n)
	}
}
