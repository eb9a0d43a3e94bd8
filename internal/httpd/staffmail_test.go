package httpd

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// TestAccountEmail: a staff member's new address is mailed a link, and
// verified once it is opened; the link works once. Without a mail server,
// or with a bad address, nothing changes.
func TestAccountEmail(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		token := a.signedIn("sam", site.RoleSales)
		expect("PUT", "/api/admin/account/email", token, `{"email":"sam@staff.example"}`, nil, 400, "E-mail is not set up on this site")
		expect("GET", "/api/admin/me", token, "", nil, 200, `"email":"","emailVerified":false`)

		mail := smtptest.Start(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "site@example.com", TLS: site.MailTLSNone}
		})
		expect("PUT", "/api/admin/account/email", token, `{"email":"not an address"}`, nil, 400, site.MsgBadStaffEmail)
		expect("PUT", "/api/admin/account/email", token, `{"email":"  sam@staff.example "}`, nil, 200, `"email":"sam@staff.example","emailVerified":false`)
		msgs := mail.Messages()
		if len(msgs) != 1 || msgs[0].To[0] != "sam@staff.example" || msgs[0].Header.Get("Subject") != "Verify your e-mail address" {
			t.Fatalf("mails = %+v", msgs)
		}
		m := regexp.MustCompile(`/admin/verify-email#([A-Za-z0-9_-]+)`).FindStringSubmatch(strings.ReplaceAll(string(msgs[0].Body), "=\r\n", ""))
		if m == nil {
			t.Fatalf("no link in %s", msgs[0].Body)
		}
		u, err := a.store.FindUserByUsername(context.Background(), "sam")
		if err != nil || u.Recipient() != nil {
			t.Fatalf("an address not verified is a recipient: %+v %v", u, err)
		}
		expect("POST", "/api/public/verify-email", "", `{"token":"`+m[1]+`"}`, nil, 200, `"email":"sam@staff.example"`)
		expect("GET", "/api/admin/me", token, "", nil, 200, `"email":"sam@staff.example","emailVerified":true`)
		expect("POST", "/api/public/verify-email", "", `{"token":"`+m[1]+`"}`, nil, 410, site.MsgEmailLinkUsed)
		expect("POST", "/api/public/verify-email", "", `{"token":"forged"}`, nil, 410, site.MsgEmailLinkUsed)

		// A link ends after its time.
		expect("PUT", "/api/admin/account/email", token, `{"email":"sam@other.example"}`, nil, 200, `"emailVerified":false`)
		m = regexp.MustCompile(`/admin/verify-email#([A-Za-z0-9_-]+)`).FindStringSubmatch(strings.ReplaceAll(string(mail.Messages()[1].Body), "=\r\n", ""))
		a.clock.Advance(site.EmailLinkTTL + time.Minute)
		expect("POST", "/api/public/verify-email", "", `{"token":"`+m[1]+`"}`, nil, 410, site.MsgEmailLinkUsed)

		// A server that refuses the mail changes nothing.
		mail.SetFailing(true)
		token = a.login("sam")
		expect("PUT", "/api/admin/account/email", token, `{"email":"sam@third.example"}`, nil, 502, "The link could not be sent to sam@third.example")
		expect("GET", "/api/admin/me", token, "", nil, 200, `"email":"sam@other.example"`)
		expect("PUT", "/api/admin/account/email", token, `{"email":""}`, nil, 200, `"email":"","emailVerified":false`)
	})
}

// TestInvitationMailed: an invitation with an address is mailed once a
// mail server is set, and the account it makes has that address,
// verified; without one, the link is answered with the reason, to copy.
func TestInvitationMailed(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		admin := a.signedIn("root", site.RoleAdmin)
		expect("POST", "/api/admin/invitations", admin, `{"username":"nomail","role":"sales","email":"nomail@staff.example"}`, nil, 201,
			`"email":"nomail@staff.example","mailedAt":null`, `"mailError":"E-mail is not set up on this site, so the link was not mailed`)
		expect("POST", "/api/admin/invitations", admin, `{"username":"bad","role":"sales","email":"nope"}`, nil, 400, site.MsgBadStaffEmail)

		mail := smtptest.Start(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "site@example.com", TLS: site.MailTLSNone}
		})
		expect("POST", "/api/admin/invitations", admin, `{"username":"mia","role":"sales","email":"mia@staff.example"}`, nil, 201,
			`"email":"mia@staff.example","mailedAt":"20`, `"mailError":""`)
		msgs := mail.Messages()
		if len(msgs) != 1 || msgs[0].To[0] != "mia@staff.example" {
			t.Fatalf("mails = %+v", msgs)
		}
		m := regexp.MustCompile(`/admin/invite#([A-Za-z0-9_-]+)`).FindStringSubmatch(strings.ReplaceAll(string(msgs[0].Body), "=\r\n", ""))
		if m == nil {
			t.Fatalf("no link in %s", msgs[0].Body)
		}
		expect("POST", "/api/admin/invitations/accept", "", `{"token":"`+m[1]+`","password":"correct horse battery"}`, nil, 201)
		expect("GET", "/api/admin/me", a.login("mia"), "", nil, 200, `"email":"mia@staff.example","emailVerified":true`)
	})
}
