package outbox

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/wneessen/go-mail"

	"meridian/internal/site"
)

// MeetingMailer sends the calendar invitation of a meeting
// (site.KindMeeting); the worker fails those deliveries with a Mailer that
// cannot.
type MeetingMailer interface {
	SendMeeting(ctx context.Context, c *site.ClaimedDelivery) error
}

// meetingTime is how the e-mails of a meeting write its times.
const meetingTime = "Monday, 2 January 2006, 15:04 MST"

// siteURL is the public address of the site: SiteURL, else the address
// InboxURL is on.
func (s *SMTP) siteURL() string {
	if s.SiteURL != "" {
		return strings.TrimSuffix(s.SiteURL, "/")
	}
	u, err := url.Parse(s.InboxURL)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// SendMeeting mails the invitation of a meeting, or its cancellation, to
// the delivery's address: a plain text with the time in the reader's time
// zone and the same as a text/calendar part a calendar takes in.
func (s *SMTP) SendMeeting(ctx context.Context, c *site.ClaimedDelivery) error {
	d, l, m := c.Delivery, c.Lead, c.Meeting
	if m == nil || l == nil {
		return errors.New("the meeting is gone")
	}
	srv, err := s.server(ctx)
	if err != nil {
		return err
	}
	a := c.Availability
	if a == nil {
		def := site.DefaultAvailability()
		a = &def
	}
	base := s.siteURL()
	inv := &invitation{Meeting: m, Host: meetingHost(base), Organizer: srv.From, Attendee: l.Email,
		Link: a.MeetingLink, Phone: a.Phone, Stamp: time.Now()}
	if d.ManageToken != "" {
		inv.Manage = base + site.ManageMeetingPath + "#" + d.ManageToken
	}
	subject, body := meetingMail(inv, d.UserID != nil, l, a.TimeZone)
	msg, err := newMsg(srv, []string{d.Target}, subject, body)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	markDelivery(msg, d, l)
	method := "REQUEST"
	if m.Status == site.MeetingCancelled {
		method = "CANCEL"
	}
	msg.AddAlternativeString(mail.ContentType("text/calendar; method="+method), inv.ICS())
	if err := send(ctx, srv, s.Timeout, msg); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// meetingMail is the subject and plain text of a meeting's e-mail: to the
// visitor with the time in their zone and the link to move or cancel it,
// or to the owner (staff) with the time in UTC and in ownerZone.
func meetingMail(inv *invitation, staff bool, l *site.Lead, ownerZone string) (subject, body string) {
	m := inv.Meeting
	in := func(zone string) string {
		loc, err := site.LoadTimeZone(zone)
		if err != nil {
			loc = time.UTC
		}
		return m.Start.In(loc).Format(meetingTime) + " (" + zone + ")"
	}
	cancelled := m.Status == site.MeetingCancelled
	var b strings.Builder
	if staff {
		who := strings.TrimSpace(l.FirstName + " " + l.LastName)
		if l.Company != "" {
			who += ", " + l.Company
		}
		subject = "Consultation booked: " + who
		fmt.Fprintf(&b, "%s <%s> booked a free consultation with you", who, l.Email)
		if cancelled {
			subject = "Consultation cancelled: " + who
			fmt.Fprintf(&b, "%s <%s> cancelled the free consultation with you", who, l.Email)
		}
		fmt.Fprintf(&b, ".\n\nWhen: %s\n      %s\n", m.Start.UTC().Format(meetingTime), in(ownerZone))
	} else {
		subject = "Your free consultation with " + m.OwnerName
		fmt.Fprintf(&b, "Your free consultation with %s is booked.\n\nWhen: %s\n", m.OwnerName, in(m.TimeZone))
		if cancelled {
			subject = "Cancelled: your free consultation with " + m.OwnerName
			b.Reset()
			fmt.Fprintf(&b, "Your free consultation with %s on %s is cancelled.\n", m.OwnerName, in(m.TimeZone))
		}
	}
	if !cancelled {
		fmt.Fprintf(&b, "Length: %d minutes\n", int(m.End.Sub(m.Start).Minutes()))
		if inv.Link != "" {
			fmt.Fprintf(&b, "Join: %s\n", inv.Link)
		}
		if inv.Phone != "" {
			fmt.Fprintf(&b, "Phone: %s\n", inv.Phone)
		}
		if inv.Manage != "" {
			fmt.Fprintf(&b, "\nTo move or cancel it: %s\n", inv.Manage)
		}
	}
	return subject, b.String()
}
