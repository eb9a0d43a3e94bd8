package site

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Lengths the visit's fields of a lead are cut to, in characters.
const (
	MaxLeadPage     = 500
	MaxLeadReferrer = 1000
	// MaxLeadPagesRead is how many pages read a lead keeps: the first.
	MaxLeadPagesRead = 50
)

// MinFillTime is the least time, in milliseconds, a person takes to fill
// the lead form; a faster submission is a script's.
const MinFillTime = 3000

// maxLinks is how many links the free text of a lead may hold before it
// reads as link spam.
const maxLinks = 3

var linkPattern = regexp.MustCompile(`(?i)https?://|www\.|\[url=|<a\s`)

// SpamReason returns why a submission looks like spam, or "" when it does
// not. honeypot is the hidden field people leave empty; fillMs the time
// from showing the form to sending it, nil when the client did not say
// (an old client is not by itself spam).
func SpamReason(l *Lead, honeypot string, fillMs *int64) string {
	switch {
	case strings.TrimSpace(honeypot) != "":
		return "The hidden website field was filled in."
	case fillMs != nil && *fillMs < MinFillTime:
		return "The form was sent " + strconv.FormatInt(*fillMs, 10) + " ms after it was shown."
	case linkPattern.MatchString(l.FirstName + " " + l.LastName + " " + l.Company):
		return "A name or the company holds a link."
	case len(linkPattern.FindAllStringIndex(l.ProjectDetails, -1)) >= maxLinks:
		return "The project details hold " + strconv.Itoa(len(linkPattern.FindAllStringIndex(l.ProjectDetails, -1))) + " links."
	}
	return ""
}

// MaxConsentText bounds the consent wording of a lead, in characters.
const MaxConsentText = 1000

// ConsentVersionOf is the version of a consent wording: the first 16 hex
// digits of its SHA-256, so that leads given the same words share it and a
// changed word makes a new one. "" for no wording.
func ConsentVersionOf(text string) string {
	if text == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// SearchText is what the inbox search looks in: the names, e-mail and
// company of a lead, lower-cased, one per line, so that a search matches
// within one of them.
func (l *Lead) SearchText() string {
	return strings.ToLower(l.FirstName + "\n" + l.LastName + "\n" + l.Email + "\n" + l.Company)
}

// SearchKey is a search text as the inbox compares it with SearchText.
func SearchKey(q string) string { return strings.ToLower(q) }

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, count := 0, 0
	for i = range s {
		if count == n {
			break
		}
		count++
	}
	return s[:i]
}

// Validate checks a change of a lead.
func (u *LeadUpdate) Validate() error {
	var v fieldErrors
	if u.Status != nil {
		if *u.Status == "" {
			v.add("status", "Choose a status: new, contacted, qualified, won or lost.")
		}
		v.oneOf("status", *u.Status, LeadStatuses, "Choose a status: new, contacted, qualified, won or lost.")
	}
	if u.Notes != nil {
		v.maxLen("notes", *u.Notes, MaxLeadNotes, "Notes")
	}
	if u.Owner != nil && *u.Owner < 0 {
		v.add("ownerId", MsgOwnerUnknown)
	}
	if u.Status == nil && u.Notes == nil && u.Spam == nil && u.Owner == nil {
		return Errorf(EINVALID, "Send at least one of status, notes, spam and ownerId.")
	}
	return v.err()
}

// EnsureSecret gives a webhook without a secret one of 32 random bytes (64
// hex digits), so that every delivery is signed.
func (s *LeadSettings) EnsureSecret() {
	if s.WebhookURL != "" && s.WebhookSecret == "" {
		s.WebhookSecret = newWebhookSecret()
	}
}

// newWebhookSecret is 32 random bytes as 64 hex digits.
func newWebhookSecret() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// ExpireLeads deletes the leads created more than the retention setting's
// months before now; a setting of 0 keeps every lead.
func ExpireLeads(ctx context.Context, store LeadService, now time.Time) (int, error) {
	st, err := store.GetLeadSettings(ctx)
	if err != nil || st.RetentionMonths == 0 {
		return 0, err
	}
	return store.DeleteLeadsBefore(ctx, now.AddDate(0, -st.RetentionMonths, 0))
}

// Validate trims and checks the lead settings. It leaves a missing webhook
// secret to EnsureSecret.
func (s *LeadSettings) Validate() error {
	var v fieldErrors
	seen := map[string]bool{}
	emails := []string{}
	for _, e := range s.NotificationEmails {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		if !ValidEmail(e) {
			v.add("notificationEmails", strconv.Quote(truncate(e, 100))+" is not a valid e-mail address.")
			continue
		}
		if key := strings.ToLower(e); !seen[key] {
			seen[key] = true
			emails = append(emails, e)
		}
	}
	if len(emails) > MaxNotificationEmails {
		v.add("notificationEmails", "At most "+itoa(MaxNotificationEmails)+" notification addresses are allowed.")
	}
	s.NotificationEmails = emails
	checkWebhook(&v, &s.WebhookURL, &s.WebhookSecret)
	if s.ResponseHours < 1 || s.ResponseHours > MaxResponseHours {
		v.add("responseHours", "The response time must be 1 to "+itoa(MaxResponseHours)+" hours.")
	}
	if s.TimeZone == "" {
		s.TimeZone = DefaultTimeZone
	}
	if _, err := LoadTimeZone(s.TimeZone); err != nil {
		v.add("timeZone", MsgBadTimeZone)
	}
	if s.RetentionMonths < 0 || s.RetentionMonths > MaxRetentionMonths {
		v.add("retentionMonths", "Retention must be 0 (keep forever) or 1 to "+itoa(MaxRetentionMonths)+" months.")
	}
	return v.err()
}

// checkWebhook trims and checks a webhook's URL and secret, as the fields
// webhookUrl and webhookSecret: the lead settings' and the newsletter's.
func checkWebhook(v *fieldErrors, rawURL, secret *string) {
	trim(rawURL, secret)
	if *rawURL != "" {
		v.maxLen("webhookUrl", *rawURL, MaxWebhookURL, "Webhook URL")
		u, err := url.Parse(*rawURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
			v.add("webhookUrl", "The webhook URL must be an http:// or https:// address.")
		}
	}
	v.maxLen("webhookSecret", *secret, MaxWebhookSecret, "Webhook secret")
}
