// Package httpx is what every part of the site's HTTP face shares: the
// clock and the log, who the client is, the limits counted per client,
// the one way a failure is answered and the answers of a success, and the
// middleware around every request.
package httpx

import (
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"meridian/internal/metrics"
)

// Base is shared by the API and the serving of pages. Build one with its
// fields set and give the same to both, so that they log alike and count
// the same refusals once.
type Base struct {
	Logger *slog.Logger
	// Clock is the time; nil means time.Now.
	Clock func() time.Time
	// TrustedProxies are the peers whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// HSTS sends Strict-Transport-Security on every response.
	HSTS bool
	// Metrics counts the requests and what the handlers count; nil
	// counts nothing.
	Metrics *metrics.Metrics

	// unavailableLog keeps the requests refused while the database cannot
	// save from flooding the log.
	unavailableLog RefusalLog
}

// Now is the time of the clock, in UTC.
func (s *Base) Now() time.Time {
	if s.Clock != nil {
		return s.Clock().UTC()
	}
	return time.Now().UTC()
}

// LogFailure logs what went wrong with a request at error level, or at
// debug level when the client cancelled the request first: the failure is
// then the client's leaving (a closed tab, a health probe's timeout), not
// the site's fault, and needs no one's attention.
func (s *Base) LogFailure(r *http.Request, msg string, args ...any) {
	level := slog.LevelError
	if r.Context().Err() != nil {
		level = slog.LevelDebug
		args = append(args, "cancelled", true)
	}
	s.Logger.Log(r.Context(), level, msg, args...)
}

// HTTPS reports whether the request reached the site over TLS: on this
// connection, or through a proxy in front of a site whose address is
// https (which sends HSTS).
func (s *Base) HTTPS(r *http.Request) bool { return s.HSTS || r.TLS != nil }

// Root is the site's handler: the API's routes under /api/, never cached
// and answered in JSON even by the mux's own 404 and 405, and the pages
// for every other address, with the middleware every request passes.
func (s *Base) Root(api, pages http.Handler) http.Handler {
	root := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			// API answers are never cached: they carry admin data or
			// change at once.
			w.Header().Set("Cache-Control", "no-store")
			api.ServeHTTP(&jsonFallback{ResponseWriter: w}, r)
			return
		}
		pages.ServeHTTP(w, r)
	})
	return s.observeRequests(s.recoverPanics(s.securityHeaders(s.crossOriginProtection(root))))
}
