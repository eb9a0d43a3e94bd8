package site

import (
	"context"
	"strings"
	"time"
)

// Kinds of a lead's activity entries. Staff write notes, calls and
// e-mails; the site records the others as staff change the lead. Each kind
// is stored as it is, so that what happened to a lead, and when it was
// first answered, can be read from its timeline.
const (
	// ActivityNote, ActivityCall and ActivityEmail are written by staff:
	// a note, a call made or taken, an e-mail sent or received.
	ActivityNote  = "note"
	ActivityCall  = "call"
	ActivityEmail = "email"
	// ActivityStatus is a change of the lead's status, From and To.
	ActivityStatus = "status"
	// ActivitySpam is the lead moved by staff From "inbox" To "spam", or
	// back.
	ActivitySpam = "spam"
	// ActivityNotes is a change of the lead's older notes box (the notes
	// field of a lead update): its text is the box's new text.
	ActivityNotes = "notes"
	// ActivityMeeting, ActivityMeetingMoved and ActivityMeetingCancelled
	// are a meeting the visitor booked, moved or cancelled, written in the
	// same transaction. To is the start the meeting was booked or moved
	// to, From the start it was moved from or had when cancelled, both
	// RFC 3339 times in UTC; Text is the owner's username as it was.
	ActivityMeeting          = "meeting"
	ActivityMeetingMoved     = "meeting_moved"
	ActivityMeetingCancelled = "meeting_cancelled"
)

// ActivityKinds are every kind of activity entry; StaffActivityKinds those
// staff may write through the activity API.
var (
	ActivityKinds = []string{ActivityNote, ActivityCall, ActivityEmail, ActivityStatus, ActivitySpam, ActivityNotes,
		ActivityMeeting, ActivityMeetingMoved, ActivityMeetingCancelled}
	StaffActivityKinds = []string{ActivityNote, ActivityCall, ActivityEmail}
	// ActivityKindChoices are the staff kinds with the labels the admin
	// shows.
	ActivityKindChoices = []Choice{
		{ActivityNote, "Note"},
		{ActivityCall, "Call"},
		{ActivityEmail, "E-mail"},
	}
)

// Where a spam entry moves a lead from and to.
const (
	ActivityInbox  = "inbox"
	ActivityToSpam = "spam"
)

// Limits of the activity entries.
const (
	// MaxActivityText bounds the text of a note, call or e-mail entry, in
	// characters. A notes entry carries the notes box, up to MaxLeadNotes.
	MaxActivityText = 5000
	// ActivityEditWindow is how long after writing it the author may
	// still edit an entry.
	ActivityEditWindow = 15 * time.Minute
)

// LeadActivity is one entry of a lead's timeline.
type LeadActivity struct {
	ID     int64  `json:"id"`
	LeadID int64  `json:"leadId"`
	Kind   string `json:"kind" ts:"LeadActivityKind"`
	// UserID is the author's id, nil once the user is gone or for an entry
	// the site wrote on its own; Username is the author's username as it
	// was, kept so that the entry still reads after the user is gone.
	UserID   *int64 `json:"userId"`
	Username string `json:"username"`
	// Text is what staff wrote; empty for a status or spam entry, the
	// owner's username for a meeting entry.
	Text string `json:"text"`
	// From and To are the statuses of a status entry, "inbox" or "spam"
	// for a spam entry, and the meeting's starts (RFC 3339, UTC) for a
	// meeting entry; empty for the others.
	From      string    `json:"from"`
	To        string    `json:"to"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ActivityRule is what an entry's text must be, with the server's messages.
var ActivityRule = FieldRule{Required: "Write what happened before saving.", Max: MaxActivityText,
	TooLong: "The text must be at most " + itoa(MaxActivityText) + " characters."}

// msgActivityKind is the message of a kind staff may not write.
const msgActivityKind = "Choose note, call or email."

// ActivityInput is an entry staff write (POST) or the new text of one
// (PUT, where Kind is not used).
type ActivityInput struct {
	Kind string
	Text string
}

// Validate trims the text and checks a new entry.
func (in *ActivityInput) Validate() error {
	var v fieldErrors
	in.Text = strings.TrimSpace(in.Text)
	if in.Kind == "" {
		v.add("kind", msgActivityKind)
	}
	v.oneOf("kind", in.Kind, StaffActivityKinds, msgActivityKind)
	v.text("text", in.Text, ActivityRule)
	return v.err()
}

// ValidateText trims and checks the new text of an entry.
func (in *ActivityInput) ValidateText() error {
	var v fieldErrors
	in.Text = strings.TrimSpace(in.Text)
	v.text("text", in.Text, ActivityRule)
	return v.err()
}

// CheckEdit says whether the user userID may change the text of the
// entry at now: only its author, only a note, call or e-mail, and only
// within ActivityEditWindow of its writing. Someone else's entry is
// EFORBIDDEN; one written too long ago is ECONFLICT, since it was
// editable once.
func (a *LeadActivity) CheckEdit(userID int64, now time.Time) error {
	if !a.StaffWritten() {
		return Errorf(EFORBIDDEN, "The site writes status, spam, notes and meeting entries; they cannot be edited.")
	}
	if a.UserID == nil || *a.UserID != userID {
		return Errorf(EFORBIDDEN, "Only its author can edit this entry.")
	}
	if now.Sub(a.CreatedAt) > ActivityEditWindow {
		return Errorf(ECONFLICT, "An entry can be edited for %d minutes after it is written, and this one is older. Add a new note instead.",
			int(ActivityEditWindow/time.Minute))
	}
	return nil
}

// StaffWritten reports whether staff wrote the entry (a note, call or
// e-mail) rather than the site.
func (a *LeadActivity) StaffWritten() bool {
	for _, k := range StaffActivityKinds {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// Changes are the entries a lead update records about l as it was, by
// whom: a status changed, the lead moved to or from spam, the notes box
// changed. Times and ids are the store's.
func (upd LeadUpdate) Changes(l *Lead) []*LeadActivity {
	var out []*LeadActivity
	add := func(kind, text, from, to string) {
		e := &LeadActivity{LeadID: l.ID, Kind: kind, Username: upd.By.Username, Text: text, From: from, To: to}
		if upd.By.UserID != 0 {
			id := upd.By.UserID
			e.UserID = &id
		}
		out = append(out, e)
	}
	if upd.Status != nil && *upd.Status != l.Status {
		add(ActivityStatus, "", l.Status, *upd.Status)
	}
	if upd.Spam != nil && *upd.Spam != l.Spam {
		from, to := ActivityInbox, ActivityToSpam
		if l.Spam {
			from, to = to, from
		}
		add(ActivitySpam, "", from, to)
	}
	if upd.Notes != nil && *upd.Notes != l.Notes {
		add(ActivityNotes, *upd.Notes, "", "")
	}
	return out
}

// ActivityService keeps the timelines of the leads. A lead's entries go
// with it (retention, erasure).
type ActivityService interface {
	// AddLeadActivity adds an entry staff wrote to lead leadID, by and
	// at now (the store's clock when zero).
	AddLeadActivity(ctx context.Context, leadID int64, in ActivityInput, by Actor, now time.Time) (*LeadActivity, error)
	// UpdateLeadActivity changes the text of entry id of lead leadID when
	// CheckEdit allows the user by at now.
	UpdateLeadActivity(ctx context.Context, leadID, id int64, text string, by Actor, now time.Time) (*LeadActivity, error)
	// DeleteLeadActivity deletes entry id of lead leadID.
	DeleteLeadActivity(ctx context.Context, leadID, id int64) error
}
