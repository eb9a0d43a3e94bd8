// Package httpd puts the site's HTTP face together: the JSON API (package
// api, with sign-in and the accounts of package auth) under /api/, and the
// serving of pages (package serve) everywhere else, sharing one
// httpx.Base and one hits.Log. Its tests drive the whole of it through
// HTTP.
package httpd

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"meridian/internal/analytics"
	"meridian/internal/api"
	"meridian/internal/auth"
	"meridian/internal/backup"
	"meridian/internal/hits"
	"meridian/internal/httpx"
	"meridian/internal/inbox"
	"meridian/internal/media"
	"meridian/internal/metrics"
	"meridian/internal/outbox"
	"meridian/internal/serve"
	"meridian/internal/site"
	"meridian/internal/ssr"
)

// Server is the configuration of the site's handler. Build it with its
// fields set, then call Handler.
type Server struct {
	Store   site.Store
	Version *site.ContentVersion
	Pages   *ssr.PageCache
	Assets  *serve.Assets
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
	// Draining, once set, makes /readyz answer 503 (the instance is
	// stopping) while every other address still answers.
	Draining atomic.Bool
	// Secrets seals the two-factor secrets the database keeps; nil keeps
	// them as they are.
	Secrets *site.SecretBox
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// LeadLimits bound the leads of one client address and of one e-mail
	// address per hour.
	LeadLimits inbox.LeadLimits
	// MailEnv is the mail server of the environment (SMTP_*), which wins
	// over the one saved in the admin; nil when SMTP_HOST is not set.
	MailEnv *site.MailSettings
	// DeliveryQueued, when set, is called after a write queued lead
	// notifications, to wake the outbox worker at once.
	DeliveryQueued func()
	// WebhookAllowPrivate accepts webhook URLs of private and local
	// network addresses, for a receiver the operator runs there.
	WebhookAllowPrivate bool
	// Resolver finds the addresses of a webhook URL's host name when it is
	// saved; nil means net.DefaultResolver.
	Resolver inbox.Resolver

	// DiskUsage tells the free and total bytes of the database's disk;
	// nil when the site cannot know them.
	DiskUsage func() (free, total uint64, err error)

	// MediaLimits bound uploads to the media library; a zero field means
	// the default of media.DefaultLimits (MemoryLimit: none).
	MediaLimits media.Limits
	// UploadLimits bound the uploads being received at once; a zero field
	// means the default of api.DefaultUploadLimits.
	UploadLimits api.UploadLimits
	// MediaProcessor makes the variants of uploads; nil means one with
	// the default budget.
	MediaProcessor *media.Processor

	// Backups is the backup directory the admin lists and makes backups
	// into; nil when the server has none.
	Backups *backup.Dir

	// Metrics counts the requests and what the handlers count; nil counts
	// nothing. With MetricsToken, the handler answers them at
	// httpx.MetricsPath to a request bearing the token; without it, that
	// address is a page like any other.
	Metrics      *metrics.Metrics
	MetricsToken string

	hits      *hits.Log
	analytics *analytics.Counter
	api       *api.Server
}

// Handler builds the parts and returns the site's handler.
func (s *Server) Handler() http.Handler {
	base := &httpx.Base{Logger: s.Logger, Clock: s.Now, TrustedProxies: s.TrustedProxies, HSTS: s.HSTS, Metrics: s.Metrics}
	sessions := s.sessionPolicy()
	s.hits = &hits.Log{Store: s.Store, Logger: s.Logger}
	s.analytics = &analytics.Counter{Store: s.Store, Logger: s.Logger, Clock: s.Now}
	if s.Pages != nil {
		s.analytics.Host = s.Pages.Host()
	}
	signIn := &auth.Server{Base: base, Store: s.Store, Pages: s.Pages, Secrets: s.Secrets,
		Sessions: sessions, LoginLockout: s.LoginLockout,
		SendMail: (&outbox.SMTP{Server: s.MailServer, Timeout: mailTimeout}).Mail}
	s.api = &api.Server{
		Base: base, Auth: signIn,
		Inbox: &inbox.Server{Base: base, Auth: signIn, Store: s.Store, Pages: s.Pages, Analytics: s.analytics,
			LeadLimits: s.LeadLimits, MailEnv: s.MailEnv, DeliveryQueued: s.DeliveryQueued,
			WebhookAllowPrivate: s.WebhookAllowPrivate, Resolver: s.Resolver},
		Store: s.Store, Version: s.Version, Pages: s.Pages, Assets: s.Assets, Hits: s.hits, MailEnv: s.MailEnv,
		MediaLimits: s.MediaLimits, UploadLimits: s.UploadLimits, MediaProcessor: s.MediaProcessor,
		DiskUsage: s.DiskUsage, Backups: s.Backups,
	}
	pages := &serve.Server{Base: base, Store: s.Store, Pages: s.Pages, Assets: s.Assets, Hits: s.hits,
		Secrets: s.Secrets, Sessions: sessions, Draining: &s.Draining}
	outside := pages.Handler()
	if s.Metrics != nil && s.MetricsToken != "" {
		outside = withMetrics(base.RequireBearer(s.MetricsToken, s.Metrics.Handler(s.Logger)), outside)
	}
	return base.Root(s.api.Handler(), outside)
}

// withMetrics answers httpx.MetricsPath with metrics and every other
// address with pages: a comparison, where a mux would cost every page a
// match.
func withMetrics(metrics, pages http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == httpx.MetricsPath {
			metrics.ServeHTTP(w, r)
			return
		}
		pages.ServeHTTP(w, r)
	})
}

// mailTimeout bounds a mail sent while a request waits (the link that
// verifies a staff address).
const mailTimeout = 15 * time.Second

// MailServer returns the mail server the site sends through now: the
// environment's, else the one saved in the admin (site.EffectiveMail).
func (s *Server) MailServer(ctx context.Context) (*site.MailSettings, error) {
	return site.EffectiveMail(ctx, s.MailEnv, s.Store, s.Secrets)
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

// Run writes what the instance counted in memory (the hits and the
// analytics) every few seconds, and publishes the scheduled releases when
// their time comes, until ctx ends; it returns once every write it began
// has ended, so that the database may close then. What is counted after
// that is written by Flush. Call it after Handler.
func (s *Server) Run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Go(func() { every(ctx, hits.FlushEvery, s.hits.Flush) })
	wg.Go(func() {
		s.api.PublishDue(ctx)
		every(ctx, api.ReleaseCheckEvery, func(ctx context.Context) { s.api.PublishDue(ctx) })
	})
	wg.Go(func() { every(ctx, analytics.FlushEvery, s.analytics.Flush) })
	wg.Wait()
}

// every calls job every interval until ctx ends. A call under way then
// goes to its end, its context not canceled: a write is not cut off
// between taking what was counted and storing it.
func every(ctx context.Context, interval time.Duration, job func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			job(context.WithoutCancel(ctx))
		}
	}
}

// Flush writes what the instance counted in memory since the last write:
// at shutdown, the counts of the last requests.
func (s *Server) Flush(ctx context.Context) {
	s.hits.Flush(ctx)
	s.analytics.Flush(ctx)
}
