package outbox_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
	"meridian/internal/storetest/dbtest"
)

// reopener opens the store again, as another instance does: a handle of
// its own on PostgreSQL, the same one on SQLite (one process, one handle).
type reopener func(t *testing.T) site.Store

// opener opens a fresh store: the worker's, and how to open it again for
// the checks and other workers. It runs on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
type opener struct {
	name string
	open func(t *testing.T) (site.Store, reopener)
}

func stores(t *testing.T) []opener {
	var list []opener
	for _, d := range dbtest.Databases() {
		list = append(list, opener{d.Name, func(t *testing.T) (site.Store, reopener) {
			open := d.New(t)
			s := open(t)
			if d.Name == "sqlite" {
				return s, func(*testing.T) site.Store { return s }
			}
			return s, open
		}})
	}
	return list
}

// eachStore runs test once on each database, with a fresh store of its
// own.
func eachStore(t *testing.T, test func(t *testing.T, s site.Store, again reopener)) {
	t.Helper()
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			s, again := o.open(t)
			test(t, s, again)
		})
	}
}

// fast retries within a test's seconds.
var fast = outbox.Policy{RetryMin: 50 * time.Millisecond, RetryMax: 400 * time.Millisecond, GiveUpAfter: time.Minute,
	MaxAttempts: 1000, Timeout: 2 * time.Second, Poll: 100 * time.Millisecond}

// startWorker runs a worker until the test ends. The tests' receivers
// listen on loopback: the worker may send there.
func startWorker(t *testing.T, s outbox.Store, p outbox.Policy, m outbox.Mailer) *outbox.Worker {
	t.Helper()
	return runWorker(t, &outbox.Worker{Store: s, Policy: p, Mailer: m, AllowPrivate: true, Logger: slog.New(slog.DiscardHandler)})
}

// runWorker runs w until the test ends.
func runWorker(t *testing.T, w *outbox.Worker) *outbox.Worker {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return w
}

// waitFor polls cond until it holds or 30 s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// allSent reports whether every delivery of every lead is sent.
func allSent(t *testing.T, s site.Store) bool {
	leads, _, err := s.FindLeads(context.Background(), site.LeadFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range leads {
		for _, d := range l.Deliveries {
			if d.Status != site.DeliverySent {
				return false
			}
		}
	}
	return true
}

// receiver is a webhook endpoint that checks signatures and counts what
// it accepted per lead.
type receiver struct {
	t      *testing.T
	secret string

	mu         sync.Mutex
	down       bool
	accepted   map[int64]int
	deliveries map[string]bool
	refused    int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if got := r.Header.Get("X-Meridian-Signature"); got != outbox.Sign(rc.secret, body) {
		rc.t.Errorf("signature %q does not match the body", got)
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev outbox.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.Event != "lead.created" || ev.Lead.Email == "" {
		rc.t.Errorf("body %s: %v", body, err)
	}
	if r.Header.Get("X-Meridian-Delivery") != ev.DeliveryID || r.Header.Get("Content-Type") != "application/json" {
		rc.t.Errorf("headers %v, deliveryId %s", r.Header, ev.DeliveryID)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.down {
		rc.refused++
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
		return
	}
	rc.accepted[ev.Lead.ID]++
	rc.deliveries[ev.DeliveryID] = true
	w.WriteHeader(http.StatusNoContent)
}

// acceptedOnce fails the test unless rc accepted each of leads once.
func (rc *receiver) acceptedOnce(t *testing.T, leads []*site.Lead) {
	t.Helper()
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, l := range leads {
		if rc.accepted[l.ID] != 1 {
			t.Errorf("lead %d accepted %d times, want 1", l.ID, rc.accepted[l.ID])
		}
	}
}

func (rc *receiver) setDown(d bool) {
	rc.mu.Lock()
	rc.down = d
	rc.mu.Unlock()
}

func createLeads(t *testing.T, s site.Store, n int, prefix string) []*site.Lead {
	t.Helper()
	var out []*site.Lead
	for i := range n {
		l, created, err := s.CreateLead(context.Background(), &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: fmt.Sprint(i), Email: fmt.Sprintf("%s%d@example.com", prefix, i), Company: "Engines"}, Visit: site.Visit{Page: "/"}})
		if err != nil || !created {
			t.Fatalf("lead %d: %v", i, err)
		}
		out = append(out, l)
	}
	return out
}

// TestWebhookOutage: the receiver first refuses connections, then answers
// 503, then recovers; every lead then arrives exactly once, signed.
func TestWebhookOutage(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, _ reopener) {
		ctx := context.Background()
		// A port nothing listens on: connections are refused.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		rc := &receiver{t: t, secret: "topsecret", accepted: map[int64]int{}, deliveries: map[string]bool{}}
		if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{WebhookURL: "http://" + addr + "/hook", WebhookSecret: rc.secret}); err != nil {
			t.Fatal(err)
		}
		leads := createLeads(t, s, 12, "hook")
		w := startWorker(t, s, fast, nil)
		w.Poke()
		waitFor(t, "refused attempts", func() bool {
			l, err := s.FindLeadByID(ctx, leads[0].ID)
			return err == nil && l.Deliveries[0].Attempts >= 2
		})
		l, _ := s.FindLeadByID(ctx, leads[0].ID)
		if d := l.Deliveries[0]; d.Status != site.DeliveryRetrying || !strings.Contains(d.LastError, "refused") || d.NextAttemptAt == nil {
			t.Errorf("while refused: %+v", d)
		}
		// Up, but answering 503.
		rc.setDown(true)
		ln, err = net.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: rc}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		waitFor(t, "503 answers", func() bool {
			rc.mu.Lock()
			defer rc.mu.Unlock()
			return rc.refused >= len(leads)
		})
		st, err := s.LeadStats(ctx, time.Now())
		if err != nil || st.FailingDeliveries != len(leads) || !strings.Contains(st.LastDeliveryError, "503") {
			t.Errorf("stats while down = %+v, %v", st, err)
		}
		rc.setDown(false)
		waitFor(t, "every delivery sent", func() bool { return allSent(t, s) })
		rc.acceptedOnce(t, leads)
		rc.mu.Lock()
		defer rc.mu.Unlock()
		if len(rc.deliveries) != len(leads) {
			t.Errorf("%d delivery ids for %d leads", len(rc.deliveries), len(leads))
		}
		t.Logf("%d leads, %d answered 503, each delivered once after recovery", len(leads), rc.refused)
	})
}

// TestMailRetryGiveUpAndResend: a mail server that refuses makes the
// delivery retry, then fail for good; once it works, Resend delivers.
func TestMailRetryGiveUpAndResend(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, _ reopener) {
		ctx := context.Background()
		mailer := smtptest.Start(t)
		mailer.SetFailing(true)
		if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{NotificationEmails: []string{"sales@example.com", "ceo@example.com"}}); err != nil {
			t.Fatal(err)
		}
		l := createLeads(t, s, 1, "mail")[0]
		p := fast
		p.GiveUpAfter = 700 * time.Millisecond
		w := startWorker(t, s, p, &outbox.SMTP{Server: fixedServer(mailer), InboxURL: "https://www.example.com/admin", Timeout: 2 * time.Second})
		w.Poke()
		var d *site.Delivery
		waitFor(t, "the delivery to fail", func() bool {
			got, err := s.FindLeadByID(ctx, l.ID)
			d = got.Deliveries[0]
			return err == nil && d.Status == site.DeliveryFailed
		})
		if d.Attempts < 2 || !strings.Contains(d.LastError, "451") || d.NextAttemptAt != nil || d.SentAt != nil {
			t.Errorf("failed delivery = %+v", d)
		}
		st, _ := s.LeadStats(ctx, time.Now())
		if st.FailingDeliveries != 1 || !strings.Contains(st.LastDeliveryError, "451") {
			t.Errorf("stats = %+v", st)
		}
		mailer.SetFailing(false)
		if _, err := s.ResendLead(ctx, l.ID); err != nil {
			t.Fatal(err)
		}
		w.Poke()
		waitFor(t, "the resent mail", func() bool { return len(mailer.Messages()) == 1 })
		m := mailer.Messages()[0]
		if m.From != "site@example.com" || strings.Join(m.To, ",") != "sales@example.com,ceo@example.com" ||
			m.Header.Get("Reply-To") != "<mail0@example.com>" || m.Header.Get("X-Meridian-Lead") != fmt.Sprint(l.ID) ||
			!strings.Contains(m.Header.Get("Subject"), "New lead: Ada 0, Engines") ||
			!strings.Contains(string(m.Body), "https://www.example.com/admin") {
			t.Errorf("mail = %+v\n%s", m, m.Body)
		}
		waitFor(t, "the resent delivery marked sent", func() bool {
			got, _ := s.FindLeadByID(ctx, l.ID)
			return len(got.Deliveries) == 2 && got.Deliveries[1].Status == site.DeliverySent && got.Deliveries[1].SentAt != nil
		})
	})
}

// TestWorkersShareTheOutbox runs two workers on one database: each
// delivery is claimed by one of them, so each lead is posted once.
func TestWorkersShareTheOutbox(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, again reopener) {
		other := again(t) // another pool, as another instance has
		ctx := context.Background()
		rc := &receiver{t: t, secret: "k", accepted: map[int64]int{}, deliveries: map[string]bool{}}
		srv := &http.Server{Handler: rc}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{WebhookURL: "http://" + ln.Addr().String(), WebhookSecret: rc.secret}); err != nil {
			t.Fatal(err)
		}
		leads := createLeads(t, s, 40, "shared")
		a := startWorker(t, s, fast, nil)
		b := startWorker(t, other, fast, nil)
		a.Poke()
		b.Poke()
		waitFor(t, "every delivery sent", func() bool { return allSent(t, s) })
		rc.acceptedOnce(t, leads)
	})
}

func TestPolicyDelay(t *testing.T) {
	p := outbox.DefaultPolicy
	var got []string
	for i := 1; i <= 9; i++ {
		got = append(got, p.Delay(i).String())
	}
	if want := "30s 1m0s 2m0s 4m0s 8m0s 16m0s 32m0s 1h0m0s 1h0m0s"; strings.Join(got, " ") != want {
		t.Errorf("delays = %s, want %s", strings.Join(got, " "), want)
	}
}

// TestPokeWakesTheWorker: with polling an hour apart, only the poke can
// make the worker send a new lead's notification at once.
func TestPokeWakesTheWorker(t *testing.T) {
	s, _ := stores(t)[0].open(t)
	ctx := context.Background()
	mailer := smtptest.Start(t)
	if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{NotificationEmails: []string{"sales@example.com"}}); err != nil {
		t.Fatal(err)
	}
	p := fast
	p.Poll = time.Hour
	w := startWorker(t, s, p, &outbox.SMTP{Server: fixedServer(mailer), Timeout: 2 * time.Second})
	time.Sleep(300 * time.Millisecond) // the first look finds nothing; the next is an hour away
	createLeads(t, s, 1, "poke")
	start := time.Now()
	w.Poke()
	waitFor(t, "the mail", func() bool { return len(mailer.Messages()) == 1 })
	t.Logf("mailed %v after the poke", time.Since(start).Round(time.Millisecond))
}

// fixedServer is the mail settings of the test server mailer, sending
// from site@example.com without TLS.
func fixedServer(mailer *smtptest.Server) func(context.Context) (*site.MailSettings, error) {
	return func(context.Context) (*site.MailSettings, error) {
		return &site.MailSettings{Host: mailer.Host, Port: mailer.Port, From: "site@example.com", TLS: site.MailTLSNone}, nil
	}
}
