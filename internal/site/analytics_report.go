package site

import (
	"cmp"
	"maps"
	"slices"
	"time"
)

// MaxAnalyticsRows is the most rows a table of the report holds.
const MaxAnalyticsRows = 100

// MaxAnalyticsDays is the longest span a report covers.
const MaxAnalyticsDays = 731

// AnalyticsTotals are the figures of a span: visitors (distinct each
// day), page views, leads, and leads per visitor.
type AnalyticsTotals struct {
	Visitors       int64   `json:"visitors"`
	Pageviews      int64   `json:"pageviews"`
	Leads          int64   `json:"leads"`
	ConversionRate float64 `json:"conversionRate"`
}

// AnalyticsPoint is one day (or hour, in a report of one day) of the
// chart.
type AnalyticsPoint struct {
	At        time.Time `json:"at"`
	Visitors  int64     `json:"visitors"`
	Pageviews int64     `json:"pageviews"`
	Leads     int64     `json:"leads"`
}

// AnalyticsRow is one line of a table of the report: a page, a landing
// page, a source (with its group), a campaign or a device class, with its
// visitors, page views and leads. Devices have no leads: a lead does not
// say its screen.
type AnalyticsRow struct {
	Path           string  `json:"path,omitempty"`
	Source         string  `json:"source,omitempty"`
	Group          string  `json:"group,omitempty"`
	Campaign       string  `json:"campaign,omitempty"`
	Device         string  `json:"device,omitempty"`
	Visitors       int64   `json:"visitors"`
	Pageviews      int64   `json:"pageviews"`
	Leads          int64   `json:"leads"`
	ConversionRate float64 `json:"conversionRate"`
}

// FunnelStep is how many visitors went as far as a step.
type FunnelStep struct {
	Step     string `json:"step"`
	Label    string `json:"label"`
	Visitors int64  `json:"visitors"`
}

// VitalSummary is how a metric did on a page: its 75th percentile, and the
// shares of good, middling ("needs improvement") and poor measures.
type VitalSummary struct {
	P75              float64 `json:"p75"`
	Good             float64 `json:"good"`
	NeedsImprovement float64 `json:"needsImprovement"`
	Poor             float64 `json:"poor"`
	Samples          int64   `json:"samples"`
}

// VitalsRow is the real-user speed of one page.
type VitalsRow struct {
	Path    string        `json:"path"`
	LCP     *VitalSummary `json:"lcp"`
	INP     *VitalSummary `json:"inp"`
	CLS     *VitalSummary `json:"cls"`
	TTFB    *VitalSummary `json:"ttfb"`
	Samples int64         `json:"samples"`
}

// AnalyticsReport is GET /api/admin/analytics: the figures of the days
// from From to To (both included), those of the span as long before it,
// and the tables.
type AnalyticsReport struct {
	From string `json:"from"`
	To   string `json:"to"`
	AnalyticsTotals
	Previous     AnalyticsTotals  `json:"previous"`
	Series       []AnalyticsPoint `json:"series"`
	Pages        []AnalyticsRow   `json:"pages"`
	LandingPages []AnalyticsRow   `json:"landingPages"`
	Sources      []AnalyticsRow   `json:"sources"`
	Campaigns    []AnalyticsRow   `json:"campaigns"`
	Devices      []AnalyticsRow   `json:"devices"`
	Funnel       []FunnelStep     `json:"funnel"`
	Vitals       []VitalsRow      `json:"vitals"`
}

// AnalyticsSpan is the days a report covers, from and to included, read
// from their YYYY-MM-DD; an empty from or to is 30 days ending today.
func AnalyticsSpan(from, to string, now time.Time) (start, end time.Time, err error) {
	today := now.UTC().Truncate(24 * time.Hour)
	end, start = today, today.AddDate(0, 0, -29)
	var v fieldErrors
	if to != "" {
		if end, err = time.Parse(time.DateOnly, to); err != nil {
			v.add("to", "To must be a date, such as 2026-05-31.")
		}
	}
	if from != "" {
		if start, err = time.Parse(time.DateOnly, from); err != nil {
			v.add("from", "From must be a date, such as 2026-05-01.")
		}
	} else if to != "" {
		start = end.AddDate(0, 0, -29)
	}
	if err := v.err(); err != nil {
		return start, end, err
	}
	switch {
	case end.Before(start):
		v.add("to", "To must not be before from.")
	case end.Sub(start) >= MaxAnalyticsDays*24*time.Hour:
		v.add("from", "A report covers at most two years.")
	}
	return start, end, v.err()
}

// NewAnalyticsReport makes the report of the days from start to end (both
// included) from their rollups and those of the span as long before it.
// ownHost is the site's host, whose referrers are no source.
func NewAnalyticsReport(start, end time.Time, cur, prev *AnalyticsRollups, ownHost string) *AnalyticsReport {
	r := &AnalyticsReport{From: start.Format(time.DateOnly), To: end.Format(time.DateOnly),
		AnalyticsTotals: totalsOf(cur), Previous: totalsOf(prev)}
	r.Series = seriesOf(start, end, cur)

	days := map[[2]string]*DailyCount{}
	for _, d := range cur.Daily {
		k := [2]string{d.Kind, d.Key}
		if days[k] == nil {
			days[k] = &DailyCount{Kind: d.Kind, Key: d.Key}
		}
		t := days[k]
		t.Visitors, t.Pageviews, t.Entries = t.Visitors+d.Visitors, t.Pageviews+d.Pageviews, t.Entries+d.Entries
	}
	leads := map[[2]string]int64{}
	var booked int64
	for _, l := range cur.Leads {
		if l.Booked {
			booked++
		}
		read := l.PagesRead
		if len(read) == 0 && l.Page != "" {
			read = []string{l.Page}
		}
		for _, p := range uniqueStrings(read) {
			leads[[2]string{VisitorsPage, p}]++
		}
		landing := l.LandingPage
		if landing == "" {
			landing = l.Page
		}
		if landing != "" {
			leads[[2]string{VisitorsLanding, landing}]++
		}
		leads[[2]string{VisitorsSource, SourceOf(l.Referrer, ownHost)}]++
		if c := CampaignOf(l.UTM); c != "" {
			leads[[2]string{VisitorsCampaign, c}]++
		}
	}
	for k := range leads {
		if days[k] == nil {
			days[k] = &DailyCount{Kind: k[0], Key: k[1]}
		}
	}
	rows := map[string][]AnalyticsRow{}
	for k, d := range days {
		kind, key := k[0], k[1]
		if kind == VisitorsSite || kind == VisitorsStep {
			continue
		}
		row := AnalyticsRow{Visitors: d.Visitors, Pageviews: d.Pageviews, Leads: leads[k]}
		row.ConversionRate = rate(row.Leads, row.Visitors)
		switch kind {
		case VisitorsPage:
			row.Path = key
		case VisitorsLanding:
			// A landing page's views are the visits it began.
			row.Path, row.Pageviews = key, d.Entries
		case VisitorsSource:
			row.Source, row.Group = key, SourceGroup(key)
		case VisitorsCampaign:
			row.Campaign = key
		case VisitorsDevice:
			row.Device = key
		}
		rows[kind] = append(rows[kind], row)
	}
	step := func(key string) int64 {
		if d := days[[2]string{VisitorsStep, key}]; d != nil {
			return d.Visitors
		}
		return 0
	}
	r.Pages = topRows(rows[VisitorsPage])
	r.LandingPages = topRows(rows[VisitorsLanding])
	r.Sources = topRows(rows[VisitorsSource])
	r.Campaigns = topRows(rows[VisitorsCampaign])
	r.Devices = topRows(rows[VisitorsDevice])
	r.Funnel = []FunnelStep{
		{Step: "visit", Label: "Visited the site", Visitors: r.Visitors},
		{Step: StepInterest, Label: "Looked at the AI journey or went for the contact form", Visitors: step(StepInterest)},
		{Step: StepStart, Label: "Started a lead form", Visitors: step(StepStart)},
		{Step: "lead", Label: "Sent a lead", Visitors: r.Leads},
		{Step: "meeting", Label: "Booked a consultation", Visitors: booked},
	}
	r.Vitals = vitalsOf(cur.Vitals)
	return r
}

func totalsOf(r *AnalyticsRollups) AnalyticsTotals {
	var t AnalyticsTotals
	if r == nil {
		return t
	}
	for _, d := range r.Daily {
		if d.Kind == VisitorsSite {
			t.Visitors += d.Visitors
			t.Pageviews += d.Pageviews
		}
	}
	t.Leads = int64(len(r.Leads))
	t.ConversionRate = rate(t.Leads, t.Visitors)
	return t
}

// rate is leads per visitor, 0 without visitors.
func rate(leads, visitors int64) float64 {
	if visitors == 0 {
		return 0
	}
	return float64(leads) / float64(visitors)
}

// seriesOf gives a point for every day of the span, or every hour of a
// span of one day.
func seriesOf(start, end time.Time, r *AnalyticsRollups) []AnalyticsPoint {
	step, n := 24*time.Hour, int(end.Sub(start)/(24*time.Hour))+1
	if n == 1 {
		step, n = time.Hour, 24
	}
	points := make([]AnalyticsPoint, n)
	for i := range points {
		points[i].At = start.Add(time.Duration(i) * step)
	}
	at := func(t time.Time) *AnalyticsPoint {
		i := int(t.Sub(start) / step)
		if t.Before(start) || i >= n {
			return nil
		}
		return &points[i]
	}
	if step == time.Hour {
		for _, c := range r.Counts {
			if p := at(c.Hour); p != nil {
				p.Pageviews += c.Pageviews
			}
		}
	}
	for _, l := range r.Leads {
		if p := at(l.CreatedAt); p != nil {
			p.Leads++
		}
	}
	for _, d := range r.Daily {
		if d.Kind != VisitorsSite {
			continue
		}
		day, err := time.Parse(time.DateOnly, d.Day)
		if err != nil {
			continue
		}
		if step == time.Hour {
			// Visitors are counted by day: a report of one day shows
			// them on its first hour.
			points[0].Visitors += d.Visitors
		} else if p := at(day); p != nil {
			p.Visitors, p.Pageviews = p.Visitors+d.Visitors, p.Pageviews+d.Pageviews
		}
	}
	return points
}

// topRows sorts rows by visitors, then leads, then page views, and keeps
// MaxAnalyticsRows of them.
func topRows(rows []AnalyticsRow) []AnalyticsRow {
	slices.SortFunc(rows, func(a, b AnalyticsRow) int {
		return cmp.Or(cmp.Compare(b.Visitors, a.Visitors), cmp.Compare(b.Leads, a.Leads),
			cmp.Compare(b.Pageviews, a.Pageviews), cmp.Compare(a.Path+a.Source+a.Campaign+a.Device, b.Path+b.Source+b.Campaign+b.Device))
	})
	if rows == nil {
		rows = []AnalyticsRow{}
	}
	return rows[:min(len(rows), MaxAnalyticsRows)]
}

// vitalsOf sums the buckets of each page's metrics into their summaries,
// the pages with the most measures first.
func vitalsOf(counts []VitalCount) []VitalsRow {
	type key struct{ path, metric string }
	buckets := map[key]map[int]int64{}
	for _, c := range counts {
		k := key{c.Path, c.Metric}
		if buckets[k] == nil {
			buckets[k] = map[int]int64{}
		}
		buckets[k][c.Bucket] += c.N
	}
	byPath := map[string]*VitalsRow{}
	for k, b := range buckets {
		row := byPath[k.path]
		if row == nil {
			row = &VitalsRow{Path: k.path}
			byPath[k.path] = row
		}
		s := vitalSummary(k.metric, b)
		switch k.metric {
		case VitalLCP:
			row.LCP = s
		case VitalINP:
			row.INP = s
		case VitalCLS:
			row.CLS = s
		case VitalTTFB:
			row.TTFB = s
		}
		row.Samples = max(row.Samples, s.Samples)
	}
	out := make([]VitalsRow, 0, len(byPath))
	for _, row := range byPath {
		out = append(out, *row)
	}
	slices.SortFunc(out, func(a, b VitalsRow) int {
		return cmp.Or(cmp.Compare(b.Samples, a.Samples), cmp.Compare(a.Path, b.Path))
	})
	return out[:min(len(out), MaxAnalyticsRows)]
}

// vitalSummary reads a metric's 75th percentile from the counts of its
// buckets, and its shares from the counts of its ratings.
func vitalSummary(metric string, buckets map[int]int64) *VitalSummary {
	keys := slices.Sorted(maps.Keys(buckets))
	s := &VitalSummary{}
	for _, b := range keys {
		if b >= 0 {
			s.Samples += buckets[b]
		}
	}
	if s.Samples == 0 {
		return s
	}
	var seen int64
	for _, b := range keys {
		if b < 0 {
			continue
		}
		if seen += buckets[b]; seen*4 >= s.Samples*3 {
			s.P75 = VitalValue(metric, b)
			break
		}
	}
	share := func(rating string) float64 { return float64(buckets[VitalRatingBucket(rating)]) / float64(s.Samples) }
	s.Good, s.NeedsImprovement, s.Poor = share("good"), share("ni"), share("poor")
	return s
}

func uniqueStrings(list []string) []string {
	seen := make(map[string]bool, len(list))
	out := list[:0:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
