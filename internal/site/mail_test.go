package site

import (
	"strings"
	"testing"
)

func TestMailSettingsValidate(t *testing.T) {
	m := &MailSettings{Host: " smtp.example.com ", From: " alerts@example.com "}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if m.Host != "smtp.example.com" || m.Port != DefaultMailPort || m.TLS != MailTLSStartTLS || m.From != "alerts@example.com" {
		t.Errorf("validated = %+v", m)
	}
	// No host turns mail off: nothing else is asked for.
	if err := (&MailSettings{}).Validate(); err != nil {
		t.Errorf("empty settings: %v", err)
	}
	for _, tc := range []struct {
		m     MailSettings
		field string
	}{
		{MailSettings{Host: "smtp://mail.example.com", From: "a@example.com"}, "host"},
		{MailSettings{Host: "mail.example.com:587", From: "a@example.com"}, "host"},
		{MailSettings{Host: "mail example.com", From: "a@example.com"}, "host"},
		{MailSettings{Host: strings.Repeat("a", 254), From: "a@example.com"}, "host"},
		{MailSettings{Host: "mail.example.com", Port: 65536, From: "a@example.com"}, "port"},
		{MailSettings{Host: "mail.example.com", Port: -1, From: "a@example.com"}, "port"},
		{MailSettings{Host: "mail.example.com"}, "from"},
		{MailSettings{Host: "mail.example.com", From: "Alerts <a@example.com>"}, "from"},
		{MailSettings{Host: "mail.example.com", From: "a@example.com", TLS: "ssl"}, "tls"},
		{MailSettings{Host: "mail.example.com", From: "a@example.com", Password: "p"}, "password"},
		{MailSettings{Host: "mail.example.com", From: "a@example.com", Username: "u", Password: strings.Repeat("p", 201)}, "password"},
		{MailSettings{Host: "mail.example.com", From: "a@example.com", Username: strings.Repeat("u", 255)}, "username"},
	} {
		err := tc.m.Validate()
		if e, ok := err.(*Error); !ok || e.Fields[tc.field] == "" {
			t.Errorf("%+v: %v, want a message for %s", tc.m, err, tc.field)
		}
	}
	for _, h := range []string{"127.0.0.1", "[::1]", "::1", "smtp-relay.example.co.uk", "localhost"} {
		if err := (&MailSettings{Host: h, From: "a@example.com"}).Validate(); err != nil {
			t.Errorf("host %q: %v", h, err)
		}
	}
	if got := (&MailSettings{Host: "::1", Port: 25}).Addr(); got != "[::1]:25" {
		t.Errorf("Addr = %q", got)
	}
}
