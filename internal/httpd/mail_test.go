package httpd

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// mailPassword is the mail password of the tests, which no answer may
// hold.
const mailPassword = "Mail-Pa55word-never-shown"

// withSecrets gives the server a secret key, as every real one has.
func (a *testAPI) withSecrets() {
	a.t.Helper()
	box, err := site.NewSecretBox(strings.Repeat("s", 40))
	if err != nil {
		a.t.Fatal(err)
	}
	a.configure(func(s *Server) { s.Secrets = box })
}

// closedPort is a port of 127.0.0.1 on which nothing listens.
func closedPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return port
}

// noPassword fails the test when an answer holds the mail password.
func noPassword(t *testing.T, body string) {
	t.Helper()
	if strings.Contains(body, mailPassword) {
		t.Errorf("an answer holds the mail password: %s", body)
	}
}

func TestMailSettings(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.withSecrets()
		tokens := a.signIn()
		admin := tokens["admin"]
		expect := expecter(t, a)
		mailer := smtptest.Start(t)
		server := fmt.Sprintf(`"host":"%s","port":%d,"tls":"none"`, mailer.Host, mailer.Port)
		const fresh = `{"data":{"host":"","port":587,"username":"","passwordSet":false,"from":"","tls":"starttls","source":"none","updatedAt":null}}`

		t.Run("AdministratorsOnly", func(t *testing.T) {
			for _, role := range []string{"editor", "viewer"} {
				expect("GET", "/api/admin/mail-settings", tokens[role], "", nil, 403, "This action needs administrator rights.")
				expect("PUT", "/api/admin/mail-settings", tokens[role], `{}`, nil, 403)
				expect("POST", "/api/admin/mail-settings/test", tokens[role], `{}`, nil, 403)
			}
			expect("GET", "/api/admin/mail-settings", "", "", nil, 401)
			expect("GET", "/api/admin/mail-settings", admin, "", nil, 200, fresh)
		})

		t.Run("BadInputChangesNothing", func(t *testing.T) {
			for _, tc := range []struct{ body, field, msg string }{
				{`{"host":"smtp://mail.example.com","from":"a@example.com"}`, "host", "Enter the mail server's host name or IP address, without a scheme or port (smtp.example.com)."},
				{`{"host":"` + strings.Repeat("a", 254) + `","from":"a@example.com"}`, "host", "The host must be at most 253 characters."},
				{`{"host":"mail.example.com","port":70000,"from":"a@example.com"}`, "port", "The port must be a whole number from 1 to 65535."},
				{`{"host":"mail.example.com","port":-1,"from":"a@example.com"}`, "port", "The port must be a whole number from 1 to 65535."},
				{`{"host":"mail.example.com"}`, "from", "Enter the address the e-mails are sent from."},
				{`{"host":"mail.example.com","from":"Alerts <a@example.com>"}`, "from", "The sender must be a plain e-mail address (alerts@example.com)."},
				{`{"host":"mail.example.com","from":"a@example.com","tls":"ssl"}`, "tls", "Choose STARTTLS, TLS or no encryption."},
				{`{"host":"mail.example.com","from":"a@example.com","password":"p"}`, "password", "A password needs a username: enter the username too."},
				{`{"host":"mail.example.com","from":"a@example.com","username":"u","password":"` + strings.Repeat("p", 201) + `"}`, "password", "The password must be at most 200 characters."},
				{`{"host":"mail.example.com","from":"a@example.com","username":"` + strings.Repeat("u", 255) + `"}`, "username", "The username must be at most 254 characters."},
				{`{"host":"mail.example.com","from":"a@example.com","username":"u","password":"p","clearPassword":true}`, "password", "Enter a new password or clear the saved one, not both."},
				{`{"host":"mail.example.com\n","from":"a@example.com"}`, "host", ""},
			} {
				body := expect("PUT", "/api/admin/mail-settings", admin, tc.body, nil, 400, `"`+tc.field+`":"`+tc.msg)
				noPassword(t, body)
			}
			expect("PUT", "/api/admin/mail-settings", admin, `{"host":"mail.example.com","from":"a@example.com","smtpHost":"x"}`, nil, 400)
			expect("PUT", "/api/admin/mail-settings", admin, `{"host":"mail.example.com","port":"25","from":"a@example.com"}`, nil, 400)
			expect("GET", "/api/admin/mail-settings", admin, "", nil, 200, fresh)
		})

		t.Run("FailingServerNeedsConfirmation", func(t *testing.T) {
			closed := fmt.Sprintf(`"host":"127.0.0.1","port":%d,"tls":"none","from":"alerts@example.com"`, closedPort(t))
			refused := "Connection refused by 127.0.0.1:"
			body := expect("POST", "/api/admin/mail-settings/test", admin, `{"settings":{`+closed+`}}`, nil, 502,
				`"message":"The test e-mail was not sent. `+refused)
			if !strings.Contains(body, "no mail server answers on that port. Check the host and port.") {
				t.Errorf("failed test: %s", body)
			}
			expect("PUT", "/api/admin/mail-settings", admin, `{`+closed+`}`, nil, 502,
				`"message":"Not saved: the mail server check failed. `+refused, "Save anyway to keep these settings.", `"errors":{"server":"`+refused)
			expect("GET", "/api/admin/mail-settings", admin, "", nil, 200, fresh)
			// Confirmed, they are saved.
			expect("PUT", "/api/admin/mail-settings", admin, `{`+closed+`,"force":true}`, nil, 200, `"host":"127.0.0.1"`, `"source":"saved"`)
			// A site without a server saves without a check.
			expect("PUT", "/api/admin/mail-settings", admin, `{}`, nil, 200, `"host":""`, `"source":"none"`)
			expect("POST", "/api/admin/mail-settings/test", admin, `{}`, nil, 400, `"host":"No mail server is set up: enter its host and the sender address first."`)
		})

		t.Run("SaveAndTest", func(t *testing.T) {
			// A server that offers no sign-in fails the check of a
			// username: saved only when confirmed.
			withUser := `{` + server + `,"from":"alerts@example.com","username":"alerts","password":"` + mailPassword + `"}`
			noPassword(t, expect("PUT", "/api/admin/mail-settings", admin, withUser, nil, 502, "The mail server refused the sign-in"))
			body := expect("PUT", "/api/admin/mail-settings", admin, withUser[:len(withUser)-1]+`,"force":true}`, nil, 200,
				`"username":"alerts","passwordSet":true,"from":"alerts@example.com","tls":"none","source":"saved"`)
			noPassword(t, body)
			var stored string
			if err := a.store.(interface {
				InTx(ctx context.Context, fn func(tx *sql.Tx) error) error
			}).InTx(context.Background(), func(tx *sql.Tx) error {
				return tx.QueryRow(`SELECT password FROM mail_settings WHERE id = 1`).Scan(&stored)
			}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(stored, mailPassword) || !site.IsSealed(stored) {
				t.Errorf("stored password = %q", stored)
			}
			noPassword(t, expect("GET", "/api/admin/mail-settings", admin, "", nil, 200, `"passwordSet":true`))
			// A save without a password keeps it; clearPassword removes it.
			noPassword(t, expect("PUT", "/api/admin/mail-settings", admin, `{`+server+`,"from":"alerts@example.com","username":"alerts","force":true}`, nil, 200, `"passwordSet":true`))
			expect("PUT", "/api/admin/mail-settings", admin, `{`+server+`,"from":"alerts@example.com","username":"alerts","clearPassword":true,"force":true}`, nil, 200, `"passwordSet":false`)
			// Without a username the check passes and no confirmation is asked.
			expect("PUT", "/api/admin/mail-settings", admin, `{`+server+`,"from":"alerts@example.com","passwordSet":false,"source":"saved","updatedAt":null}`, nil, 200,
				`"host":"127.0.0.1"`, `"username":""`)
			if len(mailer.Messages()) != 0 {
				t.Errorf("a save sent %d mails", len(mailer.Messages()))
			}

			// The saved settings, to the sender's address by default.
			expect("POST", "/api/admin/mail-settings/test", admin, `{}`, nil, 200,
				fmt.Sprintf(`{"data":{"ok":true,"message":"The mail server %s:%d accepted the test e-mail for alerts@example.com. Its answer: `, mailer.Host, mailer.Port))
			// Settings not saved yet, to another address.
			expect("POST", "/api/admin/mail-settings/test", admin, `{"to":"owner@example.com","settings":{`+server+`,"from":"other@example.com"}}`, nil, 200, `"ok":true`)
			msgs := mailer.Messages()
			if len(msgs) != 2 || msgs[0].From != "alerts@example.com" || strings.Join(msgs[0].To, ",") != "alerts@example.com" ||
				msgs[1].From != "other@example.com" || strings.Join(msgs[1].To, ",") != "owner@example.com" {
				t.Fatalf("messages = %+v", msgs)
			}
			if got := msgs[1].Header.Get("From"); got != "<other@example.com>" {
				t.Errorf("From header = %q", got)
			}
			expect("GET", "/api/admin/mail-settings", admin, "", nil, 200, `"from":"alerts@example.com"`)
			expect("POST", "/api/admin/mail-settings/test", admin, `{"to":"not an address"}`, nil, 400, `"to":"Enter a plain e-mail address`)

			entries := auditList(t, a, admin, "").Data
			if e := findEntry(t, entries, site.AuditMailSettings); e.Username != "root" || e.Target != "mail-settings" {
				t.Errorf("audit entry = %+v", e)
			}
			findEntry(t, entries, site.AuditMailTest)
		})

		t.Run("TestsAreLimited", func(t *testing.T) {
			// The checks of the saves above count too.
			var res int
			for range mailTestsPerWindowForTest {
				r, _ := a.do("POST", "/api/admin/mail-settings/test", admin, `{}`, nil)
				if res = r.StatusCode; res == 429 {
					break
				}
			}
			if res != 429 {
				t.Fatalf("after %d tests: %d, want 429", mailTestsPerWindowForTest, res)
			}
			expect("POST", "/api/admin/mail-settings/test", admin, `{}`, nil, 429, "Too many mail server tests in a short time.")
		})
	})
}

// mailTestsPerWindowForTest is more tests than the limit allows.
const mailTestsPerWindowForTest = 25

// TestMailSettingsFromEnvironment: the environment's server wins; the
// answer says so and holds no password.
func TestMailSettingsFromEnvironment(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.withSecrets()
		tokens := a.signIn()
		expect := expecter(t, a)
		checks := a.health(tokens["admin"])
		if c := checks["email"]; c.OK || c.Tab != "settings#mail-settings" || !strings.Contains(c.Detail, "Mail server card") {
			t.Errorf("email check of a new site: %+v", c)
		}
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: "smtp.env.example.com", Port: 2525, Username: "env", Password: mailPassword,
				From: "env@example.com", TLS: site.MailTLSStartTLS}
		})
		body := expect("GET", "/api/admin/mail-settings", tokens["admin"], "", nil, 200,
			`{"data":{"host":"smtp.env.example.com","port":2525,"username":"env","passwordSet":true,"from":"env@example.com","tls":"starttls","source":"environment","updatedAt":null}}`)
		noPassword(t, body)
		expect("GET", "/api/admin/lead-settings", tokens["admin"], "", nil, 200, `"smtpConfigured":true`)
		if c := a.health(tokens["admin"])["email"]; !c.OK {
			t.Errorf("email check with the environment's server: %+v", c)
		}
		// The saved settings are kept for when the environment no longer
		// sets a server; the answer is still the environment's.
		expect("PUT", "/api/admin/mail-settings", tokens["admin"], `{"host":"saved.example.com","from":"a@example.com","force":true}`, nil, 200,
			`"host":"smtp.env.example.com"`, `"source":"environment"`)
		a.configure(func(s *Server) { s.MailEnv = nil })
		expect("GET", "/api/admin/mail-settings", tokens["admin"], "", nil, 200, `"host":"saved.example.com"`, `"source":"saved"`)
	})
}

// TestLeadMailThroughSavedSettings: on a site with no mail server in its
// environment, a lead's notification goes through the server saved in the
// admin, and the checklist counts e-mail as set up.
func TestLeadMailThroughSavedSettings(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.withSecrets()
		tokens := a.signIn()
		expect := expecter(t, a)
		mailer := smtptest.Start(t)
		worker := &outbox.Worker{Store: a.store, Policy: outbox.Policy{RetryMin: 50 * time.Millisecond, RetryMax: 200 * time.Millisecond,
			GiveUpAfter: time.Minute, MaxAttempts: 100, Timeout: 2 * time.Second, Poll: 100 * time.Millisecond},
			Mailer: &outbox.SMTP{Server: a.srv.MailServer, InboxURL: "https://www.example.com/admin", Timeout: 2 * time.Second},
			Logger: slog.New(slog.DiscardHandler)}
		a.configure(func(s *Server) { s.DeliveryQueued = worker.Poke })
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { worker.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done })

		expect("PUT", "/api/admin/lead-settings", tokens["admin"], `{"notificationEmails":["sales@example.com"]}`, nil, 200, `"smtpConfigured":false`)
		expect("PUT", "/api/admin/mail-settings", tokens["admin"],
			fmt.Sprintf(`{"host":"%s","port":%d,"tls":"none","from":"alerts@example.com"}`, mailer.Host, mailer.Port), nil, 200)
		expect("GET", "/api/admin/lead-settings", tokens["admin"], "", nil, 200, `"smtpConfigured":true`)
		checks := a.health(tokens["admin"])
		if !checks["email"].OK || !checks["lead-alerts"].OK {
			t.Errorf("checks with saved mail settings: %+v, %+v", checks["email"], checks["lead-alerts"])
		}
		expect("POST", "/api/contact", "", leadJSON("ada@example.com", ""), nil, 201)
		deadline := time.Now().Add(20 * time.Second)
		for len(mailer.Messages()) == 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		msgs := mailer.Messages()
		if len(msgs) != 1 {
			t.Fatalf("%d mails arrived", len(msgs))
		}
		m := msgs[0]
		if m.From != "alerts@example.com" || strings.Join(m.To, ",") != "sales@example.com" ||
			!strings.HasPrefix(m.Header.Get("Subject"), "New lead: Ada Lovelace") {
			t.Errorf("mail from %q to %v, subject %q", m.From, m.To, m.Header.Get("Subject"))
		}
	})
}
