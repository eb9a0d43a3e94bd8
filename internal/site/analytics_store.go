package site

// What the analytics keep: the kinds of visitor counts, the rows an
// instance writes, and the service that stores them.

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// The kinds of visitor counts: the whole site (key ""), and by page,
// landing page, source, campaign, device class and step of the funnel.
const (
	VisitorsSite     = "site"
	VisitorsPage     = "page"
	VisitorsLanding  = "landing"
	VisitorsSource   = "source"
	VisitorsCampaign = "campaign"
	VisitorsDevice   = "device"
	VisitorsStep     = "step"
)

// JourneyPath is the address of the free-consultation page, whose visit
// is a step of the funnel.
const JourneyPath = "/ai-journey"

// The steps of the funnel counted by visitors, between a visit and a
// lead: the visitor looked at the AI journey or went for the contact
// form (a CTA's click), then started filling a lead form.
const (
	StepInterest = "interest"
	StepStart    = "start"
)

// AnalyticsCount is what one instance counted in one hour for one page,
// source, campaign and device class.
type AnalyticsCount struct {
	Hour       time.Time
	Path       string
	Source     string
	Campaign   string
	Device     string
	Pageviews  int64
	Entries    int64
	LeadStarts int64
	CTAClicks  int64
}

// VisitorMark says that a visitor was seen on a day for a key of a kind.
type VisitorMark struct {
	Day, Kind, Key, Visitor string
}

// Hash is the number that stands for the mark in the store: a 64-bit
// FNV-1a hash of its day, kind, key and visitor, the same in every
// instance. The visitor is itself a keyed hash, so the numbers are spread
// evenly and cannot be aimed at one another.
func (m VisitorMark) Hash() int64 {
	// FNV-1a, written out: hash/fnv would copy each text to bytes, and a
	// busy site hashes several marks a page view.
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, s := range [...]string{m.Day, m.Kind, m.Key, m.Visitor} {
		for i := range len(s) {
			h ^= uint64(s[i])
			h *= prime
		}
		h *= prime // the 0 that ends each text
	}
	return int64(h)
}

// DailyCount is a day's figures for a key of a kind: its distinct
// visitors, and its page views (for a landing page, its entries), starts
// of a lead form and clicks of calls to action.
type DailyCount struct {
	Day, Kind, Key string
	Visitors       int64
	Pageviews      int64
	Entries        int64
	LeadStarts     int64
	CTAClicks      int64
}

// DailyCounts folds hourly counts and the counts of new visitors into one
// row for each day, kind and key, sorted by them: what a batch adds to
// each day's figures. A count adds to the whole site, its page, its
// source, and its campaign and device class when it has them; its
// entries to its page as a landing page too.
func DailyCounts(counts []AnalyticsCount, visitors []DailyCount) []DailyCount {
	type key struct{ day, kind, key string }
	sum := map[key]*DailyCount{}
	at := func(day, kind, k string) *DailyCount {
		d := sum[key{day, kind, k}]
		if d == nil {
			d = &DailyCount{Day: day, Kind: kind, Key: k}
			sum[key{day, kind, k}] = d
		}
		return d
	}
	for _, c := range counts {
		day := AnalyticsDay(c.Hour)
		for _, d := range []*DailyCount{at(day, VisitorsSite, ""), at(day, VisitorsPage, c.Path), at(day, VisitorsSource, c.Source)} {
			d.Pageviews, d.Entries, d.LeadStarts, d.CTAClicks = d.Pageviews+c.Pageviews, d.Entries+c.Entries, d.LeadStarts+c.LeadStarts, d.CTAClicks+c.CTAClicks
		}
		if c.Campaign != "" {
			d := at(day, VisitorsCampaign, c.Campaign)
			d.Pageviews, d.Entries = d.Pageviews+c.Pageviews, d.Entries+c.Entries
		}
		if c.Device != "" {
			at(day, VisitorsDevice, c.Device).Pageviews += c.Pageviews
		}
		if c.Entries > 0 {
			at(day, VisitorsLanding, c.Path).Entries += c.Entries
		}
	}
	for _, v := range visitors {
		at(v.Day, v.Kind, v.Key).Visitors += v.Visitors
	}
	out := make([]DailyCount, 0, len(sum))
	for _, d := range sum {
		out = append(out, *d)
	}
	slices.SortFunc(out, func(x, y DailyCount) int {
		return cmp.Or(cmp.Compare(x.Day, y.Day), cmp.Compare(x.Kind, y.Kind), cmp.Compare(x.Key, y.Key))
	})
	return out
}

// VitalCount is how many measures of a metric on a page fell in one
// bucket on a day.
type VitalCount struct {
	Day, Path, Metric string
	Bucket            int
	N                 int64
}

// AnalyticsBatch is what one instance counted since it last wrote.
type AnalyticsBatch struct {
	Counts   []AnalyticsCount
	Visitors []VisitorMark
	Vitals   []VitalCount
}

// Empty reports whether the batch holds nothing to write.
func (b *AnalyticsBatch) Empty() bool {
	return len(b.Counts) == 0 && len(b.Visitors) == 0 && len(b.Vitals) == 0
}

// LeadVisit is what the analytics read of a lead: when it came, and what
// its visit was.
type LeadVisit struct {
	CreatedAt   time.Time
	Page        string
	LandingPage string
	PagesRead   []string
	Referrer    string
	UTM         EventUTM
	// Booked says whether its visitor booked the consultation, a meeting
	// not cancelled since.
	Booked bool
}

// AnalyticsRollups are the stored counts of a span of time: each day's
// figures by key, and for a span of one day its hours.
type AnalyticsRollups struct {
	Counts []AnalyticsCount
	Daily  []DailyCount
	Vitals []VitalCount
	Leads  []LeadVisit
}

// AnalyticsService keeps the counts of the analytics.
type AnalyticsService interface {
	// AnalyticsSalt returns the salt of the visitor ids of day (made by
	// the first instance to ask, the same for all), and deletes the salts
	// and the visitor marks of the days before it.
	AnalyticsSalt(ctx context.Context, day string) ([]byte, error)
	// RecordAnalytics adds one instance's counts in one transaction. A
	// visitor mark new to its day and key adds one to the key's visitors
	// of the day; one counted before adds nothing.
	RecordAnalytics(ctx context.Context, b *AnalyticsBatch) error
	// FindAnalytics returns the figures of the days from from (included)
	// to to (excluded), the counts of its hours when it is one day, and
	// the leads (not spam) sent then.
	FindAnalytics(ctx context.Context, from, to time.Time) (*AnalyticsRollups, error)
	// DeleteAnalyticsBefore deletes the counts of the time before t.
	DeleteAnalyticsBefore(ctx context.Context, t time.Time) error
}
