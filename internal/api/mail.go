package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/outbox"
	"meridian/internal/site"
)

// The mail server the site sends through. The SMTP_* environment variables
// win over the settings saved here: the answers say which is in effect
// (source), and never hold a password.

// mailTestTimeout bounds a test e-mail, or a check of a server, from the
// connection to the server's last answer.
const mailTestTimeout = 15 * time.Second

// Mail server checks (test e-mails and the check of a save) allowed per
// user in mailTestWindow: each one connects to a server of the user's
// choosing.
const (
	mailTestsPerWindow = 20
	mailTestWindow     = 10 * time.Minute
)

// mailSettingsInput is the body of PUT /api/admin/mail-settings, and the
// settings a test may try before they are saved.
type mailSettingsInput struct {
	Host     string `json:"host"`
	Port     int    `json:"port"`
	Username string `json:"username"`
	// Password replaces the saved one; empty keeps it.
	Password string `json:"password" label:"Password"`
	// ClearPassword removes the saved password.
	ClearPassword bool   `json:"clearPassword"`
	From          string `json:"from"`
	TLS           string `json:"tls"`
	// Read only; accepted so that a client can send back what it read.
	PasswordSet *bool           `json:"passwordSet"`
	Source      *string         `json:"source"`
	UpdatedAt   json.RawMessage `json:"updatedAt"`
}

// mailSettingsUpdate is the body of the PUT: the settings, and Force to
// save them though the mail server check fails.
type mailSettingsUpdate struct {
	mailSettingsInput
	Force bool `json:"force"`
}

// mailTestInput is the body of POST /api/admin/mail-settings/test: the
// address to mail (the sender's when empty), and the settings to try (the
// ones in effect when absent).
type mailTestInput struct {
	To       string             `json:"to"`
	Settings *mailSettingsInput `json:"settings"`
}

// prepared is the settings of in as a save would end with them, password
// in the clear.
func (s *Server) prepared(ctx context.Context, in *mailSettingsInput) (*site.MailSettings, error) {
	m := &site.MailSettings{Host: in.Host, Port: in.Port, Username: in.Username, From: in.From, TLS: in.TLS}
	err := site.PrepareMailSettings(ctx, s.Store, s.Auth.Secrets, m,
		site.MailPasswordChange{Password: in.Password, Clear: in.ClearPassword})
	return m, err
}

// mailShown is what GET answers: the environment's server when it is set,
// else the saved one.
func (s *Server) mailShown(ctx context.Context) (*site.MailSettings, error) {
	if s.MailEnv.Configured() {
		return s.MailEnv.Shown(site.MailFromEnvironment), nil
	}
	saved, err := s.Store.GetMailSettings(ctx)
	if err != nil {
		return nil, err
	}
	return saved.Shown(site.MailFromSaved), nil
}

// mailConfigured reports whether e-mail can be sent: a server is set in
// the environment or saved.
func (s *Server) mailConfigured(ctx context.Context) (bool, error) {
	return site.MailConfigured(ctx, s.MailEnv, s.Store)
}

func (s *Server) handleMailSettingsGet(w http.ResponseWriter, r *http.Request) error {
	m, err := s.mailShown(r.Context())
	return httpx.Reply(w, m, err)
}

// handleMailSettingsUpdate saves the mail server. Settings that name a
// server are checked first (a connection, TLS and the sign-in, no mail);
// when the check fails they are saved only with force, else the answer is
// 502 with what went wrong and nothing is saved. The answer is what GET
// answers after the save: while the environment sets the server, the
// saved one is kept for when it no longer does.
func (s *Server) handleMailSettingsUpdate(w http.ResponseWriter, r *http.Request) error {
	var in mailSettingsUpdate
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	m, err := s.prepared(ctx, &in.mailSettingsInput)
	if err != nil {
		return err
	}
	if m.Configured() && !in.Force {
		if err := s.allowMailTest(r); err != nil {
			return err
		}
		if err := s.checkMailServer(ctx, m); err != nil {
			why := outbox.Explain(m, err)
			return &site.Error{Code: site.EUPSTREAM, Message: "Not saved: the mail server check failed. " + why +
				" Save anyway to keep these settings.", Fields: map[string]string{"server": why}}
		}
	}
	if _, err := site.SaveMailSettings(ctx, s.Store, s.Auth.Secrets, m); err != nil {
		return err
	}
	shown, err := s.mailShown(ctx)
	return httpx.Reply(w, shown, err)
}

// checkMailServer connects to m as a send would, within mailTestTimeout.
func (s *Server) checkMailServer(ctx context.Context, m *site.MailSettings) error {
	ctx, cancel := context.WithTimeout(ctx, mailTestTimeout)
	defer cancel()
	return outbox.CheckServer(ctx, m, mailTestTimeout)
}

// handleMailSettingsTest sends a test e-mail at once and answers 200
// {ok: true, message} with the server's answer, or 502 with what went
// wrong in words.
func (s *Server) handleMailSettingsTest(w http.ResponseWriter, r *http.Request) error {
	var in mailTestInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	var m *site.MailSettings
	var err error
	if in.Settings != nil {
		m, err = s.prepared(ctx, in.Settings)
	} else {
		m, err = site.EffectiveMail(ctx, s.MailEnv, s.Store, s.Auth.Secrets)
	}
	if err != nil {
		return err
	}
	if !m.Configured() {
		return httpx.FieldError(site.EINVALID, "host", "No mail server is set up: enter its host and the sender address first.")
	}
	to := in.To
	if to == "" {
		to = m.From
	}
	if !site.ValidEmail(to) {
		return httpx.FieldError(site.EINVALID, "to", "Enter a plain e-mail address to send the test to (name@example.com).")
	}
	if err := s.allowMailTest(r); err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, mailTestTimeout)
	defer cancel()
	answer, err := outbox.SendTest(sctx, m, to, s.Pages.Host(), mailTestTimeout)
	if err != nil {
		s.Logger.InfoContext(ctx, "test e-mail not sent", "server", m.Addr(), "err", err)
		return site.Errorf(site.EUPSTREAM, "%s", "The test e-mail was not sent. "+outbox.Explain(m, err))
	}
	msg := "The mail server " + m.Addr() + " accepted the test e-mail for " + to + "."
	if answer != "" {
		msg += " Its answer: " + answer
	}
	httpx.WriteOK(w, site.MailTestResult{OK: true, Message: msg})
	return nil
}

// allowMailTest applies the limit of mail server checks per user.
func (s *Server) allowMailTest(r *http.Request) error {
	s.mailTestOnce.Do(func() { s.mailTestLimit = httpx.NewRateLimiter(mailTestsPerWindow, mailTestWindow) })
	key := "user:" + strconv.FormatInt(auth.User(r.Context()).ID, 10)
	if ok, wait := s.mailTestLimit.Allow(key, s.Now()); !ok {
		return httpx.RetryAfter(site.Errorf(site.ETOOMANY,
			"Too many mail server tests in a short time. Please wait a few minutes and try again."), wait)
	}
	return nil
}
