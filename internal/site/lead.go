package site

import (
	"context"
	"time"
)

// Lead statuses, in the order a lead usually moves through them.
const (
	LeadNew       = "new"
	LeadContacted = "contacted"
	LeadQualified = "qualified"
	LeadWon       = "won"
	LeadLost      = "lost"
)

// LeadStatuses lists every status a lead may have.
var LeadStatuses = []string{LeadNew, LeadContacted, LeadQualified, LeadWon, LeadLost}

// DuplicateWindow is how long a second submission of the same e-mail and
// details counts as the same lead: it is stored once and answered as a
// success, so that a double click or a retried request does not make two.
const DuplicateWindow = 10 * time.Minute

// Lead is a request for a consultation sent through a contact form
// (contact_submissions in SPEC section 3), with what the site recorded
// about the visit and what staff made of it.
type Lead struct {
	ID int64 `json:"id"`
	LeadFields
	// JobTitleLabel and AISolutionInterestLabel are the labels the
	// visitor saw for the two codes (ChoiceLabel); "" for none or an
	// unknown code.
	JobTitleLabel           string    `json:"jobTitleLabel"`
	AISolutionInterestLabel string    `json:"aiSolutionInterestLabel"`
	CreatedAt               time.Time `json:"createdAt"`

	// Recorded without asking the visitor.
	Visit
	// LandingPage is the path of the visit's first page, and PagesRead
	// the paths it read before the lead was sent, in the order first read.
	LandingPage string   `json:"landingPage"`
	PagesRead   []string `json:"pagesRead"`

	// Kept by staff.
	Status     string    `json:"status" ts:"LeadStatus"`
	Notes      string    `json:"notes"`
	Spam       bool      `json:"spam"`
	SpamReason string    `json:"spamReason"`
	UpdatedAt  time.Time `json:"updatedAt"`

	// ConsentText is the wording the form showed beside the consent
	// checkbox, as the visitor saw it, and ConsentVersion its version
	// (ConsentVersionOf); both empty for a lead sent without it.
	ConsentText    string `json:"consentText"`
	ConsentVersion string `json:"consentVersion"`

	// OwnerID is the user who answers the lead, nil for none, and
	// OwnerName their username.
	OwnerID   *int64 `json:"ownerId"`
	OwnerName string `json:"ownerName"`
	// DueAt is when its first response is due (LeadSettings.DueAt), nil
	// for a lead of before the clock; FirstResponseAt when it was given.
	DueAt           *time.Time `json:"dueAt"`
	FirstResponseAt *time.Time `json:"firstResponseAt"`
	// Overdue is IsOverdue at the time of reading; not stored.
	Overdue bool `json:"overdue"`

	// BookingTokenHash is the SHA-256 of the token that books a meeting
	// (HashToken), set by whoever creates the lead, good until
	// BookingTokenExpiresAt; never read back.
	BookingTokenHash      string     `json:"-"`
	BookingTokenExpiresAt *time.Time `json:"-"`

	// Deliveries are the lead's notifications, oldest first.
	Deliveries []*Delivery `json:"deliveries"`
	// Activity is the lead's timeline, newest first: only in the answers
	// about one lead (its details, a change, a privacy request), never in
	// the list.
	Activity []*LeadActivity `json:"activity,omitempty"`
}

// LeadFields is what a visitor writes into a contact form: the fields of
// POST /api/contact, of a lead and of its webhook.
type LeadFields struct {
	FirstName          string `json:"firstName"`
	LastName           string `json:"lastName"`
	Email              string `json:"email"`
	Company            string `json:"company"`
	JobTitle           string `json:"jobTitle"`
	AISolutionInterest string `json:"aiSolutionInterest"`
	ProjectDetails     string `json:"projectDetails" text:"multiline"`
}

// Visit is what a contact form records of the visit without asking: the
// page it was sent from, the referrer and the UTM parameters. A form's
// values are cleaned rather than refused, so that an odd landing address
// never stops a lead.
type Visit struct {
	Page        string `json:"page" text:"strip"`
	Referrer    string `json:"referrer" text:"strip"`
	UTMSource   string `json:"utmSource" text:"strip"`
	UTMMedium   string `json:"utmMedium" text:"strip"`
	UTMCampaign string `json:"utmCampaign" text:"strip"`
	UTMTerm     string `json:"utmTerm" text:"strip"`
	UTMContent  string `json:"utmContent" text:"strip"`
}

// LeadFilter selects leads for the inbox and the export.
type LeadFilter struct {
	// Query matches a substring of the first or last name, e-mail or
	// company, ignoring case.
	Query    string
	Status   string // "" for any
	Interest string // exact aiSolutionInterest; "" for any
	Spam     bool   // the Spam view instead of the inbox
	// Owner selects the leads of one user; NoOwner those of none.
	Owner   int64
	NoOwner bool
	// Overdue selects the leads whose first response is late at Now.
	Overdue bool
	Now     time.Time
	// Oldest lists the leads still waiting for a first response first,
	// oldest first, then the others, oldest first; else newest first.
	Oldest bool
	// Offset and Limit page the list; Limit 0 means no limit.
	Offset, Limit int
}

// LeadUpdate holds the fields of a lead staff may change; nil leaves one
// as it is.
type LeadUpdate struct {
	Status *string
	Notes  *string
	Spam   *bool
	// Owner is the new owner's id; 0 leaves the lead without one.
	Owner *int64
	// By is who makes the change, the author of the timeline's entries
	// it records (Changes).
	By Actor
}

// Apply makes upd's changes to l, and reports whether they take l out of
// spam, in which case its notifications must be queued now: they were held
// while it was spam. Marking a lead spam records that staff did it.
func (upd LeadUpdate) Apply(l *Lead) (unspam bool) {
	if upd.Status != nil {
		l.Status = *upd.Status
	}
	if upd.Notes != nil {
		l.Notes = *upd.Notes
	}
	if upd.Owner != nil {
		l.OwnerID = nil
		if *upd.Owner != 0 {
			l.OwnerID = upd.Owner
		}
	}
	if upd.Spam == nil || *upd.Spam == l.Spam {
		return false
	}
	unspam = l.Spam
	l.Spam = *upd.Spam
	l.SpamReason = ""
	if l.Spam {
		l.SpamReason = SpamMarkedByStaff
	}
	return unspam
}

// MaxLeadNotes bounds the internal notes of a lead, in characters.
const MaxLeadNotes = 10000

// LeadStats is what the dashboard shows of the leads.
type LeadStats struct {
	Weeks             []WeekCount     `json:"weeks"`
	ByInterest        []InterestCount `json:"byInterest"`
	Total             int             `json:"total"`
	NewCount          int             `json:"newCount"`
	SpamCount         int             `json:"spamCount"`
	FailingDeliveries int             `json:"failingDeliveries"`
	LastDeliveryError string          `json:"lastDeliveryError"`
	// Response is how fast leads were answered.
	Response ResponseStats `json:"response"`
}

// WeekCount is the number of leads of the week starting on a Monday (UTC).
type WeekCount struct {
	WeekStart string `json:"weekStart"`
	Count     int    `json:"count"`
}

// InterestCount is the number of leads of one AI solution interest.
type InterestCount struct {
	Interest string `json:"interest"`
	Count    int    `json:"count"`
}

// StatsWeeks is how many weeks the dashboard's chart covers.
const StatsWeeks = 12

// WeekStart returns the Monday 00:00 UTC of the week of t.
func WeekStart(t time.Time) time.Time {
	t = t.UTC()
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	offset := (int(d.Weekday()) + 6) % 7 // days since Monday
	return d.AddDate(0, 0, -offset)
}

// LeadService stores leads and the notifications they cause.
type LeadService interface {
	// CreateLead stores a lead and, unless it is spam, a pending delivery
	// for each notification channel of the lead settings, in one
	// transaction; it returns only once both are durable. When the same
	// e-mail address sent the same details within DuplicateWindow, it
	// stores nothing and returns that lead with created false.
	CreateLead(ctx context.Context, l *Lead) (saved *Lead, created bool, err error)
	// FindLeadByID returns one lead with its deliveries.
	FindLeadByID(ctx context.Context, id int64) (*Lead, error)
	// FindLeads returns one page of the leads that match f, newest first,
	// with their deliveries, and how many match in all.
	FindLeads(ctx context.Context, f LeadFilter) ([]*Lead, int, error)
	// EachLead calls fn for every lead that matches f, newest first,
	// without deliveries, reading them as it goes.
	EachLead(ctx context.Context, f LeadFilter, fn func(*Lead) error) error
	// UpdateLead changes a lead. Taking a lead out of spam queues its
	// notifications as for a new lead.
	UpdateLead(ctx context.Context, id int64, upd LeadUpdate) (*Lead, error)
	// ResendLead queues the lead's notifications again: one new delivery
	// per configured channel.
	ResendLead(ctx context.Context, id int64) (*Lead, error)
	// LeadStats counts leads for the dashboard; now fixes the current week.
	LeadStats(ctx context.Context, now time.Time) (*LeadStats, error)
	// DeleteLeadsBefore deletes the leads created before t and their
	// deliveries, and says how many leads it deleted.
	DeleteLeadsBefore(ctx context.Context, t time.Time) (int, error)
	CountLeads(ctx context.Context) (int, error)

	GetLeadSettings(ctx context.Context) (*LeadSettings, error)
	UpdateLeadSettings(ctx context.Context, s *LeadSettings) (*LeadSettings, error)
}
