package httpx

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

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

// logRequests logs one line per request. It logs the path without the query
// and never a header, so no token or personal data reaches the log.
func (s *Base) logRequests(next http.Handler) http.Handler {
	if !s.Logger.Enabled(context.Background(), slog.LevelDebug) {
		// Request lines are debug records: without them, skip the clock and
		// the recorder on every request.
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &StatusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		s.Logger.DebugContext(r.Context(), "request", "method", r.Method, "path", r.URL.Path,
			"status", rec.Status, "bytes", rec.bytes, "duration", time.Since(start))
	})
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
