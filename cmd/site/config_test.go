package main

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

func TestParseConfig(t *testing.T) {
	env := map[string]string{
		"SITE_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7 ,::1",
		"SITE_SESSION_IDLE":    "15m",
		"SITE_URL":             "https://www.example.com",
	}
	c, err := parseConfig(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.sessions.Idle != 15*time.Minute || c.sessions.Absolute != 12*time.Hour {
		t.Errorf("sessions = %+v", c.sessions)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32"), netip.MustParsePrefix("::1/128")}
	if len(c.trustedProxies) != len(want) {
		t.Fatalf("proxies = %v", c.trustedProxies)
	}
	for i := range want {
		if c.trustedProxies[i] != want[i] {
			t.Errorf("proxy %d = %v, want %v", i, c.trustedProxies[i], want[i])
		}
	}
	if !c.hsts {
		t.Error("HSTS off for an https base URL")
	}
	if c.delivery != outbox.DefaultPolicy {
		t.Errorf("delivery policy = %+v, want the default", c.delivery)
	}
	if c.mediaMaxBytes != 20<<20 {
		t.Errorf("media max bytes = %d, want 20 MB", c.mediaMaxBytes)
	}
	if c.leadLimits.PerAddress != 10 || c.leadLimits.PerEmail != 5 || c.smtp.host != "" {
		t.Errorf("lead defaults = %+v, smtp %+v", c.leadLimits, c.smtp)
	}
	env["SITE_MEDIA_MAX_BYTES"] = "512 KB"
	if c, err := parseConfig(nil, func(k string) string { return env[k] }, io.Discard); err != nil || c.mediaMaxBytes != 512<<10 {
		t.Errorf("SITE_MEDIA_MAX_BYTES=512 KB: %v, %v", c, err)
	}
	if c, err := parseConfig([]string{"-media-max-bytes", "1048576"}, func(k string) string { return env[k] }, io.Discard); err != nil || c.mediaMaxBytes != 1<<20 {
		t.Errorf("-media-max-bytes 1048576: %v, %v", c, err)
	}
	delete(env, "SITE_MEDIA_MAX_BYTES")
	if c.memoryLimit != 200<<20 {
		t.Errorf("memory limit = %d, want 200 MB", c.memoryLimit)
	}
	for v, want := range map[string]int64{"0": 0, "1GB": 1 << 30, "64 MB": 64 << 20} {
		env["SITE_MEMORY_LIMIT"] = v
		if c, err := parseConfig(nil, func(k string) string { return env[k] }, io.Discard); err != nil || c.memoryLimit != want {
			t.Errorf("SITE_MEMORY_LIMIT=%s: %v, %v", v, c, err)
		}
	}
	for _, v := range []string{"lots", "1MB", "-5"} {
		env["SITE_MEMORY_LIMIT"] = v
		if _, err := parseConfig(nil, func(k string) string { return env[k] }, io.Discard); err == nil || !strings.Contains(err.Error(), "memory-limit") {
			t.Errorf("SITE_MEMORY_LIMIT=%s: err %v, want a memory-limit error", v, err)
		}
	}
	delete(env, "SITE_MEMORY_LIMIT")
	env["SITE_DELIVERY_RETRY_MIN"] = "100ms"
	env["SITE_DELIVERY_POLL"] = "1s"
	env["SITE_LEAD_RATE_PER_ADDRESS"] = "0"
	env["SITE_LEAD_RATE_PER_EMAIL"] = "3"
	env["SMTP_HOST"] = "mail.example.com"
	env["SMTP_FROM"] = "site@example.com"
	c, err = parseConfig(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil || c.leadLimits.PerAddress != 0 || c.leadLimits.PerEmail != 3 || c.smtp.port != 587 || c.smtp.from != "site@example.com" {
		t.Errorf("lead limits from env = %+v, smtp %+v, %v", c.leadLimits, c.smtp, err)
	}
	if c.delivery.RetryMin != 100*time.Millisecond || c.delivery.Poll != time.Second || c.delivery.RetryMax != time.Hour {
		t.Errorf("delivery policy from env = %+v", c.delivery)
	}
	for name, e := range map[string]map[string]string{
		"NoFrom":  {"SMTP_HOST": "mail.example.com"},
		"BadPort": {"SMTP_HOST": "mail.example.com", "SMTP_FROM": "a@example.com", "SMTP_PORT": "smtp"},
		"BadFrom": {"SMTP_HOST": "mail.example.com", "SMTP_FROM": "Site <a@example.com>"},
	} {
		if _, err := parseConfig(nil, func(k string) string { return e[k] }, io.Discard); err == nil {
			t.Errorf("%s: %v accepted", name, e)
		}
	}
	delete(env, "SMTP_HOST")
	delete(env, "SMTP_FROM")
	c, err = parseConfig([]string{"-hsts=false"}, func(k string) string { return env[k] }, io.Discard)
	if err != nil || c.hsts {
		t.Errorf("-hsts=false: %v, %v", c, err)
	}

	for name, args := range map[string][]string{
		"BadProxy":     {"-trusted-proxies", "proxy.example"},
		"BadIdle":      {"-session-idle", "soon"},
		"ZeroLife":     {"-session-lifetime", "0s"},
		"BadHSTS":      {"-hsts", "maybe"},
		"NegativeIdle": {"-session-idle", "-5m"},
		"BadLeadRate":  {"-lead-rate-per-address", "ten"},
		"BadRetry":     {"-delivery-retry-min", "soon"},
		"ZeroTimeout":  {"-delivery-timeout", "0s"},
		"MaxUnderMin":  {"-delivery-retry-min", "2m", "-delivery-retry-max", "1m"},
		"NegativeRate": {"-lead-rate-per-email", "-1"},
		"BadMediaMax":  {"-media-max-bytes", "big"},
		"ZeroMediaMax": {"-media-max-bytes", "0"},
		"HugeMediaMax": {"-media-max-bytes", "2GB"},
		"BadMemoryMax": {"-memory-max", "plenty"},
		"TinyMemMax":   {"-memory-max", "1MB"},
		"BadBudget":    {"-media-upload-budget", "0"},
		"BadPerUser":   {"-media-uploads-per-user", "0"},
		"BadLogFormat": {"-log-format", "xml"},
		"LongDrain":    {"-shutdown-drain", "30s"},
		"BadDrain":     {"-shutdown-drain", "-1s"},
	} {
		if _, err := parseConfig(args, func(string) string { return "" }, io.Discard); err == nil {
			t.Errorf("%s: %v accepted", name, args)
		}
	}
}

// The first login lockout is 15 minutes unless -login-lockout or
// SITE_LOGIN_LOCKOUT says otherwise.
func TestParseLoginLockout(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		env  string
		want time.Duration
	}{
		{"Default", nil, "", 15 * time.Minute},
		{"Env", nil, "5m", 5 * time.Minute},
		{"Flag", []string{"-login-lockout", "1h"}, "5m", time.Hour},
	} {
		c, err := parseConfig(tc.args, func(k string) string {
			if k == "SITE_LOGIN_LOCKOUT" {
				return tc.env
			}
			return ""
		}, io.Discard)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
		} else if c.loginLockout != tc.want {
			t.Errorf("%s: lockout %v, want %v", tc.name, c.loginLockout, tc.want)
		}
	}
	for _, v := range []string{"soon", "0s", "-1m"} {
		if _, err := parseConfig([]string{"-login-lockout", v}, func(string) string { return "" }, io.Discard); err == nil {
			t.Errorf("-login-lockout %s accepted", v)
		}
	}
}

func TestDeleteExpiredLeads(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, t.TempDir()+"/site.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	for _, at := range []time.Time{now.AddDate(0, -7, 0), now.AddDate(0, -6, 0).Add(-time.Minute), now.AddDate(0, -5, 0)} {
		db.Now = func() time.Time { return at }
		if _, _, err := db.CreateLead(ctx, &site.Lead{LeadFields: site.LeadFields{FirstName: "A", LastName: "B", Email: at.Format("20060102") + "@example.com", Company: "C"}}); err != nil {
			t.Fatal(err)
		}
	}
	// Off by default: nothing goes.
	if n, err := site.ExpireLeads(ctx, db, now); n != 0 || err != nil {
		t.Fatalf("retention off: deleted %d, %v", n, err)
	}
	if _, err := db.UpdateLeadSettings(ctx, &site.LeadSettings{RetentionMonths: 6}); err != nil {
		t.Fatal(err)
	}
	if n, err := site.ExpireLeads(ctx, db, now); n != 2 || err != nil {
		t.Errorf("6 months: deleted %d, %v; want 2", n, err)
	}
	if n, _ := db.CountLeads(ctx); n != 1 {
		t.Errorf("%d leads left, want 1", n)
	}
}

func TestBaseURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.example.com/":  "https://www.example.com",
		"https://www.example.com//": "https://www.example.com",
		" http://127.0.0.1:8080 ":   "http://127.0.0.1:8080",
		"HTTPS://WWW.EXAMPLE.COM":   "https://WWW.EXAMPLE.COM",
		"":                          "",
	} {
		c, err := parseConfig(nil, func(k string) string { return map[string]string{"SITE_URL": raw}[k] }, io.Discard)
		if err != nil {
			t.Errorf("SITE_URL %q: %v", raw, err)
			continue
		}
		if c.baseURL != want {
			t.Errorf("SITE_URL %q: base URL %q, want %q", raw, c.baseURL, want)
		}
	}
	for _, raw := range []string{"www.example.com", "/site", "ftp://www.example.com", "https://", "https://www.example.com/site",
		"https://www.example.com/?a=b", "https://user:pw@www.example.com"} {
		_, err := parseConfig(nil, func(k string) string { return map[string]string{"SITE_URL": raw}[k] }, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "SITE_URL") {
			t.Errorf("SITE_URL %q: err = %v, want a message naming SITE_URL", raw, err)
		}
	}

	// What a visitor and a crawler see with a base URL typed with a slash.
	c, err := parseConfig(nil, func(k string) string { return map[string]string{"SITE_URL": "https://www.example.com/"}[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv, err := newServer(db, c.baseURL, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	_, body := get(t, ts.URL+"/about-us", nil)
	if !strings.Contains(body, `<link rel="canonical" href="https://www.example.com/about-us"`) {
		t.Errorf("/about-us lacks the canonical link without a double slash")
	}
	if _, body := get(t, ts.URL+"/sitemap.xml", nil); strings.Contains(body, "example.com//") {
		t.Errorf("sitemap has a double slash:\n%s", body)
	}
}

func TestParseWebhookAllowPrivate(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		want bool
	}{{nil, "", false}, {nil, "true", true}, {[]string{"-webhook-allow-private"}, "", true}, {[]string{"-webhook-allow-private=false"}, "1", false}} {
		c, err := parseConfig(tc.args, func(k string) string {
			if k == "SITE_WEBHOOK_ALLOW_PRIVATE" {
				return tc.env
			}
			return ""
		}, io.Discard)
		if err != nil || c.webhookAllowPrivate != tc.want {
			t.Errorf("args %v, env %q: %v, %v; want %v", tc.args, tc.env, c, err, tc.want)
		}
	}
	if _, err := parseConfig([]string{"-webhook-allow-private=maybe"}, func(string) string { return "" }, io.Discard); err == nil {
		t.Error("-webhook-allow-private=maybe accepted")
	}
	if _, err := parseConfig(nil, func(k string) string { return map[string]string{"SITE_WEBHOOK_ALLOW_PRIVATE": "maybe"}[k] }, io.Discard); err == nil {
		t.Error("SITE_WEBHOOK_ALLOW_PRIVATE=maybe accepted")
	}
}

// The upload limits and the memory limit AVIF uploads are held to: their
// defaults, and what the flags and variables set.
func TestParseUploadLimits(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	c, err := parseConfig(nil, getenv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.uploads.Budget != 256<<20 || c.uploads.PerUser != 4 {
		t.Errorf("defaults = %+v", c.uploads)
	}
	env["SITE_MEDIA_UPLOAD_BUDGET"], env["SITE_MEDIA_UPLOADS_PER_USER"], env["SITE_MEMORY_MAX"] = "1GB", "2", "512MB"
	if c, err = parseConfig(nil, getenv, io.Discard); err != nil || c.uploads.Budget != 1<<30 || c.uploads.PerUser != 2 || c.memoryMax != 512<<20 {
		t.Errorf("from the environment: %+v %d, %v", c.uploads, c.memoryMax, err)
	}
	if c, err = parseConfig([]string{"-memory-max", "0", "-media-uploads-per-user", "6"}, getenv, io.Discard); err != nil || c.memoryMax != 0 || c.uploads.PerUser != 6 {
		t.Errorf("from the flags: %+v %d, %v", c.uploads, c.memoryMax, err)
	}
}

// cgroupMemoryMax reads the least limit of the process's cgroup and its
// ancestors, v2 or v1, and none from "max" or v1's huge number.
func TestCgroupMemoryMax(t *testing.T) {
	for _, tc := range []struct {
		name string
		fs   fstest.MapFS
		want int64
	}{
		{"V2", fstest.MapFS{
			"proc/self/cgroup": {Data: []byte("0::/system.slice/site.service\n")},
			"sys/fs/cgroup/system.slice/site.service/memory.max": {Data: []byte("max\n")},
			"sys/fs/cgroup/system.slice/memory.max":              {Data: []byte("536870912\n")},
		}, 512 << 20},
		{"V2Container", fstest.MapFS{
			"proc/self/cgroup":         {Data: []byte("0::/\n")},
			"sys/fs/cgroup/memory.max": {Data: []byte("1073741824\n")},
		}, 1 << 30},
		{"V2None", fstest.MapFS{
			"proc/self/cgroup":         {Data: []byte("0::/\n")},
			"sys/fs/cgroup/memory.max": {Data: []byte("max\n")},
		}, 0},
		{"V1", fstest.MapFS{
			"proc/self/cgroup":                           {Data: []byte("5:devices:/\n4:memory:/docker/abc\n0::/\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes": {Data: []byte("268435456\n")},
		}, 256 << 20},
		{"V1None", fstest.MapFS{
			"proc/self/cgroup":                           {Data: []byte("4:memory:/\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes": {Data: []byte("9223372036854771712\n")},
		}, 0},
		{"Unreadable", fstest.MapFS{}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := cgroupMemoryMax(tc.fs); got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
}
