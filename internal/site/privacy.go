package site

import (
	"context"
	"strings"
)

// PersonalData is everything the site holds about one e-mail address: the
// leads sent with it (their notes, timelines and notifications included),
// its subscription to the newsletter, the audit
// log's entries about it (a lead of theirs opened or exported, a search
// for them, a sign-in tried with the address), and the sign-in attempts
// counted under it.
type PersonalData struct {
	Email string  `json:"email"`
	Leads []*Lead `json:"leads"`
	// Subscribers is the address's subscription to the newsletter, with
	// its deliveries: none or one.
	Subscribers []*Subscriber `json:"subscribers"`
	// Applications are the applications to positions sent with the
	// address, each with its CV and its timeline (staff's notes).
	Applications []*Application `json:"applications"`
	// AuditEntries are the entries about the address, newest first.
	AuditEntries []*AuditEntry `json:"auditEntries"`
	// LoginAttempts counts the failed sign-ins kept under the address for
	// the login limits.
	LoginAttempts int `json:"loginAttempts"`
}

// Erasure says what an erasure removed.
type Erasure struct {
	Leads         int `json:"leads"`
	Subscribers   int `json:"subscribers"`
	Applications  int `json:"applications"`
	Deliveries    int `json:"deliveries"`
	AuditEntries  int `json:"auditEntries"`
	LoginAttempts int `json:"loginAttempts"`
}

// NormalizeEmail is an address as the privacy requests match it: trimmed
// and lower-cased. It checks that it is an address.
func NormalizeEmail(email string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(email))
	if e == "" {
		return "", &Error{Code: EINVALID, Message: "Enter the e-mail address to look for.", Fields: map[string]string{"email": "Enter the e-mail address to look for."}}
	}
	if len(e) > 254 || !ValidEmail(e) {
		return "", &Error{Code: EINVALID, Message: "Enter a valid e-mail address, like name@company.com.", Fields: map[string]string{"email": "Enter a valid e-mail address, like name@company.com."}}
	}
	return e, nil
}

// PrivacyService answers the privacy requests of a person, by the e-mail
// address (normalized) they gave.
type PrivacyService interface {
	// FindPersonalData returns what is held about the address.
	FindPersonalData(ctx context.Context, email string) (*PersonalData, error)
	// ErasePersonalData deletes the address's leads (their notes,
	// timelines and notifications with them), its subscription to the
	// newsletter (with its deliveries), its applications to positions (CVs,
	// timelines and e-mails with them) and its sign-in attempts, and blanks the
	// address in the audit log's entries about it, in one transaction.
	ErasePersonalData(ctx context.Context, email string) (*Erasure, error)
	// Compact rewrites the database's storage so that erased data is gone
	// from its files, not only unreachable.
	Compact(ctx context.Context) error
}
