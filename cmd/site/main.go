// Command site serves the Meridian AI website, its API and the admin portal
// from one binary.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"meridian/internal/httpd"
	"meridian/internal/outbox"
	"meridian/internal/postgres"
	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/internal/ssr"
	"meridian/web"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

// config is everything the server is told at start.
type config struct {
	addr           string
	dataDir        string
	databaseURL    string
	baseURL        string
	logLevel       slog.Level
	sessions       site.SessionPolicy
	trustedProxies []netip.Prefix
	hsts           bool
	leadLimits     httpd.LeadLimits
	smtp           smtpConfig
	delivery       outbox.Policy
}

// smtpConfig is the mail server lead notifications are sent through; an
// empty host turns e-mail off.
type smtpConfig struct {
	host, username, password, from string
	port                           int
}

func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (*config, error) {
	fset := flag.NewFlagSet("site", flag.ContinueOnError)
	fset.SetOutput(stderr)
	envOr := func(name, def string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return def
	}
	var c config
	var level string
	fset.StringVar(&c.addr, "addr", envOr("SITE_ADDR", ":8080"), "address to listen on (env SITE_ADDR)")
	fset.StringVar(&c.dataDir, "data-dir", envOr("SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	fset.StringVar(&c.databaseURL, "database-url", getenv("DATABASE_URL"), "PostgreSQL URL; when empty, SQLite in the data directory is used (env DATABASE_URL)")
	fset.StringVar(&c.baseURL, "base-url", getenv("SITE_URL"), "public address of the site for canonical links, e.g. https://www.example.com (env SITE_URL)")
	fset.StringVar(&level, "log-level", envOr("SITE_LOG_LEVEL", "info"), "debug, info, warn or error (env SITE_LOG_LEVEL)")
	var idle, absolute, proxies, hsts string
	fset.StringVar(&idle, "session-idle", envOr("SITE_SESSION_IDLE", "30m"), "admin session idle timeout (env SITE_SESSION_IDLE)")
	fset.StringVar(&absolute, "session-lifetime", envOr("SITE_SESSION_LIFETIME", "12h"), "admin session absolute lifetime (env SITE_SESSION_LIFETIME)")
	fset.StringVar(&proxies, "trusted-proxies", getenv("SITE_TRUSTED_PROXIES"), "comma-separated addresses or CIDR ranges of proxies whose X-Forwarded-For is believed (env SITE_TRUSTED_PROXIES)")
	fset.StringVar(&hsts, "hsts", getenv("SITE_HSTS"), "send Strict-Transport-Security: true or false; default true when the base URL is https (env SITE_HSTS)")
	var perAddr, perEmail string
	fset.StringVar(&perAddr, "lead-rate-per-address", envOr("SITE_LEAD_RATE_PER_ADDRESS", strconv.Itoa(httpd.DefaultLeadLimits.PerAddress)), "most leads per hour from one client address, 0 for no limit (env SITE_LEAD_RATE_PER_ADDRESS)")
	fset.StringVar(&perEmail, "lead-rate-per-email", envOr("SITE_LEAD_RATE_PER_EMAIL", strconv.Itoa(httpd.DefaultLeadLimits.PerEmail)), "most leads per hour for one e-mail address, 0 for no limit (env SITE_LEAD_RATE_PER_EMAIL)")
	c.delivery = outbox.DefaultPolicy
	durations := []struct {
		dst        *time.Duration
		flag, env  string
		def, usage string
		v          string
	}{
		{dst: &c.delivery.RetryMin, flag: "delivery-retry-min", env: "SITE_DELIVERY_RETRY_MIN", usage: "wait after the first failed attempt of a lead notification; doubled after each further failure"},
		{dst: &c.delivery.RetryMax, flag: "delivery-retry-max", env: "SITE_DELIVERY_RETRY_MAX", usage: "longest wait between attempts of a lead notification"},
		{dst: &c.delivery.GiveUpAfter, flag: "delivery-give-up", env: "SITE_DELIVERY_GIVE_UP", usage: "a lead notification not sent this long after the lead is marked failed"},
		{dst: &c.delivery.Timeout, flag: "delivery-timeout", env: "SITE_DELIVERY_TIMEOUT", usage: "time limit of one attempt to send a lead notification"},
		{dst: &c.delivery.Poll, flag: "delivery-poll", env: "SITE_DELIVERY_POLL", usage: "how often to look for due notifications written by other instances"},
	}
	for i := range durations {
		d := &durations[i]
		fset.StringVar(&d.v, d.flag, envOr(d.env, d.dst.String()), d.usage+" (env "+d.env+")")
	}
	if err := fset.Parse(args); err != nil {
		return nil, err
	}
	for _, d := range durations {
		v, err := time.ParseDuration(d.v)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("bad -%s %q: want a positive duration such as 30s", d.flag, d.v)
		}
		*d.dst = v
	}
	if c.delivery.RetryMax < c.delivery.RetryMin {
		return nil, fmt.Errorf("-delivery-retry-max %v is shorter than -delivery-retry-min %v", c.delivery.RetryMax, c.delivery.RetryMin)
	}
	for _, l := range []struct {
		dst  *int
		v    string
		name string
	}{{&c.leadLimits.PerAddress, perAddr, "lead rate per address"}, {&c.leadLimits.PerEmail, perEmail, "lead rate per e-mail"}} {
		n, err := strconv.Atoi(l.v)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad %s %q: want a whole number, 0 for no limit", l.name, l.v)
		}
		*l.dst = n
	}
	c.smtp = smtpConfig{host: getenv("SMTP_HOST"), username: getenv("SMTP_USERNAME"), password: getenv("SMTP_PASSWORD"),
		from: getenv("SMTP_FROM"), port: 587}
	if p := getenv("SMTP_PORT"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("bad SMTP_PORT %q", p)
		}
		c.smtp.port = n
	}
	if c.smtp.host != "" && c.smtp.from == "" {
		return nil, errors.New("SMTP_FROM is required with SMTP_HOST: the address lead notifications are sent from")
	}
	if c.smtp.from != "" && !site.ValidEmail(c.smtp.from) {
		return nil, fmt.Errorf("bad SMTP_FROM %q: want a plain e-mail address", c.smtp.from)
	}
	var err error
	if c.sessions.Idle, err = time.ParseDuration(idle); err != nil || c.sessions.Idle <= 0 {
		return nil, fmt.Errorf("bad session idle timeout %q", idle)
	}
	if c.sessions.Absolute, err = time.ParseDuration(absolute); err != nil || c.sessions.Absolute <= 0 {
		return nil, fmt.Errorf("bad session lifetime %q", absolute)
	}
	if c.trustedProxies, err = parseProxies(proxies); err != nil {
		return nil, err
	}
	c.hsts = strings.HasPrefix(c.baseURL, "https://")
	if hsts != "" {
		if c.hsts, err = strconv.ParseBool(hsts); err != nil {
			return nil, fmt.Errorf("bad -hsts value %q", hsts)
		}
	}
	if err := c.logLevel.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("bad log level %q", level)
	}
	return &c, nil
}

// parseProxies reads a comma-separated list of addresses and CIDR ranges.
func parseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("bad trusted proxy %q: want an address or a CIDR range", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "admin" {
		return runAdmin(ctx, args[1:], getenv, os.Stdin, stderr)
	}
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: cfg.logLevel}))

	db, where, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := bootstrapAdmin(ctx, db, getenv("SITE_ADMIN_PASSWORD"), logger); err != nil {
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
	srv.Sessions = cfg.sessions
	srv.TrustedProxies = cfg.trustedProxies
	srv.HSTS = cfg.hsts
	srv.LeadLimits = cfg.leadLimits
	srv.SMTPConfigured = cfg.smtp.host != ""
	if pg, ok := db.(*postgres.DB); ok {
		// Other instances announce their writes; move this one's version on.
		w, err := pg.WatchContentVersion(ctx, srv.Version, logger)
		if err != nil {
			ln.Close()
			return err
		}
		defer w.Close()
	}
	// The outbox worker and the retention job run beside the server and
	// stop after it.
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
	worker := &outbox.Worker{Store: db, Policy: cfg.delivery, HTTP: &http.Client{Timeout: cfg.delivery.Timeout}, Logger: logger}
	if cfg.smtp.host != "" {
		worker.Mailer = &outbox.SMTP{Host: cfg.smtp.host, Port: cfg.smtp.port, Username: cfg.smtp.username,
			Password: cfg.smtp.password, From: cfg.smtp.from, InboxURL: strings.TrimSuffix(baseURL, "/") + "/admin",
			Timeout: cfg.delivery.Timeout}
	}
	srv.DeliveryQueued = worker.Poke
	jobs := make(chan struct{}, 2)
	go func() { worker.Run(jobsCtx); jobs <- struct{}{} }()
	go func() { runRetention(jobsCtx, db, time.Hour, logger); jobs <- struct{}{} }()

	httpServer := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- httpServer.Serve(ln) }()
	logger.Info("site started", "address", "http://"+displayAddr(ln.Addr()), "database", where)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := httpServer.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	// Attempts in flight end within their time limit and are recorded.
	stopJobs()
	for range 2 {
		<-jobs
	}
	logger.Info("stopped")
	return nil
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
	assets, err := httpd.LoadAssets(client)
	if err != nil {
		return nil, err
	}
	version := new(site.ContentVersion)
	return &httpd.Server{
		Store:   store,
		Version: version,
		Pages:   ssr.NewPageCache(renderer, shell, store, version, baseURL),
		Assets:  assets,
		Logger:  logger,
	}, nil
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

// runRetention deletes the leads older than the retention setting at start
// and then every interval, until ctx ends.
func runRetention(ctx context.Context, store site.LeadService, every time.Duration, logger *slog.Logger) {
	for {
		n, err := deleteExpiredLeads(ctx, store, time.Now())
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Error("lead retention", "err", err)
		case n > 0:
			logger.Info("lead retention: deleted old leads", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

// deleteExpiredLeads deletes the leads created more than the retention
// setting's months before now; a setting of 0 keeps every lead.
func deleteExpiredLeads(ctx context.Context, store site.LeadService, now time.Time) (int, error) {
	st, err := store.GetLeadSettings(ctx)
	if err != nil || st.RetentionMonths == 0 {
		return 0, err
	}
	return store.DeleteLeadsBefore(ctx, now.AddDate(0, -st.RetentionMonths, 0))
}
