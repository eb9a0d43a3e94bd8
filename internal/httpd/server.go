// Package httpd is the HTTP face of the site: routes, middleware, the JSON
// API and the server-rendered pages.
package httpd

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"meridian/internal/media"
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
	// LoginLockout is the first lockout of a username from one address
	// after too many failed logins; each further one lasts twice as long,
	// up to a day. Zero means 15 minutes.
	LoginLockout time.Duration
	// TrustedProxies are the peers whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// HSTS sends Strict-Transport-Security on every response.
	HSTS bool
	// Secrets seals the two-factor secrets the database keeps; nil keeps
	// them as they are.
	Secrets *site.SecretBox
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
	// WebhookAllowPrivate accepts webhook URLs of private and local
	// network addresses, for a receiver the operator runs there.
	WebhookAllowPrivate bool
	// Resolver finds the addresses of a webhook URL's host name when it is
	// saved; nil means net.DefaultResolver.
	Resolver Resolver

	// MediaLimits bound uploads to the media library; a zero field means
	// the default of media.DefaultLimits (MemoryLimit: none).
	MediaLimits media.Limits
	// UploadLimits bound the uploads being received at once; a zero field
	// means the default of DefaultUploadLimits.
	UploadLimits UploadLimits
	// MediaProcessor makes the variants of uploads; nil means one with
	// the default budget.
	MediaProcessor *media.Processor

	mediaOnce  sync.Once
	mediaCache *blobCache
	uploads    uploadGate

	ogOnce  sync.Once
	ogCache *blobCache
	ogSlots chan struct{}

	// apiRoutes are the patterns of the API, as Handler registered them.
	apiRoutes []string
	dummyOnce sync.Once
	dummyHash string
	// hashSlots bounds the password hashes computed at once: each takes
	// 19 MiB, and a flood of logins must not exhaust memory.
	hashOnce  sync.Once
	hashSlots chan struct{}

	leadLimitOnce sync.Once
	addrLimit     *rateLimiter
	emailLimit    *rateLimiter
	leadRefusals  refusalLog
	// unavailableLog keeps the requests refused while the database cannot
	// save from flooding the log.
	unavailableLog refusalLog

	previewLimitOnce sync.Once
	previewLimit     *rateLimiter
	previewRefusals  refusalLog
	// staleLog throttles the log of pages answered with their last good
	// render while the page data cannot be read.
	staleLog refusalLog

	// notFound counts the addresses that answered 404, redirectHits the
	// redirects followed, by id, until FlushHits.
	notFound     notFoundLog
	redirectHits hitLog[int64]
	// notFoundWrites makes one step of each write of the not-found log:
	// a flush from its taking of the counts to its commit, and a path's
	// removal when a redirect mends it. Without it, a list could be read
	// while another flush is committing, and a flush that took a path's
	// counts before its redirect was added would write the path back.
	notFoundWrites sync.Mutex
}

// Resolver is the part of *net.Resolver the server uses.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
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

func (s *Server) lockoutPolicy() site.LockoutPolicy {
	p := site.DefaultLockoutPolicy
	if s.LoginLockout > 0 {
		p.First = s.LoginLockout
	}
	return p
}

// logFailure logs what went wrong with a request at error level, or at
// debug level when the client cancelled the request first: the failure is
// then the client's leaving (a closed tab, a health probe's timeout), not
// the site's fault, and needs no one's attention.
func (s *Server) logFailure(r *http.Request, msg string, args ...any) {
	level := slog.LevelError
	if r.Context().Err() != nil {
		level = slog.LevelDebug
		args = append(args, "cancelled", true)
	}
	s.Logger.Log(r.Context(), level, msg, args...)
}

// handleHealthz answers 200 while a write to the database commits, and 503
// otherwise: a database that answers reads but cannot save (a full disk,
// a read-only file or server) fails every lead and edit, and must show.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.Store.CheckWrite(ctx); err != nil {
		if site.ErrorCode(err) != site.EUNAVAILABLE {
			// A timeout, say: the writes of the requests wait as long.
			err = site.CannotSave(err)
		}
		s.unavailable(w, r, err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "message": site.ErrorMessage(err)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
