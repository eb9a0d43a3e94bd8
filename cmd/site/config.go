package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"meridian/internal/api"
	"meridian/internal/inbox"
	"meridian/internal/outbox"
	"meridian/internal/site"
)

// config is everything the server is told at start.
type config struct {
	addr        string
	dataDir     string
	databaseURL string
	baseURL     string
	logLevel    slog.Level
	// logFormat is json or text; empty: text on a terminal, else json.
	logFormat      string
	sessions       site.SessionPolicy
	loginLockout   time.Duration
	trustedProxies []netip.Prefix
	hsts           bool
	leadLimits     inbox.LeadLimits
	smtp           smtpConfig
	delivery       outbox.Policy
	// webhookAllowPrivate lets the webhook go to private and local
	// network addresses.
	webhookAllowPrivate bool
	// shutdownTimeout bounds a shutdown, from the signal to the exit.
	shutdownTimeout time.Duration
	// shutdownDrain is how long, after the signal, the site goes on
	// serving while /readyz answers 503, for a load balancer to stop
	// sending it requests; part of shutdownTimeout.
	shutdownDrain time.Duration
	// mediaMaxBytes is the largest file an upload to the media library
	// may carry.
	mediaMaxBytes int64
	// memoryLimit is the Go runtime's soft memory limit, 0 for none; the
	// garbage collector works harder as the heap nears it.
	memoryLimit int64
	// memoryMax is the most memory the process may use (its container's
	// hard limit), 0 when none is known: AVIF uploads that would not fit
	// in it are refused.
	memoryMax int64
	// uploads bound the uploads being received at once.
	uploads api.UploadLimits
	// secretKey seals the two-factor secrets in the database.
	secretKey string
	// auditRetention is how long the audit log keeps an entry, and
	// analyticsRetention how long the analytics keep their counts.
	auditRetention     time.Duration
	analyticsRetention time.Duration
	// https is automatic HTTPS, off without domains.
	https httpsConfig
	// metricsAddr serves the metrics alone on an address of their own;
	// metricsToken serves them on the main address to its bearer. Both
	// empty: no metrics.
	metricsAddr, metricsToken string
	// backupDir is where the server makes the backups of its schedule and
	// of the admin; empty: none (a PostgreSQL site without -backup-dir).
	backupDir string
}

// smtpConfig is the mail server lead notifications are sent through; an
// empty host turns e-mail off.
type smtpConfig struct {
	host, username, password, from string
	port                           int
}

// settings are the mail settings of the environment, which win over those
// saved in the admin; nil when SMTP_HOST is not set.
func (c smtpConfig) settings() *site.MailSettings {
	if c.host == "" {
		return nil
	}
	return &site.MailSettings{Host: c.host, Port: c.port, Username: c.username, Password: c.password, From: c.from,
		TLS: site.MailTLSStartTLS}
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
	fset.StringVar(&c.addr, "addr", envOr("SITE_ADDR", ":8080"), "address to listen on; with -domain, that of plain HTTP, :80 by default (env SITE_ADDR)")
	fset.StringVar(&c.dataDir, "data-dir", envOr("SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	fset.StringVar(&c.databaseURL, "database-url", getenv("DATABASE_URL"), "PostgreSQL URL; when empty, SQLite in the data directory is used (env DATABASE_URL)")
	fset.StringVar(&c.secretKey, "secret-key", getenv("SITE_SECRET_KEY"), "key (32 characters or more) that encrypts the two-factor secrets in the database; every instance needs the same (env SITE_SECRET_KEY)")
	fset.StringVar(&c.baseURL, "base-url", getenv("SITE_URL"), "public address of the site for canonical links, e.g. https://www.example.com (env SITE_URL)")
	fset.StringVar(&level, "log-level", envOr("SITE_LOG_LEVEL", "info"), "debug, info, warn or error (env SITE_LOG_LEVEL)")
	fset.StringVar(&c.logFormat, "log-format", getenv("SITE_LOG_FORMAT"), "json or text; by default text on a terminal, else json (env SITE_LOG_FORMAT)")
	var idle, absolute, proxies, hsts string
	fset.StringVar(&idle, "session-idle", envOr("SITE_SESSION_IDLE", "30m"), "admin session idle timeout (env SITE_SESSION_IDLE)")
	fset.StringVar(&absolute, "session-lifetime", envOr("SITE_SESSION_LIFETIME", "12h"), "admin session absolute lifetime (env SITE_SESSION_LIFETIME)")
	fset.StringVar(&proxies, "trusted-proxies", getenv("SITE_TRUSTED_PROXIES"), "comma-separated addresses or CIDR ranges of proxies whose X-Forwarded-For is believed (env SITE_TRUSTED_PROXIES)")
	fset.StringVar(&hsts, "hsts", getenv("SITE_HSTS"), "send Strict-Transport-Security: true or false; default true when the base URL is https (env SITE_HSTS)")
	var perAddr, perEmail, mediaMax, memLimit, memMax, uploadBudget, uploadsPerUser string
	fset.StringVar(&memLimit, "memory-limit", envOr("SITE_MEMORY_LIMIT", "200MB"), "soft limit of the server's heap, in bytes or with KB, MB or GB, 0 for none; GOMEMLIMIT, when set, takes precedence (env SITE_MEMORY_LIMIT)")
	fset.StringVar(&memMax, "memory-max", envOr("SITE_MEMORY_MAX", "auto"), "most memory the server may use (its container's hard limit), in bytes or with KB, MB or GB, 0 for none; auto reads the cgroup's limit. An AVIF upload whose decode would take more than three quarters of it is refused (env SITE_MEMORY_MAX)")
	fset.StringVar(&uploadBudget, "media-upload-budget", envOr("SITE_MEDIA_UPLOAD_BUDGET", strconv.FormatInt(api.DefaultUploadLimits.Budget>>20, 10)+"MB"), "most bytes of uploads to the media library received at once, by the sizes their requests declare; an upload past it is answered 503 with Retry-After (env SITE_MEDIA_UPLOAD_BUDGET)")
	fset.StringVar(&uploadsPerUser, "media-uploads-per-user", envOr("SITE_MEDIA_UPLOADS_PER_USER", strconv.Itoa(api.DefaultUploadLimits.PerUser)), "most uploads to the media library one user sends at once; one more is answered 429 with Retry-After (env SITE_MEDIA_UPLOADS_PER_USER)")
	fset.StringVar(&mediaMax, "media-max-bytes", envOr("SITE_MEDIA_MAX_BYTES", "20MB"), "largest file an upload to the media library may carry, in bytes or with KB, MB or GB (env SITE_MEDIA_MAX_BYTES)")
	if v := getenv("SITE_WEBHOOK_ALLOW_PRIVATE"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("bad SITE_WEBHOOK_ALLOW_PRIVATE %q: want true or false", v)
		}
		c.webhookAllowPrivate = b
	}
	fset.BoolVar(&c.webhookAllowPrivate, "webhook-allow-private", c.webhookAllowPrivate, "let the lead webhook go to private and local network addresses (env SITE_WEBHOOK_ALLOW_PRIVATE)")
	fset.StringVar(&perAddr, "lead-rate-per-address", envOr("SITE_LEAD_RATE_PER_ADDRESS", strconv.Itoa(inbox.DefaultLeadLimits.PerAddress)), "most leads per hour from one client address, 0 for no limit (env SITE_LEAD_RATE_PER_ADDRESS)")
	fset.StringVar(&perEmail, "lead-rate-per-email", envOr("SITE_LEAD_RATE_PER_EMAIL", strconv.Itoa(inbox.DefaultLeadLimits.PerEmail)), "most leads per hour for one e-mail address, 0 for no limit (env SITE_LEAD_RATE_PER_EMAIL)")
	c.delivery = outbox.DefaultPolicy
	c.loginLockout = site.DefaultLockoutPolicy.First
	c.shutdownTimeout = 20 * time.Second
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
		{dst: &c.loginLockout, flag: "login-lockout", env: "SITE_LOGIN_LOCKOUT", usage: "first lockout of a username from one address after 5 failed logins; doubled for each further one, up to a day"},
		{dst: &c.shutdownTimeout, flag: "shutdown-timeout", env: "SITE_SHUTDOWN_TIMEOUT", usage: "longest time from SIGTERM to exit: requests and notifications in flight are cut then"},
	}
	for i := range durations {
		d := &durations[i]
		fset.StringVar(&d.v, d.flag, envOr(d.env, d.dst.String()), d.usage+" (env "+d.env+")")
	}
	fset.StringVar(&c.metricsAddr, "metrics-addr", getenv("SITE_METRICS_ADDR"), "address that serves the Prometheus metrics at /metrics, alone and without a token, e.g. 127.0.0.1:9090; empty: none (env SITE_METRICS_ADDR)")
	fset.StringVar(&c.metricsToken, "metrics-token", getenv("SITE_METRICS_TOKEN"), "token (16 characters or more) that opens /metrics on the main address as Authorization: Bearer; empty: /metrics is no address of it (env SITE_METRICS_TOKEN)")
	fset.StringVar(&c.backupDir, "backup-dir", getenv("SITE_BACKUP_DIR"), "directory of the backups the server makes on its schedule and from the admin; several instances share one (a mounted volume). Default: backups in the data directory for SQLite, none for PostgreSQL (env SITE_BACKUP_DIR)")
	var drain string
	fset.StringVar(&drain, "shutdown-drain", envOr("SITE_SHUTDOWN_DRAIN", "0s"), "how long after SIGTERM the site still serves while /readyz answers 503, for a load balancer to take it out first; part of -shutdown-timeout (env SITE_SHUTDOWN_DRAIN)")
	readHTTPS := addHTTPSFlags(fset, envOr)
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
	if d, err := time.ParseDuration(drain); err != nil || d < 0 || d >= c.shutdownTimeout {
		return nil, fmt.Errorf("bad -shutdown-drain %q: want a duration shorter than -shutdown-timeout, such as 5s", drain)
	} else {
		c.shutdownDrain = d
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
	n, err := parseBytes(mediaMax)
	if err != nil || n < 1 || n > 1<<30 {
		return nil, fmt.Errorf("bad -media-max-bytes %q: want a size from 1 byte to 1 GB, such as 20MB", mediaMax)
	}
	c.mediaMaxBytes = n
	if c.memoryLimit, err = parseBytes(memLimit); err != nil || (c.memoryLimit != 0 && c.memoryLimit < 32<<20) {
		return nil, fmt.Errorf("bad -memory-limit %q: want 0 (no limit) or a size of at least 32MB, such as 200MB", memLimit)
	}
	if strings.EqualFold(strings.TrimSpace(memMax), "auto") {
		c.memoryMax = cgroupMemoryMax(os.DirFS("/"))
	} else if c.memoryMax, err = parseBytes(memMax); err != nil || (c.memoryMax != 0 && c.memoryMax < 64<<20) {
		return nil, fmt.Errorf("bad -memory-max %q: want auto, 0 (none) or a size of at least 64MB, such as 1GB", memMax)
	}
	if c.uploads.Budget, err = parseBytes(uploadBudget); err != nil || c.uploads.Budget < 1<<20 {
		return nil, fmt.Errorf("bad -media-upload-budget %q: want a size of at least 1MB, such as 256MB", uploadBudget)
	}
	if c.uploads.PerUser, err = strconv.Atoi(uploadsPerUser); err != nil || c.uploads.PerUser < 1 {
		return nil, fmt.Errorf("bad -media-uploads-per-user %q: want a whole number of at least 1", uploadsPerUser)
	}
	if c.auditRetention, err = retentionDays(getenv, "SITE_AUDIT_RETENTION_DAYS", site.DefaultAuditRetention); err != nil {
		return nil, err
	}
	if c.analyticsRetention, err = retentionDays(getenv, "SITE_ANALYTICS_RETENTION_DAYS", site.DefaultAnalyticsRetention); err != nil {
		return nil, err
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
	if c.sessions.Idle, err = time.ParseDuration(idle); err != nil || c.sessions.Idle <= 0 {
		return nil, fmt.Errorf("bad session idle timeout %q", idle)
	}
	if c.sessions.Absolute, err = time.ParseDuration(absolute); err != nil || c.sessions.Absolute <= 0 {
		return nil, fmt.Errorf("bad session lifetime %q", absolute)
	}
	if c.trustedProxies, err = parseProxies(proxies); err != nil {
		return nil, err
	}
	if err := readHTTPS(&c); err != nil {
		return nil, err
	}
	if c.baseURL, err = parseBaseURL(c.baseURL); err != nil {
		return nil, err
	}
	c.hsts = strings.HasPrefix(c.baseURL, "https://")
	if hsts != "" {
		if c.hsts, err = strconv.ParseBool(hsts); err != nil {
			return nil, fmt.Errorf("bad -hsts value %q", hsts)
		}
	}
	if c.secretKey != "" && len(c.secretKey) < site.MinSecretKeyLength {
		return nil, fmt.Errorf("bad SITE_SECRET_KEY: it must be at least %d characters", site.MinSecretKeyLength)
	}
	if c.metricsToken != "" && len(c.metricsToken) < minMetricsToken {
		return nil, fmt.Errorf("bad -metrics-token (SITE_METRICS_TOKEN): it must be at least %d characters", minMetricsToken)
	}
	if c.backupDir == "" && c.databaseURL == "" {
		c.backupDir = filepath.Join(c.dataDir, "backups")
	}
	if err := c.logLevel.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("bad log level %q", level)
	}
	if c.logFormat != "" && c.logFormat != "json" && c.logFormat != "text" {
		return nil, fmt.Errorf("bad log format %q: want json or text", c.logFormat)
	}
	return &c, nil
}

// parseBytes reads a size: a number of bytes, or a number with KB, MB or
// GB (or K, M, G), counted in 1024s.
func parseBytes(v string) (int64, error) {
	v = strings.ToUpper(strings.TrimSpace(v))
	unit := int64(1)
	for _, u := range []struct {
		suffix string
		n      int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(v, u.suffix) {
			v, unit = strings.TrimSpace(strings.TrimSuffix(v, u.suffix)), u.n
			break
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/unit {
		return 0, fmt.Errorf("bad size %q", v)
	}
	return n * unit, nil
}

// cgroupMemoryMax returns the memory limit of the process's cgroup, the
// least of its own and its ancestors' (memory.max of cgroup v2, or
// memory.limit_in_bytes of v1), read from fsys (the root of the file
// system); 0 when there is none or it cannot be read. A container's own
// cgroup may be the root of its mount, whatever path /proc says.
func cgroupMemoryMax(fsys fs.FS) int64 {
	own, err := fs.ReadFile(fsys, "proc/self/cgroup")
	if err != nil {
		return 0
	}
	var limit int64
	read := func(file string) {
		b, err := fs.ReadFile(fsys, file)
		if err != nil {
			return
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<62 { // "max", or v1's "no limit"
			return
		}
		if limit == 0 || n < limit {
			limit = n
		}
	}
	for _, line := range strings.Split(string(own), "\n") {
		// "0::/path" (v2) or "4:memory:/path" (v1).
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		var dir, file string
		switch {
		case parts[0] == "0" && parts[1] == "":
			dir, file = "sys/fs/cgroup", "memory.max"
		case slices.Contains(strings.Split(parts[1], ","), "memory"):
			dir, file = "sys/fs/cgroup/memory", "memory.limit_in_bytes"
		default:
			continue
		}
		for p := path.Clean("/" + parts[2]); ; p = path.Dir(p) {
			read(path.Join(dir, p, file))
			if p == "/" {
				break
			}
		}
	}
	return limit
}

// parseBaseURL checks the public address of the site and returns it without
// a trailing slash, since page paths are appended to it as they are. Empty
// stays empty: the listening address is used then.
func parseBaseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" {
		return "", fmt.Errorf("bad -base-url (SITE_URL) %q: want an absolute http or https address such as https://www.example.com", raw)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery || strings.Trim(u.Path, "/") != "" {
		return "", fmt.Errorf("bad -base-url (SITE_URL) %q: want only the scheme and host, such as https://www.example.com (no path, query or user)", raw)
	}
	return u.Scheme + "://" + u.Host, nil
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

// retentionDays reads the variable name, a whole number of days from 1 to
// 36500, as a duration; def when it is not set.
func retentionDays(getenv func(string) string, name string, def time.Duration) (time.Duration, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	days, err := strconv.Atoi(v)
	if err != nil || days < 1 || days > 36500 {
		return 0, fmt.Errorf("bad %s %q: want a whole number of days from 1 to 36500", name, v)
	}
	return time.Duration(days) * 24 * time.Hour, nil
}
