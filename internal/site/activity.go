package site

import (
	"context"
	"slices"
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

// ActivityEntry is what an entry of every timeline (a lead's, an
// application's) holds besides its id, its record's and its kind.
type ActivityEntry struct {
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

// By returns the entry as written by the user by: its author, or the site
// for a zero Actor.
func By(by Actor) ActivityEntry {
	e := ActivityEntry{Username: by.Username}
	if by.UserID != 0 {
		id := by.UserID
		e.UserID = &id
	}
	return e
}

// LeadActivity is one entry of a lead's timeline.
type LeadActivity struct {
	ID     int64  `json:"id"`
	LeadID int64  `json:"leadId"`
	Kind   string `json:"kind" ts:"LeadActivityKind"`
	ActivityEntry
}

// ApplicationActivity is one entry of an application's timeline: a note
// staff wrote, or a change of its status (From and To).
type ApplicationActivity struct {
	ID            int64  `json:"id"`
	ApplicationID int64  `json:"applicationId"`
	Kind          string `json:"kind" ts:"ApplicationActivityKind"`
	ActivityEntry
}

// Timeline is what differs between the timelines of leads and of
// applications: the kinds staff write, with the messages about them. The
// rest (the text's rule, the edit window) is the same for both.
type Timeline struct {
	// StaffKinds are the kinds staff write; the others the site records.
	StaffKinds []string
	// KindMessage refuses a kind staff may not write.
	KindMessage string
	// SiteKinds names the entries the site writes, for the message that
	// refuses to edit one.
	SiteKinds string
}

var (
	// LeadTimeline is a lead's: notes, calls and e-mails by staff.
	LeadTimeline = Timeline{StaffKinds: StaffActivityKinds, KindMessage: msgActivityKind, SiteKinds: "status, spam, notes and meeting entries"}
	// ApplicationTimeline is an application's: notes by staff, and the
	// changes of its status.
	ApplicationTimeline = Timeline{StaffKinds: []string{ActivityNote}, KindMessage: "An application's timeline takes notes only.", SiteKinds: "status entries"}
	// ApplicationActivityKinds are every kind of an application's entry.
	ApplicationActivityKinds = []string{ActivityNote, ActivityStatus}
)

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

// Validate trims the text and checks a new entry of the timeline tl; a
// timeline with one kind staff write takes it when none is given.
func (in *ActivityInput) Validate(tl Timeline) error {
	var v fieldErrors
	in.Text = strings.TrimSpace(in.Text)
	if in.Kind == "" && len(tl.StaffKinds) == 1 {
		in.Kind = tl.StaffKinds[0]
	}
	if in.Kind == "" {
		v.add("kind", tl.KindMessage)
	}
	v.oneOf("kind", in.Kind, tl.StaffKinds, tl.KindMessage)
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

// CheckEdit says whether the user userID may change the text of entry e,
// of kind, at now: only its author, only an entry staff write, and only
// within ActivityEditWindow of its writing. Someone else's entry is
// EFORBIDDEN; one written too long ago is ECONFLICT, since it was
// editable once.
func (tl Timeline) CheckEdit(kind string, e *ActivityEntry, userID int64, now time.Time) error {
	if !tl.StaffWritten(kind) {
		return Errorf(EFORBIDDEN, "The site writes %s; they cannot be edited.", tl.SiteKinds)
	}
	if e.UserID == nil || *e.UserID != userID {
		return Errorf(EFORBIDDEN, "Only its author can edit this entry.")
	}
	if now.Sub(e.CreatedAt) > ActivityEditWindow {
		return Errorf(ECONFLICT, "An entry can be edited for %d minutes after it is written, and this one is older. Add a new note instead.",
			int(ActivityEditWindow/time.Minute))
	}
	return nil
}

// StaffWritten reports whether staff write entries of kind, rather than
// the site.
func (tl Timeline) StaffWritten(kind string) bool {
	return slices.Contains(tl.StaffKinds, kind)
}

// Changes are the entries a lead update records about l as it was, by
// whom: a status changed, the lead moved to or from spam, the notes box
// changed. Times and ids are the store's.
func (upd LeadUpdate) Changes(l *Lead) []*LeadActivity {
	var out []*LeadActivity
	add := func(kind, text, from, to string) {
		e := &LeadActivity{LeadID: l.ID, Kind: kind, ActivityEntry: By(upd.By)}
		e.Text, e.From, e.To = text, from, to
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
// with it (retention, erasure). The applications' timelines are
// ApplicationService's.
type ActivityService interface {
	// AddLeadActivity adds an entry staff wrote to lead leadID, by and
	// at now (the store's clock when zero).
	AddLeadActivity(ctx context.Context, leadID int64, in ActivityInput, by Actor, now time.Time) (*LeadActivity, error)
	// UpdateLeadActivity changes the text of entry id of lead leadID when
	// LeadTimeline.CheckEdit allows the user by at now.
	UpdateLeadActivity(ctx context.Context, leadID, id int64, text string, by Actor, now time.Time) (*LeadActivity, error)
	// DeleteLeadActivity deletes entry id of lead leadID.
	DeleteLeadActivity(ctx context.Context, leadID, id int64) error
}
