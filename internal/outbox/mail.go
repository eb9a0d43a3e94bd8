package outbox

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/wneessen/go-mail"

	"meridian/internal/site"
)

// SMTP sends the notifications through the mail server in effect at the
// time of each send: the environment's, else the one saved in the admin,
// so that a change saved on any instance is used at the next send.
type SMTP struct {
	// Server returns the mail server to send through (site.EffectiveMail);
	// one that names no host fails the send with ErrNoMailServer.
	Server func(ctx context.Context) (*site.MailSettings, error)
	// InboxURL is the admin inbox, linked from each mail.
	InboxURL string
	// SiteURL is the public site, whose pages the visitors' mails link
	// to; "" means the address InboxURL is on.
	SiteURL string
	// Timeout bounds the connection and each command.
	Timeout time.Duration
}

// ErrNoMailServer fails the e-mail deliveries of a site without a mail
// server; they are tried again, should one be set.
var ErrNoMailServer = site.ErrNoMailServer

// Send mails the lead to the delivery's addresses.
func (s *SMTP) Send(ctx context.Context, d *site.Delivery, l *site.Lead) error {
	srv, err := s.server(ctx)
	if err != nil {
		return err
	}
	subject, body := leadMail(d, l, s.InboxURL)
	m, err := newMsg(srv, strings.Split(d.Target, ", "), subject, body)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	if err := m.ReplyTo(l.Email); err != nil {
		return fmt.Errorf("smtp: reply-to: %w", err)
	}
	markDelivery(m, d, l)
	if err := send(ctx, srv, s.Timeout, m); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// Mail sends a plain text to one address now, through the mail server in
// effect, for a message that waits for no outbox (the link that verifies
// a staff address); a failure is told in words (Explain).
func (s *SMTP) Mail(ctx context.Context, to, subject, body string) error {
	srv, err := s.server(ctx)
	if err != nil {
		return err
	}
	m, err := newMsg(srv, []string{to}, subject, body)
	if err != nil {
		return err
	}
	if err := send(ctx, srv, s.Timeout, m); err != nil {
		return errors.New(Explain(srv, err))
	}
	return nil
}

// server is the mail server in effect, or ErrNoMailServer when none names
// a host.
func (s *SMTP) server(ctx context.Context) (*site.MailSettings, error) {
	srv, err := s.Server(ctx)
	if err != nil {
		return nil, fmt.Errorf("smtp: the mail settings: %w", err)
	}
	if !srv.Configured() {
		return nil, ErrNoMailServer
	}
	return srv, nil
}

// newMsg is a plain-text message of srv's sender to the addresses to.
func newMsg(srv *site.MailSettings, to []string, subject, body string) (*mail.Msg, error) {
	m := mail.NewMsg()
	if err := m.From(srv.From); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if err := m.To(to...); err != nil {
		return nil, fmt.Errorf("to: %w", err)
	}
	m.Subject(subject)
	m.SetDate()
	m.SetMessageID()
	m.SetBodyString(mail.TypeTextPlain, body)
	return m, nil
}

// markDelivery names in m's headers the delivery and the lead it sends.
func markDelivery(m *mail.Msg, d *site.Delivery, l *site.Lead) {
	m.SetGenHeader("X-Meridian-Delivery", strconv.FormatInt(d.ID, 10))
	m.SetGenHeader("X-Meridian-Lead", strconv.FormatInt(l.ID, 10))
}

// newClient is the client of srv: the one place that turns the mail
// settings into connection options, for the notifications and the tests
// alike. STARTTLS is used when the server offers it (site.MailTLSStartTLS),
// TLS from the first byte (site.MailTLSImplicit) or never
// (site.MailTLSNone); credentials are sent only when a username is set,
// with the strongest mechanism the server offers.
func newClient(srv *site.MailSettings, timeout time.Duration) (*mail.Client, error) {
	opts := []mail.Option{mail.WithPort(srv.Port)}
	switch srv.TLS {
	case site.MailTLSImplicit:
		opts = append(opts, mail.WithSSL())
	case site.MailTLSNone:
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	default:
		opts = append(opts, mail.WithTLSPolicy(mail.TLSOpportunistic))
	}
	if timeout > 0 {
		opts = append(opts, mail.WithTimeout(timeout))
	}
	if srv.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover), mail.WithUsername(srv.Username), mail.WithPassword(srv.Password))
	}
	// The client writes its address as host:port: an IPv6 address needs
	// its brackets.
	host := strings.Trim(srv.Host, "[]")
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return mail.NewClient(host, opts...)
}

// send connects to srv and sends m.
func send(ctx context.Context, srv *site.MailSettings, timeout time.Duration, m *mail.Msg) error {
	c, err := newClient(srv, timeout)
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, m)
}

// SendTest mails a short test message from srv's sender to to through srv,
// and returns what the server answered to it.
func SendTest(ctx context.Context, srv *site.MailSettings, to, siteHost string, timeout time.Duration) (string, error) {
	body := "This is a test e-mail from the admin of your website"
	if siteHost != "" {
		body += " (" + siteHost + ")"
	}
	body += ".\n\nIt went through the mail server " + srv.Addr() + ". Lead notifications take the same way.\n"
	m, err := newMsg(srv, []string{to}, "Test e-mail from your website", body)
	if err != nil {
		return "", err
	}
	m.SetGenHeader("X-Meridian-Test", "1")
	if err := send(ctx, srv, timeout, m); err != nil {
		return "", err
	}
	return strings.TrimSpace(m.ServerResponse()), nil
}

// CheckServer connects to srv, starts TLS and signs in as its settings
// say, and leaves without sending anything.
func CheckServer(ctx context.Context, srv *site.MailSettings, timeout time.Duration) error {
	c, err := newClient(srv, timeout)
	if err != nil {
		return err
	}
	if err := c.DialWithContext(ctx); err != nil {
		return err
	}
	return c.Close()
}

// Explain says in words what a failure to reach or use srv means, with
// what to check, for the admin who set it up.
func Explain(srv *site.MailSettings, err error) string {
	addr := srv.Addr()
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuthority x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var recordErr tls.RecordHeaderError
	var tp *textproto.Error
	var netErr net.Error
	msg := err.Error()
	switch {
	case errors.As(err, &dnsErr):
		return "The host name " + srv.Host + " could not be found. Check the host."
	case errors.Is(err, syscall.ECONNREFUSED):
		return "Connection refused by " + addr + ": no mail server answers on that port. Check the host and port."
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "The host " + srv.Host + " cannot be reached from the server. Check the host, or the server's network."
	case errors.As(err, &hostname):
		return "Certificate problem: the mail server's certificate is not for " + srv.Host + " (" + hostname.Error() + "). Use the host name the certificate names."
	case errors.As(err, &unknownAuthority), errors.As(err, &invalid), errors.As(err, &certErr):
		return "Certificate problem: the mail server's certificate is not trusted (" + certDetail(err) + ")."
	case errors.As(err, &recordErr):
		return "The mail server at " + addr + " does not speak TLS from the start. Choose STARTTLS (usually port 587), or the server's SMTPS port (usually 465)."
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return "No answer from " + addr + " in time. Check the host and port, and that a firewall lets the server out to it." +
			tlsHint(srv)
	case strings.Contains(msg, "SMTP AUTH failed") && errors.As(err, &tp):
		return fmt.Sprintf("The mail server refused the username or password: %d %s", tp.Code, tp.Msg)
	case strings.Contains(msg, "SMTP AUTH failed"), strings.Contains(msg, "does not support SMTP AUTH"):
		return "The mail server refused the sign-in: " + msg + ". Check the username and password, and the encryption: many servers offer sign-in only over TLS."
	case errors.As(err, &tp):
		return fmt.Sprintf("The mail server refused the e-mail: %d %s", tp.Code, tp.Msg)
	case errors.Is(err, io.EOF), errors.Is(err, syscall.ECONNRESET):
		return "The mail server at " + addr + " closed the connection." + tlsHint(srv)
	}
	return "The e-mail was not sent: " + msg
}

// tlsHint suggests the other encryption where a mismatch would look like
// the failure met.
func tlsHint(srv *site.MailSettings) string {
	if srv.TLS == site.MailTLSImplicit {
		return " If the port expects STARTTLS (587, 25), choose STARTTLS."
	}
	if srv.Port == 465 {
		return " Port 465 usually expects TLS from the start: choose TLS."
	}
	return ""
}

// certDetail is the certificate error's own words.
func certDetail(err error) string {
	var certErr *tls.CertificateVerificationError
	if errors.As(err, &certErr) && certErr.Err != nil {
		return certErr.Err.Error()
	}
	return err.Error()
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
