package site

import (
	"context"
	"time"
)

// Delivery channels.
const (
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
)

// Delivery kinds: what a delivery tells. A lead's notification goes to the
// lead settings' addresses and webhook; the others go to staff by e-mail:
// the lead to its owner (or the administrators when it has none), the
// owner's reminder at half its response time, and the administrators'
// alert once it is overdue.
const (
	KindLead     = "lead"
	KindOwner    = "owner"
	KindReminder = "reminder"
	KindOverdue  = "overdue"
)

// Delivery statuses. A delivery is pending until its first attempt,
// retrying after a failed attempt with more to come, and sent or failed
// for good.
const (
	DeliveryPending  = "pending"
	DeliverySent     = "sent"
	DeliveryRetrying = "retrying"
	DeliveryFailed   = "failed"
)

// Delivery is one notification of a lead on one channel: a row of the
// outbox, written in the transaction that wrote the lead.
type Delivery struct {
	ID      int64  `json:"id"`
	LeadID  int64  `json:"-"`
	Kind    string `json:"kind" ts:"DeliveryKind"`
	Channel string `json:"channel" ts:"DeliveryChannel"`
	// UserID is the staff member a delivery of theirs goes to.
	UserID *int64 `json:"-"`
	// SubscriberID is the newsletter's subscriber a delivery is of, whose
	// LeadID is then 0.
	SubscriberID *int64 `json:"-"`
	// ApplicationID is the application to a position a delivery is of
	// (KindApplication, KindApplicationAck), whose LeadID is then 0.
	ApplicationID *int64 `json:"-"`
	// MeetingID is the meeting an invitation (KindMeeting) is of, and
	// ManageToken the token of the visitor's link to it, kept until the
	// invitation is sent.
	MeetingID   *int64 `json:"-"`
	ManageToken string `json:"-"`
	// UnsubscribeToken is the token of a subscriber's unsubscribe link,
	// which a confirmation e-mail (KindConfirm, its confirmation token in
	// ManageToken) carries; kept until it is sent, as ManageToken is.
	UnsubscribeToken string `json:"-"`
	// Target is the comma-separated e-mail addresses or the webhook URL.
	Target        string     `json:"target"`
	Status        string     `json:"status" ts:"DeliveryStatus"`
	Attempts      int        `json:"attempts"`
	LastError     string     `json:"lastError"`
	NextAttemptAt *time.Time `json:"nextAttemptAt"`
	SentAt        *time.Time `json:"sentAt"`
	CreatedAt     time.Time  `json:"-"`
}

// LeadSettings say where the notifications of new leads go and how long
// leads are kept. They are never part of the public site settings.
type LeadSettings struct {
	NotificationEmails []string `json:"notificationEmails"`
	WebhookURL         string   `json:"webhookUrl"`
	WebhookSecret      string   `json:"webhookSecret"`
	// WebhookSecretSet says whether there is a secret, for those who may
	// not read it; it is not stored: the HTTP layer fills it in.
	WebhookSecretSet bool `json:"webhookSecretSet"`
	RetentionMonths  int  `json:"retentionMonths"`
	// ResponseHours is how long after a lead arrives its first response
	// is due; BusinessHoursOnly counts only business hours (Monday to
	// Friday, 09:00–17:00) in TimeZone, an IANA name.
	ResponseHours     int    `json:"responseHours"`
	BusinessHoursOnly bool   `json:"businessHoursOnly"`
	TimeZone          string `json:"timeZone"`
	// SMTPConfigured says whether a mail server is set up, in the
	// environment or in the mail settings; not stored: the HTTP layer
	// fills it in.
	SMTPConfigured bool `json:"smtpConfigured"`
}

// Messages of the lead actions the stores refuse, and the spam reason of a
// lead staff marked as spam.
const (
	MsgResendSpam     = "This lead is marked as spam: mark it Not spam to send its notifications."
	MsgNoChannels     = "No notification is configured: add notification e-mails or a webhook URL in the lead settings."
	SpamMarkedByStaff = "Marked as spam by staff."
)

// Limits of the lead settings.
const (
	MaxNotificationEmails = 20
	MaxRetentionMonths    = 120
	MaxWebhookURL         = 2000
	MaxWebhookSecret      = 200
)

// DeliveryResult is the outcome of one attempt, as the outbox worker
// reports it.
type DeliveryResult struct {
	// Err is empty when the delivery succeeded.
	Err string
	// NextAttemptAt is when to try again; nil after success or when the
	// worker gives up, which marks the delivery failed.
	NextAttemptAt *time.Time
}

// DeliveryService is the outbox of lead notifications, as the worker sees
// it. Several processes may share one database: a claim gives a delivery
// to one of them only, until the claim's lease ends.
type DeliveryService interface {
	// ClaimDeliveries leases up to limit deliveries that are due at now to
	// the caller until now+lease, with the lead each belongs to. A claim
	// starts an attempt and counts it: attempts goes up by one (the
	// returned delivery holds the new count), and the delivery is due
	// again retry(attempts) after now (now when retry is nil). So an
	// attempt whose outcome is never recorded, by a worker that died or
	// could not write, still backs off and still counts towards giving up.
	ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, retry func(attempt int) time.Duration, limit int) ([]*ClaimedDelivery, error)
	// FinishDelivery records the outcome of the attempt a claim started
	// and ends the claim.
	FinishDelivery(ctx context.Context, id int64, at time.Time, res DeliveryResult) error
	// ReleaseDelivery ends the claim of an attempt abandoned before it had
	// an outcome (its worker was stopped): the attempt does not count, and
	// the delivery is due at now. A delivery no longer claimed is left as
	// it is.
	ReleaseDelivery(ctx context.Context, id int64, now time.Time) error
	// ReleaseDeliveryClaims ends every claim and makes those deliveries due
	// at once, for a store only one process uses, whose claims at start are
	// those of a process that died. Their attempts still count.
	ReleaseDeliveryClaims(ctx context.Context) error
	// CountDeliveries counts the deliveries not sent yet, by status.
	CountDeliveries(ctx context.Context) (DeliveryCounts, error)
}

// DeliveryCounts are the deliveries not sent (yet) by status: waiting for
// their first attempt, failed and to be tried again, and given up.
type DeliveryCounts struct {
	Pending, Retrying, Failed int
}

// ClaimedDelivery is a delivery handed to a worker, with its lead, and for
// a meeting's invitation the meeting and its owner's booking settings (the
// meeting link and phone); a subscriber's delivery has its subscriber
// instead of a lead.
type ClaimedDelivery struct {
	Delivery     *Delivery
	Lead         *Lead
	Meeting      *Meeting
	Availability *Availability
	Subscriber   *Subscriber
	Application  *Application
}

// DeliveryOutcome is the status, next attempt and time sent that the
// result of an attempt at time at leads to.
func DeliveryOutcome(at time.Time, res DeliveryResult) (status string, next, sent *time.Time) {
	switch {
	case res.Err == "":
		return DeliverySent, nil, &at
	case res.NextAttemptAt != nil:
		return DeliveryRetrying, res.NextAttemptAt, nil
	}
	return DeliveryFailed, nil, nil
}
