// Package httpd is the HTTP face of the site: routes, middleware, the JSON
// API and the server-rendered pages.
package httpd

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"meridian/internal/site"
	"meridian/internal/ssr"
)

// Server holds what the handlers need. Build it with its fields set, then
// call Handler.
type Server struct {
	Store   site.Store
	Version *site.ContentVersion
	Pages   *ssr.PageCache
	Assets  *Assets
	Logger  *slog.Logger

	// Sessions bounds the life of admin sessions; zero means the default.
	Sessions site.SessionPolicy
	// TrustedProxies are the peers whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// HSTS sends Strict-Transport-Security on every response.
	HSTS bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// LeadLimits bound the leads of one client address and of one e-mail
	// address per hour.
	LeadLimits LeadLimits
	// SMTPConfigured says whether e-mail notifications can be sent, for
	// the lead settings.
	SMTPConfigured bool
	// DeliveryQueued, when set, is called after a write queued lead
	// notifications, to wake the outbox worker at once.
	DeliveryQueued func()

	dummyOnce sync.Once
	dummyHash string
	// loginLocks serialise the attempts of one username from one address,
	// so that parallel guesses cannot slip past the failure count.
	loginLocks [64]sync.Mutex
	// hashSlots bounds the password hashes computed at once: each takes
	// 19 MiB, and a flood of logins must not exhaust memory.
	hashOnce  sync.Once
	hashSlots chan struct{}

	leadLimitOnce sync.Once
	addrLimit     *rateLimiter
	emailLimit    *rateLimiter
}

// LeadLimits are the most leads allowed per hour from one client address
// and for one e-mail address; 0 turns a limit off.
type LeadLimits struct {
	PerAddress int
	PerEmail   int
}

// DefaultLeadLimits are the limits of a site that sets none.
var DefaultLeadLimits = LeadLimits{PerAddress: 10, PerEmail: 5}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Server) sessionPolicy() site.SessionPolicy {
	p := s.Sessions
	if p.Idle <= 0 {
		p.Idle = site.DefaultSessionPolicy.Idle
	}
	if p.Absolute <= 0 {
		p.Absolute = site.DefaultSessionPolicy.Absolute
	}
	return p
}

// writeJSON writes v as JSON with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// internalError logs err and answers 500 without details.
func (s *Server) internalError(w http.ResponseWriter, r *http.Request, err error) {
	s.Logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	if r.URL.Path == "/healthz" || len(r.URL.Path) > 4 && r.URL.Path[:5] == "/api/" {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"message": "Internal error."})
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	w.Write([]byte("Internal error.\n"))
}

func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.Store.Ping(ctx); err != nil {
		s.Logger.ErrorContext(r.Context(), "health check failed", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "message": "The database is not reachable."})
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
