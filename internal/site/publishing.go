package site

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The publishing modes: how a text saved in place reaches visitors.
// PublishLive puts each save on the site at once (as ever); PublishDrafts
// keeps the editor's saves in a pending draft of each text until someone
// publishes them from the Publish panel; PublishApproval behaves as
// PublishDrafts for now (review comes later).
const (
	PublishLive     = "live"
	PublishDrafts   = "drafts"
	PublishApproval = "approval"
)

// PublishModes are the publishing modes, in the order the settings offer
// them.
var PublishModes = []string{PublishLive, PublishDrafts, PublishApproval}

// PublishDraftHeader is the request header with which the in-place editor
// asks for its save of a text to go to the text's pending draft:
// "X-Publish: draft". It is honoured only when the mode keeps drafts; a
// save without it publishes at once, whatever the mode.
const PublishDraftHeader = "X-Publish"

// PublishingSettings say how the texts saved in place are published.
type PublishingSettings struct {
	Mode string `json:"mode" ts:"PublishMode"`
}

// Validate refuses a mode that is not one of PublishModes.
func (s *PublishingSettings) Validate() error {
	if !slices.Contains(PublishModes, s.Mode) {
		return FieldError("mode", "Choose live, drafts or approval.")
	}
	return nil
}

// KeepsDrafts reports whether the editor's saves go to pending drafts.
func (s *PublishingSettings) KeepsDrafts() bool {
	return s.Mode == PublishDrafts || s.Mode == PublishApproval
}

// ContentDraft is the pending draft of one editable text (a ContentItem's
// section and key) or of one record (Resource and RecordID): what the
// editors saved in drafts mode and nobody published yet. Its version guards
// its own writes as a record's does.
type ContentDraft struct {
	ID      int64  `json:"id"`
	Section string `json:"section"`
	Key     string `json:"key"`
	// Resource names the entity of a record's draft (testimonials), whose
	// record is RecordID; empty for a text's draft. A record's draft has
	// no section, its key is "resource/id", and its Value, Published and
	// Base are the record as JSON: drafted, published now (nil: deleted
	// since) and as it was when the draft was last saved.
	Resource string `json:"resource"`
	RecordID *int64 `json:"recordId"`
	Value    string `json:"value"`
	// Published is the text's published value now; nil when none is saved
	// (the built-in copy shows).
	Published *string `json:"published"`
	// Base is the published value when the draft was last saved (nil:
	// none). When it differs from Published, the text was changed on the
	// live site since: the draft was written without that change in view.
	Base      *string   `json:"base"`
	Version   int       `json:"version"`
	UpdatedAt time.Time `json:"updatedAt"`
	UpdatedBy string    `json:"updatedBy"`
	// ReviewRequestedAt is when someone asked a publisher to review the
	// draft, and ReviewRequestedBy who; nil until then, and again once a
	// publisher sends it back.
	ReviewRequestedAt *time.Time `json:"reviewRequestedAt"`
	ReviewRequestedBy string     `json:"reviewRequestedBy"`
	// PublishAt is when the draft is published with the others scheduled
	// for the same time (a release), and ScheduledBy who scheduled it; nil
	// when it waits to be published by hand.
	PublishAt   *time.Time `json:"publishAt"`
	ScheduledBy string     `json:"scheduledBy"`
	// Comments on the draft, oldest first; a reply names its comment.
	Comments []DraftComment `json:"comments"`
}

// ReleaseSchedule is the body of a schedule: the drafts, and when they go
// live together (nil: no longer scheduled).
type ReleaseSchedule struct {
	DraftSelection
	PublishAt *time.Time `json:"publishAt"`
}

// MaxScheduleAhead bounds how far ahead a release may be scheduled.
const MaxScheduleAhead = 366 * 24 * time.Hour

// Messages of scheduling.
const (
	MsgScheduleInPast = "Choose a time in the future: scheduled changes are published at that time."
	MsgScheduleTooFar = "Choose a time within a year."
)

// CheckSchedule refuses a release time that is not after now or is more
// than MaxScheduleAhead away; nil (no schedule) is fine.
func CheckSchedule(at *time.Time, now time.Time) error {
	switch {
	case at == nil:
		return nil
	case !at.After(now):
		return FieldError("publishAt", MsgScheduleInPast)
	case at.Sub(now) > MaxScheduleAhead:
		return FieldError("publishAt", MsgScheduleTooFar)
	}
	return nil
}

// DraftComment is a comment on a pending draft: a remark of a reviewer or
// of an editor, or a reply to one (one level deep). A resolved comment
// stays, marked with who resolved it.
type DraftComment struct {
	ID         int64      `json:"id"`
	DraftID    int64      `json:"draftId"`
	ParentID   *int64     `json:"parentId"`
	Body       string     `json:"body"`
	Author     string     `json:"author"`
	CreatedAt  time.Time  `json:"createdAt"`
	ResolvedAt *time.Time `json:"resolvedAt"`
	ResolvedBy string     `json:"resolvedBy"`
}

// MaxCommentLength bounds a comment's text, in characters.
const MaxCommentLength = 2000

// Messages of the comments and of the review.
const (
	MsgCommentRequired = "Write a comment before sending it."
	MsgCommentTooLong  = "A comment must be at most 2000 characters."
	MsgSendBackComment = "Say what should change: a draft is sent back with a comment."
	MsgDraftGone       = "This draft was published or discarded meanwhile: reload the list."
	MsgCommentGone     = "This comment is no longer there: reload the list."
	MsgPublisherOnly   = "In approval mode only a publisher can publish: ask for a review instead."
)

// CheckComment trims a comment's text and checks it; field names the
// field of the form that holds it.
func CheckComment(field, body string) (string, error) {
	body = strings.TrimSpace(body)
	switch {
	case body == "":
		return "", FieldError(field, MsgCommentRequired)
	case utf8.RuneCountInString(body) > MaxCommentLength:
		return "", FieldError(field, MsgCommentTooLong)
	}
	return body, nil
}

// InReview reports whether a publisher was asked to review the draft.
func (d *ContentDraft) InReview() bool { return d.ReviewRequestedAt != nil }

// MayPublishDrafts refuses a publish of drafts by u when the mode asks for
// a publisher's approval and u is none.
func MayPublishDrafts(st *PublishingSettings, u *User) error {
	if st.Mode == PublishApproval && !u.May(PermPublish) {
		return Errorf(EFORBIDDEN, "%s", MsgPublisherOnly)
	}
	return nil
}

// DraftsReviewed is the answer of a review request or of a send-back: the
// drafts as they are now.
type DraftsReviewed struct {
	Drafts []*ContentDraft `json:"drafts"`
}

// SendBack is the body of a send-back: the drafts, and the comment each
// gets.
type SendBack struct {
	DraftSelection
	Comment string `json:"comment" text:"multiline"`
}

// NewComment is the body of a comment on a draft: its text, and the
// comment it answers (nil: none).
type NewComment struct {
	Body     string `json:"body" text:"multiline"`
	ParentID *int64 `json:"parentId"`
}

// CommentResolution resolves a comment, or opens it again.
type CommentResolution struct {
	Resolved bool `json:"resolved"`
}

// Involved lists who takes part in the drafts' review, by username: who
// saved each, who asked for its review and who commented on it, without
// but and without repeats, in the order met.
func Involved(drafts []*ContentDraft, but string) []string {
	var out []string
	add := func(name string) {
		if name != "" && name != but && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	for _, d := range drafts {
		add(d.UpdatedBy)
		add(d.ReviewRequestedBy)
		for _, c := range d.Comments {
			add(c.Author)
		}
	}
	return out
}

// Validate makes a draft a Record for a *Conflict; its fields are checked
// as the ContentItem it drafts.
func (d *ContentDraft) Validate() error { return nil }

// DraftNoun names a draft in messages.
const DraftNoun = "Draft"

// DraftSelection names the drafts a publish or a discard takes: the ids,
// or all of them when All is set or IDs is omitted.
type DraftSelection struct {
	IDs []int64 `json:"ids"`
	All bool    `json:"all"`
}

// Everything reports whether the selection takes every pending draft.
func (d DraftSelection) Everything() bool { return d.All || d.IDs == nil }

// DraftsPublished is the answer of a publish: the texts as published, and
// how many records the publish changed.
type DraftsPublished struct {
	Published []*ContentItem `json:"published"`
	Records   int            `json:"records"`
}

// Changed reports whether the publish changed anything visitors see.
func (p *DraftsPublished) Changed() bool { return len(p.Published) > 0 || p.Records > 0 }

// DraftsDiscarded is the answer of a discard: how many drafts went.
type DraftsDiscarded struct {
	Discarded int `json:"discarded"`
}

// SaveContentDraft stores it as the pending draft of its section and key,
// after the checks of a published save.
func SaveContentDraft(ctx context.Context, s Store, it *ContentItem, w Write, expectNone bool) (*ContentDraft, error) {
	if err := checkMediaRef(ctx, s, "value", it.Value); err != nil {
		return nil, err
	}
	SetAuditDetail(ctx, AuditAsDraft)
	return s.SaveContentDraft(ctx, it.Section, it.Key, it.Value, w, expectNone)
}

// PublishingService keeps the publishing setting (one row) and the pending
// drafts of the texts.
type PublishingService interface {
	GetPublishingSettings(ctx context.Context) (*PublishingSettings, error)
	// UpdatePublishingSettings replaces them; the request's audit entry
	// is written in the same transaction.
	UpdatePublishingSettings(ctx context.Context, s *PublishingSettings) (*PublishingSettings, error)
	// FindContentDrafts lists the pending drafts by section and key, each
	// with the published value of its text.
	FindContentDrafts(ctx context.Context) ([]*ContentDraft, error)
	// SaveContentDraft writes value as the pending draft of (section,
	// key): w.Version, when set, is the draft's version the editor started
	// from, expectNone says the editor knew of no draft; a *Conflict
	// otherwise. A value equal to the published one leaves no draft (the
	// answer has id 0).
	SaveContentDraft(ctx context.Context, section, key, value string, w Write, expectNone bool) (*ContentDraft, error)
	// PublishContentDrafts makes the selected drafts the published texts
	// and records in one transaction, each with its revision, and deletes
	// them.
	PublishContentDrafts(ctx context.Context, sel DraftSelection, w Write) (*DraftsPublished, error)
	// SaveRecordDraft writes rec, an update of a record of e, as the
	// record's pending draft when e holds drafts of the record as stored
	// (Entity.Drafted), guarded by w.Version as a live update is: the
	// answer is then the draft; else it updates the record live and the
	// answer is the record. A record equal to the stored one leaves no
	// draft (the answer has id 0).
	SaveRecordDraft(ctx context.Context, e *Entity, rec Record, w Write) (Record, *ContentDraft, error)
	// CreateRecordDraft creates rec, a new record of e, hidden from
	// visitors (its active column false), with rec as asked as its pending
	// draft: publishing the draft shows the record. A record asked for
	// hidden, or of an entity with no drafts or no active column, is
	// created as CreateRecord would, with no draft.
	CreateRecordDraft(ctx context.Context, e *Entity, rec Record, w Write) (Record, *ContentDraft, error)
	// DeleteRecordDraft keeps the delete of the record id of e, guarded by
	// w.Version, as its pending draft (replacing any), so that publishing
	// the draft deletes it; a record e holds no draft of is deleted at
	// once, and the answer is then the record as it was.
	DeleteRecordDraft(ctx context.Context, e *Entity, id int64, w Write) (Record, *ContentDraft, error)
	// DiscardContentDrafts deletes the selected drafts; it returns how many.
	DiscardContentDrafts(ctx context.Context, sel DraftSelection) (int, error)
	// RequestDraftReview marks the selected drafts as waiting for a
	// publisher's review (those already waiting keep their request); it
	// returns the drafts it marked.
	RequestDraftReview(ctx context.Context, sel DraftSelection, w Write) ([]*ContentDraft, error)
	// SendBackDrafts takes the review request off the selected drafts and
	// adds comment to each; it returns them as they were before (with who
	// asked for the review).
	SendBackDrafts(ctx context.Context, sel DraftSelection, comment string, w Write) ([]*ContentDraft, error)
	// AddDraftComment adds a comment to its draft (a reply goes under the
	// comment its parent answers); ENOTFOUND when the draft is gone.
	AddDraftComment(ctx context.Context, c *DraftComment, w Write) (*DraftComment, error)
	// ResolveDraftComment marks the comment resolved by w.Actor, or open.
	ResolveDraftComment(ctx context.Context, id int64, resolved bool, w Write) (*DraftComment, error)
	// FindContentDraft returns one pending draft with its comments.
	FindContentDraft(ctx context.Context, id int64) (*ContentDraft, error)
	// ScheduleDrafts sets when the selected drafts are published (nil:
	// by hand only); it returns them as they are now.
	ScheduleDrafts(ctx context.Context, sel DraftSelection, at *time.Time, w Write) ([]*ContentDraft, error)
	// PublishDueDrafts publishes, in one transaction, the drafts scheduled
	// at or before now, each in the name of who scheduled it; a draft whose
	// text changed on the live site since it was saved is not published
	// but unscheduled (returned in stale). Of several instances, one
	// publishes a release: the others find nothing due.
	PublishDueDrafts(ctx context.Context, now time.Time) (published *DraftsPublished, stale []*ContentDraft, err error)
}

// Stale reports whether the text or the record was changed on the live
// site since the draft was last saved (a record's draft: its version moved
// on, or the record was deleted).
func (d *ContentDraft) Stale() bool {
	if d.Resource != "" {
		return d.Base == nil || d.Published == nil || jsonVersion(*d.Base) != jsonVersion(*d.Published)
	}
	if d.Base == nil || d.Published == nil {
		return d.Base != d.Published
	}
	return *d.Base != *d.Published
}

// CheckDraftsCurrent refuses a publish of drafts of which one is stale, so
// that a publish never overwrites a live change its writer has not seen; a
// new save of the draft, made with the live text in view, clears it.
func CheckDraftsCurrent(drafts []*ContentDraft) error {
	var stale []string
	for _, d := range drafts {
		if d.Stale() {
			stale = append(stale, "“"+d.Label()+"”")
		}
	}
	if len(stale) == 0 {
		return nil
	}
	return Errorf(ECONFLICT, "%s changed on the live website after the draft was saved. Save the draft again with that change in view, or discard it; nothing was published.", strings.Join(stale, ", "))
}

// jsonVersion is the version of a record as JSON; 0 when it has none.
func jsonVersion(rec string) int {
	var v struct {
		Version int `json:"version"`
	}
	_ = json.Unmarshal([]byte(rec), &v)
	return v.Version
}

// DeletionDraft is the value of a record's draft that deletes the record
// when it is published (JSON's null: no record after).
const DeletionDraft = "null"

// Deletes reports whether the draft deletes its record when published.
func (d *ContentDraft) Deletes() bool { return d.Resource != "" && d.Value == DeletionDraft }

// Label names the draft's text (section and key) or record (its noun and
// id) for a person.
func (d *ContentDraft) Label() string {
	if d.Resource == "" {
		return d.Section + " " + d.Key
	}
	noun := d.Resource
	if e := Entities[d.Resource]; e != nil {
		noun = e.Noun
	}
	if d.RecordID == nil {
		return noun
	}
	return noun + " " + strconv.FormatInt(*d.RecordID, 10)
}

// RecordDraftKey is the key of the draft of the record id of e.
func RecordDraftKey(e *Entity, id int64) string {
	return e.Name + "/" + strconv.FormatInt(id, 10)
}

// PublishedPageOnly holds drafts of a page only while it is published:
// the edits of a page visitors do not see yet need no draft of their own.
func PublishedPageOnly(old Record) bool {
	return old.(*Page).Status == PagePublished
}

// anyRecord holds drafts of every record of its entity.
func anyRecord(Record) bool { return true }
