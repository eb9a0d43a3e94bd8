package main

import (
	"context"
	"io"
	"net/netip"
	"testing"
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
	if c.leadLimits.PerAddress != 10 || c.leadLimits.PerEmail != 5 || c.smtp.host != "" {
		t.Errorf("lead defaults = %+v, smtp %+v", c.leadLimits, c.smtp)
	}
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
	} {
		if _, err := parseConfig(args, func(string) string { return "" }, io.Discard); err == nil {
			t.Errorf("%s: %v accepted", name, args)
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
		if _, _, err := db.CreateLead(ctx, &site.Lead{FirstName: "A", LastName: "B", Email: at.Format("20060102") + "@example.com", Company: "C"}); err != nil {
			t.Fatal(err)
		}
	}
	// Off by default: nothing goes.
	if n, err := deleteExpiredLeads(ctx, db, now); n != 0 || err != nil {
		t.Fatalf("retention off: deleted %d, %v", n, err)
	}
	if _, err := db.UpdateLeadSettings(ctx, &site.LeadSettings{RetentionMonths: 6}); err != nil {
		t.Fatal(err)
	}
	if n, err := deleteExpiredLeads(ctx, db, now); n != 2 || err != nil {
		t.Errorf("6 months: deleted %d, %v; want 2", n, err)
	}
	if n, _ := db.CountLeads(ctx); n != 1 {
		t.Errorf("%d leads left, want 1", n)
	}
}
