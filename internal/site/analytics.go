package site

import (
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
// CTA's click its name, for vitals the metric and its value, or the
// page's metrics together in Vitals.
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
	// Vitals are metrics of the page sent at once, as the script sends
	// those final at the same moment: one request where each would take
	// its own.
	Vitals []Vital `json:"vitals"`
}

// Vital is one measure of a page's real-user speed.
type Vital struct {
	Name  string  `json:"name" text:"strip"`
	Value float64 `json:"value"`
}

// Measures are the metrics of a vitals event: its list, or its one name
// and value.
func (e *Event) Measures() []Vital {
	if len(e.Vitals) > 0 {
		return e.Vitals
	}
	return []Vital{{Name: e.Name, Value: e.Value}}
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
	switch {
	case len(e.Vitals) > 0 && (e.Type != EventVitals || e.Name != "" || len(e.Vitals) > len(Vitals)):
		v.add("vitals", "Vitals go with the type vitals and no name: each of "+strings.Join(Vitals, ", ")+" at most once.")
	case len(e.Vitals) > 0:
		for i, m := range e.Vitals {
			if !slices.Contains(Vitals, m.Name) || slices.ContainsFunc(e.Vitals[:i], func(o Vital) bool { return o.Name == m.Name }) {
				v.add("vitals", "Each vital's name must be one of "+strings.Join(Vitals, ", ")+", each at most once.")
			} else if !vitalValue(m) {
				v.add("vitals", "Each vital's value must be the metric's measure.")
			}
		}
	case e.Type == EventVitals:
		if !slices.Contains(Vitals, e.Name) {
			v.add("name", "Name must be one of "+strings.Join(Vitals, ", ")+".")
		}
		if !vitalValue(Vital{e.Name, e.Value}) {
			v.add("value", "Value must be the metric's measure.")
		}
	}
	return v.err()
}

// vitalValue reports whether m's value can be a measure of its metric.
func vitalValue(m Vital) bool {
	return !math.IsNaN(m.Value) && m.Value >= 0 && m.Value <= vitalMax(m.Name)
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
