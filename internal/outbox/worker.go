// Package outbox sends the notifications of leads: it claims due rows of
// the outbox table, sends each by e-mail or webhook, and records the
// outcome, retrying with capped exponential backoff while a channel is
// down. A lead's visitor never waits for it: the lead and its outbox rows
// are committed together, and the worker sends later.
package outbox

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"meridian/internal/site"
)

// Store is what the worker needs of the database.
type Store interface {
	site.DeliveryService
	GetLeadSettings(ctx context.Context) (*site.LeadSettings, error)
}

// Policy holds the timings of the worker.
type Policy struct {
	// RetryMin is the wait after the first failed attempt; each further
	// failure doubles it, up to RetryMax.
	RetryMin, RetryMax time.Duration
	// GiveUpAfter is how long after its creation a delivery is given up
	// as failed; MaxAttempts bounds its attempts too.
	GiveUpAfter time.Duration
	MaxAttempts int
	// Timeout bounds one attempt; a claim lasts twice as long, so that
	// another instance takes over a delivery only from a worker that died.
	Timeout time.Duration
	// Poll is how often the worker looks for due deliveries when nothing
	// wakes it.
	Poll time.Duration
}

// DefaultPolicy waits 30 s, 1 min, 2 min ... up to 1 h between attempts and
// gives up after a day.
var DefaultPolicy = Policy{RetryMin: 30 * time.Second, RetryMax: time.Hour, GiveUpAfter: 24 * time.Hour,
	MaxAttempts: 50, Timeout: 30 * time.Second, Poll: 5 * time.Second}

// Delay is the wait after the failed attempt number attempt (from 1).
func (p Policy) Delay(attempt int) time.Duration {
	d := p.RetryMin
	for i := 1; i < attempt && d < p.RetryMax; i++ {
		d *= 2
	}
	return min(d, p.RetryMax)
}

// batch is how many deliveries the worker claims and sends at once.
const batch = 8

// Worker sends due deliveries. Set its fields, then call Run.
type Worker struct {
	Store  Store
	Policy Policy
	// Mailer sends e-mail; nil when SMTP is not configured, which fails
	// e-mail deliveries (and retries them, should it be configured).
	Mailer Mailer
	// HTTP sends webhooks; nil means a client without cookies or proxies
	// beyond the environment's.
	HTTP   *http.Client
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	pokeOnce sync.Once
	poke     chan struct{}
}

// Mailer sends the notification e-mail of a lead.
type Mailer interface {
	Send(ctx context.Context, d *site.Delivery, l *site.Lead) error
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

func (w *Worker) pokes() chan struct{} {
	w.pokeOnce.Do(func() { w.poke = make(chan struct{}, 1) })
	return w.poke
}

// Poke wakes the worker at once: a delivery was queued. It never blocks.
func (w *Worker) Poke() {
	select {
	case w.pokes() <- struct{}{}:
	default:
	}
}

// Run sends deliveries until ctx ends, then returns once the attempts in
// flight are recorded.
func (w *Worker) Run(ctx context.Context) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		n := w.RunOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if n == batch {
			continue // there may be more due at once
		}
		timer.Reset(w.Policy.Poll)
		select {
		case <-ctx.Done():
			return
		case <-w.pokes():
		case <-timer.C:
		}
	}
}

// RunOnce claims one batch of due deliveries, sends them in parallel and
// records each outcome; it returns how many it claimed.
func (w *Worker) RunOnce(ctx context.Context) int {
	claimed, err := w.Store.ClaimDeliveries(ctx, w.now(), 2*w.Policy.Timeout, batch)
	if err != nil {
		if ctx.Err() == nil {
			w.Logger.Error("claim deliveries", "err", err)
		}
		return 0
	}
	if len(claimed) == 0 {
		return 0
	}
	settings, err := w.Store.GetLeadSettings(ctx)
	if err != nil {
		w.Logger.Error("read lead settings", "err", err)
		settings = &site.LeadSettings{}
	}
	var wg sync.WaitGroup
	for _, c := range claimed {
		wg.Go(func() { w.deliver(ctx, c, settings) })
	}
	wg.Wait()
	return len(claimed)
}

// deliver makes one attempt and records it. Neither depends on ctx: an
// attempt under way when the worker stops runs to its end (within the
// time limit) and its outcome is saved, rather than being cut and counted
// as a failure.
func (w *Worker) deliver(ctx context.Context, c *site.ClaimedDelivery, settings *site.LeadSettings) {
	d := c.Delivery
	ctx = context.WithoutCancel(ctx)
	actx, cancel := context.WithTimeout(ctx, w.Policy.Timeout)
	err := w.attempt(actx, c, settings)
	cancel()
	at := w.now()
	res := site.DeliveryResult{}
	if err != nil {
		res.Err = truncate(err.Error(), 1000)
		attempt := d.Attempts + 1
		next := at.Add(w.Policy.Delay(attempt))
		if attempt < w.Policy.MaxAttempts && next.Before(d.CreatedAt.Add(w.Policy.GiveUpAfter)) {
			res.NextAttemptAt = &next
		}
		level := slog.LevelWarn
		if res.NextAttemptAt == nil {
			level = slog.LevelError
		}
		w.Logger.Log(ctx, level, "lead notification failed", "delivery", d.ID, "lead", d.LeadID, "channel", d.Channel,
			"attempt", attempt, "willRetry", res.NextAttemptAt != nil, "err", err)
	}
	rctx, rcancel := context.WithTimeout(ctx, 10*time.Second)
	defer rcancel()
	if err := w.Store.FinishDelivery(rctx, d.ID, at, res); err != nil {
		// The claim runs out and another attempt follows: at least once.
		w.Logger.Error("record delivery", "delivery", d.ID, "err", err)
	}
}

func (w *Worker) attempt(ctx context.Context, c *site.ClaimedDelivery, settings *site.LeadSettings) error {
	if c.Lead == nil {
		return errors.New("the lead is gone")
	}
	switch c.Delivery.Channel {
	case site.ChannelEmail:
		if w.Mailer == nil {
			return errors.New("SMTP is not configured: set SMTP_HOST and SMTP_FROM")
		}
		return w.Mailer.Send(ctx, c.Delivery, c.Lead)
	case site.ChannelWebhook:
		return w.postWebhook(ctx, c.Delivery, c.Lead, settings.WebhookSecret)
	}
	return errors.New("unknown channel " + c.Delivery.Channel)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
