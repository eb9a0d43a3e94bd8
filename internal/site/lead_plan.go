package site

import (
	"strings"
	"time"
)

// The rules a store follows when it writes a lead: what makes a lead a
// copy of an earlier one, the status it starts with, and which deliveries
// it is owed. The stores read and write; these decide.

// DuplicateSince is the earliest time an earlier lead may have been
// created at and still be repeated by one sent at now.
func DuplicateSince(now time.Time) time.Time { return now.Add(-DuplicateWindow) }

// Repeats reports whether l, sent at now, is a copy of earlier: the same
// e-mail address and details, sent within DuplicateWindow. A double click
// or a retried request is stored once.
func (l *Lead) Repeats(earlier *Lead, now time.Time) bool {
	return !earlier.CreatedAt.Before(DuplicateSince(now)) &&
		l.Email == earlier.Email && l.FirstName == earlier.FirstName && l.LastName == earlier.LastName &&
		l.Company == earlier.Company && l.AISolutionInterest == earlier.AISolutionInterest &&
		l.ProjectDetails == earlier.ProjectDetails
}

// InitialStatus is the status a new lead is stored with: its own, or new.
func (l *Lead) InitialStatus() string {
	if l.Status == "" {
		return LeadNew
	}
	return l.Status
}

// Channels are the deliveries the settings make of one lead, pending: one
// e-mail to every notification address, and one call of the webhook.
func (s *LeadSettings) Channels() []Delivery {
	var out []Delivery
	if len(s.NotificationEmails) > 0 {
		out = append(out, Delivery{Kind: KindLead, Channel: ChannelEmail, Target: strings.Join(s.NotificationEmails, ", "), Status: DeliveryPending})
	}
	if s.WebhookURL != "" {
		out = append(out, Delivery{Kind: KindLead, Channel: ChannelWebhook, Target: s.WebhookURL, Status: DeliveryPending})
	}
	return out
}

// NewLeadDeliveries are the deliveries a lead is owed when it is stored,
// or taken out of spam: the settings' channels; none while it is spam.
func NewLeadDeliveries(l *Lead, s *LeadSettings) []Delivery {
	if l.Spam {
		return nil
	}
	return s.Channels()
}

// ResendDeliveries are the deliveries a resend of l queues: the settings'
// channels. A lead marked as spam, or settings without a channel, are
// refused.
func ResendDeliveries(l *Lead, s *LeadSettings) ([]Delivery, error) {
	if l.Spam {
		return nil, Errorf(EINVALID, "%s", MsgResendSpam)
	}
	out := s.Channels()
	if len(out) == 0 {
		return nil, Errorf(EINVALID, "%s", MsgNoChannels)
	}
	return out, nil
}

// Recipient is a staff member who may be mailed about leads: one with a
// verified e-mail address.
type Recipient struct {
	UserID int64
	Email  string
}

// StaffDeliveries are the e-mails to staff a lead that arrived at created
// is owed, besides its notification: the lead to its owner, or to every
// administrator while it has none or its owner cannot be mailed; the
// owner's reminder at half its response time; and the administrators'
// alert once it is overdue. owner is nil when the lead has none or the
// owner has no verified address. None for spam.
func StaffDeliveries(l *Lead, owner *Recipient, admins []Recipient, s *LeadSettings, created time.Time) []Delivery {
	if l.Spam {
		return nil
	}
	mail := func(kind string, to Recipient, at *time.Time) Delivery {
		id := to.UserID
		return Delivery{Kind: kind, Channel: ChannelEmail, Target: to.Email, UserID: &id, Status: DeliveryPending, NextAttemptAt: at}
	}
	var out []Delivery
	reminder, due := s.ReminderAt(created), s.DueAt(created)
	if owner != nil {
		out = append(out, mail(KindOwner, *owner, nil), mail(KindReminder, *owner, &reminder))
	} else {
		// Someone hears of every lead: an owner without a verified address
		// would not.
		for _, a := range admins {
			out = append(out, mail(KindOwner, a, nil))
		}
	}
	for _, a := range admins {
		out = append(out, mail(KindOverdue, a, &due))
	}
	return out
}
