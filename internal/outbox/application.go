package outbox

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"meridian/internal/site"
)

// ApplicationMailer sends the e-mails of an application to a position:
// its acknowledgement to the applicant (site.KindApplicationAck) and its
// notification to a recruiter (site.KindApplication).
type ApplicationMailer interface {
	SendApplication(ctx context.Context, c *site.ClaimedDelivery) error
}

// sendApplication makes the attempt of a delivery of an application.
func (w *Worker) sendApplication(ctx context.Context, c *site.ClaimedDelivery) error {
	if c.Application == nil {
		return errors.New("the application is gone")
	}
	am, err := mailerAs[ApplicationMailer](w, "the e-mails of applications")
	if err != nil {
		return err
	}
	return am.SendApplication(ctx, c)
}

// applicationMail is the subject and text of a delivery of application a:
// to the applicant, that it arrived; to a recruiter, who applied for what,
// with the way to the admin's Applications tab.
func applicationMail(d *site.Delivery, a *site.Application, inbox string) (subject, body string) {
	name := a.FirstName + " " + a.LastName
	if d.Kind == site.KindApplicationAck {
		return "We received your application: " + a.PositionTitle,
			"Dear " + a.FirstName + ",\n\nThank you for applying for the position of " + a.PositionTitle +
				". We have received your application and your CV (" + a.CVName + "), and will be in touch.\n\n" +
				"You need not reply to this e-mail.\n"
	}
	body = name + " applied for " + a.PositionTitle + ".\n\nE-mail: " + a.Email + "\n"
	if a.Phone != "" {
		body += "Phone: " + a.Phone + "\n"
	}
	if a.URL != "" {
		body += "Link: " + a.URL + "\n"
	}
	body += "CV: " + a.CVName + " (" + strconv.Itoa(a.CVSize/1024+1) + " KB)\n"
	if a.CoverNote != "" {
		body += "\n" + a.CoverNote + "\n"
	}
	body += "\nRead it and download the CV in the Applications tab: " + inbox + "?tab=applications\n"
	return "New application: " + a.PositionTitle + " – " + name, body
}

// SendApplication mails the delivery's address about its application.
func (s *SMTP) SendApplication(ctx context.Context, c *site.ClaimedDelivery) error {
	srv, err := s.server(ctx)
	if err != nil {
		return err
	}
	d, a := c.Delivery, c.Application
	subject, body := applicationMail(d, a, s.InboxURL)
	m, err := newMsg(srv, []string{d.Target}, subject, body)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	if d.Kind == site.KindApplication {
		if err := m.ReplyTo(a.Email); err != nil {
			return fmt.Errorf("smtp: reply-to: %w", err)
		}
	}
	m.SetGenHeader("X-Meridian-Delivery", strconv.FormatInt(d.ID, 10))
	if err := send(ctx, srv, s.Timeout, m); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}
