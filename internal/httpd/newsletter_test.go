package httpd

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/inbox"
	"meridian/internal/outbox"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// signUpJSON is a sign-up of email as the form sends it: the page, an
// empty honeypot and a person's time; extra adds or replaces fields.
func signUpJSON(email, extra string) string {
	body := `{"email":"` + email + `","page":"/blog","website":"","fillMs":8000`
	if extra != "" {
		body += "," + extra
	}
	return body + "}"
}

// subscriberRows reads the subscribers table as an administrator sees it.
func subscriberRows(t *testing.T, a *testAPI) []site.Subscriber {
	t.Helper()
	list, _, err := a.store.FindSubscribers(context.Background(), site.SubscriberFilter{})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]site.Subscriber, len(list))
	for i, s := range list {
		out[i] = *s
	}
	return out
}

// TestNewsletterSignUpRevealsNothing: every valid sign-up is answered 202
// with the same body, whether the address is new, pending, confirmed or
// unsubscribed, and whether the send looks like a script's (which stores
// nothing); bad input is 400 and stores nothing.
func TestNewsletterSignUpRevealsNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		want := `{"message":"` + site.MsgCheckInbox + `"}` + "\n"
		send := func(body string) {
			t.Helper()
			res, got := a.do("POST", "/api/newsletter", "", body, nil)
			if res.StatusCode != 202 || got != want {
				t.Errorf("%s: %d %q, want 202 %q", body, res.StatusCode, got, want)
			}
		}
		send(signUpJSON("new@example.com", ""))
		send(signUpJSON("NEW@example.com", ""))
		if _, err := a.store.ConfirmSubscription(context.Background(), "no such hash"); site.ErrorCode(err) != site.EGONE {
			t.Fatalf("confirm an unknown hash: %v", err)
		}
		// A confirmed and an unsubscribed address.
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		_, err := a.store.Subscribe(context.Background(), &site.SignUp{Email: "known@example.com", ConfirmToken: "c", UnsubscribeToken: "u"})
		must(err)
		_, err = a.store.ConfirmSubscription(context.Background(), site.HashToken("c"))
		must(err)
		send(signUpJSON("known@example.com", ""))
		_, err = a.store.Subscribe(context.Background(), &site.SignUp{Email: "gone@example.com", ConfirmToken: "c2", UnsubscribeToken: "u2"})
		must(err)
		_, err = a.store.Unsubscribe(context.Background(), site.HashToken("u2"))
		must(err)
		send(signUpJSON("gone@example.com", ""))
		// Scripts: the honeypot filled, or sent faster than a person types.
		send(signUpJSON("bot1@example.com", `"website":"http://spam.example"`))
		send(signUpJSON("bot2@example.com", `"fillMs":40`))
		got := map[string]string{}
		for _, s := range subscriberRows(t, a) {
			got[s.Email] = s.Status
		}
		if fmt.Sprint(got) != "map[gone@example.com:pending known@example.com:confirmed new@example.com:pending]" {
			t.Errorf("subscribers = %v", got)
		}

		for _, c := range []struct{ body, fragment string }{
			{`{"email":"not an address"}`, `"email":"Enter a valid email address"`},
			{`{"email":""}`, `"email":"Enter a valid email address"`},
			{`{"email":"x@example.com","name":"X"}`, `"name":"Unknown field \"name\"."`},
			{`{"email":"x\u0000@example.com"}`, `"email"`},
		} {
			res, body := a.do("POST", "/api/newsletter", "", c.body, nil)
			if res.StatusCode != 400 || !strings.Contains(body, c.fragment) {
				t.Errorf("%s: %d %s", c.body, res.StatusCode, body)
			}
		}
		if res, _ := a.do("POST", "/api/newsletter", "", "", map[string]string{"Content-Type": "text/plain"}); res.StatusCode != 415 && res.StatusCode != 400 {
			t.Errorf("a body that is not JSON: %d", res.StatusCode)
		}
		if n := len(subscriberRows(t, a)); n != 3 {
			t.Errorf("bad input stored something: %d subscribers", n)
		}
	})
}

// TestNewsletterRateLimit: a flood of sign-ups from one address, or for
// one e-mail address, is refused as leads are (429 with Retry-After),
// counted apart from the leads.
func TestNewsletterRateLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.configure(func(s *Server) { s.LeadLimits = inbox.LeadLimits{PerAddress: 3, PerEmail: 2} })
		post := func(email, addr string) (int, *http.Response) {
			res, _ := a.do("POST", "/api/newsletter", "", signUpJSON(email, ""), map[string]string{"X-Forwarded-For": addr})
			return res.StatusCode, res
		}
		for i, want := range []int{202, 202, 429} {
			if st, res := post("same@example.com", fmt.Sprintf("198.51.100.%d", i+1)); st != want || (st == 429 && res.Header.Get("Retry-After") == "") {
				t.Errorf("sign-up %d of one e-mail: %d %v, want %d", i+1, st, res.Header, want)
			}
		}
		for i, want := range []int{202, 202, 202, 429} {
			if st, _ := post(fmt.Sprintf("n%d@example.com", i), "203.0.113.9"); st != want {
				t.Errorf("sign-up %d from one address: %d, want %d", i+1, st, want)
			}
		}
		// The leads of that address keep their own count.
		if res, body := a.do("POST", "/api/contact", "", leadJSON("n9@example.com", ""), map[string]string{"X-Forwarded-For": "203.0.113.9"}); res.StatusCode != 201 {
			t.Errorf("a lead after the sign-ups' limit: %d %s", res.StatusCode, body)
		}
	})
}

// mailText is the text of a plain-text mail, its transfer encoding undone.
func mailText(t *testing.T, m smtptest.Message) string {
	t.Helper()
	var rd io.Reader = bytes.NewReader(m.Body)
	if strings.EqualFold(m.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		rd = quotedprintable.NewReader(rd)
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// hookReceiver is a webhook receiver on loopback that keeps what it is
// sent.
type hookReceiver struct {
	*httptest.Server
	mu   sync.Mutex
	got  []*http.Request
	body [][]byte
}

func newHookReceiver(t *testing.T) *hookReceiver {
	h := &hookReceiver{}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.got, h.body = append(h.got, r), append(h.body, b)
		h.mu.Unlock()
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *hookReceiver) requests() ([]*http.Request, [][]byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]*http.Request(nil), h.got...), append([][]byte(nil), h.body...)
}

// TestNewsletterConfirmAndUnsubscribe follows a sign-up through its
// e-mail: the e-mail carries the links and the headers of RFC 8058; the
// confirmation is a POST of the token, which queues the signed webhook;
// the one-click POST of the List-Unsubscribe address, without cookie or
// session, ends the subscription and tells the webhook too.
func TestNewsletterConfirmAndUnsubscribe(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		ctx := context.Background()
		expect := expecter(t, a)
		admin := a.signedIn("root", site.RoleAdmin)
		mail := smtptest.Start(t)
		hook := newHookReceiver(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "news@example.com", TLS: site.MailTLSNone}
			s.WebhookAllowPrivate = true
		})
		expect("PUT", "/api/admin/newsletter-settings", admin, `{"webhookUrl":"`+hook.URL+`/subscribers","webhookSecret":"hook-secret"}`, nil, 200,
			`"webhookUrl":"`+hook.URL+`/subscribers"`, `"webhookSecretSet":true`)
		// On the store's clock, which times the deliveries.
		worker := &outbox.Worker{Store: a.store, Policy: outbox.DefaultPolicy, Logger: slog.New(slog.DiscardHandler), AllowPrivate: true,
			Mailer: &outbox.SMTP{Server: a.srv.MailServer, SiteURL: "https://www.example.com", Timeout: 2 * time.Second}}
		drain := func() {
			for worker.RunOnce(ctx) > 0 {
			}
		}

		expect("POST", "/api/newsletter", "", signUpJSON("  Reader@Example.com ", ""), nil, 202)
		drain()
		msgs := mail.Messages()
		if len(msgs) != 1 || msgs[0].To[0] != "reader@example.com" || msgs[0].Header.Get("Subject") != "Confirm your subscription to our newsletter" {
			t.Fatalf("mails = %+v", msgs)
		}
		m := msgs[0]
		body := mailText(t, m)
		confirm := regexp.MustCompile(`https://www\.example\.com/newsletter/confirm\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(body)
		page := regexp.MustCompile(`https://www\.example\.com/newsletter/unsubscribe\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(body)
		if confirm == nil || page == nil {
			t.Fatalf("the mail lacks its links: %s", body)
		}
		// RFC 8058: the address of the one-click POST, and the header that
		// says it may be sent.
		oneClick := regexp.MustCompile(`^<https://www\.example\.com(/api/newsletter/unsubscribe\?token=([A-Za-z0-9_-]+))>$`).FindStringSubmatch(m.Header.Get("List-Unsubscribe"))
		if oneClick == nil || oneClick[2] != page[1] || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Fatalf("List-Unsubscribe = %q, List-Unsubscribe-Post = %q", m.Header.Get("List-Unsubscribe"), m.Header.Get("List-Unsubscribe-Post"))
		}
		if confirm[1] == page[1] {
			t.Error("one token both confirms and unsubscribes")
		}
		// The tokens leave the outbox once the mail is sent; the database
		// keeps only their hashes.
		var sub site.Subscriber
		if subs := subscriberRows(t, a); len(subs) != 1 || subs[0].Status != site.SubscriberPending || subs[0].Source != "/blog" ||
			subs[0].Deliveries[0].ManageToken != "" || subs[0].Deliveries[0].UnsubscribeToken != "" {
			t.Fatalf("subscribers = %+v", subs)
		} else {
			sub = subs[0]
		}

		// Tokens of the wrong purpose, unknown or missing do nothing.
		expect("POST", "/api/newsletter/confirm", "", `{"token":"`+page[1]+`"}`, nil, 410, site.MsgConfirmLinkGone)
		expect("POST", "/api/newsletter/confirm", "", `{"token":"forged"}`, nil, 410, site.MsgConfirmLinkGone)
		expect("POST", "/api/newsletter/confirm", "", `{"token":""}`, nil, 400, `"token"`)
		expect("POST", "/api/newsletter/unsubscribe", "", `{"token":"`+confirm[1]+`"}`, nil, 410, site.MsgUnsubscribeLinkGone)
		if subs := subscriberRows(t, a); subs[0].Status != site.SubscriberPending {
			t.Fatalf("a wrong token changed the subscription: %+v", subs[0])
		}

		// The confirmation page posts the token.
		expect("POST", "/api/newsletter/confirm", "", `{"token":"`+confirm[1]+`"}`, nil, 200, `{"data":{"email":"reader@example.com","status":"confirmed"}}`)
		expect("POST", "/api/newsletter/confirm", "", `{"token":"`+confirm[1]+`"}`, nil, 200, `"status":"confirmed"`)
		drain()
		reqs, bodies := hook.requests()
		if len(reqs) != 1 {
			t.Fatalf("webhooks after the confirmation: %d", len(reqs))
		}
		checkHook := func(r *http.Request, b []byte, event, status string) {
			t.Helper()
			if r.URL.Path != "/subscribers" || r.Header.Get("X-Meridian-Signature") != outbox.Sign("hook-secret", b) || r.Header.Get("X-Meridian-Delivery") == "" {
				t.Errorf("webhook %s %v", r.URL.Path, r.Header)
			}
			var ev outbox.SubscriberEvent
			if err := json.Unmarshal(b, &ev); err != nil || ev.Event != event || ev.Subscriber.Email != "reader@example.com" ||
				ev.Subscriber.Status != status || ev.Subscriber.ID != sub.ID || ev.Subscriber.Source != "/blog" || ev.DeliveryID != r.Header.Get("X-Meridian-Delivery") {
				t.Errorf("webhook body %s (%v)", b, err)
			}
		}
		checkHook(reqs[0], bodies[0], "subscriber.confirmed", site.SubscriberConfirmed)

		// A mail client's one-click unsubscription: the form body of RFC
		// 8058 posted to the List-Unsubscribe address, nothing else.
		oneClickPost := func(form string) (*http.Response, string) {
			req, err := http.NewRequest("POST", a.ts.URL+oneClick[1], strings.NewReader(form))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			return res, string(b)
		}
		if res, body := oneClickPost("List-Unsubscribe=Two-Clicks"); res.StatusCode != 400 {
			t.Errorf("a form without One-Click: %d %s", res.StatusCode, body)
		}
		if res, body := oneClickPost(url.Values{"List-Unsubscribe": {"One-Click"}}.Encode()); res.StatusCode != 200 || !strings.Contains(body, `"status":"unsubscribed"`) {
			t.Fatalf("one-click unsubscription: %d %s", res.StatusCode, body)
		}
		// The page's JSON POST of the same link answers the same again.
		expect("POST", "/api/newsletter/unsubscribe", "", `{"token":"`+page[1]+`"}`, nil, 200, `{"data":{"email":"reader@example.com","status":"unsubscribed"}}`)
		drain()
		reqs, bodies = hook.requests()
		if len(reqs) != 2 {
			t.Fatalf("webhooks after the unsubscription: %d", len(reqs))
		}
		checkHook(reqs[1], bodies[1], "subscriber.unsubscribed", site.SubscriberUnsubscribed)
		if subs := subscriberRows(t, a); subs[0].Status != site.SubscriberUnsubscribed || subs[0].UnsubscribedAt == nil {
			t.Errorf("after the unsubscription: %+v", subs[0])
		}
		expect("POST", "/api/newsletter/confirm", "", `{"token":"`+confirm[1]+`"}`, nil, 410, site.MsgConfirmLinkGone)

		// The Subscribers tab lists it, and its export has it.
		expect("GET", "/api/admin/subscribers?status=unsubscribed", admin, "", nil, 200, `"email":"reader@example.com"`, `"status":"unsubscribed"`, `"total":1`)
		expect("GET", "/api/admin/subscribers?status=pending", admin, "", nil, 200, `"total":0`)
		expect("GET", "/api/admin/subscribers?status=gone", admin, "", nil, 400, "Unknown status")
		res, csvBody := a.do("GET", "/api/admin/subscribers/export.csv", admin, "", nil)
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(csvBody, "\uFEFF"))).ReadAll()
		if res.StatusCode != 200 || err != nil || len(rows) != 2 || rows[0][1] != "Email" || rows[1][1] != "reader@example.com" || rows[1][2] != "unsubscribed" || rows[1][3] != "/blog" ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "subscribers-") {
			t.Errorf("export: %d %v %q", res.StatusCode, err, csvBody)
		}
		all := auditList(t, a, admin, "")
		findEntry(t, all.Data, site.AuditSubscriberList)
		findEntry(t, all.Data, site.AuditSubscriberExport)
		findEntry(t, all.Data, site.AuditNewsletterSettings)
	})
}

// TestNewsletterWebhookURLMustBePublic: the mailing service's webhook is
// refused on a private or local address, as the lead webhook is, unless
// the operator allows those.
func TestNewsletterWebhookURLMustBePublic(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	expect := expecter(t, a)
	admin := a.signedIn("root", site.RoleAdmin)
	for _, u := range []string{"http://127.0.0.1:9000/hook", "http://10.0.0.1/", "http://localhost/x"} {
		expect("PUT", "/api/admin/newsletter-settings", admin, `{"webhookUrl":"`+u+`"}`, nil, 400, `"webhookUrl":"`+site.MsgWebhookPrivate+`"`)
	}
	expect("PUT", "/api/admin/newsletter-settings", admin, `{"webhookUrl":"ftp://x.example/"}`, nil, 400, `"webhookUrl":"The webhook URL must be an http:// or https:// address."`)
	expect("GET", "/api/admin/newsletter-settings", admin, "", nil, 200, `"webhookUrl":""`, `"webhookSecretSet":false`)
	expect("PUT", "/api/admin/newsletter-settings", admin, `{"webhookUrl":"https://203.0.113.5/hook"}`, nil, 200, `"webhookSecretSet":true`)
	a.configure(func(s *Server) { s.WebhookAllowPrivate = true })
	expect("PUT", "/api/admin/newsletter-settings", admin, `{"webhookUrl":"http://127.0.0.1:9000/hook"}`, nil, 200, `"webhookUrl":"http://127.0.0.1:9000/hook"`)
}

// TestNewsletterPublicRoutesForEveryRole: the public routes of the
// newsletter answer alike to visitors and to staff of every role, whose
// session gives them nothing more there.
func TestNewsletterPublicRoutesForEveryRole(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		tokens := a.signIn()
		for _, who := range []string{"", "viewer", "editor", "admin"} {
			token := tokens[who]
			expect("POST", "/api/newsletter", token, signUpJSON(cmp.Or(who, "visitor")+"@example.com", ""), nil, 202, site.MsgCheckInbox)
			expect("POST", "/api/newsletter/confirm", token, `{"token":"forged"}`, nil, 410, site.MsgConfirmLinkGone)
			expect("POST", "/api/newsletter/unsubscribe", token, `{"token":"forged"}`, nil, 410, site.MsgUnsubscribeLinkGone)
		}
		if n := len(subscriberRows(t, a)); n != 4 {
			t.Errorf("subscribers = %d, want one per sign-up", n)
		}
	})
}
