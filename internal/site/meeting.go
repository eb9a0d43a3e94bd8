package site

import (
	"context"
	"strconv"
	"time"
)

// Booking the free consultation: a lead's answer carries a booking token,
// good for BookingTokenTTL, with which the visitor books one meeting with
// the lead's owner; the meeting's own token then moves or cancels it until
// it starts.

// BookingTokenTTL is how long a lead's booking token may be used.
const BookingTokenTTL = 24 * time.Hour

// Meeting statuses.
const (
	MeetingBooked    = "booked"
	MeetingCancelled = "cancelled"
)

// MeetingStatuses lists every status of a meeting.
var MeetingStatuses = []string{MeetingBooked, MeetingCancelled}

// KindMeeting is the delivery of a meeting's calendar invitation, to the
// visitor and to the owner.
const KindMeeting = "meeting"

// ManageMeetingPath is the page of the public site where a visitor moves or
// cancels their meeting; the token follows as the fragment (#token), so
// that it never reaches a server's log.
const ManageMeetingPath = "/book/manage"

// Messages of the refused bookings.
const (
	MsgBookingGone    = "This booking link has been used or has expired: send the form again to book a consultation."
	MsgMeetingGone    = "This meeting link has expired or the meeting was cancelled: send the form again to book a new consultation."
	MsgNoMeetingOwner = "No one can be booked for this request right now: we will contact you by e-mail instead."
	MsgBookingStart   = "Choose the start of the meeting, as an RFC 3339 time such as 2026-03-02T09:00:00Z."
)

// Meeting is a consultation a visitor booked with the owner of their lead.
type Meeting struct {
	ID       int64  `json:"id"`
	LeadID   int64  `json:"leadId"`
	LeadName string `json:"leadName"`
	// LeadCompany is the company the lead gave.
	LeadCompany string    `json:"leadCompany"`
	OwnerID     int64     `json:"ownerId"`
	OwnerName   string    `json:"ownerName"`
	Start       time.Time `json:"start"`
	End         time.Time `json:"end"`
	// TimeZone is the visitor's IANA zone, for the times their e-mails
	// show.
	TimeZone string `json:"timeZone"`
	Status   string `json:"status" ts:"MeetingStatus"`
	// Sequence counts the changes of the meeting: more than 0 once it was
	// moved (or cancelled).
	Sequence  int       `json:"sequence"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"-"`
}

// MeetingOwner is the owner of a meeting as its visitor is told of them.
type MeetingOwner struct {
	Name string `json:"name"`
}

// BookedMeeting is a meeting as its visitor is told of it.
type BookedMeeting struct {
	ID    int64        `json:"id"`
	Start time.Time    `json:"start"`
	End   time.Time    `json:"end"`
	Owner MeetingOwner `json:"owner"`
	// ManageURL is the address of the page that moves or cancels it; only
	// the answer to the booking carries it.
	ManageURL string `json:"manageUrl,omitempty"`
}

// Booked is m as its visitor is told of it.
func (m *Meeting) Booked() BookedMeeting {
	return BookedMeeting{ID: m.ID, Start: m.Start, End: m.End, Owner: MeetingOwner{Name: m.OwnerName}}
}

// ManagedMeeting is a meeting as the page that moves or cancels it shows
// it, with the times it may move to.
type ManagedMeeting struct {
	BookedMeeting
	// TimeZone is the zone the visitor booked in, for the times shown.
	TimeZone string `json:"timeZone"`
	Slots    []Slot `json:"slots"`
}

// Changeable reports whether m may still be moved or cancelled at now:
// it is booked and has not started.
func (m *Meeting) Changeable(now time.Time) bool {
	return m.Status == MeetingBooked && now.Before(m.Start)
}

// BookingRequest is a visitor's booking of a meeting.
type BookingRequest struct {
	// TokenHash is the SHA-256 of the lead's booking token (HashToken).
	TokenHash string
	Start     time.Time
	TimeZone  string
	// ManageToken is the new meeting's own token, which its invitation
	// links to; the store keeps its hash.
	ManageToken string
	Now         time.Time
}

// MeetingFilter selects meetings: those of one owner (0 for any), of one
// status ("" for any), that end after From and at or before Until (zero
// for either: no bound). Soonest lists the earliest start first rather
// than the latest.
type MeetingFilter struct {
	OwnerID int64
	Status  string
	From    time.Time
	Until   time.Time
	Soonest bool
}

// Which meetings the admin's list shows (GET /api/admin/meetings?when=).
const (
	// MeetingsUpcoming are the booked meetings not yet over, the soonest
	// first.
	MeetingsUpcoming = "upcoming"
	// MeetingsPast are the booked meetings that are over, the latest
	// first.
	MeetingsPast = "past"
	// MeetingsCancelled are the cancelled meetings, the latest start
	// first.
	MeetingsCancelled = "cancelled"
)

// MeetingsWhen lists the choices of the admin's list.
var MeetingsWhen = []string{MeetingsUpcoming, MeetingsPast, MeetingsCancelled}

// MeetingsFilter is the filter of the admin's list of the meetings when
// (one of MeetingsWhen, or "" for every one, the latest start first) at
// now, of one owner (0 for any).
func MeetingsFilter(when string, owner int64, now time.Time) MeetingFilter {
	f := MeetingFilter{OwnerID: owner}
	switch when {
	case MeetingsUpcoming:
		f.Status, f.From, f.Soonest = MeetingBooked, now, true
	case MeetingsPast:
		f.Status, f.Until = MeetingBooked, now
	case MeetingsCancelled:
		f.Status = MeetingCancelled
	}
	return f
}

// LeadFormURL is the address of lead id's detail in the admin's Contacts
// tab.
func LeadFormURL(id int64) string {
	return "/admin?tab=contacts&lead=" + strconv.FormatInt(id, 10)
}

// The private calendar feed of a user's meetings: an address with a token
// of its own, which only its owner is shown, once, and which a calendar
// application subscribes to. Only the token's SHA-256 is stored.
const (
	// CalendarFeedPath is where the feeds are served; the token and
	// ".ics" follow.
	CalendarFeedPath = "/calendar/"
	// CalendarFeedDays is how many days back the feed reaches.
	CalendarFeedDays = 30
)

// CalendarFeedURL returns the path of the feed of token.
func CalendarFeedURL(token string) string { return CalendarFeedPath + token + ".ics" }

// CalendarFeed tells whether the signed-in user's feed is on.
type CalendarFeed struct {
	Enabled bool `json:"enabled"`
}

// CalendarFeedAddress is a new feed as its owner gets it, once: the
// address that carries its token.
type CalendarFeedAddress struct {
	URL string `json:"url"`
}

// MeetingService stores the booking settings of sales users and the
// meetings visitors book with them.
type MeetingService interface {
	// GetAvailability returns the user's booking settings, the defaults
	// when they saved none.
	GetAvailability(ctx context.Context, userID int64) (*Availability, error)
	// SetAvailability saves the user's booking settings, which must be
	// valid (Availability.Validate).
	SetAvailability(ctx context.Context, userID int64, a *Availability) (*Availability, error)
	// FindBusy returns the booked meetings of the owner between from and
	// to.
	FindBusy(ctx context.Context, ownerID int64, from, to time.Time) ([]Interval, error)
	// FindBookingOwner returns the owner of the lead whose booking token
	// hashes to hash, and their settings; EGONE when the token is unknown,
	// spent or expired at now, EINVALID when the lead has no owner.
	FindBookingOwner(ctx context.Context, hash string, now time.Time) (ownerID int64, a *Availability, err error)
	// BookMeeting books a meeting with the lead's owner in one
	// transaction: the token is spent, the lead counts as answered and
	// the invitations are queued. EGONE for a spent or expired token,
	// EINVALID for a time that is no open slot, ECONFLICT for a slot taken.
	BookMeeting(ctx context.Context, in BookingRequest) (*Meeting, error)
	// FindMeetingByToken returns the meeting whose token hashes to hash.
	FindMeetingByToken(ctx context.Context, hash string) (*Meeting, error)
	// RescheduleMeeting moves the booked meeting of token, not yet started
	// at now, to start, and queues the new invitations; a taken or closed
	// time keeps the meeting as it was.
	RescheduleMeeting(ctx context.Context, token string, start, now time.Time) (*Meeting, error)
	// CancelMeeting cancels the booked meeting of token, not yet started
	// at now, and queues the cancellations.
	CancelMeeting(ctx context.Context, token string, now time.Time) (*Meeting, error)
	// FindMeetings returns the meetings of f, the latest start first
	// (the earliest with f.Soonest).
	FindMeetings(ctx context.Context, f MeetingFilter) ([]*Meeting, error)
	// SetCalendarFeed sets the feed of user id to the token whose SHA-256
	// is hash, which replaces the one before; "" turns it off.
	SetCalendarFeed(ctx context.Context, id int64, hash string) error
	// CalendarFeedOn reports whether user id has a feed.
	CalendarFeedOn(ctx context.Context, id int64) (bool, error)
	// FindCalendarFeedUser returns the active user whose role works on
	// leads and whose feed token hashes to hash; ENOTFOUND otherwise.
	FindCalendarFeedUser(ctx context.Context, hash string) (*User, error)
}

// ParseBookingStart reads the start a visitor chose, an RFC 3339 time.
func ParseBookingStart(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, FieldError("start", MsgBookingStart)
	}
	return t.UTC(), nil
}
