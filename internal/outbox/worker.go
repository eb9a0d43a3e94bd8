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
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"meridian/internal/metrics"
	"meridian/internal/site"
)

// Store is what the worker needs of the database.
type Store interface {
	site.DeliveryService
	GetLeadSettings(ctx context.Context) (*site.LeadSettings, error)
	GetNewsletterSettings(ctx context.Context) (*site.NewsletterSettings, error)
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
	// HTTP sends webhooks; nil means NewWebhookClient(AllowPrivate).
	HTTP *http.Client
	// AllowPrivate lets webhooks go to private and local network
	// addresses, for a receiver the operator runs there.
	AllowPrivate bool
	Logger       *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Metrics counts the attempts by outcome; nil counts nothing.
	Metrics *metrics.Metrics

	pokeOnce   sync.Once
	poke       chan struct{}
	clientOnce sync.Once
	client     *http.Client
	abortOnce  sync.Once
	aborted    context.Context
	abort      context.CancelFunc
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
// flight are recorded, or released after Abort.
func (w *Worker) Run(ctx context.Context) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		n := w.RunOnce(ctx)
		if ctx.Err() != nil || w.aborting().Err() != nil {
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
	if w.aborting().Err() != nil {
		return 0
	}
	// The claim counts the attempt and sets its backoff, so that an
	// attempt whose outcome cannot be recorded still waits and still
	// counts towards giving up.
	claimed, err := w.Store.ClaimDeliveries(ctx, w.now(), 2*w.Policy.Timeout, w.Policy.Delay, batch)
	if err != nil {
		if ctx.Err() == nil {
			w.Logger.Error("claim deliveries", "err", err)
		}
		return 0
	}
	if len(claimed) == 0 {
		return 0
	}
	// Like the attempts, the reading of the settings goes on when ctx ends
	// and stops at Abort.
	sctx, cancel := context.WithTimeout(w.aborting(), w.Policy.Timeout)
	settings, err := w.Store.GetLeadSettings(sctx)
	cancel()
	if err != nil && w.aborting().Err() != nil {
		for _, c := range claimed {
			w.release(c)
		}
		return len(claimed)
	}
	if err != nil {
		// Nothing is sent without the settings: a webhook would go out
		// signed with an empty secret. Each attempt fails and waits its
		// backoff; should even that not be written, the claim's backoff
		// holds.
		w.Logger.Error("read lead settings: nothing sent", "err", err)
		for _, c := range claimed {
			w.record(c, errNoSettings)
		}
		return len(claimed)
	}
	var wg sync.WaitGroup
	for _, c := range claimed {
		wg.Go(func() { w.deliver(c, settings) })
	}
	wg.Wait()
	return len(claimed)
}

// errNoSettings fails the attempts made while the lead settings cannot be
// read; the reason is in the log.
var errNoSettings = errors.New("not sent: the lead settings could not be read")

// deliver makes one attempt and records it. Neither depends on the
// worker's context: an attempt under way when the worker stops runs to
// its end (within the time limit) and its outcome is saved, rather than
// being cut and counted as a failure. Only Abort cuts it, and then its
// claim is released.
func (w *Worker) deliver(c *site.ClaimedDelivery, settings *site.LeadSettings) {
	actx, cancel := context.WithTimeout(w.aborting(), w.Policy.Timeout)
	err := w.attempt(actx, c, settings)
	cancel()
	if err != nil && w.aborting().Err() != nil {
		w.release(c)
		return
	}
	w.record(c, err)
}

func (w *Worker) aborting() context.Context {
	w.abortOnce.Do(func() { w.aborted, w.abort = context.WithCancel(context.Background()) })
	return w.aborted
}

// Abort cuts the attempts in flight, for a shutdown that cannot wait for
// them to end: each is released rather than recorded, so that it does not
// count and its delivery is due at once, for another instance or the next
// start. Run stops claiming and returns once they are released. An
// attempt that ended before it was cut is recorded as usual.
func (w *Worker) Abort() {
	w.aborting()
	w.abort()
}

// releaseTimeout bounds the write that releases a claim; it runs late in a
// shutdown, against its deadline.
const releaseTimeout = 2 * time.Second

// release gives up the claim of an attempt cut by Abort.
func (w *Worker) release(c *site.ClaimedDelivery) {
	d := c.Delivery
	ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout)
	defer cancel()
	if err := w.Store.ReleaseDelivery(ctx, d.ID, w.now()); err != nil {
		// The claim's lease and backoff still end; the attempt counts.
		w.Logger.Error("release delivery", "delivery", d.ID, "err", err)
		return
	}
	w.Logger.Info("lead notification cut by the shutdown; it will be sent again", "delivery", d.ID, "lead", d.LeadID,
		"channel", d.Channel)
}

// record saves the outcome of an attempt: sent when err is nil, else
// retrying after the backoff, or failed once the policy gives up.
func (w *Worker) record(c *site.ClaimedDelivery, err error) {
	d := c.Delivery
	at := w.now()
	res := site.DeliveryResult{}
	result := metrics.DeliverySent
	if err != nil {
		res.Err = errorText(err.Error(), maxErrorText)
		attempt := max(d.Attempts, 1) // counted by the claim
		next := at.Add(w.Policy.Delay(attempt))
		if attempt < w.Policy.MaxAttempts && next.Before(d.CreatedAt.Add(w.Policy.GiveUpAfter)) {
			res.NextAttemptAt = &next
		}
		level := slog.LevelWarn
		result = metrics.DeliveryRetry
		if res.NextAttemptAt == nil {
			level, result = slog.LevelError, metrics.DeliveryFailed
		}
		attrs := []any{"delivery", d.ID, "lead", d.LeadID, "channel", d.Channel, "attempt", attempt,
			"willRetry", res.NextAttemptAt != nil, "err", err}
		if d.SubscriberID != nil {
			attrs = append(attrs, "subscriber", *d.SubscriberID, "kind", d.Kind)
		}
		w.Logger.Log(context.Background(), level, "lead notification failed", attrs...)
	}
	w.Metrics.DeliveryAttempt(d.Channel, result)
	rctx, rcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer rcancel()
	if err := w.Store.FinishDelivery(rctx, d.ID, at, res); err != nil {
		// Another attempt follows once the claim's lease and backoff are
		// over: at least once.
		w.Logger.Error("record delivery", "delivery", d.ID, "err", err)
	}
}

func (w *Worker) attempt(ctx context.Context, c *site.ClaimedDelivery, settings *site.LeadSettings) error {
	if c.Delivery.SubscriberID != nil {
		return w.sendSubscriber(ctx, c)
	}
	if c.Delivery.ApplicationID != nil {
		return w.sendApplication(ctx, c)
	}
	if c.Lead == nil {
		return errors.New("the lead is gone")
	}
	if answered(c.Delivery, c.Lead) {
		return nil // nothing to tell: recorded as done
	}
	switch c.Delivery.Channel {
	case site.ChannelEmail:
		if c.Delivery.Kind == site.KindMeeting {
			mm, err := mailerAs[MeetingMailer](w, "meeting invitations")
			if err != nil {
				return err
			}
			return mm.SendMeeting(ctx, c)
		}
		m, err := mailerAs[Mailer](w, "e-mails")
		if err != nil {
			return err
		}
		return m.Send(ctx, c.Delivery, c.Lead)
	case site.ChannelWebhook:
		return w.postWebhook(ctx, c.Delivery, c.Lead, settings.WebhookSecret)
	}
	return errors.New("unknown channel " + c.Delivery.Channel)
}

// mailerAs is the worker's Mailer as T, the interface that sends what:
// ErrNoMailServer on a site without a mail server.
func mailerAs[T any](w *Worker, what string) (T, error) {
	var none T
	if w.Mailer == nil {
		return none, ErrNoMailServer
	}
	m, ok := w.Mailer.(T)
	if !ok {
		return none, errors.New("the mailer cannot send " + what)
	}
	return m, nil
}

// maxErrorText bounds the error recorded of an attempt, in characters.
const maxErrorText = 1000

// errorText makes the error of an attempt fit to be stored: valid UTF-8
// (a reason phrase is the receiver's bytes, and PostgreSQL refuses text
// that is not), without NUL (which PostgreSQL refuses too), and cut to n
// characters, never inside one.
func errorText(s string, n int) string {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}
