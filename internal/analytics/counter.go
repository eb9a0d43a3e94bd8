// Package analytics counts what visitors do on the site, in memory, and
// writes the counts every few seconds as rollups: never a write per
// visitor, and never a cookie, an address or a user agent kept. Visitors
// are told apart within a day by a keyed hash under the day's salt
// (site.VisitorID), which the store deletes when the day is over.
package analytics

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"meridian/internal/site"
)

// FlushEvery is how often an instance writes its counts by default.
const FlushEvery = 10 * time.Second

// NotFoundPath is the path under which the views of addresses the site
// does not serve are counted: a script that sends random paths makes one
// row, not one per path.
const NotFoundPath = "(not found)"

// Bounds of what one instance keeps in memory: the rows of counts between
// two writes (past it, a new combination of page, source, campaign and
// device is counted under the source "(other)"), and the visitor marks of
// a day it remembers having written (past it, it forgets them and lets
// the store tell the new ones).
const (
	maxCountKeys = 20_000
	maxSeen      = 1_000_000
	otherSource  = "(other)"
)

// Visit is what the server knows of the client that sent an event, to
// tell visitors apart: the address (its /64 for IPv6) and the user agent.
// Anonymous visits (Sec-GPC or DNT) are counted in the totals of page
// views and events only, with no visitor id.
type Visit struct {
	Addr, UserAgent string
	Anonymous       bool
}

// Counter counts the events of one instance. Build it with its fields set.
type Counter struct {
	Store  site.AnalyticsService
	Logger *slog.Logger
	// Host is the site's own host, whose referrers are no source.
	Host string
	// Clock is the time; nil means time.Now.
	Clock func() time.Time

	mu     sync.Mutex
	day    string
	salt   []byte
	counts map[countKey]*site.AnalyticsCount
	marks  []site.VisitorMark
	// seen holds the day's marks by their hashes (as the store keeps
	// them): numbers, which the garbage collector need not scan.
	seen   map[int64]struct{}
	vitals map[site.VitalCount]int64
}

type countKey struct {
	hour                           time.Time
	path, source, campaign, device string
}

func (c *Counter) now() time.Time {
	if c.Clock != nil {
		return c.Clock().UTC()
	}
	return time.Now().UTC()
}

// Count counts one event, already validated, of a visit. The salt of a
// new day is read from the store (once a day); a failure to read it is
// returned and nothing is counted.
func (c *Counter) Count(ctx context.Context, e *site.Event, v Visit) error {
	now := c.now()
	day := site.AnalyticsDay(now)
	salt, err := c.saltOf(ctx, day)
	if err != nil {
		return err
	}
	visitor := ""
	if !v.Anonymous {
		visitor = site.VisitorID(salt, v.Addr, v.UserAgent)
	}
	source, campaign, device := site.SourceOf(e.Referrer, c.Host), site.CampaignOf(e.UTM), site.DeviceClass(e.Width)

	c.mu.Lock()
	defer c.mu.Unlock()
	mark := func(kind, key string) {
		if visitor == "" {
			return
		}
		m := site.VisitorMark{Day: day, Kind: kind, Key: key, Visitor: visitor}
		h := m.Hash()
		if _, ok := c.seen[h]; ok {
			return
		}
		if len(c.seen) >= maxSeen {
			clear(c.seen)
		}
		c.seen[h] = struct{}{}
		c.marks = append(c.marks, m)
	}
	if e.Type == site.EventVitals {
		for _, m := range e.Measures() {
			k := site.VitalCount{Day: day, Path: e.Path, Metric: m.Name}
			k.Bucket = site.VitalBucket(m.Name, m.Value)
			c.vitals[k]++
			k.Bucket = site.VitalRatingBucket(site.VitalRating(m.Name, m.Value))
			c.vitals[k]++
		}
		return nil
	}
	k := countKey{hour: now.Truncate(time.Hour), path: e.Path, source: source, campaign: campaign, device: device}
	n := c.counts[k]
	if n == nil {
		if len(c.counts) >= maxCountKeys {
			k.source, k.campaign = otherSource, ""
		}
		if n = c.counts[k]; n == nil {
			n = &site.AnalyticsCount{Hour: k.hour, Path: k.path, Source: k.source, Campaign: k.campaign, Device: k.device}
			c.counts[k] = n
		}
	}
	switch e.Type {
	case site.EventPageview:
		n.Pageviews++
		mark(site.VisitorsSite, "")
		mark(site.VisitorsPage, e.Path)
		mark(site.VisitorsSource, source)
		if campaign != "" {
			mark(site.VisitorsCampaign, campaign)
		}
		if device != "" {
			mark(site.VisitorsDevice, device)
		}
		if e.Landing {
			n.Entries++
			mark(site.VisitorsLanding, e.Path)
		}
		if e.Path == site.JourneyPath {
			mark(site.VisitorsStep, site.StepInterest)
		}
	case site.EventLeadStart:
		n.LeadStarts++
		mark(site.VisitorsStep, site.StepInterest)
		mark(site.VisitorsStep, site.StepStart)
	case site.EventCTAClick:
		n.CTAClicks++
		mark(site.VisitorsStep, site.StepInterest)
	}
	return nil
}

// saltOf returns the salt of day, reading it from the store when the day
// is new to the counter; what was counted on the day before stays to be
// written.
func (c *Counter) saltOf(ctx context.Context, day string) ([]byte, error) {
	c.mu.Lock()
	if c.day == day {
		salt := c.salt
		c.mu.Unlock()
		return salt, nil
	}
	c.mu.Unlock()
	salt, err := c.Store.AnalyticsSalt(ctx, day)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.day < day {
		c.day, c.salt = day, salt
		c.seen = map[int64]struct{}{}
		if c.counts == nil {
			c.counts = map[countKey]*site.AnalyticsCount{}
			c.vitals = map[site.VitalCount]int64{}
		}
	}
	return c.salt, nil
}

// take returns what was counted since the last take, and starts afresh.
func (c *Counter) take() *site.AnalyticsBatch {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := &site.AnalyticsBatch{Visitors: c.marks}
	for _, n := range c.counts {
		b.Counts = append(b.Counts, *n)
	}
	for k, n := range c.vitals {
		k.N = n
		b.Vitals = append(b.Vitals, k)
	}
	c.marks = nil
	if c.counts != nil {
		c.counts = map[countKey]*site.AnalyticsCount{}
		c.vitals = map[site.VitalCount]int64{}
	}
	return b
}

// Flush writes what was counted since the last flush. Counts that fail to
// be written are dropped (and logged), as the hit logs' are: the
// analytics are a guide, not an account.
func (c *Counter) Flush(ctx context.Context) {
	b := c.take()
	if b.Empty() {
		return
	}
	if err := c.Store.RecordAnalytics(ctx, b); err != nil {
		c.Logger.ErrorContext(ctx, "analytics: write failed", "counts", len(b.Counts), "visitors", len(b.Visitors), "err", err)
	}
}
