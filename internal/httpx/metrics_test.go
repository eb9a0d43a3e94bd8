package httpx

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"meridian/internal/metrics"
)

func TestRouteOf(t *testing.T) {
	for _, tc := range []struct {
		path string
		want metrics.Route
	}{
		{"/", metrics.RoutePage},
		{"/about-us", metrics.RoutePage},
		{"/blog/some-article", metrics.RoutePage},
		{"/no/such/page", metrics.RoutePage},
		{"/admin", metrics.RoutePage},
		{"/assets/index-abc123.js", metrics.RouteAsset},
		{"/favicon.ico", metrics.RouteAsset},
		{"/images/hero-art.svg", metrics.RouteAsset},
		{"/wp-login.php", metrics.RouteAsset},
		{"/media/0123abcd.webp", metrics.RouteMedia},
		{"/og/key/about-us", metrics.RouteMedia},
		{"/api/contact", metrics.RouteAPIPublic},
		{"/api/public/slots", metrics.RouteAPIPublic},
		{"/api/admin/login", metrics.RouteAPIAdmin},
		{"/api/admin/contact-submissions/4", metrics.RouteAPIAdmin},
		{"/healthz", metrics.RouteHealth},
		{"/readyz", metrics.RouteHealth},
		{"/metrics", metrics.RouteOther},
		{"/robots.txt", metrics.RouteOther},
		{"/sitemap.xml", metrics.RouteOther},
		{"/blog/feed.xml", metrics.RouteOther},
		{"/calendar/abc.ics", metrics.RouteOther},
	} {
		if got := routeOf(tc.path); got != tc.want {
			t.Errorf("routeOf(%q) = %s, want %s", tc.path, got, tc.want)
		}
	}
}

// BenchmarkObserveRequests is what the middleware of the logs and the
// metrics adds to a request that the handler answers at once: nothing
// without either, the clock, the recorder and two counts with metrics.
func BenchmarkObserveRequests(b *testing.B) {
	answer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	for _, tc := range []struct {
		name string
		m    *metrics.Metrics
	}{{"off", nil}, {"metrics", metrics.New()}} {
		b.Run(tc.name, func(b *testing.B) {
			base := &Base{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Metrics: tc.m}
			h := base.observeRequests(answer)
			req := httptest.NewRequest(http.MethodGet, "/about-us", nil)
			w := httptest.NewRecorder()
			b.ReportAllocs()
			for b.Loop() {
				h.ServeHTTP(w, req)
			}
		})
	}
}
