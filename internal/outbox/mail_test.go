package outbox_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// TestMailSettingsReadAtSend sends through the mail server saved in the
// database, read at each send: a site without one fails its e-mail and
// tries again, and the server saved later (by another instance, on
// PostgreSQL) is used at the next attempt.
func TestMailSettingsReadAtSend(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, again reopener) {
		other := again(t)
		ctx := context.Background()
		box, err := site.NewSecretBox(strings.Repeat("x", 32))
		if err != nil {
			t.Fatal(err)
		}
		mailer := smtptest.Start(t)
		if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{NotificationEmails: []string{"sales@example.com"}}); err != nil {
			t.Fatal(err)
		}
		l := createLeads(t, s, 1, "saved")[0]
		p := fast
		p.RetryMin, p.RetryMax = 100*time.Millisecond, 100*time.Millisecond
		startWorker(t, s, p, &outbox.SMTP{Timeout: 2 * time.Second,
			Server: func(ctx context.Context) (*site.MailSettings, error) { return site.EffectiveMail(ctx, nil, s, box) }})
		waitFor(t, "a failed attempt", func() bool {
			got, err := s.FindLeadByID(ctx, l.ID)
			return err == nil && got.Deliveries[0].Attempts > 0 && got.Deliveries[0].LastError != ""
		})
		got, _ := s.FindLeadByID(ctx, l.ID)
		if d := got.Deliveries[0]; d.Status != site.DeliveryRetrying || !strings.Contains(d.LastError, "no mail server is set up") {
			t.Errorf("delivery without a mail server = %+v", d)
		}
		if _, err := site.SaveMailSettings(ctx, other, box, &site.MailSettings{Host: mailer.Host, Port: mailer.Port,
			From: "alerts@example.com", TLS: site.MailTLSNone}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the mail", func() bool { return len(mailer.Messages()) == 1 })
		m := mailer.Messages()[0]
		if m.From != "alerts@example.com" || strings.Join(m.To, ",") != "sales@example.com" {
			t.Errorf("mail from %q to %v", m.From, m.To)
		}
	})
}

func TestSendTest(t *testing.T) {
	ctx := context.Background()
	mailer := smtptest.Start(t)
	srv := &site.MailSettings{Host: mailer.Host, Port: mailer.Port, From: "alerts@example.com", TLS: site.MailTLSNone}
	answer, err := outbox.SendTest(ctx, srv, "owner@example.com", "https://www.example.com", 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(answer, "OK") {
		t.Errorf("answer = %q", answer)
	}
	msgs := mailer.Messages()
	if len(msgs) != 1 || msgs[0].From != "alerts@example.com" || strings.Join(msgs[0].To, ",") != "owner@example.com" ||
		msgs[0].Header.Get("Subject") != "Test e-mail from your website" {
		t.Fatalf("messages = %+v", msgs)
	}
	if err := outbox.CheckServer(ctx, srv, 2*time.Second); err != nil {
		t.Errorf("check: %v", err)
	}
	if len(mailer.Messages()) != 1 {
		t.Error("the check sent a mail")
	}
}

func TestExplain(t *testing.T) {
	ctx := context.Background()
	mailer := smtptest.Start(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	for _, tc := range []struct {
		name string
		srv  site.MailSettings
		want string
	}{
		{"Refused", site.MailSettings{Host: "127.0.0.1", Port: closed, From: "a@example.com", TLS: site.MailTLSNone},
			"Connection refused by 127.0.0.1:"},
		{"PlainServerAskedForTLS", site.MailSettings{Host: mailer.Host, Port: mailer.Port, From: "a@example.com", TLS: site.MailTLSImplicit},
			"does not speak TLS from the start"},
		{"NoSignIn", site.MailSettings{Host: mailer.Host, Port: mailer.Port, From: "a@example.com", TLS: site.MailTLSNone, Username: "u", Password: "p"},
			"The mail server refused the sign-in"},
		{"UnknownHost", site.MailSettings{Host: "mail.invalid", Port: 25, From: "a@example.com", TLS: site.MailTLSNone},
			"could not be found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := outbox.CheckServer(ctx, &tc.srv, 3*time.Second)
			if err == nil {
				t.Fatal("no error")
			}
			if got := outbox.Explain(&tc.srv, err); !strings.Contains(got, tc.want) {
				t.Errorf("Explain(%v) = %q, want %q in it", err, got, tc.want)
			}
		})
	}
}

// TestIPv6Host reaches a mail server written as an IPv6 address, with or
// without brackets.
func TestIPv6Host(t *testing.T) {
	ln, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		t.Skip("no IPv6 loopback:", err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	for _, host := range []string{"::1", "[::1]"} {
		srv := &site.MailSettings{Host: host, Port: port, From: "a@example.com", TLS: site.MailTLSNone}
		err := outbox.CheckServer(context.Background(), srv, 2*time.Second)
		if got := outbox.Explain(srv, err); err == nil || !strings.Contains(got, "Connection refused by [::1]:") {
			t.Errorf("%s: %v: %s", host, err, got)
		}
	}
}
