package httpx

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"meridian/internal/metrics"
	"meridian/internal/site"
)

// The headers every response carries, as canonical keys and ready values:
// assigning them costs no allocation per request.
var (
	hstsValue           = []string{"max-age=63072000; includeSubDomains"}
	nosniffValue        = []string{"nosniff"}
	referrerPolicyValue = []string{"strict-origin-when-cross-origin"}
	// The page data is a JSON block, not a script, so no inline script is
	// needed. Inline style attributes are: the brand colours and Radix use them.
	cspValue = []string{"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"}
)

// securityHeaders sets the headers every response carries.
func (s *Base) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if s.HTTPS(r) {
			h["Strict-Transport-Security"] = hstsValue
		}
		h["X-Content-Type-Options"] = nosniffValue
		h["Referrer-Policy"] = referrerPolicyValue
		h["Content-Security-Policy"] = cspValue
		next.ServeHTTP(w, r)
	})
}

// crossOriginProtection refuses state-changing requests that a browser sent
// from another origin (by Sec-Fetch-Site, or Origin against Host).
func (s *Base) crossOriginProtection(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.WriteError(w, r, site.Errorf(site.EFORBIDDEN, "Cross-origin request refused."))
	}))
	return cop.Handler(next)
}

// StatusRecorder notes the status and the bytes of the answer it passes on.
type StatusRecorder struct {
	http.ResponseWriter
	Status int
	bytes  int
}

func (r *StatusRecorder) WriteHeader(status int) {
	r.Status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *StatusRecorder) Write(b []byte) (int, error) {
	if r.Status == 0 {
		r.Status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

func (r *StatusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// observeRequests logs one line per request, at debug level, and counts
// each in the metrics by its route's class and status. It logs the path
// without the query and never a header, so no token or personal data
// reaches the log.
func (s *Base) observeRequests(next http.Handler) http.Handler {
	logging := s.Logger.Enabled(context.Background(), slog.LevelDebug)
	if !logging && s.Metrics == nil {
		// Without either, skip the clock and the recorder on every
		// request.
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &StatusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		d := time.Since(start)
		status := rec.Status
		if status == 0 {
			// Nothing written: net/http answers 200 with no body.
			status = http.StatusOK
		}
		s.Metrics.Request(routeOf(r.URL.Path), status, d)
		if logging {
			s.Logger.DebugContext(r.Context(), "request", "method", r.Method, "path", r.URL.Path,
				"status", status, "bytes", rec.bytes, "duration", d)
		}
	})
}

// routeOf is the class of the route of path, as the metrics count
// requests: by a few prefixes, so that it costs next to nothing. A path
// whose last segment has a dot is a file of the build (/favicon.ico,
// /site.webmanifest), as no page's address has one.
func routeOf(path string) metrics.Route {
	switch {
	case strings.HasPrefix(path, "/api/"):
		if strings.HasPrefix(path, "/api/admin/") {
			return metrics.RouteAPIAdmin
		}
		return metrics.RouteAPIPublic
	case strings.HasPrefix(path, "/assets/"):
		return metrics.RouteAsset
	case strings.HasPrefix(path, "/media/"), strings.HasPrefix(path, "/og/"):
		return metrics.RouteMedia
	case path == "/healthz", path == "/readyz":
		return metrics.RouteHealth
	case path == "/robots.txt", path == "/sitemap.xml", path == "/blog/feed.xml", path == MetricsPath,
		strings.HasPrefix(path, site.CalendarFeedPath):
		return metrics.RouteOther
	case strings.IndexByte(path[strings.LastIndexByte(path, '/')+1:], '.') >= 0:
		return metrics.RouteAsset
	}
	return metrics.RoutePage
}

// recoverPanics turns a panic in a handler into a logged 500.
func (s *Base) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.InternalError(w, r, fmt.Errorf("panic: %v\n%s", v, debug.Stack()))
			}
		}()
		next.ServeHTTP(w, r)
	})
}
