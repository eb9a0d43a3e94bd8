package main

import (
	"io"
	"net/netip"
	"testing"
	"time"
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
	if c.leadLimits.PerAddress != 10 || c.leadLimits.PerEmail != 5 || c.smtp.host != "" {
		t.Errorf("lead defaults = %+v, smtp %+v", c.leadLimits, c.smtp)
	}
	env["SITE_LEAD_RATE_PER_ADDRESS"] = "0"
	env["SITE_LEAD_RATE_PER_EMAIL"] = "3"
	env["SMTP_HOST"] = "mail.example.com"
	env["SMTP_FROM"] = "site@example.com"
	c, err = parseConfig(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil || c.leadLimits.PerAddress != 0 || c.leadLimits.PerEmail != 3 || c.smtp.port != 587 || c.smtp.from != "site@example.com" {
		t.Errorf("lead limits from env = %+v, smtp %+v, %v", c.leadLimits, c.smtp, err)
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
		"NegativeRate": {"-lead-rate-per-email", "-1"},
	} {
		if _, err := parseConfig(args, func(string) string { return "" }, io.Discard); err == nil {
			t.Errorf("%s: %v accepted", name, args)
		}
	}
}
