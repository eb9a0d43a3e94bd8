package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/wneessen/go-mail"

	"meridian/internal/site"
)

// SubscriberMailer sends the e-mail that asks a newsletter subscriber to
// confirm (site.KindConfirm); the worker fails those deliveries with a
// Mailer that cannot.
type SubscriberMailer interface {
	SendConfirmation(ctx context.Context, c *site.ClaimedDelivery) error
}

// SendConfirmation mails a new subscriber the link that confirms the
// subscription and the one that ends it. Like every e-mail to a subscriber
// it offers the one-click unsubscription of RFC 8058: List-Unsubscribe
// names the address that takes its POST (body List-Unsubscribe=One-Click),
// which works without a browser, and List-Unsubscribe-Post says that it
// may be sent so.
func (s *SMTP) SendConfirmation(ctx context.Context, c *site.ClaimedDelivery) error {
	d, sub := c.Delivery, c.Subscriber
	if d.ManageToken == "" || d.UnsubscribeToken == "" {
		// Sent or given up once already: its tokens are gone.
		return errors.New("the links of this e-mail are no longer kept")
	}
	srv, err := s.server(ctx)
	if err != nil {
		return err
	}
	base := s.siteURL()
	links := subscriberLinks(base, d.UnsubscribeToken)
	confirm := base + site.NewsletterConfirmPath + "?token=" + url.QueryEscape(d.ManageToken)
	body := "Someone, we hope you, signed up " + sub.Email + " for our newsletter"
	if u, err := url.Parse(base); err == nil && u.Hostname() != "" {
		body += " on " + u.Hostname()
	}
	body += ".\n\nTo receive it, open this page and press Confirm subscription:\n" + confirm +
		"\n\nThe link works for " + strconv.Itoa(int(site.SubscriptionConfirmTTL/(24*time.Hour))) +
		" days. If you did not sign up, ignore this e-mail: without your confirmation nothing more is sent to you." +
		"\n\nTo stop receiving e-mails from us, unsubscribe here:\n" + links.page + "\n"
	m, err := newMsg(srv, []string{sub.Email}, "Confirm your subscription to our newsletter", body)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	links.mark(m)
	m.SetGenHeader("X-Meridian-Delivery", strconv.FormatInt(d.ID, 10))
	if err := send(ctx, srv, s.Timeout, m); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// unsubscribeLinks are the two ways out of a subscription that every
// e-mail to a subscriber carries: the page with a button, for a person,
// and the address of the one-click POST, for the mail client.
type unsubscribeLinks struct {
	page, oneClick string
}

func subscriberLinks(base, token string) unsubscribeLinks {
	q := "?token=" + url.QueryEscape(token)
	return unsubscribeLinks{page: base + site.NewsletterUnsubscribePath + q, oneClick: base + site.NewsletterUnsubscribeURL + q}
}

// mark sets the headers of RFC 2369 and RFC 8058 on m.
func (l unsubscribeLinks) mark(m *mail.Msg) {
	m.SetGenHeader(mail.HeaderListUnsubscribe, "<"+l.oneClick+">")
	m.SetGenHeader(mail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
}

// SubscriberEvent is the body of a webhook about a subscriber, for the
// firm's mailing service: "subscriber.confirmed" once the address's holder
// confirmed, "subscriber.unsubscribed" once they left.
type SubscriberEvent struct {
	Event      string            `json:"event"`
	DeliveryID string            `json:"deliveryId"`
	Subscriber WebhookSubscriber `json:"subscriber"`
}

// WebhookSubscriber is a subscriber as a webhook sends it.
type WebhookSubscriber struct {
	ID             int64      `json:"id"`
	Email          string     `json:"email"`
	Status         string     `json:"status"`
	Source         string     `json:"source"`
	CreatedAt      time.Time  `json:"createdAt"`
	ConfirmedAt    *time.Time `json:"confirmedAt"`
	UnsubscribedAt *time.Time `json:"unsubscribedAt"`
}

// subscriberEvents are the events of the webhook kinds.
var subscriberEvents = map[string]string{
	site.KindSubscribed:   "subscriber.confirmed",
	site.KindUnsubscribed: "subscriber.unsubscribed",
}

// postSubscriberWebhook tells the mailing service of the subscriber, as it
// is now, signed with the newsletter's webhook secret as read now.
func (w *Worker) postSubscriberWebhook(ctx context.Context, c *site.ClaimedDelivery) error {
	event, ok := subscriberEvents[c.Delivery.Kind]
	if !ok {
		return errors.New("unknown webhook kind " + c.Delivery.Kind)
	}
	st, err := w.Store.GetNewsletterSettings(ctx)
	if err != nil {
		// Unsigned, it would be a webhook anyone could forge.
		return fmt.Errorf("not sent: the newsletter settings could not be read: %w", err)
	}
	sub := c.Subscriber
	body, err := json.Marshal(SubscriberEvent{Event: event, DeliveryID: strconv.FormatInt(c.Delivery.ID, 10),
		Subscriber: WebhookSubscriber{ID: sub.ID, Email: sub.Email, Status: sub.Status, Source: sub.Source,
			CreatedAt: sub.CreatedAt, ConfirmedAt: sub.ConfirmedAt, UnsubscribedAt: sub.UnsubscribedAt}})
	if err != nil {
		return err
	}
	return w.post(ctx, c.Delivery, body, st.WebhookSecret)
}

// sendSubscriber makes one attempt of a subscriber's delivery.
func (w *Worker) sendSubscriber(ctx context.Context, c *site.ClaimedDelivery) error {
	if c.Subscriber == nil {
		return errors.New("the subscriber is gone")
	}
	switch c.Delivery.Channel {
	case site.ChannelEmail:
		if c.Subscriber.Status != site.SubscriberPending {
			return nil // confirmed or left meanwhile: nothing to ask
		}
		sm, err := mailerAs[SubscriberMailer](w, "the newsletter's e-mails")
		if err != nil {
			return err
		}
		return sm.SendConfirmation(ctx, c)
	case site.ChannelWebhook:
		return w.postSubscriberWebhook(ctx, c)
	}
	return errors.New("unknown channel " + c.Delivery.Channel)
}
