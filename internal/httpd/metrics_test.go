package httpd

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"meridian/internal/httpx"
	"meridian/internal/inbox"
	"meridian/internal/media/mediatest"
	"meridian/internal/metrics"
	"meridian/internal/outbox"
	"meridian/internal/site"
)

// metricsToken is the token of the metrics in these tests.
const metricsToken = "a-metrics-token-of-32-characters"

// scrape reads /metrics with token and returns its samples by series, as
// the text format writes them: `name{label="value",...}` (labels sorted
// by name) or the bare name.
func (a *testAPI) scrape(t *testing.T, token string) map[string]float64 {
	t.Helper()
	res, body := a.do("GET", httpx.MetricsPath, token, "", nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET /metrics: %d %s", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type = %q, want the Prometheus text format", ct)
	}
	samples := map[string]float64{}
	for line := range strings.Lines(body) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("sample %q: %v", line, err)
		}
		samples[line[:i]] = v
	}
	return samples
}

// wantSamples fails t for each series of want whose value in got is not
// the one wanted.
func wantSamples(t *testing.T, got map[string]float64, want map[string]float64) {
	t.Helper()
	for series, v := range want {
		if g, ok := got[series]; !ok {
			t.Errorf("%s missing", series)
		} else if g != v {
			t.Errorf("%s = %v, want %v", series, g, v)
		}
	}
}

// TestMetrics: /metrics on the main address answers the bearer of the
// token only, and its counts follow what the site did through HTTP: the
// leads by outcome, the outbox and its worker, uploads, the database and
// the requests.
func TestMetrics(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		m := metrics.New()
		m.WatchStore(a.store.(metrics.Store))
		a.configure(func(s *Server) {
			s.Metrics, s.MetricsToken = m, metricsToken
			s.LeadLimits = inbox.LeadLimits{PerAddress: 100, PerEmail: 3}
		})

		t.Run("TokenRequired", func(t *testing.T) {
			for _, tc := range []struct {
				name   string
				header map[string]string
			}{
				{"None", nil},
				{"Wrong", map[string]string{"Authorization": "Bearer " + metricsToken + "x"}},
				{"Shorter", map[string]string{"Authorization": "Bearer " + metricsToken[:16]}},
				{"NotBearer", map[string]string{"Authorization": metricsToken}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					res, body := a.do("GET", httpx.MetricsPath, "", "", tc.header)
					if res.StatusCode != 401 || body != `{"message":"The metrics need their token: send it as Authorization: Bearer \u003ctoken\u003e."}`+"\n" {
						t.Errorf("%d %s", res.StatusCode, body)
					}
					if got := res.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer") {
						t.Errorf("WWW-Authenticate = %q", got)
					}
					if strings.Contains(body, "site_") {
						t.Error("metrics answered without the token")
					}
				})
			}
		})

		ctx := context.Background()
		failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
		}))
		defer failing.Close()
		if _, err := a.store.UpdateLeadSettings(ctx, &site.LeadSettings{WebhookURL: failing.URL, WebhookSecret: "k"}); err != nil {
			t.Fatal(err)
		}
		before := a.scrape(t, metricsToken)
		wantSamples(t, before, map[string]float64{
			"site_leads_accepted_total":                  0,
			`site_leads_refused_total{reason="invalid"}`: 0,
			`site_outbox_deliveries{status="pending"}`:   0,
		})

		t.Run("Leads", func(t *testing.T) {
			for _, tc := range []struct {
				name, body string
				status     int
			}{
				{"Accepted", leadJSON("ada@example.com", `"fillMs":9000`), 201},
				{"Duplicate", leadJSON("ada@example.com", `"fillMs":9000`), 201},
				{"Spam", leadJSON("bot@example.com", `"fillMs":9000,"website":"https://cheap.example"`), 201},
				{"Invalid", `{"firstName":"A"}`, 400},
				{"NotJSON", `first=A`, 400},
				{"AnotherOfOneAddress", leadJSON("ada@example.com", `"fillMs":9000,"company":"Other"`), 201},
				{"RateLimited", leadJSON("ada@example.com", `"fillMs":9000,"company":"Third"`), 429},
			} {
				if res, body := a.do("POST", "/api/contact", "", tc.body, nil); res.StatusCode != tc.status {
					t.Fatalf("%s: %d %s", tc.name, res.StatusCode, body)
				}
			}
			wantSamples(t, a.scrape(t, metricsToken), map[string]float64{
				"site_leads_accepted_total":                      2,
				`site_leads_refused_total{reason="duplicate"}`:   1,
				`site_leads_refused_total{reason="spam"}`:        1,
				`site_leads_refused_total{reason="invalid"}`:     2,
				`site_leads_refused_total{reason="rate_limit"}`:  1,
				`site_leads_refused_total{reason="cannot_save"}`: 0,
				`site_leads_refused_total{reason="error"}`:       0,
				// The webhook of each new lead; spam tells no one.
				`site_outbox_deliveries{status="pending"}`:                     2,
				`site_http_requests_total{code="201",route="api_public"}`:      4,
				`site_http_requests_total{code="400",route="api_public"}`:      2,
				`site_http_requests_total{code="429",route="api_public"}`:      1,
				`site_http_request_duration_seconds_count{route="api_public"}`: 7,
			})
		})

		t.Run("Outbox", func(t *testing.T) {
			worker := &outbox.Worker{Store: a.store, Policy: outbox.DefaultPolicy, AllowPrivate: true,
				Logger: slog.New(slog.DiscardHandler), Metrics: m}
			if n := worker.RunOnce(ctx); n != 2 {
				t.Fatalf("the worker claimed %d deliveries, want 2", n)
			}
			wantSamples(t, a.scrape(t, metricsToken), map[string]float64{
				`site_outbox_deliveries{status="pending"}`:                     0,
				`site_outbox_deliveries{status="retrying"}`:                    2,
				`site_outbox_deliveries{status="failed"}`:                      0,
				`site_outbox_attempts_total{channel="webhook",result="retry"}`: 2,
			})
		})

		t.Run("Uploads", func(t *testing.T) {
			root := a.signedIn("root", site.RoleAdmin)
			if res, body := a.upload(root, filePart{name: "logo.png", contentType: "image/png", data: mediatest.PNG(t, mediatest.Photo(300, 200))}); res.StatusCode != 201 {
				t.Fatalf("upload: %d %s", res.StatusCode, body)
			}
			if res, body := a.upload(root, filePart{name: "notes.png", contentType: "image/png", data: []byte("not a picture")}); res.StatusCode/100 != 4 {
				t.Fatalf("upload of a text: %d %s", res.StatusCode, body)
			}
			got := a.scrape(t, metricsToken)
			wantSamples(t, got, map[string]float64{
				`site_uploads_total{result="stored"}`:            1,
				`site_uploads_total{result="refused"}`:           1,
				`site_uploads_total{result="error"}`:             0,
				`site_media_process_seconds_count{format="png"}`: 1,
			})
			if got[`site_media_process_seconds_sum{format="png"}`] <= 0 {
				t.Error("the processing of the PNG took no time")
			}
		})

		t.Run("DatabaseAndRuntime", func(t *testing.T) {
			got := a.scrape(t, metricsToken)
			for _, series := range []string{`site_db_query_seconds_count{kind="read"}`, `site_db_query_seconds_count{kind="write"}`} {
				if got[series] <= before[series] {
					t.Errorf("%s = %v, was %v before the requests", series, got[series], before[series])
				}
			}
			// Each pool of the store: SQLite's writer and readers, or the
			// handle over PostgreSQL's pool.
			pools := 0
			for series := range got {
				if strings.HasPrefix(series, "go_sql_in_use_connections{") {
					pools++
				}
			}
			if want := len(a.store.(metrics.Store).Pools()); pools != want {
				t.Errorf("%d connection pools reported, want %d", pools, want)
			}
			for _, series := range []string{"go_goroutines", "process_resident_memory_bytes", `site_http_requests_total{code="401",route="other"}`} {
				if got[series] <= 0 {
					t.Errorf("%s = %v", series, got[series])
				}
			}
		})
	})
}
