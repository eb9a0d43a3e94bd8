package outbox

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"syscall"
	"time"

	"meridian/internal/site"
)

// WebhookEvent is the body of a webhook request.
type WebhookEvent struct {
	Event      string      `json:"event"`
	DeliveryID string      `json:"deliveryId"`
	Lead       WebhookLead `json:"lead"`
}

// WebhookLead is a lead as a webhook sends it: without its deliveries and
// the internal notes.
type WebhookLead struct {
	ID int64 `json:"id"`
	site.LeadFields
	CreatedAt time.Time `json:"createdAt"`
	site.Visit
	Status     string    `json:"status"`
	Spam       bool      `json:"spam"`
	SpamReason string    `json:"spamReason"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// Sign returns the X-Meridian-Signature of body: "sha256=" and the hex
// HMAC-SHA256 of the raw body with secret.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// postWebhook posts the lead to the delivery's URL.
func (w *Worker) postWebhook(ctx context.Context, d *site.Delivery, l *site.Lead, secret string) error {
	id := strconv.FormatInt(d.ID, 10)
	body, err := json.Marshal(WebhookEvent{Event: "lead.created", DeliveryID: id, Lead: WebhookLead{
		ID: l.ID, LeadFields: l.LeadFields, CreatedAt: l.CreatedAt, Visit: l.Visit, Status: l.Status, Spam: l.Spam,
		SpamReason: l.SpamReason, UpdatedAt: l.UpdatedAt}})
	if err != nil {
		return err
	}
	return w.post(ctx, d, body, secret)
}

// post sends body, signed with secret, to the delivery's URL. Any 2xx
// answer is a delivery; X-Meridian-Delivery stays the same on every
// attempt, so that a receiver can drop repeats.
func (w *Worker) post(ctx context.Context, d *site.Delivery, body []byte, secret string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.Target, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("webhook: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Meridian-Webhook/1")
	req.Header.Set("X-Meridian-Delivery", strconv.FormatInt(d.ID, 10))
	req.Header.Set("X-Meridian-Signature", Sign(secret, body))
	res, err := w.httpClient().Do(req)
	if err != nil {
		return fmt.Errorf("webhook: %w", err)
	}
	defer res.Body.Close()
	io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode >= 300 && res.StatusCode <= 399 {
		return fmt.Errorf("webhook: %s answered %s; redirects are not followed", d.Target, res.Status)
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("webhook: %s answered %s", d.Target, res.Status)
	}
	return nil
}

func (w *Worker) httpClient() *http.Client {
	if w.HTTP != nil {
		return w.HTTP
	}
	w.clientOnce.Do(func() { w.client = NewWebhookClient(w.AllowPrivate) })
	return w.client
}

// NewWebhookClient returns the client webhooks are sent with. Whoever sets
// the webhook URL must not reach through it what is not public: unless
// allowPrivate, it refuses to connect to an internal address
// (site.InternalAddr), checked on the address actually dialled, so that a
// name whose DNS answer changed after the URL was saved gains nothing. For
// the same reason it follows no redirect and uses no proxy from the
// environment (a proxy would dial in its stead).
func NewWebhookClient(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = refuseInternal
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DialContext = dialer.DialContext
	return &http.Client{
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// errInternalAddr is the error of a connection refused by refuseInternal.
var errInternalAddr = errors.New("a private or local network address: webhooks are only sent to public addresses (see SITE_WEBHOOK_ALLOW_PRIVATE)")

// refuseInternal is a net.Dialer's Control: it runs before each connection
// with the address about to be dialled.
func refuseInternal(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%s: %w", address, errInternalAddr)
	}
	if site.InternalAddr(ap.Addr()) {
		return fmt.Errorf("%s is %w", ap.Addr(), errInternalAddr)
	}
	return nil
}
