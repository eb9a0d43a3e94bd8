package site

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// How the connection to the mail server is encrypted.
const (
	// MailTLSStartTLS upgrades the connection with STARTTLS when the
	// server offers it, and goes on unencrypted when it does not (port
	// 587 or 25).
	MailTLSStartTLS = "starttls"
	// MailTLSImplicit speaks TLS from the first byte (SMTPS, port 465).
	MailTLSImplicit = "tls"
	// MailTLSNone never encrypts, for a relay on the same machine or
	// network.
	MailTLSNone = "none"
)

// MailTLSModes are the choices of MailSettings.TLS, the default first.
var MailTLSModes = []Choice{
	{MailTLSStartTLS, "STARTTLS when offered (port 587)"},
	{MailTLSImplicit, "TLS from the start (SMTPS, port 465)"},
	{MailTLSNone, "No encryption"},
}

// Where the mail server the site sends through is set.
const (
	// MailFromEnvironment is the server of the SMTP_* environment
	// variables, which wins over the saved one.
	MailFromEnvironment = "environment"
	// MailFromSaved is the server saved in the admin's settings.
	MailFromSaved = "saved"
	// MailFromNone is a site with no mail server: no e-mail goes out.
	MailFromNone = "none"
)

// MailSources are the values of MailSettings.Source.
var MailSources = []string{MailFromEnvironment, MailFromSaved, MailFromNone}

// Limits of the mail settings.
const (
	MaxMailHost     = 253
	MaxMailUsername = 254
	MaxMailPassword = 200
	DefaultMailPort = 587
)

// MailSettings are the mail server the site sends its e-mail through (the
// lead notifications, and a test mail). The database keeps one row of
// them; the SMTP_* environment variables, when SMTP_HOST is set, win over
// it.
type MailSettings struct {
	Host     string `json:"host"`
	Port     int    `json:"port"`
	Username string `json:"username"`
	// Password is never answered. The store keeps it as the SecretBox
	// sealed it; LoadMailSettings opens it.
	Password string `json:"-"`
	// PasswordSet says whether there is a password.
	PasswordSet bool   `json:"passwordSet"`
	From        string `json:"from"`
	TLS         string `json:"tls" ts:"MailTLS"`
	// Source says where the settings come from; not stored.
	Source    string     `json:"source" ts:"MailSource"`
	UpdatedAt *time.Time `json:"updatedAt"`
}

// Configured reports whether the settings name a mail server.
func (m *MailSettings) Configured() bool { return m != nil && m.Host != "" }

// MailRules are the mail settings' choices, limits and messages, which
// the admin's form shows and checks too.
type MailRules struct {
	TLSModes    []Choice  `json:"tlsModes"`
	DefaultPort int       `json:"defaultPort"`
	Host        FieldRule `json:"host"`
	Port        FieldRule `json:"port"`
	Username    FieldRule `json:"username"`
	Password    FieldRule `json:"password"`
	From        FieldRule `json:"from"`
	TLS         FieldRule `json:"tls"`
}

// MailForm is what the mail settings ask of each field; Validate checks it.
var MailForm = MailRules{
	TLSModes:    MailTLSModes,
	DefaultPort: DefaultMailPort,
	Host: FieldRule{Max: MaxMailHost, TooLong: tooLongMessage("The host", MaxMailHost),
		Invalid: "Enter the mail server's host name or IP address, without a scheme or port (smtp.example.com)."},
	Port:     FieldRule{Invalid: "The port must be a whole number from 1 to 65535."},
	Username: FieldRule{Max: MaxMailUsername, TooLong: tooLongMessage("The username", MaxMailUsername)},
	Password: FieldRule{Max: MaxMailPassword, TooLong: tooLongMessage("The password", MaxMailPassword),
		Invalid: "A password needs a username: enter the username too."},
	From: FieldRule{Required: "Enter the address the e-mails are sent from.", Max: MaxEmail,
		Invalid: "The sender must be a plain e-mail address (alerts@example.com)."},
	TLS: FieldRule{Invalid: "Choose STARTTLS, TLS or no encryption."},
}

// Validate trims the settings, fills in the defaults (port 587, STARTTLS)
// and checks them. Settings without a host turn e-mail off; then nothing
// else is asked for.
func (m *MailSettings) Validate() error {
	var v fieldErrors
	trim(&m.Host, &m.Username, &m.From)
	if m.Port == 0 {
		m.Port = DefaultMailPort
	}
	if m.TLS == "" {
		m.TLS = MailTLSStartTLS
	}
	if m.Host != "" {
		r := MailForm.Host
		if utf8.RuneCountInString(m.Host) > r.Max {
			v.add("host", r.TooLong)
		} else if !validMailHost(m.Host) {
			v.add("host", r.Invalid)
		}
	}
	if m.Port < 1 || m.Port > 65535 {
		v.add("port", MailForm.Port.Invalid)
	}
	v.text("username", m.Username, MailForm.Username)
	v.text("password", m.Password, FieldRule{Max: MaxMailPassword, TooLong: MailForm.Password.TooLong})
	if m.Password != "" && m.Username == "" {
		v.add("password", MailForm.Password.Invalid)
	}
	if m.Host != "" {
		v.required("from", m.From, MailForm.From.Required)
	}
	if m.From != "" && !ValidEmail(m.From) {
		v.add("from", MailForm.From.Invalid)
	}
	v.oneOf("tls", m.TLS, []string{MailTLSStartTLS, MailTLSImplicit, MailTLSNone}, MailForm.TLS.Invalid)
	return v.err()
}

// validMailHost reports whether h is a host name (letters, digits,
// hyphens and dots) or an IP address, as the mail server's host.
func validMailHost(h string) bool {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	if strings.Contains(h, ":") {
		// An IPv6 address: hex digits and colons.
		return strings.Trim(h, "0123456789abcdefABCDEF:.") == ""
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
			return false
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return false
			}
		}
	}
	return true
}

// Addr is the host and port, as a dialer takes them.
func (m *MailSettings) Addr() string {
	h := strings.Trim(m.Host, "[]")
	if strings.Contains(h, ":") {
		h = "[" + h + "]"
	}
	return h + ":" + strconv.Itoa(m.Port)
}

// MailSettingsService keeps the saved mail settings, one row.
type MailSettingsService interface {
	// GetMailSettings reads the saved settings, the password as stored
	// (sealed).
	GetMailSettings(ctx context.Context) (*MailSettings, error)
	// UpdateMailSettings replaces the saved settings, the password as
	// given (sealed by the caller), and returns them as stored.
	UpdateMailSettings(ctx context.Context, m *MailSettings) (*MailSettings, error)
}

// MailPasswordChange says what a save does with the saved password.
type MailPasswordChange struct {
	// Password replaces the saved one when not empty.
	Password string
	// Clear removes the saved one; it cannot go with a new password.
	Clear bool
}

// MsgMailNoSecretKey refuses a mail password on a server without a secret
// key to encrypt it with.
// ErrNoMailServer is a mail to send on a site without a mail server.
var ErrNoMailServer = errors.New("no mail server is set up: set it in the admin (Settings, Mail server) or in SMTP_HOST and SMTP_FROM")

const MsgMailNoSecretKey = "The server has no secret key (SITE_SECRET_KEY) to encrypt the password with: set one, or give the mail server in the SMTP_* environment variables."

// MsgMailPasswordAndClear refuses a new password sent with a clear.
const MsgMailPasswordAndClear = "Enter a new password or clear the saved one, not both."

// PrepareMailSettings validates m, the settings a form sends (its Password
// ignored), and gives it the password the save ends with, in the clear:
// the new one of change, none when it clears it or there is no username,
// else the saved one, opened by box. The answer is what to test and then
// to save (SaveMailSettings).
func PrepareMailSettings(ctx context.Context, store MailSettingsService, box *SecretBox, m *MailSettings, change MailPasswordChange) error {
	if change.Clear && change.Password != "" {
		return &Error{Code: EINVALID, Message: MsgMailPasswordAndClear, Fields: map[string]string{"password": MsgMailPasswordAndClear}}
	}
	m.Password = change.Password
	if err := m.Validate(); err != nil {
		return err
	}
	if change.Clear || change.Password != "" || m.Username == "" {
		return nil
	}
	saved, err := LoadMailSettings(ctx, store, box)
	var pe *MailPasswordError
	if errors.As(err, &pe) {
		msg := "The saved password cannot be read (" + pe.Error() + ")."
		return &Error{Code: EINVALID, Message: msg, Fields: map[string]string{"password": "Enter the password again."}}
	}
	if err != nil {
		return err
	}
	m.Password = saved.Password
	return nil
}

// SaveMailSettings validates m (its Password in the clear, as
// PrepareMailSettings gives it), seals the password with box and saves
// them. The password is refused when there is no box: it is never stored
// in the clear. The answer holds no password.
func SaveMailSettings(ctx context.Context, store MailSettingsService, box *SecretBox, m *MailSettings) (*MailSettings, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	row := *m
	if row.Password != "" {
		if box == nil {
			return nil, &Error{Code: EINVALID, Message: MsgMailNoSecretKey, Fields: map[string]string{"password": MsgMailNoSecretKey}}
		}
		sealed, err := box.Seal(row.Password)
		if err != nil {
			return nil, err
		}
		row.Password = sealed
	}
	saved, err := store.UpdateMailSettings(ctx, &row)
	if err != nil {
		return nil, err
	}
	return saved.Shown(MailFromSaved), nil
}

// MailConfigured reports whether the site has a mail server: the
// environment's or a saved one.
func MailConfigured(ctx context.Context, env *MailSettings, store MailSettingsService) (bool, error) {
	if env.Configured() {
		return true, nil
	}
	m, err := store.GetMailSettings(ctx)
	if err != nil {
		return false, err
	}
	return m.Configured(), nil
}

// LoadMailSettings reads the saved settings with the password opened by
// box, for sending.
func LoadMailSettings(ctx context.Context, store MailSettingsService, box *SecretBox) (*MailSettings, error) {
	m, err := store.GetMailSettings(ctx)
	if err != nil {
		return nil, err
	}
	if m.Password, err = box.Open(m.Password); err != nil {
		return nil, &MailPasswordError{Err: err}
	}
	m.PasswordSet = m.Password != ""
	return m, nil
}

// MailPasswordError is a saved mail password the server cannot open: it
// was sealed with another secret key, or the server has none.
type MailPasswordError struct{ Err error }

func (e *MailPasswordError) Error() string {
	if errors.Is(e.Err, ErrNoSecretKey) {
		return "the saved mail password is encrypted, and the server has no secret key (SITE_SECRET_KEY) to read it: enter the password again in the mail settings"
	}
	return "the saved mail password was encrypted with another secret key (SITE_SECRET_KEY changed?): enter the password again in the mail settings"
}

func (e *MailPasswordError) Unwrap() error { return e.Err }

// Shown is a copy of the settings to answer, with their source, without
// the password, with PasswordSet telling whether there is one.
func (m *MailSettings) Shown(source string) *MailSettings {
	out := *m
	out.PasswordSet = m.Password != ""
	out.Password = ""
	out.Source = source
	if !m.Configured() && source != MailFromEnvironment {
		out.Source = MailFromNone
	}
	return &out
}

// EffectiveMail returns the mail server the site sends through: env when
// it names one (SMTP_HOST is set), else the saved settings, their
// password opened by box. Its Source says which; MailFromNone when
// neither names a server.
func EffectiveMail(ctx context.Context, env *MailSettings, store MailSettingsService, box *SecretBox) (*MailSettings, error) {
	if env.Configured() {
		m := *env
		m.Source = MailFromEnvironment
		m.PasswordSet = m.Password != ""
		return &m, nil
	}
	m, err := LoadMailSettings(ctx, store, box)
	if err != nil {
		return nil, err
	}
	m.Source = MailFromSaved
	if !m.Configured() {
		m.Source = MailFromNone
	}
	return m, nil
}

// MailTestResult is the answer of a test e-mail the server accepted.
type MailTestResult struct {
	OK bool `json:"ok"`
	// Message says who accepted the mail, for whom, with its answer.
	Message string `json:"message"`
}
