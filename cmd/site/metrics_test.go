package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"meridian/internal/postgres/pgtest"
)

// testMetricsToken is the metrics token of these tests.
const testMetricsToken = "metrics-token-0123456789abcdef"

// siteEnvs are the environments of a site on each database: a SQLite
// file in a data directory of its own, and a PostgreSQL schema of its own
// when TEST_DATABASE_URL is set.
func siteEnvs() map[string]func(t *testing.T) map[string]string {
	envs := map[string]func(t *testing.T) map[string]string{
		"sqlite": func(t *testing.T) map[string]string { return map[string]string{"SITE_DATA_DIR": t.TempDir()} },
	}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		envs["postgres"] = func(t *testing.T) map[string]string {
			return map[string]string{"DATABASE_URL": pgtest.Schema(t), "SITE_DATA_DIR": t.TempDir()}
		}
	}
	return envs
}

// serveSite runs the site with args and env, and stops it when the test
// ends; it returns the address of the site and what it logged.
func serveSite(t *testing.T, args []string, env map[string]string) (string, *logLines) {
	t.Helper()
	base, logs, cancel, done := runSite(t, append([]string{"-addr", "127.0.0.1:0"}, args...), env)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v\n%s", err, logs)
		}
	})
	return base, logs
}

// scrapeMetrics reads the metrics at url with the header and returns the
// answer and its samples by series, as the text format writes them.
func scrapeMetrics(t *testing.T, url string, header map[string]string) (int, string, map[string]float64) {
	t.Helper()
	res, body := get(t, url, header)
	samples := map[string]float64{}
	if res.StatusCode != 200 {
		return res.StatusCode, body, samples
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type = %q, want the Prometheus text format", ct)
	}
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
	return res.StatusCode, body, samples
}

// TestMetricsServed: /metrics answers on the main address with the token
// and 401 without it, alone on an address of its own without one, and is
// the 404 page with neither; the counts follow the requests served.
func TestMetricsServed(t *testing.T) {
	t.Parallel()
	for name, env := range siteEnvs() {
		t.Run(name, func(t *testing.T) {
			t.Run("BehindToken", func(t *testing.T) {
				base, _ := serveSite(t, []string{"-metrics-token", testMetricsToken}, env(t))
				for _, h := range []map[string]string{nil, {"Authorization": "Bearer wrong-token-0123456789abcdef"}} {
					st, body, _ := scrapeMetrics(t, base+"/metrics", h)
					if st != 401 || !strings.Contains(body, `{"message":"The metrics need their token`) {
						t.Errorf("with %v: %d %s", h, st, body)
					}
				}
				for range 2 {
					if res, _ := get(t, base+"/", nil); res.StatusCode != 200 {
						t.Fatalf("GET /: %d", res.StatusCode)
					}
				}
				if st, body := postJSON(t, base+"/api/contact", "", "POST", `{"firstName":"Kim","lastName":"Lee","email":"kim@example.com","company":"Acme","fillMs":5000}`); st != 201 {
					t.Fatalf("lead: %d %s", st, body)
				}
				if st, body := postJSON(t, base+"/api/contact", "", "POST", `{"firstName":"Kim"}`); st != 400 {
					t.Fatalf("invalid lead: %d %s", st, body)
				}
				st, body, got := scrapeMetrics(t, base+"/metrics", map[string]string{"Authorization": "Bearer " + testMetricsToken})
				if st != 200 {
					t.Fatalf("with the token: %d %s", st, body)
				}
				for series, least := range map[string]float64{
					`site_http_requests_total{code="200",route="page"}`:      2,
					`site_http_requests_total{code="401",route="other"}`:     2,
					`site_http_request_duration_seconds_count{route="page"}`: 2,
					"site_page_cache_misses_total":                           1,
					"site_page_cache_hits_total":                             1,
					"site_ssr_render_seconds_count":                          1,
					"site_ssr_engines":                                       1,
					"site_leads_accepted_total":                              1,
					`site_leads_refused_total{reason="invalid"}`:             1,
					`site_db_query_seconds_count{kind="write"}`:              1,
					"go_goroutines":                                          1,
				} {
					if got[series] < least {
						t.Errorf("%s = %v, want at least %v", series, got[series], least)
					}
				}
				for _, series := range []string{`site_outbox_deliveries{status="pending"}`, `site_leads_refused_total{reason="rate_limit"}`, "site_ssr_engines_busy"} {
					if _, ok := got[series]; !ok {
						t.Errorf("%s missing", series)
					}
				}
				pools := map[string][]string{
					"sqlite":   {`go_sql_max_open_connections{db_name="sqlite-write"}`, `go_sql_max_open_connections{db_name="sqlite-read"}`},
					"postgres": {`go_sql_in_use_connections{db_name="postgres"}`, `site_db_pool_max_connections{db_name="postgres"}`},
				}[name]
				for _, series := range pools {
					if _, ok := got[series]; !ok {
						t.Errorf("%s missing", series)
					}
				}
				if name == "postgres" && got[`site_db_pool_open_connections{db_name="postgres"}`] < 1 {
					t.Errorf("no connection of the PostgreSQL pool is open: %v", got[`site_db_pool_open_connections{db_name="postgres"}`])
				}
			})

			t.Run("OwnAddress", func(t *testing.T) {
				base, logs := serveSite(t, []string{"-metrics-addr", "127.0.0.1:0"}, env(t))
				addr := metricsAddress(t, logs)
				if st, body, got := scrapeMetrics(t, addr, nil); st != 200 || got["go_goroutines"] < 1 {
					t.Errorf("GET %s without a token: %d %s", addr, st, body)
				}
				if res, _ := get(t, strings.TrimSuffix(addr, "/metrics")+"/", nil); res.StatusCode != 404 {
					t.Errorf("the metrics' address answers / with %d", res.StatusCode)
				}
				if res, body := get(t, base+"/metrics", map[string]string{"Authorization": "Bearer " + testMetricsToken}); res.StatusCode != 404 || !strings.Contains(body, "404 Page Not Found</h1>") {
					t.Errorf("main address: GET /metrics = %d, want the 404 page", res.StatusCode)
				}
			})

			t.Run("Off", func(t *testing.T) {
				base, logs := serveSite(t, nil, env(t))
				if res, body := get(t, base+"/metrics", nil); res.StatusCode != 404 || !strings.Contains(body, "404 Page Not Found</h1>") {
					t.Errorf("GET /metrics = %d, want the 404 page", res.StatusCode)
				}
				if strings.Contains(logs.String(), "metrics served") {
					t.Error("metrics served without being asked for")
				}
			})
		})
	}
	t.Run("ShortTokenRefused", func(t *testing.T) {
		err := run(context.Background(), []string{"-metrics-token", "too-short"}, func(string) string { return "" }, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-metrics-token (SITE_METRICS_TOKEN): it must be at least 16 characters") {
			t.Errorf("run = %v", err)
		}
	})
}

// metricsAddress is the address of the metrics the site logged.
func metricsAddress(t *testing.T, logs *logLines) string {
	t.Helper()
	logs.mu.Lock()
	defer logs.mu.Unlock()
	for _, line := range logs.lines {
		var entry struct {
			Msg     string `json:"msg"`
			Address string `json:"address"`
		}
		if json.Unmarshal([]byte(line), &entry) == nil && entry.Msg == "metrics served" {
			return entry.Address
		}
	}
	t.Fatalf("no address of the metrics logged:\n%s", strings.Join(logs.lines, "\n"))
	return ""
}
