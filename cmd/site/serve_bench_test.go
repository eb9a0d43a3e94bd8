package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"meridian/internal/httpd"
	"meridian/internal/metrics"
)

// discardWriter is the cheapest ResponseWriter, so that the benchmark
// measures the handler and not the recorder.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

// BenchmarkServeCachedPage is the hot path of a page view: the whole
// handler chain answering a cached page, gzip-encoded, without metrics and
// with them.
func BenchmarkServeCachedPage(b *testing.B) {
	for _, path := range []string{"/", "/no-such-page", "/assets/missing.js"} {
		for _, on := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/metrics=%t", path, on), func(b *testing.B) {
				ts := newTestSite(b, func(s *httpd.Server) {
					if on {
						s.Metrics = metrics.New()
						s.Pages.Metrics = s.Metrics
					}
				})
				h := ts.Config.Handler
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				h.ServeHTTP(&discardWriter{h: http.Header{}}, req) // render once
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					h.ServeHTTP(&discardWriter{h: make(http.Header, 8)}, req)
				}
			})
		}
	}
}
