package outbox

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/wneessen/go-mail"

	"meridian/internal/site"
)

// SMTP is the mail server notifications go through.
type SMTP struct {
	Host               string
	Port               int
	Username, Password string
	From               string
	// InboxURL is the admin inbox, linked from each mail.
	InboxURL string
	// Timeout bounds the connection and each command.
	Timeout time.Duration
}

// Send mails the lead to the delivery's addresses. STARTTLS is used when
// the server offers it; credentials are sent only when set.
func (s *SMTP) Send(ctx context.Context, d *site.Delivery, l *site.Lead) error {
	m := mail.NewMsg()
	if err := m.From(s.From); err != nil {
		return fmt.Errorf("smtp: from: %w", err)
	}
	to := strings.Split(d.Target, ", ")
	if err := m.To(to...); err != nil {
		return fmt.Errorf("smtp: to: %w", err)
	}
	if err := m.ReplyTo(l.Email); err != nil {
		return fmt.Errorf("smtp: reply-to: %w", err)
	}
	subject, body := leadMail(d, l, s.InboxURL)
	m.Subject(subject)
	m.SetGenHeader("X-Meridian-Delivery", strconv.FormatInt(d.ID, 10))
	m.SetGenHeader("X-Meridian-Lead", strconv.FormatInt(l.ID, 10))
	m.SetDate()
	m.SetMessageID()
	m.SetBodyString(mail.TypeTextPlain, body)

	opts := []mail.Option{mail.WithPort(s.Port), mail.WithTLSPolicy(mail.TLSOpportunistic)}
	if s.Timeout > 0 {
		opts = append(opts, mail.WithTimeout(s.Timeout))
	}
	if s.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover), mail.WithUsername(s.Username), mail.WithPassword(s.Password))
	}
	c, err := mail.NewClient(s.Host, opts...)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// mailBody is the plain text of a notification.
func mailBody(l *site.Lead, inbox string) string {
	var b strings.Builder
	line := func(label, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%-13s %s\n", label+":", v)
		}
	}
	fmt.Fprintf(&b, "A new lead arrived on %s.\n\n", l.CreatedAt.UTC().Format("2 Jan 2006 15:04 UTC"))
	line("Name", l.FirstName+" "+l.LastName)
	line("E-mail", l.Email)
	line("Company", l.Company)
	line("Job title", l.JobTitle)
	line("Interest", l.AISolutionInterest)
	line("Page", l.Page)
	line("Referrer", l.Referrer)
	line("UTM source", l.UTMSource)
	line("UTM medium", l.UTMMedium)
	line("UTM campaign", l.UTMCampaign)
	line("UTM term", l.UTMTerm)
	line("UTM content", l.UTMContent)
	if l.ProjectDetails != "" {
		fmt.Fprintf(&b, "\nProject details:\n%s\n", l.ProjectDetails)
	}
	if inbox != "" {
		fmt.Fprintf(&b, "\nOpen the inbox: %s\n", inbox)
	}
	fmt.Fprintf(&b, "\nReply to this mail to answer %s directly.\n", l.FirstName)
	return b.String()
}
