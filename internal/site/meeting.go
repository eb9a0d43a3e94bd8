package site

import (
	"context"
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
	ID        int64     `json:"id"`
	LeadID    int64     `json:"leadId"`
	LeadName  string    `json:"leadName"`
	OwnerID   int64     `json:"ownerId"`
	OwnerName string    `json:"ownerName"`
	Start     time.Time `json:"start"`
	End       time.Time `json:"end"`
	// TimeZone is the visitor's IANA zone, for the times their e-mails
	// show.
	TimeZone  string    `json:"timeZone"`
	Status    string    `json:"status"`
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
	ID    int64        `json:"id"`
	Start time.Time    `json:"start"`
	End   time.Time    `json:"end"`
	Owner MeetingOwner `json:"owner"`
	// TimeZone is the zone the visitor booked in, for the times shown.
	TimeZone string `json:"timeZone"`
	Slots    []Slot `json:"slots"`
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

// MeetingFilter selects meetings: those of one owner (0 for any) that end
// after From (zero for any).
type MeetingFilter struct {
	OwnerID int64
	From    time.Time
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
	// FindMeetings returns the meetings of f, the latest start first.
	FindMeetings(ctx context.Context, f MeetingFilter) ([]*Meeting, error)
}

// ParseBookingStart reads the start a visitor chose, an RFC 3339 time.
func ParseBookingStart(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, FieldError("start", MsgBookingStart)
	}
	return t.UTC(), nil
}
