package outbox_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"meridian/internal/outbox"
	"meridian/internal/site"
)

// flaky is a store whose bookkeeping writes or settings reads fail on
// demand, as a database that refuses one row or is briefly unreachable.
type flaky struct {
	site.Store
	failFinish   atomic.Bool
	failSettings atomic.Bool
}

func (f *flaky) FinishDelivery(ctx context.Context, id int64, at time.Time, res site.DeliveryResult) error {
	if f.failFinish.Load() {
		return errors.New("flaky: the write failed")
	}
	return f.Store.FinishDelivery(ctx, id, at, res)
}

func (f *flaky) GetLeadSettings(ctx context.Context) (*site.LeadSettings, error) {
	if f.failSettings.Load() {
		return nil, errors.New("flaky: the settings could not be read")
	}
	return f.Store.GetLeadSettings(ctx)
}

// hits is a webhook endpoint that records when each request came and
// answers with status.
type hits struct {
	status int
	mu     sync.Mutex
	at     []time.Time
	sigs   []string
	bodies [][]byte
}

func (h *hits) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	h.at = append(h.at, time.Now())
	h.sigs = append(h.sigs, r.Header.Get("X-Meridian-Signature"))
	h.bodies = append(h.bodies, body)
	h.mu.Unlock()
	w.WriteHeader(h.status)
}

func (h *hits) times() []time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]time.Time(nil), h.at...)
}

// serve runs handler on a loopback port until the test ends and returns
// its base URL.
func serve(t *testing.T, handler http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: handler}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// webhookLead points the lead settings' webhook at url and stores a lead
// (its address starting with prefix), whose delivery goes there.
func webhookLead(t *testing.T, s site.Store, url, secret, prefix string) *site.Lead {
	t.Helper()
	if _, err := s.UpdateLeadSettings(context.Background(), &site.LeadSettings{WebhookURL: url, WebhookSecret: secret}); err != nil {
		t.Fatal(err)
	}
	return createLeads(t, s, 1, prefix)[0]
}

// flakyWebhook stores a lead whose webhook, signed with secret, goes to a
// receiver that answers status, and returns s as a store that fails on
// demand, the receiver and the lead.
func flakyWebhook(t *testing.T, s site.Store, status int, secret, prefix string) (*flaky, *hits, *site.Lead) {
	t.Helper()
	h := &hits{status: status}
	l := webhookLead(t, s, serve(t, h)+"/hook", secret, prefix)
	return &flaky{Store: s}, h, l
}

// delivery returns the first delivery of lead id.
func delivery(t *testing.T, s site.Store, id int64) *site.Delivery {
	t.Helper()
	l, err := s.FindLeadByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return l.Deliveries[0]
}

// attempted waits until the first attempt at the first delivery of lead id
// is recorded, and returns the delivery.
func attempted(t *testing.T, s site.Store, id int64) *site.Delivery {
	t.Helper()
	var d *site.Delivery
	waitFor(t, "a recorded attempt", func() bool {
		d = delivery(t, s, id)
		return d.LastError != "" || d.Status == site.DeliverySent
	})
	return d
}

// TestMultibyteErrorIsRecorded: a receiver whose reason phrase is long
// and not ASCII. Its error is cut between characters and stored (on
// PostgreSQL too, which refuses invalid UTF-8), so the delivery follows
// its backoff instead of coming back, uncounted, at every lease.
func TestMultibyteErrorIsRecorded(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, _ reopener) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
		var requests atomic.Int32
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				go func() {
					defer c.Close()
					rd := bufio.NewReader(c)
					req, err := http.ReadRequest(rd)
					if err != nil {
						return
					}
					req.Body.Close()
					requests.Add(1)
					fmt.Fprintf(c, "HTTP/1.1 500 %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", strings.Repeat("é", 700))
				}()
			}
		}()
		// The error reads "webhook: <url> answered 500 ééé...": a path of
		// the right length puts byte 1000 inside an "é".
		url := "http://" + ln.Addr().String() + "/hook"
		if len("webhook: "+url+" answered 500 ")%2 == 0 {
			url += "x"
		}
		l := webhookLead(t, s, url, "k", "utf")
		p := fast
		p.RetryMin, p.RetryMax = 100*time.Millisecond, 200*time.Millisecond
		startWorker(t, s, p, nil).Poke()
		var d *site.Delivery
		waitFor(t, "three recorded attempts", func() bool {
			d = delivery(t, s, l.ID)
			return d.Attempts >= 3 && d.LastError != ""
		})
		if !utf8.ValidString(d.LastError) || !strings.Contains(d.LastError, "éé") || utf8.RuneCountInString(d.LastError) > 1000 {
			t.Errorf("last error (%d characters, valid UTF-8 %v) = %q", utf8.RuneCountInString(d.LastError), utf8.ValidString(d.LastError), d.LastError)
		}
		if d.Status != site.DeliveryRetrying || d.NextAttemptAt == nil {
			t.Errorf("delivery = %+v, want retrying with a next attempt", d)
		}
		// Every attempt is counted: the receiver saw no more than those
		// (one may be in flight). It may have seen fewer: on a busy
		// machine an attempt can time out before its request is read.
		if n := int(requests.Load()); n < 1 || n > d.Attempts+1 {
			t.Errorf("the receiver saw %d requests for %d recorded attempts", n, d.Attempts)
		}
	})
}

// TestFailedBookkeepingBacksOff: when the outcome of an attempt cannot be
// written, the delivery comes back after its backoff, not at the end of
// every lease, and the attempt still counts.
func TestFailedBookkeepingBacksOff(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, _ reopener) {
		f, h, l := flakyWebhook(t, s, http.StatusServiceUnavailable, "k", "book")
		f.failFinish.Store(true)
		// A lease of 200 ms, a backoff of 1.5 s.
		p := outbox.Policy{RetryMin: 1500 * time.Millisecond, RetryMax: 1500 * time.Millisecond, GiveUpAfter: time.Minute,
			MaxAttempts: 1000, Timeout: 100 * time.Millisecond, Poll: 50 * time.Millisecond}
		startWorker(t, f, p, nil).Poke()
		time.Sleep(2500 * time.Millisecond)
		at := h.times()
		if len(at) < 2 || len(at) > 3 {
			t.Fatalf("the receiver saw %d attempts in 2.5 s, want 2 or 3 (one per 1.5 s backoff)", len(at))
		}
		for i := 1; i < len(at); i++ {
			if gap := at[i].Sub(at[i-1]); gap < 1400*time.Millisecond {
				t.Errorf("attempt %d came %v after the one before, within the backoff", i+1, gap)
			}
		}
		if d := delivery(t, s, l.ID); d.Attempts < len(at) || d.Status == site.DeliverySent {
			t.Errorf("delivery = %+v after %d unrecorded attempts, want them counted", d, len(at))
		}
	})
}

// TestNothingSentWithoutSettings: while the lead settings cannot be read,
// no webhook goes out (it would be signed with an empty secret); the
// delivery waits and is sent, signed, once they can be read.
func TestNothingSentWithoutSettings(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, _ reopener) {
		f, h, l := flakyWebhook(t, s, http.StatusNoContent, "topsecret", "nosettings")
		f.failSettings.Store(true)
		p := fast
		p.RetryMin, p.RetryMax = 300*time.Millisecond, 300*time.Millisecond
		startWorker(t, f, p, nil).Poke()
		waitFor(t, "two attempts without settings", func() bool {
			return len(h.times()) > 0 || delivery(t, s, l.ID).Attempts >= 2
		})
		if n := len(h.times()); n != 0 {
			t.Fatalf("the receiver got %d requests while the settings could not be read", n)
		}
		d := delivery(t, s, l.ID)
		if d.Status != site.DeliveryRetrying || d.NextAttemptAt == nil || !strings.Contains(d.LastError, "lead settings") {
			t.Errorf("delivery without settings = %+v, want retrying", d)
		}
		f.failSettings.Store(false)
		waitFor(t, "the delivery sent", func() bool { return delivery(t, s, l.ID).Status == site.DeliverySent })
		h.mu.Lock()
		defer h.mu.Unlock()
		if len(h.sigs) != 1 || h.sigs[0] != outbox.Sign("topsecret", h.bodies[0]) {
			t.Fatalf("signatures = %q, want one request signed with the secret", h.sigs)
		}
	})
}

// TestWebhookReachesOnlyPublicAddresses: by default the worker connects to
// no private or local address, whatever the URL says or its name resolves
// to, and follows no redirect, so that the webhook cannot be turned on
// services that are not public.
func TestWebhookReachesOnlyPublicAddresses(t *testing.T) {
	o := stores(t)[0]
	for _, tc := range []struct{ name, host string }{{"Address", "127.0.0.1"}, {"NameOfLoopback", "localhost"}} {
		t.Run("RefusesToDial"+tc.name, func(t *testing.T) {
			s, _ := o.open(t)
			h := &hits{status: http.StatusNoContent}
			base := serve(t, h)
			_, port, _ := net.SplitHostPort(strings.TrimPrefix(base, "http://"))
			l := webhookLead(t, s, "http://"+net.JoinHostPort(tc.host, port)+"/hook", "k", "private")
			runWorker(t, &outbox.Worker{Store: s, Policy: fast, Logger: slog.New(slog.DiscardHandler)}).Poke()
			d := attempted(t, s, l.ID)
			if n := len(h.times()); n != 0 {
				t.Fatalf("the loopback receiver got %d requests", n)
			}
			if d.Status != site.DeliveryRetrying || !strings.Contains(d.LastError, "private or local network address") {
				t.Errorf("delivery = %+v, want retrying with the address refused", d)
			}
		})
	}
	t.Run("FollowsNoRedirect", func(t *testing.T) {
		s, _ := o.open(t)
		inner := &hits{status: http.StatusNoContent}
		target := serve(t, inner) + "/internal"
		redirect := serve(t, http.RedirectHandler(target, http.StatusFound))
		l := webhookLead(t, s, redirect+"/hook", "k", "redirect")
		startWorker(t, s, fast, nil).Poke() // the first receiver is allowed
		d := attempted(t, s, l.ID)
		if n := len(inner.times()); n != 0 {
			t.Fatalf("the redirect was followed: the target got %d requests", n)
		}
		if d.Status != site.DeliveryRetrying || !strings.Contains(d.LastError, "302 Found; redirects are not followed") {
			t.Errorf("delivery = %+v, want a retry after the 302", d)
		}
	})
}

// TestAbortReleasesAttemptsInFlight: a receiver that never answers holds
// an attempt; Abort cuts it at once, and its delivery is released: not
// counted, not failed, and due again at once.
func TestAbortReleasesAttemptsInFlight(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, _ reopener) {
		arrived := make(chan struct{}, 1)
		hang := make(chan struct{})
		t.Cleanup(func() { close(hang) })
		l := webhookLead(t, s, serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			arrived <- struct{}{}
			select {
			case <-hang:
			case <-r.Context().Done():
			}
		}))+"/hook", "k", "abort")
		p := fast
		p.Timeout = time.Minute
		w := &outbox.Worker{Store: s, Policy: p, AllowPrivate: true, Logger: slog.New(slog.DiscardHandler)}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		w.Poke()
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			t.Fatal("the receiver got no request")
		}
		cancel()
		select {
		case <-done:
			t.Fatal("Run returned while an attempt was in flight")
		case <-time.After(200 * time.Millisecond):
		}
		start := time.Now()
		w.Abort()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("Run did not return after Abort")
		}
		t.Logf("Run returned %v after Abort", time.Since(start).Round(time.Millisecond))
		d := delivery(t, s, l.ID)
		if d.Status != site.DeliveryPending || d.Attempts != 0 || d.LastError != "" {
			t.Errorf("cut delivery = %+v, want pending, no attempt counted", d)
		}
		c, err := s.ClaimDeliveries(context.Background(), time.Now(), time.Minute, nil, 10)
		if err != nil || len(c) != 1 || c[0].Delivery.ID != d.ID {
			t.Errorf("claimed %d at once after the release (%v), want the cut delivery", len(c), err)
		}
	})
}
