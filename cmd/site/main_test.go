package main

import (
	"compress/gzip"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"meridian/internal/httpd"
	"meridian/internal/sqlite"
)

// newTestSite starts the whole site (embedded frontend, engines, SQLite file
// in a temporary directory) behind a test HTTP server, configured further
// by each of options.
func newTestSite(t testing.TB, options ...func(*httpd.Server)) *httptest.Server {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := bootstrapAdmin(context.Background(), db, testPassword, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	srv, err := newServer(db, "https://www.example.com", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range options {
		o(srv)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	// A transport that leaves Accept-Encoding to the test.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		body = zr
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

func TestHomePage(t *testing.T) {
	ts := newTestSite(t)
	res, body := get(t, ts.URL+"/", nil)
	if res.StatusCode != 200 {
		t.Fatalf("status = %d", res.StatusCode)
	}
	for _, want := range []string{
		"Transform Your Business with Enterprise AI</h1>",
		`<link rel="canonical" href="https://www.example.com/" />`,
		`<script type="application/json" id="site-data">`,
		`"logoText":"Meridian AI"`,
		`"title":"AI Solutions","url":"/#solutions"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("home page lacks %q", want)
		}
	}
	if got := res.Header.Get("Cache-Control"); got != "no-cache" {
		t.Errorf("Cache-Control = %q", got)
	}
}

func TestCompressionAndRevalidation(t *testing.T) {
	ts := newTestSite(t)
	res, body := get(t, ts.URL+"/", map[string]string{"Accept-Encoding": "gzip"})
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(body, "<h1") {
		t.Fatalf("want a gzip page, got encoding %q", res.Header.Get("Content-Encoding"))
	}
	res, _ = get(t, ts.URL+"/", map[string]string{"Accept-Encoding": "br, gzip"})
	if res.Header.Get("Content-Encoding") != "br" {
		t.Errorf("want brotli when offered, got %q", res.Header.Get("Content-Encoding"))
	}
	etag := res.Header.Get("ETag")
	res, body = get(t, ts.URL+"/", map[string]string{"If-None-Match": etag})
	if res.StatusCode != http.StatusNotModified || body != "" {
		t.Errorf("revalidation: status %d, body %d bytes", res.StatusCode, len(body))
	}
}

func TestStaticAssets(t *testing.T) {
	ts := newTestSite(t)
	_, page := get(t, ts.URL+"/", nil)
	// The entry module, the last of those the after-paint script loads.
	i := strings.Index(page, `data-load="`)
	if i < 0 {
		t.Fatal("page links no script")
	}
	load := page[i+len(`data-load="`):]
	load = load[:strings.IndexByte(load, '"')]
	src := load[strings.LastIndexByte(load, ' ')+1:]
	res, body := get(t, ts.URL+src, map[string]string{"Accept-Encoding": "gzip"})
	if res.StatusCode != 200 || len(body) < 1000 {
		t.Fatalf("asset %s: status %d, %d bytes", src, res.StatusCode, len(body))
	}
	if got := res.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control = %q", got)
	}
	if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, "text/javascript") {
		t.Errorf("Content-Type = %q", got)
	}
	res, _ = get(t, ts.URL+"/assets/missing-123.js", nil)
	if res.StatusCode != 404 {
		t.Errorf("missing asset: status %d", res.StatusCode)
	}
}

func TestNotFound(t *testing.T) {
	ts := newTestSite(t)
	for _, p := range []string{"/nope", "/deep/unknown/path", "/%3Cscript%3E"} {
		res, body := get(t, ts.URL+p, nil)
		if res.StatusCode != 404 || !strings.Contains(body, "404 Page Not Found</h1>") {
			t.Errorf("%s: status %d", p, res.StatusCode)
		}
		if strings.Contains(body, "canonical") {
			t.Errorf("%s: a 404 page must not claim a canonical address", p)
		}
	}
}

func TestConcurrentFirstRequests(t *testing.T) {
	ts := newTestSite(t)
	var wg sync.WaitGroup
	errs := make(chan string, 32)
	for i := 0; i < 32; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := http.Get(ts.URL + "/")
			if err != nil {
				errs <- err.Error()
				return
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				errs <- res.Status
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestHealthz(t *testing.T) {
	ts := newTestSite(t)
	res, body := get(t, ts.URL+"/healthz", nil)
	if res.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
		t.Errorf("healthz: %d %s", res.StatusCode, body)
	}
}
