// Command site serves the Meridian AI website, its API and the admin portal
// from one binary.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"golang.org/x/crypto/acme/autocert"

	"meridian/internal/backup"
	"meridian/internal/httpd"
	"meridian/internal/outbox"
	"meridian/internal/postgres"
	"meridian/internal/serve"
	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/internal/ssr"
	"meridian/web"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stderr); err != nil {
		if !errors.As(err, new(*loggedError)) {
			fmt.Fprintln(os.Stderr, "site:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) (err error) {
	if len(args) > 0 {
		switch args[0] {
		case "admin":
			return runAdmin(ctx, args[1:], getenv, os.Stdin, stderr)
		case "backup":
			return runBackup(ctx, args[1:], getenv, stderr)
		case "restore":
			return runRestore(ctx, args[1:], getenv, stderr)
		case "export":
			return runExport(ctx, args[1:], getenv, stderr)
		case "import":
			return runImport(ctx, args[1:], getenv, stderr)
		}
	}
	if len(args) > 0 && args[0] == "serve" {
		// site serve is the plain start, named.
		args = args[1:]
	}
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		return err
	}
	if cfg.memoryLimit > 0 && getenv("GOMEMLIMIT") == "" {
		// Image uploads decode and encode large pictures at once; without
		// a limit the heap may grow to twice what they hold before the
		// collector runs.
		debug.SetMemoryLimit(cfg.memoryLimit)
	}
	// JSON lines for a log collector; a person at a terminal reads text.
	text := cfg.logFormat == "text" || cfg.logFormat == "" && isTerminal(stderr)
	opts := &slog.HandlerOptions{Level: cfg.logLevel}
	logger := slog.New(slog.NewJSONHandler(stderr, opts))
	if text {
		logger = slog.New(slog.NewTextHandler(stderr, opts))
	}
	// From here on, an error is a log line like every other.
	defer func() {
		if err != nil {
			logger.Error("site stopped", "err", err)
			err = &loggedError{err}
		}
	}()

	db, where, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	password, err := bootstrapAdmin(ctx, db, getenv("SITE_ADMIN_PASSWORD"), logger)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	baseURL := cfg.baseURL
	if baseURL == "" {
		baseURL = "http://" + displayAddr(ln.Addr())
	}

	srv, err := newServer(db, baseURL, logger)
	if err != nil {
		ln.Close()
		return err
	}
	if err := warnReservedSlugs(ctx, db, srv.Pages.Routes(), logger); err != nil {
		ln.Close()
		return err
	}
	_, lite := db.(*sqlite.DB)
	if srv.Secrets, err = secretBox(ctx, cfg.secretKey, cfg.dataDir, lite, sealedValues(db), logger); err != nil {
		ln.Close()
		return err
	}
	srv.Sessions = cfg.sessions
	srv.LoginLockout = cfg.loginLockout
	srv.TrustedProxies = cfg.trustedProxies
	srv.HSTS = cfg.hsts
	srv.LeadLimits = cfg.leadLimits
	srv.MailEnv = cfg.smtp.settings()
	if _, ok := db.(*sqlite.DB); ok {
		srv.DiskUsage = diskUsage(cfg.dataDir)
	}
	srv.WebhookAllowPrivate = cfg.webhookAllowPrivate
	srv.MediaLimits.MaxBytes = cfg.mediaMaxBytes
	srv.MediaLimits.MemoryLimit = cfg.memoryMax
	srv.UploadLimits = cfg.uploads
	if cfg.backupDir != "" {
		// Made now, so that a directory the server cannot write stops the
		// start rather than the first backup.
		if err := os.MkdirAll(cfg.backupDir, 0o700); err != nil {
			ln.Close()
			return fmt.Errorf("backup directory: %w", err)
		}
		srv.Backups = &backup.Dir{Path: cfg.backupDir, Source: backup.Source{DatabaseURL: cfg.databaseURL,
			DataDir: cfg.dataDir, SecretKey: cfg.secretKey, Version: buildVersion()}}
	}
	if pg, ok := db.(*postgres.DB); ok {
		// Other instances announce their writes; move this one's version on.
		w, err := pg.WatchContentVersion(ctx, srv.Version, logger)
		if err != nil {
			ln.Close()
			return err
		}
		defer w.Close()
	}
	// The outbox worker, the retention job and the backup schedule run
	// beside the server and stop after it.
	jobsCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer stopJobs()
	if lite, ok := db.(*sqlite.DB); ok {
		// One process uses the file: claims left are those of a process
		// that died while sending.
		if err := lite.ReleaseDeliveryClaims(ctx); err != nil {
			ln.Close()
			return err
		}
	}
	// With domains, the site serves HTTPS with the certificates it gets
	// itself; the plain listener answers the CA's challenges and
	// redirects the rest.
	var certs *autocert.Manager
	var tlsLn net.Listener
	if cfg.https.on() {
		if certs, err = newCertManager(cfg.https, db, srv.Secrets, logger); err == nil {
			tlsLn, err = net.Listen("tcp", cfg.https.addr)
		}
		if err != nil {
			ln.Close()
			return err
		}
	}
	worker := &outbox.Worker{Store: db, Policy: cfg.delivery, AllowPrivate: cfg.webhookAllowPrivate, Logger: logger}
	// E-mail goes through the mail server in effect at each send: the
	// environment's, else the one saved in the admin.
	worker.Mailer = &outbox.SMTP{Server: srv.MailServer, InboxURL: baseURL + "/admin", SiteURL: baseURL, Timeout: cfg.delivery.Timeout}
	srv.DeliveryQueued = worker.Poke
	stopMetrics, err := serveMetrics(cfg, srv, db, worker, logger)
	if err != nil {
		ln.Close()
		return err
	}
	defer stopMetrics()
	jobs := make(chan struct{}, 4)
	go func() { worker.Run(jobsCtx); jobs <- struct{}{} }()
	go func() {
		runRetention(jobsCtx, db, cfg.auditRetention, cfg.analyticsRetention, time.Hour, logger)
		jobs <- struct{}{}
	}()
	go func() {
		if srv.Backups != nil {
			(&backup.Scheduler{Dir: srv.Backups, Store: db, Logger: logger}).Run(jobsCtx, backup.CheckEvery)
		}
		jobs <- struct{}{}
	}()
	handler := srv.Handler()
	// The counts' writes end before the last Flush below and the database's close.
	go func() { srv.Run(jobsCtx); jobs <- struct{}{} }()

	httpServer := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 2)
	address := "http://" + displayAddr(ln.Addr())
	if certs == nil {
		go func() { errc <- httpServer.Serve(ln) }()
		logger.Info("site started", "address", address, "database", where)
	} else {
		serveHTTPS(httpServer, certs, ln, tlsLn, baseURL, cfg.https.domains, errc)
		logger.Info("site started", "address", "https://"+displayAddr(tlsLn.Addr()), "http", address,
			"domains", cfg.https.domains, "database", where)
		// A person opens the site by the name its certificate is for.
		address = baseURL
	}
	if text {
		greet(stderr, address, password)
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	deadline := time.Now().Add(cfg.shutdownTimeout)
	// A load balancer that asks /readyz sees the instance stopping, and
	// sends the others what comes next while this one still answers.
	srv.Draining.Store(true)
	if cfg.shutdownDrain > 0 {
		logger.Info("stopping: /readyz answers 503 while requests still come", "drain", cfg.shutdownDrain.String())
		time.Sleep(cfg.shutdownDrain)
	}
	logger.Info("shutting down: finishing requests and notifications in flight", "timeout", time.Until(deadline).Round(time.Millisecond).String())
	err = shutdown(httpServer, worker, stopJobs, jobs, time.Until(deadline), logger)
	// The 404, redirect and analytics counts of the last requests, before
	// the database closes: with what is left of the shutdown's time, and at
	// least 2 s (a busy site's last 10 s of visitors take a few seconds to
	// write).
	flushCtx, cancel := context.WithDeadline(context.Background(), later(deadline, time.Now().Add(2*time.Second)))
	defer cancel()
	srv.Flush(flushCtx)
	return err
}

// openStore opens PostgreSQL when a database URL is configured, and the
// SQLite file in the data directory otherwise. where describes the database
// for the log, without a password.
func openStore(ctx context.Context, cfg *config) (db site.Store, where string, err error) {
	if cfg.databaseURL != "" {
		pg, err := postgres.Open(ctx, cfg.databaseURL)
		if err != nil {
			return nil, "", err
		}
		return pg, redactURL(cfg.databaseURL), nil
	}
	path := filepath.Join(cfg.dataDir, "site.db")
	lite, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, "", err
	}
	return lite, path, nil
}

// sealedValues returns the check of whether db holds a value sealed with
// the secret key: the two-factor secrets and the saved mail password.
func sealedValues(db site.Store) func(context.Context) (bool, error) {
	return func(ctx context.Context) (bool, error) {
		users, err := db.FindUsers(ctx)
		if err != nil {
			return false, err
		}
		for _, u := range users {
			if site.IsSealed(u.TOTPSecret) || site.IsSealed(u.TOTPPending) {
				return true, nil
			}
		}
		mail, err := db.GetMailSettings(ctx)
		if err != nil {
			return false, err
		}
		return site.IsSealed(mail.Password), nil
	}
}

// redactURL describes a database URL without its password or parameters
// (which may hold one too).
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "postgres"
	}
	u.RawQuery = ""
	return u.Redacted()
}

// newServer wires the embedded frontend, the renderer and the store.
func newServer(store site.Store, baseURL string, logger *slog.Logger) (*httpd.Server, error) {
	client, err := fs.Sub(web.Dist, "dist/client")
	if err != nil {
		return nil, err
	}
	index, err := fs.ReadFile(client, "index.html")
	if err != nil {
		return nil, fmt.Errorf("the frontend is not built (run make build): %w", err)
	}
	page, err := ssr.InlineStylesheets(string(index), client)
	if err != nil {
		return nil, err
	}
	shell, err := ssr.ParseShell(page)
	if err != nil {
		return nil, err
	}
	bundle, err := fs.ReadFile(web.Dist, "dist/server/entry-server.js")
	if err != nil {
		return nil, fmt.Errorf("the server bundle is not built (run make build): %w", err)
	}
	renderer, err := ssr.NewRenderer(bundle, runtime.GOMAXPROCS(0), logger)
	if err != nil {
		return nil, err
	}
	assets, err := serve.LoadAssets(client)
	if err != nil {
		return nil, err
	}
	version := new(site.ContentVersion)
	return &httpd.Server{
		Store:   store,
		Version: version,
		Pages:   ssr.NewPageCache(renderer, shell, store, version, baseURL, assets.Paths()...),
		Assets:  assets,
		Logger:  logger,
	}, nil
}

// warnReservedSlugs logs each page whose slug is an address the site
// answers itself (saved before such slugs were refused, or before the route
// was added): visitors never get it, and it cannot be saved or published
// again until it is renamed.
func warnReservedSlugs(ctx context.Context, store site.Store, routes *site.Routes, logger *slog.Logger) error {
	pages, err := site.Find[site.Page](ctx, store, site.Pages, site.ListFilter{})
	if err != nil {
		return err
	}
	for _, p := range pages {
		if routes.Reserved(p.Slug) {
			logger.Warn("page not served: its slug is an address of the site itself; rename it", "page", p.ID, "slug", p.Slug)
		}
	}
	return nil
}

// displayAddr turns a listening address into one a browser can open.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || tcp.IP.IsUnspecified() {
		if ok {
			return fmt.Sprintf("localhost:%d", tcp.Port)
		}
		return a.String()
	}
	return a.String()
}

// mediaSweepEvery is how often the blobs no media item names are deleted.
const mediaSweepEvery = 24 * time.Hour

// runRetention deletes the leads older than the retention setting, the
// audit log's entries older than auditKeep and the newsletter's sign-ups
// left unconfirmed past their week, at start and then every interval, and
// the blobs of the media library that no item (live or
// deleted) names, at start and then daily, until ctx ends.
func runRetention(ctx context.Context, store interface {
	site.LeadService
	site.AuditService
	site.MediaService
	site.AnalyticsService
	site.SubscriberService
	site.ApplicationService
}, auditKeep, analyticsKeep, every time.Duration, logger *slog.Logger) {
	var swept time.Time
	for {
		n, err := site.ExpireLeads(ctx, store, time.Now())
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Error("lead retention", "err", err)
		case n > 0:
			logger.Info("lead retention: deleted old leads", "count", n)
		}
		n, err = site.ExpireApplications(ctx, store, time.Now())
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Error("application retention", "err", err)
		case n > 0:
			logger.Info("application retention: deleted old applications", "count", n)
		}
		n, err = store.DeleteAuditEntriesBefore(ctx, time.Now().Add(-auditKeep))
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Error("audit log retention", "err", err)
		case n > 0:
			logger.Info("audit log retention: deleted old entries", "count", n)
		}
		if err := store.DeleteAnalyticsBefore(ctx, time.Now().Add(-analyticsKeep)); err != nil && ctx.Err() == nil {
			logger.Error("analytics retention", "err", err)
		}
		// Sign-ups to the newsletter that nobody confirmed within their
		// week, with the addresses they hold.
		n, err = store.DeleteExpiredSubscribers(ctx, time.Now())
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Error("newsletter expiry", "err", err)
		case n > 0:
			logger.Info("newsletter expiry: deleted unconfirmed sign-ups", "count", n)
		}
		if time.Since(swept) >= mediaSweepEvery {
			n, err = store.SweepMediaBlobs(ctx)
			switch {
			case err != nil && ctx.Err() == nil:
				logger.Error("media sweep", "err", err)
			case err == nil:
				swept = time.Now()
				if n > 0 {
					logger.Info("media sweep: deleted files no media item names", "count", n)
				}
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

// diskUsage tells the free and total bytes of the file system of dir.
func diskUsage(dir string) func() (free, total uint64, err error) {
	return func() (uint64, uint64, error) {
		var st syscall.Statfs_t
		if err := syscall.Statfs(dir, &st); err != nil {
			return 0, 0, err
		}
		return st.Bavail * uint64(st.Bsize), st.Blocks * uint64(st.Bsize), nil
	}
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
