package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

// testOutbox follows a lead's notifications through claims, attempts and
// their outcomes.
func testOutbox(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	l := create(t, s, lead("ada@example.com"))
	counts := func(want site.DeliveryCounts) {
		t.Helper()
		if got := must(s.CountDeliveries(ctx))(t); got != want {
			t.Errorf("CountDeliveries = %+v, want %+v", got, want)
		}
	}
	counts(site.DeliveryCounts{Pending: 2})
	now := time.Now()
	claimed := must(s.ClaimDeliveries(ctx, now, time.Minute, nil, 10))(t)
	if len(claimed) != 2 || claimed[0].Lead == nil || claimed[0].Lead.Email != "ada@example.com" {
		t.Fatalf("claimed = %+v", claimed)
	}
	// Claimed deliveries are nobody else's until the lease ends.
	if again := must(s.ClaimDeliveries(ctx, now.Add(30*time.Second), time.Minute, nil, 10))(t); len(again) != 0 {
		t.Errorf("claimed %d deliveries under lease", len(again))
	}
	mail, hook := claimed[0].Delivery, claimed[1].Delivery
	if mail.Channel != site.ChannelEmail || hook.Channel != site.ChannelWebhook {
		t.Fatalf("claim order = %s, %s", mail.Channel, hook.Channel)
	}
	if err := s.FinishDelivery(ctx, mail.ID, now, site.DeliveryResult{}); err != nil {
		t.Fatal(err)
	}
	retry := now.Add(30 * time.Second)
	if err := s.FinishDelivery(ctx, hook.ID, now, site.DeliveryResult{Err: "503 Service Unavailable", NextAttemptAt: &retry}); err != nil {
		t.Fatal(err)
	}
	got := must(s.FindLeadByID(ctx, l.ID))(t)
	m, h := got.Deliveries[0], got.Deliveries[1]
	if m.Status != site.DeliverySent || m.Attempts != 1 || m.SentAt == nil || m.NextAttemptAt != nil || m.LastError != "" {
		t.Errorf("sent delivery = %+v", m)
	}
	if h.Status != site.DeliveryRetrying || h.Attempts != 1 || h.LastError != "503 Service Unavailable" ||
		h.NextAttemptAt == nil || h.NextAttemptAt.Sub(retry).Abs() > time.Millisecond {
		t.Errorf("retrying delivery = %+v", h)
	}
	counts(site.DeliveryCounts{Retrying: 1})
	st := must(s.LeadStats(ctx, now))(t)
	if st.FailingDeliveries != 1 || st.LastDeliveryError != "503 Service Unavailable" {
		t.Errorf("stats = %d failing, %q", st.FailingDeliveries, st.LastDeliveryError)
	}
	// Not due before its time; due after, though the first lease is not over.
	if c := must(s.ClaimDeliveries(ctx, now.Add(10*time.Second), time.Minute, nil, 10))(t); len(c) != 0 {
		t.Errorf("claimed %d deliveries before they were due", len(c))
	}
	c := must(s.ClaimDeliveries(ctx, now.Add(31*time.Second), time.Minute, nil, 10))(t)
	if len(c) != 1 || c[0].Delivery.ID != hook.ID || c[0].Delivery.Attempts != 2 {
		t.Fatalf("claimed after the retry time = %+v, want the second attempt counted", c)
	}
	if err := s.FinishDelivery(ctx, hook.ID, now.Add(31*time.Second), site.DeliveryResult{Err: "gave up"}); err != nil {
		t.Fatal(err)
	}
	h = must(s.FindLeadByID(ctx, l.ID))(t).Deliveries[1]
	if h.Status != site.DeliveryFailed || h.Attempts != 2 || h.NextAttemptAt != nil {
		t.Errorf("failed delivery = %+v", h)
	}
	counts(site.DeliveryCounts{Failed: 1})
	if c := must(s.ClaimDeliveries(ctx, now.Add(time.Hour), time.Minute, nil, 10))(t); len(c) != 0 {
		t.Errorf("claimed %d finished deliveries", len(c))
	}
	wantCode(t, s.FinishDelivery(ctx, hook.ID+100, now, site.DeliveryResult{}), site.ENOTFOUND)

	// A claim of a process that died is released at its next start.
	r := must(s.ResendLead(ctx, l.ID))(t)
	if len(must(s.ClaimDeliveries(ctx, time.Now(), time.Hour, nil, 10))(t)) != 2 {
		t.Fatal("the resent deliveries were not claimed")
	}
	if err := s.ReleaseDeliveryClaims(ctx); err != nil {
		t.Fatal(err)
	}
	if c := must(s.ClaimDeliveries(ctx, time.Now(), time.Hour, nil, 10))(t); len(c) != 2 || c[0].Delivery.ID != r.Deliveries[2].ID {
		t.Errorf("after release, claimed %d", len(c))
	}
}

// testOutboxBackoff: a claim counts its attempt and backs off by itself,
// so that an attempt whose outcome is never recorded (a worker that died or
// could not write) is neither retried at every lease nor uncounted; a
// released claim takes its attempt back.
func testOutboxBackoff(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	l := create(t, s, lead("ada@example.com"))
	hours := func(attempt int) time.Duration { return time.Duration(attempt) * time.Hour }
	now := time.Now()
	claimed := must(s.ClaimDeliveries(ctx, now, time.Minute, hours, 10))(t)
	if len(claimed) != 2 {
		t.Fatalf("claimed %d", len(claimed))
	}
	for _, c := range claimed {
		if d := c.Delivery; d.Attempts != 1 || d.NextAttemptAt == nil || d.NextAttemptAt.Sub(now.Add(time.Hour)).Abs() > time.Millisecond {
			t.Errorf("claimed delivery = %+v, want attempt 1 counted, due again in an hour", d)
		}
	}
	// Never recorded: the lease ends, but the backoff holds.
	if c := must(s.ClaimDeliveries(ctx, now.Add(2*time.Minute), time.Minute, hours, 10))(t); len(c) != 0 {
		t.Errorf("claimed %d deliveries again at the end of the lease, before their backoff", len(c))
	}
	got := must(s.FindLeadByID(ctx, l.ID))(t).Deliveries[0]
	if got.Attempts != 1 || got.Status != site.DeliveryPending {
		t.Errorf("unrecorded attempt = %+v, want it counted", got)
	}
	again := must(s.ClaimDeliveries(ctx, now.Add(61*time.Minute), time.Minute, hours, 10))(t)
	if len(again) != 2 || again[0].Delivery.Attempts != 2 ||
		again[0].Delivery.NextAttemptAt.Sub(now.Add(61*time.Minute+2*time.Hour)).Abs() > time.Millisecond {
		t.Fatalf("claimed after the backoff = %+v", again)
	}
	// Released (its worker stopped mid-attempt): the attempt does not
	// count, and the delivery is due at once.
	at := now.Add(62 * time.Minute)
	for _, c := range again {
		if err := s.ReleaseDelivery(ctx, c.Delivery.ID, at); err != nil {
			t.Fatal(err)
		}
	}
	got = must(s.FindLeadByID(ctx, l.ID))(t).Deliveries[0]
	if got.Attempts != 1 || got.NextAttemptAt == nil || got.NextAttemptAt.Sub(at).Abs() > time.Millisecond {
		t.Errorf("released delivery = %+v, want attempt 1, due at %v", got, at)
	}
	// Releasing what is not claimed changes nothing.
	if err := s.ReleaseDelivery(ctx, got.ID, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if d := must(s.FindLeadByID(ctx, l.ID))(t).Deliveries[0]; d.Attempts != 1 || !d.NextAttemptAt.Equal(*got.NextAttemptAt) {
		t.Errorf("released twice = %+v", d)
	}
	// The claims a dead process left are due at once after a restart; their
	// attempts count.
	if c := must(s.ClaimDeliveries(ctx, at, time.Minute, hours, 10))(t); len(c) != 2 {
		t.Fatalf("claimed %d after the release", len(c))
	}
	if err := s.ReleaseDeliveryClaims(ctx); err != nil {
		t.Fatal(err)
	}
	c := must(s.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, nil, 10))(t)
	if len(c) != 2 || c[0].Delivery.Attempts != 3 {
		t.Errorf("claimed after a restart = %d, attempts %d; want 2, the third attempt", len(c), c[0].Delivery.Attempts)
	}
}
