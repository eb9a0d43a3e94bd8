package httpd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// browserUA is the user agent of a person's browser.
const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"

// event sends one event of the site's script from a browser at addr.
func (a *testAPI) event(body, addr string, header map[string]string) (int, string) {
	a.t.Helper()
	h := map[string]string{"User-Agent": browserUA, "X-Forwarded-For": addr}
	for k, v := range header {
		h[k] = v
	}
	res, out := a.do("POST", "/api/events", "", body, h)
	return res.StatusCode, out
}

// report reads the analytics of today as the token's user.
func (a *testAPI) report(token string) site.AnalyticsReport {
	a.t.Helper()
	day := a.clock.Now().UTC().Format("2006-01-02")
	res, body := a.do("GET", "/api/admin/analytics?from="+day+"&to="+day, token, "", nil)
	if res.StatusCode != 200 {
		a.t.Fatalf("report: %d %s", res.StatusCode, body)
	}
	var out struct{ Data site.AnalyticsReport }
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		a.t.Fatal(err)
	}
	return out.Data
}

const landingView = `{"type":"pageview","path":"/","landing":true,"referrer":"https://www.google.com/","utm":{"source":"newsletter","medium":"email","campaign":"spring"},"width":390}`

// TestEvents: page views, a lead form's start and a CTA's click of two
// visitors make the report's visitors, page views, landing page, source,
// campaign, device and funnel; a lead sent with its visit counts as the
// landing page's, the campaign's and every page's it read; a crawler,
// staff, a malformed or oversized event and one over the limit count
// nothing.
func TestEvents(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		tokens := a.signIn()
		for _, addr := range []string{"198.51.100.1", "198.51.100.2"} {
			if st, body := a.event(landingView, addr, nil); st != 202 || body != "" {
				t.Fatalf("page view: %d %q, want 202 and no body", st, body)
			}
			a.event(`{"type":"pageview","path":"/services","referrer":"https://www.google.com/","utm":{"source":"newsletter","medium":"email","campaign":"spring"},"width":390}`, addr, nil)
		}
		a.event(`{"type":"cta_click","path":"/","name":"Book a consultation","width":390}`, "198.51.100.1", nil)
		a.event(`{"type":"lead_start","path":"/services","width":390}`, "198.51.100.1", nil)
		a.event(`{"type":"vitals","path":"/","name":"LCP","value":1800}`, "198.51.100.1", nil)
		// A page's metrics at once, as the script sends them when it is hidden.
		if st, body := a.event(`{"type":"vitals","path":"/","vitals":[{"name":"LCP","value":3000},{"name":"CLS","value":0.3},{"name":"INP","value":150}]}`, "198.51.100.2", nil); st != 202 {
			t.Fatalf("a page's vitals at once: %d %s", st, body)
		}
		// Counted as page views, without a visitor: one who asks not to be
		// tracked.
		a.event(`{"type":"pageview","path":"/services","width":1280}`, "198.51.100.3", map[string]string{"Sec-GPC": "1"})

		// Not counted.
		for name, c := range map[string]struct {
			body, ua string
			header   map[string]string
			status   int
		}{
			"Crawler":      {landingView, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", nil, 202},
			"Staff":        {landingView, browserUA, map[string]string{"Cookie": httpx.DraftCookie + "=1.x"}, 202},
			"UnknownType":  {`{"type":"scroll","path":"/"}`, browserUA, nil, 400},
			"NotJSON":      {`{"type":`, browserUA, nil, 400},
			"UnknownField": {`{"type":"pageview","path":"/","email":"a@b.c"}`, browserUA, nil, 400},
			"VitalTwice":   {`{"type":"vitals","path":"/","vitals":[{"name":"LCP","value":1},{"name":"LCP","value":2}]}`, browserUA, nil, 400},
			"TooLarge":     {`{"type":"pageview","path":"/","referrer":"` + strings.Repeat("r", 2100) + `"}`, browserUA, nil, 413},
		} {
			h := map[string]string{"User-Agent": c.ua}
			for k, v := range c.header {
				h[k] = v
			}
			if st, body := a.event(c.body, "198.51.100.9", h); st != c.status {
				t.Errorf("%s: %d %s, want %d", name, st, body, c.status)
			}
		}
		res, _ := a.do("POST", "/api/events", "", "", map[string]string{"Content-Type": "text/plain", "User-Agent": browserUA})
		if res.StatusCode != 415 {
			t.Errorf("text/plain: %d, want 415", res.StatusCode)
		}

		lead := leadJSON("reader@example.com", `"page":"/services","referrer":"https://www.google.com/","utmSource":"newsletter","utmMedium":"email","utmCampaign":"spring","landingPage":"/","pagesRead":["/","/services"]`)
		if res, body := a.do("POST", "/api/contact", "", lead, map[string]string{"X-Forwarded-For": "198.51.100.1"}); res.StatusCode != 201 {
			t.Fatalf("lead: %d %s", res.StatusCode, body)
		}

		r := a.report(tokens["viewer"])
		if r.Visitors != 2 || r.Pageviews != 5 || r.Leads != 1 || r.ConversionRate != 0.5 {
			t.Errorf("totals %+v, want 2 visitors, 5 page views, 1 lead, 0.5", r.AnalyticsTotals)
		}
		rows := func(list []site.AnalyticsRow, key func(site.AnalyticsRow) string) map[string]site.AnalyticsRow {
			m := map[string]site.AnalyticsRow{}
			for _, x := range list {
				m[key(x)] = x
			}
			return m
		}
		pages := rows(r.Pages, func(x site.AnalyticsRow) string { return x.Path })
		if p := pages["/services"]; p.Visitors != 2 || p.Pageviews != 3 || p.Leads != 1 {
			t.Errorf("/services: %+v, want 2 visitors, 3 views, the lead", p)
		}
		if p := pages["/"]; p.Visitors != 2 || p.Leads != 1 {
			t.Errorf("/: %+v", p)
		}
		if len(r.LandingPages) != 1 || r.LandingPages[0].Path != "/" || r.LandingPages[0].Visitors != 2 || r.LandingPages[0].Leads != 1 {
			t.Errorf("landing pages %+v", r.LandingPages)
		}
		sources := rows(r.Sources, func(x site.AnalyticsRow) string { return x.Source })
		if g := sources["google.com"]; g.Group != site.SourceSearch || g.Visitors != 2 || g.Leads != 1 {
			t.Errorf("sources %+v", r.Sources)
		}
		if len(r.Campaigns) != 1 || r.Campaigns[0].Campaign != "newsletter / email / spring" || r.Campaigns[0].Visitors != 2 || r.Campaigns[0].Leads != 1 {
			t.Errorf("campaigns %+v", r.Campaigns)
		}
		devices := rows(r.Devices, func(x site.AnalyticsRow) string { return x.Device })
		if devices[site.DeviceMobile].Visitors != 2 || devices[site.DeviceDesktop].Pageviews != 1 {
			t.Errorf("devices %+v", r.Devices)
		}
		funnel := fmt.Sprint(r.Funnel[0].Visitors, r.Funnel[1].Visitors, r.Funnel[2].Visitors, r.Funnel[3].Visitors)
		if funnel != "2 1 1 1" {
			t.Errorf("funnel %s, want 2 1 1 1", funnel)
		}
		if v := r.Vitals; len(v) != 1 || v[0].LCP == nil || v[0].LCP.Samples != 2 || v[0].LCP.Good != 0.5 || v[0].LCP.NeedsImprovement != 0.5 ||
			v[0].CLS == nil || v[0].CLS.Poor != 1 || v[0].INP == nil || v[0].INP.Good != 1 || v[0].TTFB != nil {
			t.Errorf("vitals %+v", r.Vitals)
		}

		// The lead's visit, in its detail and the export.
		var leads struct {
			Data []site.Lead
		}
		_, body := a.do("GET", "/api/admin/contact-submissions", tokens["admin"], "", nil)
		json.Unmarshal([]byte(body), &leads)
		if len(leads.Data) != 1 || leads.Data[0].LandingPage != "/" || strings.Join(leads.Data[0].PagesRead, " ") != "/ /services" {
			t.Errorf("lead's visit %+v", leads.Data)
		}
		res, csv := a.do("GET", "/api/admin/analytics?format=csv&table=sources", tokens["admin"], "", nil)
		if res.StatusCode != 200 || !strings.Contains(csv, "google.com,search,2,") || !strings.HasPrefix(strings.TrimPrefix(csv, "\uFEFF"), "Source,Group,Visitors") {
			t.Errorf("sources as CSV: %d %q", res.StatusCode, csv)
		}
		if res, _ := a.do("GET", "/api/admin/analytics?format=csv&table=secrets", tokens["admin"], "", nil); res.StatusCode != 400 {
			t.Errorf("an unknown table: %d, want 400", res.StatusCode)
		}
		if res, _ := a.do("GET", "/api/admin/analytics", tokens["editor"], "", nil); res.StatusCode != 403 {
			t.Errorf("an editor reads the analytics: %d, want 403", res.StatusCode)
		}
		if res, _ := a.do("GET", "/api/admin/analytics?from=2026-13-01", tokens["admin"], "", nil); res.StatusCode != 400 {
			t.Errorf("a month 13: %d, want 400", res.StatusCode)
		}
	})
}

// TestEventsLimited: one address sending more events than a reader does is
// refused (429 with Retry-After) and counted no further; pages still
// answer and another address still counts.
func TestEventsLimited(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	tokens := a.signIn()
	for i := range 130 {
		st, _ := a.event(`{"type":"pageview","path":"/x"}`, "203.0.113.50", nil)
		if want := 202; i >= 120 {
			if st != 429 {
				t.Fatalf("event %d: %d, want 429", i, st)
			}
		} else if st != want {
			t.Fatalf("event %d: %d", i, st)
		}
	}
	res, _ := a.do("POST", "/api/events", "", `{"type":"pageview","path":"/x"}`, map[string]string{"User-Agent": browserUA, "X-Forwarded-For": "203.0.113.50"})
	if res.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if st, _ := a.event(`{"type":"pageview","path":"/x"}`, "203.0.113.51", nil); st != 202 {
		t.Errorf("another address: %d", st)
	}
	if r := a.report(tokens["admin"]); r.Pageviews != 121 || r.Visitors != 2 {
		t.Errorf("%d views of %d visitors, want 121 of 2", r.Pageviews, r.Visitors)
	}
}

// TestEventsTwoInstances: two instances on one database count their own
// visits into the same totals, and a visitor both saw counts once.
func TestEventsTwoInstances(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		b := serveStore(t, a.store, a.clock)
		tokens := a.signIn()
		a.event(landingView, "198.51.100.1", nil)
		b.event(landingView, "198.51.100.2", nil)
		b.event(`{"type":"pageview","path":"/services"}`, "198.51.100.1", nil)
		b.srv.analytics.Flush(t.Context())
		if r := a.report(tokens["admin"]); r.Visitors != 2 || r.Pageviews != 3 {
			t.Errorf("%d visitors, %d views, want 2 and 3", r.Visitors, r.Pageviews)
		}
	})
}

// TestEventsKeepNoAddress: neither the address nor the user agent of a
// visitor reaches the database's files, and no cookie is set.
func TestEventsKeepNoAddress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	store, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a := serveStore(t, store, &clock{t: time.Now().UTC()})
	tokens := a.signIn()
	const ua = "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0 UniqueMarker4711"
	for _, addr := range []string{"198.51.100.77", "2001:db8:77::77"} {
		res, _ := a.do("POST", "/api/events", "", landingView, map[string]string{"User-Agent": ua, "X-Forwarded-For": addr})
		if res.StatusCode != 202 || len(res.Cookies()) != 0 {
			t.Fatalf("event: %d, cookies %v", res.StatusCode, res.Cookies())
		}
	}
	if r := a.report(tokens["admin"]); r.Visitors != 2 {
		t.Fatalf("visitors %d, want 2", r.Visitors)
	}
	var files []byte
	for _, f := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		files = append(files, b...)
	}
	if !bytes.Contains(files, []byte("google.com")) {
		t.Fatal("the counts are not in the files read")
	}
	for _, secret := range []string{"198.51.100.77", "2001:db8:77", "UniqueMarker4711", "Firefox/140"} {
		if bytes.Contains(files, []byte(secret)) {
			t.Errorf("the database holds %q", secret)
		}
	}
}
