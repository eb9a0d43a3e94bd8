package site

import (
	"math"
	"testing"
	"time"
)

func TestAnalyticsSpan(t *testing.T) {
	now := time.Date(2026, 5, 31, 15, 0, 0, 0, time.UTC)
	start, end, err := AnalyticsSpan("", "", now)
	if err != nil || start.Format(time.DateOnly) != "2026-05-02" || end.Format(time.DateOnly) != "2026-05-31" {
		t.Errorf("default span %v–%v, %v; want the 30 days to today", start, end, err)
	}
	if _, _, err := AnalyticsSpan("2026-05-10", "2026-05-01", now); ErrorCode(err) != EINVALID {
		t.Errorf("to before from: %v", err)
	}
	if _, _, err := AnalyticsSpan("May 1", "", now); ErrorCode(err) != EINVALID {
		t.Errorf("a date that is none: %v", err)
	}
	if _, _, err := AnalyticsSpan("2020-01-01", "2026-05-01", now); ErrorCode(err) != EINVALID {
		t.Errorf("six years: %v", err)
	}
}

// TestAnalyticsReport: the figures of a span add up from the rollups, a
// lead counts for every page its visit read, its landing page, its
// source and its campaign, and the vitals' 75th percentile and shares come
// from their buckets.
func TestAnalyticsReport(t *testing.T) {
	day1 := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	day2 := day1.AddDate(0, 0, 1)
	counts := []AnalyticsCount{
		{Hour: day1.Add(9 * time.Hour), Path: "/", Source: "google.com", Device: DeviceMobile, Pageviews: 10, Entries: 8},
		{Hour: day1.Add(10 * time.Hour), Path: "/about-us", Source: "google.com", Device: DeviceMobile, Pageviews: 5},
		{Hour: day2.Add(9 * time.Hour), Path: "/", Source: "", Campaign: "newsletter / email / spring", Device: DeviceDesktop, Pageviews: 5, Entries: 2},
	}
	cur := &AnalyticsRollups{
		Daily: DailyCounts(counts, []DailyCount{
			{Day: "2026-05-01", Kind: VisitorsSite, Visitors: 8},
			{Day: "2026-05-02", Kind: VisitorsSite, Visitors: 2},
			{Day: "2026-05-01", Kind: VisitorsPage, Key: "/", Visitors: 8},
			{Day: "2026-05-02", Kind: VisitorsPage, Key: "/", Visitors: 2},
			{Day: "2026-05-01", Kind: VisitorsPage, Key: "/about-us", Visitors: 3},
			{Day: "2026-05-01", Kind: VisitorsSource, Key: "google.com", Visitors: 8},
			{Day: "2026-05-02", Kind: VisitorsSource, Key: "", Visitors: 2},
			{Day: "2026-05-02", Kind: VisitorsCampaign, Key: "newsletter / email / spring", Visitors: 2},
			{Day: "2026-05-01", Kind: VisitorsStep, Key: StepInterest, Visitors: 4},
			{Day: "2026-05-01", Kind: VisitorsStep, Key: StepStart, Visitors: 2},
		}),
		Leads: []LeadVisit{
			{CreatedAt: day1.Add(11 * time.Hour), Page: "/about-us", LandingPage: "/", PagesRead: []string{"/", "/about-us", "/"}, Referrer: "https://www.google.com/", Booked: true},
			{CreatedAt: day2.Add(10 * time.Hour), Page: "/", Referrer: "", UTM: EventUTM{Source: "newsletter", Medium: "email", Campaign: "spring"}},
		},
	}
	prev := &AnalyticsRollups{Daily: []DailyCount{{Day: "2026-04-30", Kind: VisitorsSite, Visitors: 5}}}
	r := NewAnalyticsReport(day1, day2, cur, prev, "meridian.example")
	if r.Visitors != 10 || r.Pageviews != 20 || r.Leads != 2 || r.ConversionRate != 0.2 {
		t.Errorf("totals %+v, want 10 visitors, 20 page views, 2 leads, 0.2", r.AnalyticsTotals)
	}
	if r.Previous.Visitors != 5 || r.Previous.Leads != 0 {
		t.Errorf("previous %+v", r.Previous)
	}
	if len(r.Series) != 2 || r.Series[0].Visitors != 8 || r.Series[0].Pageviews != 15 || r.Series[0].Leads != 1 || r.Series[1].Leads != 1 {
		t.Errorf("series %+v", r.Series)
	}
	want := map[string][3]int64{"/": {10, 15, 2}, "/about-us": {3, 5, 1}}
	for _, p := range r.Pages {
		if w := want[p.Path]; [3]int64{p.Visitors, p.Pageviews, p.Leads} != w {
			t.Errorf("page %s: %+v, want visitors, views, leads %v", p.Path, p, w)
		}
	}
	if len(r.Pages) != 2 || r.Pages[0].Path != "/" {
		t.Errorf("pages %+v, want / first", r.Pages)
	}
	if len(r.LandingPages) != 1 || r.LandingPages[0].Path != "/" || r.LandingPages[0].Leads != 2 || r.LandingPages[0].Pageviews != 10 {
		t.Errorf("landing pages %+v, want / with both leads and its 10 entries", r.LandingPages)
	}
	sources := map[string]AnalyticsRow{}
	for _, s := range r.Sources {
		sources[s.Source] = s
	}
	if g := sources["google.com"]; g.Group != SourceSearch || g.Leads != 1 || g.Visitors != 8 || g.ConversionRate != 0.125 {
		t.Errorf("google: %+v", g)
	}
	if d := sources[""]; d.Group != SourceDirect || d.Leads != 1 || d.Visitors != 2 {
		t.Errorf("direct: %+v", d)
	}
	if len(r.Campaigns) != 1 || r.Campaigns[0].Leads != 1 || r.Campaigns[0].Visitors != 2 {
		t.Errorf("campaigns %+v", r.Campaigns)
	}
	if len(r.Devices) != 2 || r.Devices[0].Device != DeviceMobile || r.Devices[0].Pageviews != 15 {
		t.Errorf("devices %+v", r.Devices)
	}
	steps := []int64{10, 4, 2, 2, 1}
	if len(r.Funnel) != len(steps) {
		t.Errorf("funnel %+v, want %v", r.Funnel, steps)
	}
	for i, s := range r.Funnel {
		if s.Visitors != steps[i] {
			t.Errorf("funnel %+v, want %v", r.Funnel, steps)
			break
		}
	}

	// 100 LCP measures: 80 of 1 s and 20 of 5 s.
	var vitals []VitalCount
	addVital := func(v float64, n int64) {
		vitals = append(vitals, VitalCount{Day: "2026-05-01", Path: "/", Metric: VitalLCP, Bucket: VitalBucket(VitalLCP, v), N: n},
			VitalCount{Day: "2026-05-01", Path: "/", Metric: VitalLCP, Bucket: VitalRatingBucket(VitalRating(VitalLCP, v)), N: n})
	}
	addVital(1000, 80)
	addVital(5000, 20)
	r = NewAnalyticsReport(day1, day1, &AnalyticsRollups{Vitals: vitals}, &AnalyticsRollups{}, "")
	if len(r.Vitals) != 1 || r.Vitals[0].LCP == nil {
		t.Fatalf("vitals %+v", r.Vitals)
	}
	lcp := r.Vitals[0].LCP
	if math.Abs(lcp.P75-1000) > 40 || lcp.Good != 0.8 || lcp.Poor != 0.2 || lcp.Samples != 100 || r.Vitals[0].INP != nil {
		t.Errorf("LCP %+v, want p75 about 1000 ms, 80%% good, 20%% poor of 100", lcp)
	}
	if len(r.Series) != 24 {
		t.Errorf("a day's series has %d points, want 24 hours", len(r.Series))
	}
}
