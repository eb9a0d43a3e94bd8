package site

import (
	"hash/fnv"
	"math"
	"strings"
	"testing"
)

func TestEventValidate(t *testing.T) {
	ok := Event{Type: EventPageview, Path: "/about-us", Referrer: "https://www.google.com/", Width: 1280,
		UTM: EventUTM{Source: "newsletter", Medium: "email", Campaign: "spring"}}
	if err := ok.Validate(); err != nil {
		t.Fatalf("a page view: %v", err)
	}
	long := Event{Type: EventPageview, Path: "/", Referrer: "https://x.example/" + strings.Repeat("r", MaxEventReferrer), UTM: EventUTM{Term: strings.Repeat("u", 300)}}
	if err := long.Validate(); err != nil || len(long.Referrer) != MaxEventReferrer || len(long.UTM.Term) != MaxEventUTM {
		t.Errorf("a long referrer and term: %v, cut to %d and %d", err, len(long.Referrer), len(long.UTM.Term))
	}
	vitals := Event{Type: EventVitals, Path: "/", Name: VitalCLS, Value: 0.05}
	if err := vitals.Validate(); err != nil {
		t.Fatalf("a layout shift: %v", err)
	}
	page := Event{Type: EventVitals, Path: "/", Vitals: []Vital{{VitalLCP, 1800}, {VitalCLS, 0.02}, {VitalINP, 120}, {VitalTTFB, 300}}}
	if err := page.Validate(); err != nil || len(page.Measures()) != 4 {
		t.Fatalf("a page's four metrics at once: %v, %d measures", err, len(page.Measures()))
	}
	if m := vitals.Measures(); len(m) != 1 || m[0] != (Vital{VitalCLS, 0.05}) {
		t.Errorf("one metric's measures = %v", m)
	}
	for name, tc := range map[string]struct {
		e     Event
		field string
	}{
		"VitalsOfAPageView":   {Event{Type: EventPageview, Path: "/", Vitals: []Vital{{VitalLCP, 1}}}, "vitals"},
		"VitalsAndAName":      {Event{Type: EventVitals, Path: "/", Name: VitalLCP, Value: 1, Vitals: []Vital{{VitalCLS, 0}}}, "vitals"},
		"AVitalTwice":         {Event{Type: EventVitals, Path: "/", Vitals: []Vital{{VitalLCP, 1}, {VitalLCP, 2}}}, "vitals"},
		"AnUnknownVital":      {Event{Type: EventVitals, Path: "/", Vitals: []Vital{{"FID", 1}}}, "vitals"},
		"AVitalOutOfBounds":   {Event{Type: EventVitals, Path: "/", Vitals: []Vital{{VitalCLS, 101}}}, "vitals"},
		"MoreVitalsThanKnown": {Event{Type: EventVitals, Path: "/", Vitals: []Vital{{VitalLCP, 1}, {VitalCLS, 0}, {VitalINP, 1}, {VitalTTFB, 1}, {VitalLCP, 1}}}, "vitals"},
		"UnknownType":         {Event{Type: "click", Path: "/"}, "type"},
		"NoPath":              {Event{Type: EventPageview}, "path"},
		"FullURL":             {Event{Type: EventPageview, Path: "https://example.com/"}, "path"},
		"ProtocolRelative":    {Event{Type: EventPageview, Path: "//evil.example/"}, "path"},
		"Query":               {Event{Type: EventPageview, Path: "/?q=1"}, "path"},
		"LongPath":            {Event{Type: EventPageview, Path: "/" + strings.Repeat("a", MaxEventPath)}, "path"},
		"NegativeWidth":       {Event{Type: EventPageview, Path: "/", Width: -1}, "width"},
		"UnknownMetric":       {Event{Type: EventVitals, Path: "/", Name: "FID", Value: 1}, "name"},
		"NegativeValue":       {Event{Type: EventVitals, Path: "/", Name: VitalLCP, Value: -1}, "value"},
		"NaN":                 {Event{Type: EventVitals, Path: "/", Name: VitalLCP, Value: math.NaN()}, "value"},
		"HugeShift":           {Event{Type: EventVitals, Path: "/", Name: VitalCLS, Value: 101}, "value"},
	} {
		t.Run(name, func(t *testing.T) {
			err := tc.e.Validate()
			if ErrorCode(err) != EINVALID {
				t.Fatalf("%+v: %v, want EINVALID", tc.e, err)
			}
			var se *Error
			if !asError(err, &se) || se.Fields[tc.field] == "" {
				t.Errorf("%+v: fields %v, want a message for %s", tc.e, se.Fields, tc.field)
			}
		})
	}
}

func asError(err error, target **Error) bool {
	se, ok := err.(*Error)
	*target = se
	return ok
}

func TestDeviceClass(t *testing.T) {
	for w, want := range map[int]string{0: "", 320: DeviceMobile, 767: DeviceMobile, 768: DeviceTablet, 1023: DeviceTablet, 1024: DeviceDesktop, 2560: DeviceDesktop} {
		if got := DeviceClass(w); got != want {
			t.Errorf("DeviceClass(%d) = %q, want %q", w, got, want)
		}
	}
}

func TestSources(t *testing.T) {
	for _, tc := range []struct{ referrer, source, group string }{
		{"", "", SourceDirect},
		{"https://meridian.example/services", "", SourceDirect},
		{"https://www.meridian.example/", "", SourceDirect},
		{"https://www.google.com/", "google.com", SourceSearch},
		{"https://www.google.co.uk/search?q=ai", "google.co.uk", SourceSearch},
		{"https://duckduckgo.com/", "duckduckgo.com", SourceSearch},
		{"https://www.linkedin.com/feed/", "linkedin.com", SourceSocial},
		{"https://t.co/abc", "t.co", SourceSocial},
		{"https://x.com/someone", "x.com", SourceSocial},
		{"https://blog.partner.example/post", "blog.partner.example", SourceReferral},
		{"https://linkedin.evil.example/", "linkedin.evil.example", SourceReferral},
		{"https://notx.com/", "notx.com", SourceReferral},
		{"javascript:alert(1)", "", SourceDirect},
		{"not a url", "", SourceDirect},
	} {
		source := SourceOf(tc.referrer, "meridian.example")
		if source != tc.source || SourceGroup(source) != tc.group {
			t.Errorf("%q: source %q in %q, want %q in %q", tc.referrer, source, SourceGroup(source), tc.source, tc.group)
		}
	}
	if got := CampaignOf(EventUTM{Source: "newsletter", Campaign: "spring"}); got != "newsletter / - / spring" {
		t.Errorf("campaign = %q", got)
	}
	if got := CampaignOf(EventUTM{Term: "ai"}); got != "" {
		t.Errorf("campaign of a term alone = %q, want none", got)
	}
}

func TestIsBot(t *testing.T) {
	for ua, want := range map[string]bool{
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36":         false,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0":  false,
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":                                      true,
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)":                                       true,
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0)":                                    true,
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36": true,
		"facebookexternalhit/1.1": true,
		"curl/8.5.0":              true,
		"":                        true,
	} {
		if got := IsBot(ua); got != want {
			t.Errorf("IsBot(%q) = %v, want %v", ua, got, want)
		}
	}
}

func TestVisitorID(t *testing.T) {
	a, b := []byte("salt of monday"), []byte("salt of tuesday")
	id := VisitorID(a, "203.0.113.5", "Mozilla/5.0")
	if id != VisitorID(a, "203.0.113.5", "Mozilla/5.0") {
		t.Error("one visitor has two ids in a day")
	}
	if id == VisitorID(b, "203.0.113.5", "Mozilla/5.0") {
		t.Error("one visitor has the same id on two days")
	}
	if id == VisitorID(a, "203.0.113.6", "Mozilla/5.0") || id == VisitorID(a, "203.0.113.5", "Mozilla/5.1") {
		t.Error("two visitors share an id")
	}
	if strings.Contains(id, "203") || len(id) != 32 {
		t.Errorf("id %q", id)
	}
}

// A mark's number is what every instance, and every version of the site,
// stores for it: FNV-1a of its four texts, each ended by a 0.
func TestVisitorMarkHash(t *testing.T) {
	for _, m := range []VisitorMark{{}, {"2026-11-29", VisitorsPage, "/ai-journey", "0123456789abcdef"}, {Day: "2026-11-29", Key: "é"}} {
		h := fnv.New64a()
		for _, s := range []string{m.Day, m.Kind, m.Key, m.Visitor} {
			h.Write(append([]byte(s), 0))
		}
		if got, want := m.Hash(), int64(h.Sum64()); got != want {
			t.Errorf("%+v: hash %d, want %d", m, got, want)
		}
	}
	if (VisitorMark{Kind: "ab"}).Hash() == (VisitorMark{Kind: "a", Key: "b"}).Hash() {
		t.Error("the texts' ends are not in the hash")
	}
}

func TestVitalBuckets(t *testing.T) {
	for _, name := range Vitals {
		for _, v := range []float64{0.001, 0.05, 0.3, 1, 12, 199, 2500, 4100, 30_000} {
			got := VitalValue(name, VitalBucket(name, v))
			if math.Abs(got-v) > 0.04*v+0.5/vitalScale(name) {
				t.Errorf("%s %v: bucket stands for %v", name, v, got)
			}
		}
	}
	for _, tc := range []struct {
		name  string
		v     float64
		class string
	}{{VitalLCP, 2500, "good"}, {VitalLCP, 2501, "ni"}, {VitalLCP, 4001, "poor"}, {VitalINP, 150, "good"},
		{VitalINP, 600, "poor"}, {VitalCLS, 0.05, "good"}, {VitalCLS, 0.2, "ni"}, {VitalTTFB, 2000, "poor"}} {
		if got := VitalRating(tc.name, tc.v); got != tc.class {
			t.Errorf("%s %v: %s, want %s", tc.name, tc.v, got, tc.class)
		}
	}
}
