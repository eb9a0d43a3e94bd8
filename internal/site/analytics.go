package site

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The events the site's script sends to POST /api/events.
const (
	EventPageview  = "pageview"
	EventLeadStart = "lead_start"
	EventCTAClick  = "cta_click"
	EventVitals    = "vitals"
)

// EventTypes lists every event type.
var EventTypes = []string{EventPageview, EventLeadStart, EventCTAClick, EventVitals}

// The real-user speed metrics of an EventVitals (Core Web Vitals, and the
// time to the first byte).
const (
	VitalLCP  = "LCP"
	VitalINP  = "INP"
	VitalCLS  = "CLS"
	VitalTTFB = "TTFB"
)

// Vitals lists the metrics, in the order reports show them.
var Vitals = []string{VitalLCP, VitalINP, VitalCLS, VitalTTFB}

// Limits of an event: the bytes of its body, and of its fields.
const (
	MaxEventBytes    = 2048
	MaxEventPath     = 500
	MaxEventReferrer = 1000
	MaxEventUTM      = 200
	MaxEventName     = 100
	MaxEventWidth    = 20000
)

// EventUTM are the UTM parameters of the visit's landing address.
type EventUTM struct {
	Source   string `json:"source" text:"strip"`
	Medium   string `json:"medium" text:"strip"`
	Campaign string `json:"campaign" text:"strip"`
	Term     string `json:"term" text:"strip"`
	Content  string `json:"content" text:"strip"`
}

// Event is one thing a visitor did, as the site's script reports it:
// where (the page's path), how the visit came (the referrer and UTM
// parameters of its landing page), on what width of screen, and for a
// CTA's click its name, for vitals the metric and its value.
type Event struct {
	Type     string   `json:"type"`
	Path     string   `json:"path" text:"strip"`
	Referrer string   `json:"referrer" text:"strip"`
	UTM      EventUTM `json:"utm"`
	Width    int      `json:"width"`
	// Landing marks the first page view of a visit.
	Landing bool    `json:"landing"`
	Name    string  `json:"name" text:"strip"`
	Value   float64 `json:"value"`
}

// Validate checks the event's fields against their limits, and cuts the
// visit's referrer and UTM parameters to theirs.
func (e *Event) Validate() error {
	var v fieldErrors
	if !slices.Contains(EventTypes, e.Type) {
		v.add("type", "Type must be one of "+strings.Join(EventTypes, ", ")+".")
	}
	if !strings.HasPrefix(e.Path, "/") || strings.HasPrefix(e.Path, "//") || strings.ContainsAny(e.Path, "?#") || len(e.Path) > MaxEventPath {
		v.add("path", "Path must be the page's path, starting with /, at most 500 characters.")
	}
	// The visit's fields come from the landing address, not the visitor:
	// cut rather than refused, as a lead's are.
	e.Referrer = truncate(e.Referrer, MaxEventReferrer)
	for _, u := range []*string{&e.UTM.Source, &e.UTM.Medium, &e.UTM.Campaign, &e.UTM.Term, &e.UTM.Content} {
		*u = truncate(*u, MaxEventUTM)
	}
	if e.Width < 0 || e.Width > MaxEventWidth {
		v.add("width", "Width must be the screen's width in pixels.")
	}
	v.maxLen("name", e.Name, MaxEventName, "Name")
	if e.Type == EventVitals {
		if !slices.Contains(Vitals, e.Name) {
			v.add("name", "Name must be one of "+strings.Join(Vitals, ", ")+".")
		}
		if math.IsNaN(e.Value) || e.Value < 0 || e.Value > vitalMax(e.Name) {
			v.add("value", "Value must be the metric's measure.")
		}
	}
	return v.err()
}

// vitalMax is the largest value of a metric taken as measured: ten
// minutes for the times, 100 for the layout shift.
func vitalMax(name string) float64 {
	if name == VitalCLS {
		return 100
	}
	return 600_000
}

// DefaultAnalyticsRetention is how long the analytics keep their counts
// by default: two years, for a year's comparison with the one before.
const DefaultAnalyticsRetention = 2 * 365 * 24 * time.Hour

// Device classes, by the width of the screen.
const (
	DeviceMobile  = "mobile"
	DeviceTablet  = "tablet"
	DeviceDesktop = "desktop"
)

// DeviceClass is the class of a screen width in CSS pixels; "" for none.
func DeviceClass(width int) string {
	switch {
	case width <= 0:
		return ""
	case width < 768:
		return DeviceMobile
	case width < 1024:
		return DeviceTablet
	}
	return DeviceDesktop
}

// Source groups of the visits.
const (
	SourceDirect   = "direct"
	SourceSearch   = "search"
	SourceSocial   = "social"
	SourceReferral = "referral"
)

// SourceOf is the visit's source: the host of the landing page's referrer,
// without "www.", lower case; "" (direct) for none or for the site's own
// host.
func SourceOf(referrer, ownHost string) string {
	u, err := url.Parse(strings.TrimSpace(referrer))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "android-app") {
		return ""
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	if host == "" || host == strings.TrimPrefix(strings.ToLower(ownHost), "www.") {
		return ""
	}
	if len(host) > 100 {
		host = host[:100]
	}
	return host
}

// searchHosts and socialHosts name the sources of each group by a part of
// their host.
var (
	searchHosts = []string{"google.", "bing.", "duckduckgo.", "yahoo.", "baidu.", "yandex.", "ecosia.", "qwant.", "startpage.", "search.brave.", "kagi."}
	socialHosts = []string{"linkedin.", "lnkd.in", "twitter.", "t.co", "x.com", "facebook.", "fb.", "instagram.", "youtube.", "youtu.be", "reddit.", "news.ycombinator.", "mastodon.", "bsky.", "threads.", "xing."}
)

// SourceGroup is the group of a source (SourceOf): direct, search, social
// or referral.
func SourceGroup(source string) string {
	if source == "" {
		return SourceDirect
	}
	for _, h := range searchHosts {
		if hostHas(source, h) {
			return SourceSearch
		}
	}
	for _, h := range socialHosts {
		if hostHas(source, h) {
			return SourceSocial
		}
	}
	return SourceReferral
}

// hostHas reports whether host is, or is under, the source named by part:
// a name ending in "." stands for that name under any country's or
// generic top-level domain (google. for google.com, google.co.uk), a name
// without it for itself and its subdomains.
func hostHas(host, part string) bool {
	if !strings.HasSuffix(part, ".") {
		return host == part || strings.HasSuffix(host, "."+part)
	}
	i := strings.Index(host, part)
	if i < 0 || (i > 0 && host[i-1] != '.') {
		return false
	}
	for _, label := range strings.Split(host[i+len(part):], ".") {
		if label == "" || len(label) > 3 {
			return false
		}
	}
	return true
}

// CampaignOf names a visit's campaign by its UTM source, medium and
// campaign ("newsletter / email / spring"); "" when it has none.
func CampaignOf(u EventUTM) string {
	if u.Source == "" && u.Medium == "" && u.Campaign == "" {
		return ""
	}
	return strings.Join([]string{orDash(u.Source), orDash(u.Medium), orDash(u.Campaign)}, " / ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// botMarks are parts of the user agents of crawlers, monitors and
// scripts, in lower case: their events are not counted.
var botMarks = []string{"bot", "crawl", "spider", "slurp", "facebookexternalhit", "embedly", "preview",
	"lighthouse", "pagespeed", "pingdom", "uptime", "monitor", "curl/", "wget/", "python", "go-http-client",
	"java/", "okhttp", "httpclient", "headless", "phantomjs", "scrapy", "feedfetcher", "mediapartners"}

// IsBot reports whether ua is a crawler's, a monitor's or a script's
// rather than a person's browser; an empty one counts as a bot.
func IsBot(ua string) bool {
	ua = strings.ToLower(ua)
	if !strings.HasPrefix(ua, "mozilla/") {
		return true
	}
	for _, m := range botMarks {
		if strings.Contains(ua, m) {
			return true
		}
	}
	return false
}

// VisitorID is a visitor's id for one day: a keyed hash of the client's
// address and user agent under the day's salt, which is never kept past
// its day, so that ids of two days cannot be joined, and neither the
// address nor the user agent can be read back.
func VisitorID(salt []byte, addr, ua string) string {
	m := hmac.New(sha256.New, salt)
	m.Write([]byte(addr))
	m.Write([]byte{0})
	m.Write([]byte(ua))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// AnalyticsDay is the day, in UTC, that a time belongs to, as the salts
// and the visitor counts are kept: YYYY-MM-DD.
func AnalyticsDay(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// VitalRating says how a measure of a metric does against Google's
// thresholds: "good", "ni" (needs improvement) or "poor".
func VitalRating(name string, v float64) string {
	good, poor := vitalThresholds(name)
	switch {
	case v <= good:
		return "good"
	case v <= poor:
		return "ni"
	}
	return "poor"
}

func vitalThresholds(name string) (good, poor float64) {
	switch name {
	case VitalLCP:
		return 2500, 4000
	case VitalINP:
		return 200, 500
	case VitalCLS:
		return 0.1, 0.25
	}
	return 800, 1800 // TTFB
}

// Vital measures are counted in buckets that grow by vitalStep each: a
// quantile read from them is within 4 % of the measure's.
const vitalStep = 1.08

// vitalScale turns a metric's value into the buckets' unit: milliseconds,
// or thousandths of the layout shift score.
func vitalScale(name string) float64 {
	if name == VitalCLS {
		return 1000
	}
	return 1
}

// VitalBucket is the bucket of a measure of the metric.
func VitalBucket(name string, v float64) int {
	return int(math.Floor(math.Log1p(v*vitalScale(name)) / math.Log(vitalStep)))
}

// VitalRatingBucket is the bucket that counts the measures of a rating
// (VitalRating), exactly, beside the buckets of their values: -1 good,
// -2 needs improvement, -3 poor.
func VitalRatingBucket(rating string) int {
	switch rating {
	case "good":
		return -1
	case "ni":
		return -2
	}
	return -3
}

// VitalValue is the measure a bucket stands for: its middle.
func VitalValue(name string, bucket int) float64 {
	return math.Expm1((float64(bucket)+0.5)*math.Log(vitalStep)) / vitalScale(name)
}

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
