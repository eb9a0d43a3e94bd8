package site

import (
	"context"
	"strings"
	"time"
)

// Statuses of a newsletter subscriber: pending from the sign-up until the
// address's holder confirms it, confirmed then, and unsubscribed once they
// ask to stop (the row stays, so that the tab and the mailing service know
// not to write to the address).
const (
	SubscriberPending      = "pending"
	SubscriberConfirmed    = "confirmed"
	SubscriberUnsubscribed = "unsubscribed"
)

// SubscriberStatuses lists every status, in the order the admin offers them.
var SubscriberStatuses = []string{SubscriberPending, SubscriberConfirmed, SubscriberUnsubscribed}

// SubscriptionConfirmTTL is how long a sign-up waits for its confirmation:
// an unconfirmed one is deleted after it, with the address it holds.
const SubscriptionConfirmTTL = 7 * 24 * time.Hour

// The pages the newsletter's e-mails link to, each with the token of its
// link in the query: a page with a button that posts the token, so that a
// mail scanner that opens every link confirms and cancels nothing.
const (
	NewsletterConfirmPath     = "/newsletter/confirm"
	NewsletterUnsubscribePath = "/newsletter/unsubscribe"
	// NewsletterUnsubscribeURL is the route that takes the unsubscription
	// of a link's holder: the JSON {token} of the page, and the one-click
	// POST of RFC 8058 (body List-Unsubscribe=One-Click, the token in the
	// query) that a mail client sends to the List-Unsubscribe address.
	NewsletterUnsubscribeURL = "/api/newsletter/unsubscribe"
)

// Delivery kinds of the newsletter: the e-mail that asks a new subscriber
// to confirm, and the webhooks that tell the firm's mailing service of a
// confirmed subscriber and of one who unsubscribed.
const (
	KindConfirm      = "confirm"
	KindSubscribed   = "subscribed"
	KindUnsubscribed = "unsubscribed"
)

// Messages of the newsletter's public answers.
const (
	// MsgCheckInbox answers every valid sign-up alike, known address or
	// not, so that the form tells no one who is subscribed.
	MsgCheckInbox = "Check your inbox to confirm your subscription."
	// MsgConfirmLinkGone refuses a confirmation link that was never given,
	// has expired or whose subscription has ended.
	MsgConfirmLinkGone = "This confirmation link has expired or no longer works. Sign up again to receive a new one."
	// MsgUnsubscribeLinkGone refuses an unsubscribe link of no
	// subscription (erased, or never given).
	MsgUnsubscribeLinkGone = "This unsubscribe link does not belong to any subscription: nothing is sent to you through it."
	// msgSubscriberEmail asks for an address to sign up with.
	msgSubscriberEmail = "Enter a valid email address"
)

// Subscriber is an address signed up for the newsletter.
type Subscriber struct {
	ID     int64  `json:"id"`
	Email  string `json:"email"`
	Status string `json:"status" ts:"SubscriberStatus"`
	// Source is the path of the page whose form signed the address up.
	Source string `json:"source"`
	// CreatedAt is when the address signed up (again, after an
	// unsubscription); ConfirmedAt and UnsubscribedAt when it confirmed
	// and left; ExpiresAt when a pending sign-up is deleted unconfirmed.
	CreatedAt      time.Time  `json:"createdAt"`
	ConfirmedAt    *time.Time `json:"confirmedAt"`
	UnsubscribedAt *time.Time `json:"unsubscribedAt"`
	ExpiresAt      *time.Time `json:"expiresAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	// Deliveries are its confirmation e-mails and the webhooks about it,
	// oldest first.
	Deliveries []*Delivery `json:"deliveries"`
}

// Subscription is what the pages of the newsletter's links are told: the
// address the link is for, which its holder knows, and the
// subscription's status now.
type Subscription struct {
	Email  string `json:"email"`
	Status string `json:"status" ts:"SubscriberStatus"`
}

// SignUp is a sign-up for the newsletter as the form sends it, with the
// tokens of the links its confirmation e-mail carries: the store keeps
// their hashes, and the tokens only in the e-mail's outbox row, until it
// is sent.
type SignUp struct {
	Email  string
	Source string
	// ConfirmToken confirms the subscription; UnsubscribeToken ends it,
	// for as long as it lasts.
	ConfirmToken, UnsubscribeToken string
}

// MaxSubscriberSource bounds the page path a sign-up records.
const MaxSubscriberSource = 500

// Validate trims and checks a sign-up: the address lower-cased, as the
// newsletter knows each address once whatever its case; the page cut to
// its length, as it comes from the browser rather than the person.
func (s *SignUp) Validate() error {
	s.Email = strings.ToLower(strings.TrimSpace(s.Email))
	s.Source = truncate(strings.TrimSpace(s.Source), MaxSubscriberSource)
	if s.Email == "" || !ValidEmail(s.Email) {
		var v fieldErrors
		v.add("email", msgSubscriberEmail)
		return v.err()
	}
	return nil
}

// NeedsConfirmation reports whether a sign-up of the address of cur (nil
// for an unknown address) asks its holder to confirm: a new address, a
// pending one (with new links, its expiry put off) and one that
// unsubscribed all do; a confirmed subscriber is left as it is, and is
// sent nothing, as its unsubscribe link cannot be told again.
func (cur *Subscriber) NeedsConfirmation() bool {
	return cur == nil || cur.Status != SubscriberConfirmed
}

// Confirm checks that the subscription may be confirmed at now: a pending
// one that has not expired. It reports whether that changes anything: a
// subscription confirmed already answers as a success again, so that a
// second press of the button says the same. An expired or ended one is
// EGONE.
func (cur *Subscriber) Confirm(now time.Time) (changed bool, err error) {
	switch {
	case cur.Status == SubscriberConfirmed:
		return false, nil
	case cur.Status == SubscriberPending && cur.ExpiresAt != nil && now.Before(*cur.ExpiresAt):
		return true, nil
	}
	return false, Errorf(EGONE, "%s", MsgConfirmLinkGone)
}

// Deliveries are the webhooks a change of a subscriber's status owes the
// mailing service: one of kind (KindSubscribed, KindUnsubscribed) when
// the settings name a webhook.
func (st *NewsletterSettings) Deliveries(kind string) []Delivery {
	if st.WebhookURL == "" {
		return nil
	}
	return []Delivery{{Kind: kind, Channel: ChannelWebhook, Target: st.WebhookURL, Status: DeliveryPending}}
}

// NewsletterSettings say where the site tells the firm's mailing service
// of each subscriber who confirms or unsubscribes: a webhook signed as the
// lead webhook is.
type NewsletterSettings struct {
	WebhookURL    string `json:"webhookUrl"`
	WebhookSecret string `json:"webhookSecret"`
	// WebhookSecretSet says whether a secret is set; not stored.
	WebhookSecretSet bool `json:"webhookSecretSet"`
}

// Validate trims and checks the newsletter settings; a missing secret is
// EnsureSecret's to make.
func (st *NewsletterSettings) Validate() error {
	var v fieldErrors
	checkWebhook(&v, &st.WebhookURL, &st.WebhookSecret)
	return v.err()
}

// EnsureSecret gives a webhook without a secret a new one, as for leads.
func (st *NewsletterSettings) EnsureSecret() {
	if st.WebhookURL != "" && st.WebhookSecret == "" {
		st.WebhookSecret = newWebhookSecret()
	}
}

// SubscriberFilter selects subscribers, newest first.
type SubscriberFilter struct {
	// Status is one of SubscriberStatuses, "" for all.
	Status string
	// Query matches within the address, in any case.
	Query string
	// Offset and Limit page the list; Limit 0 means no limit.
	Offset, Limit int
}

// SubscriberService keeps the newsletter's subscribers, their confirmation
// e-mails (rows of the outbox, sent by its worker) and the settings of the
// webhook that tells the mailing service of them.
type SubscriberService interface {
	// Subscribe records a sign-up (validated) at the store's time: an
	// address that needs confirmation (Subscriber.NeedsConfirmation) is
	// pending with the sign-up's links from then on, for
	// SubscriptionConfirmTTL, and its confirmation e-mail is queued in the
	// same transaction; a confirmed one is left as it is. It reports
	// whether an e-mail was queued.
	Subscribe(ctx context.Context, in *SignUp) (queued bool, err error)
	// ConfirmSubscription confirms the subscription whose confirmation
	// token has the hash (Subscriber.Confirm) and queues the settings'
	// webhook. An unknown hash is EGONE.
	ConfirmSubscription(ctx context.Context, tokenHash string) (*Subscriber, error)
	// Unsubscribe ends the subscription whose unsubscribe token has the
	// hash: it is unsubscribed from then on (a second time changes
	// nothing), its confirmation e-mails not yet sent are withdrawn, and a
	// confirmed one's end is queued for the webhook. An unknown hash is
	// EGONE.
	Unsubscribe(ctx context.Context, tokenHash string) (*Subscriber, error)
	// FindSubscribers returns a page of the filter and how many match.
	FindSubscribers(ctx context.Context, f SubscriberFilter) ([]*Subscriber, int, error)
	// EachSubscriber calls fn with every subscriber of the filter, newest
	// first, without their deliveries, as it reads them.
	EachSubscriber(ctx context.Context, f SubscriberFilter, fn func(*Subscriber) error) error
	// DeleteExpiredSubscribers deletes the pending sign-ups whose time to
	// be confirmed ended before now, and says how many.
	DeleteExpiredSubscribers(ctx context.Context, now time.Time) (int, error)
	GetNewsletterSettings(ctx context.Context) (*NewsletterSettings, error)
	UpdateNewsletterSettings(ctx context.Context, st *NewsletterSettings) (*NewsletterSettings, error)
}
