package site

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Actions of the audit log. A write to a resource (menu items, pages, the
// site settings, texts, media...) is recorded with the action of its
// revision (create, update, delete, publish, restore) and the record as
// its target ("menu-items/3"); the others name what happened.
const (
	AuditSignIn       = "sign-in"
	AuditSignInFailed = "sign-in-failed"
	AuditSignOut      = "sign-out"
	// AuditReauthFailed is a wrong password or code given inside a session
	// to change the account's security (its password, two-factor sign-in,
	// recovery codes), or one refused by the login limits.
	AuditReauthFailed     = "reauth-failed"
	AuditRecoveryCodeUsed = "recovery-code-used"
	AuditTwoFactorStart   = "two-factor-start"
	AuditTwoFactorEnable  = "two-factor-enable"
	AuditTwoFactorDisable = "two-factor-disable"
	AuditTwoFactorReset   = "two-factor-reset"
	AuditPasswordChange   = "password-change"
	AuditEmailChange      = "email-change"
	AuditPasswordReset    = "password-reset"
	AuditSessionsEnd      = "sessions-end"
	AuditUserCreate       = "user-create"
	AuditUserUpdate       = "user-update"
	AuditUserDisable      = "user-disable"
	AuditSecuritySettings = "security-settings"
	AuditLeadSettings     = "lead-settings"
	AuditMailSettings     = "mail-settings"
	AuditMailTest         = "mail-test"
	AuditLeadView         = "lead-view"
	AuditLeadList         = "lead-list"
	AuditLeadUpdate       = "lead-update"
	AuditLeadResend       = "lead-resend"
	AuditLeadExport       = "lead-export"
	// The entries staff write on a lead's timeline.
	AuditLeadActivityAdd    = "lead-activity-add"
	AuditLeadActivityEdit   = "lead-activity-edit"
	AuditLeadActivityDelete = "lead-activity-delete"
	AuditPrivacySearch      = "privacy-search"
	AuditPrivacyExport      = "privacy-export"
	AuditPrivacyErase       = "privacy-erase"

	AuditInvitationSend     = "invitation-send"
	AuditInvitationRenew    = "invitation-renew"
	AuditInvitationWithdraw = "invitation-withdraw"
	AuditInvitationAccept   = "invitation-accept"
	AuditRecoveryCodesRenew = "recovery-codes-renew"
	AuditPreviewLinkCreate  = "preview-link-create"
	AuditPreviewLinkRevoke  = "preview-link-revoke"
	AuditNotFoundClear      = "not-found-clear"
	// AuditApplicationUpdate moves an application to a position on.
	AuditApplicationUpdate = "application-update"
	// The notes recruiters write on an application's timeline: added,
	// and edited by their author.
	AuditApplicationActivityAdd  = "application-activity-add"
	AuditApplicationActivityEdit = "application-activity-edit"
	// AuditCareersSettings changes how long applications are kept.
	AuditCareersSettings = "careers-settings"
	// A user's own booking settings (Availability).
	AuditAvailability = "availability-change"
	// A user's own calendar feed: a new address, and the feed turned off.
	AuditCalendarFeedCreate = "calendar-feed-create"
	AuditCalendarFeedRevoke = "calendar-feed-revoke"
	// The checks of the page form switched off or on.
	AuditPageChecks = "page-checks-change"
	// The publishing mode changed, and pending drafts of texts published
	// or discarded.
	AuditPublishingSettings = "publishing-settings"
	AuditDraftsPublish      = "drafts-publish"
	AuditDraftsDiscard      = "drafts-discard"
	// The review of drafts: asked for, sent back, and comments added and
	// resolved.
	AuditDraftsSchedule      = "drafts-schedule"
	AuditDraftsReview        = "drafts-review"
	AuditDraftsSendBack      = "drafts-send-back"
	AuditDraftComment        = "draft-comment"
	AuditDraftCommentResolve = "draft-comment-resolve"
	// The newsletter: its webhook settings saved, and its subscribers
	// listed (each page) or exported.
	AuditNewsletterSettings = "newsletter-settings"
	AuditSubscriberList     = "subscriber-list"
	AuditSubscriberExport   = "subscriber-export"
	// The backups of the admin: one made, downloaded or deleted, and the
	// schedule changed.
	AuditBackupCreate   = "backup-create"
	AuditBackupDownload = "backup-download"
	AuditBackupDelete   = "backup-delete"
	AuditBackupSettings = "backup-settings"
)

// AuditActions lists every action the log records, in the order the
// admin's filter offers them.
var AuditActions = []string{
	AuditSignIn, AuditSignInFailed, AuditSignOut, AuditReauthFailed, AuditRecoveryCodeUsed,
	AuditTwoFactorStart, AuditTwoFactorEnable, AuditTwoFactorDisable, AuditTwoFactorReset,
	AuditPasswordChange, AuditEmailChange, AuditPasswordReset, AuditSessionsEnd,
	AuditRecoveryCodesRenew,
	AuditUserCreate, AuditUserUpdate, AuditUserDisable, AuditSecuritySettings,
	AuditInvitationSend, AuditInvitationRenew, AuditInvitationWithdraw, AuditInvitationAccept,
	ActionCreate, ActionUpdate, ActionDelete, ActionPublish, ActionRestore,
	AuditLeadSettings, AuditMailSettings, AuditMailTest, AuditLeadList, AuditLeadView, AuditLeadUpdate, AuditLeadResend, AuditLeadExport,
	AuditLeadActivityAdd, AuditLeadActivityEdit, AuditLeadActivityDelete,
	AuditPrivacySearch, AuditPrivacyExport, AuditPrivacyErase,
	AuditPreviewLinkCreate, AuditPreviewLinkRevoke, AuditNotFoundClear,
	AuditAvailability, AuditCalendarFeedCreate, AuditCalendarFeedRevoke, AuditPageChecks,
	AuditPublishingSettings, AuditDraftsPublish, AuditDraftsDiscard,
	AuditDraftsSchedule, AuditDraftsReview, AuditDraftsSendBack, AuditDraftComment, AuditDraftCommentResolve,
	AuditNewsletterSettings, AuditSubscriberList, AuditSubscriberExport,
	AuditBackupCreate, AuditBackupDownload, AuditBackupDelete, AuditBackupSettings,
	AuditApplicationUpdate, AuditApplicationActivityAdd, AuditApplicationActivityEdit, AuditCareersSettings,
}

// DefaultAuditRetention is how long entries are kept when the operator
// sets nothing.
const DefaultAuditRetention = 365 * 24 * time.Hour

// AuditEntry is one line of the audit log.
type AuditEntry struct {
	ID int64     `json:"id"`
	At time.Time `json:"at"`
	// UserID and Username are the user's of the time; a failed sign-in
	// has no user id and the username that was tried.
	UserID   *int64 `json:"userId"`
	Username string `json:"username"`
	// Addr is the client's address, as the login limits see it.
	Addr   string `json:"addr"`
	Action string `json:"action" ts:"AuditAction"`
	// Target is what the action was done to: "menu-items/3", "users/4",
	// "contact-submissions/12"; empty for a sign-in.
	Target string `json:"target"`
	// Detail says more where the action needs it (a role changed, what a
	// failed sign-in met, how many leads an export held).
	Detail string `json:"detail"`
	// Subject is the e-mail address (lower-cased) of the person whose data
	// the entry concerns, which an erasure blanks; never answered.
	Subject string `json:"-"`
}

// AuditFilter selects entries of the log, newest first.
type AuditFilter struct {
	// Username matches the username exactly, in any case.
	Username string
	Action   string
	// From and To bound the time: From <= at < To; zero is unbounded.
	From, To time.Time
	// Offset and Limit page the list; Limit 0 means no limit.
	Offset, Limit int
}

// Validate checks the filter's action.
func (f AuditFilter) Validate() error {
	if f.Action == "" {
		return nil
	}
	for _, a := range AuditActions {
		if a == f.Action {
			return nil
		}
	}
	return &Error{Code: EINVALID, Message: fmt.Sprintf("Unknown action %q.", f.Action), Fields: map[string]string{"action": "Choose an action of the list."}}
}

// Check refuses an entry whose action the log does not know.
func (e AuditEntry) Check() error {
	if !slices.Contains(AuditActions, e.Action) {
		return Errorf(EINVALID, "Unknown audit action %q.", e.Action)
	}
	return nil
}

// Normalize returns the entry as stored: the subject lower-cased and
// trimmed, the texts bounded.
func (e AuditEntry) Normalize() AuditEntry {
	e.Subject = strings.ToLower(strings.TrimSpace(e.Subject))
	e.Username = clip(e.Username, MaxUsernameLength*4)
	e.Detail = clip(e.Detail, 1000)
	e.Target = clip(e.Target, 200)
	return e
}

// clip cuts s to at most n bytes, dropping a character cut in two.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

// AuditService keeps the audit log.
type AuditService interface {
	// AddAuditEntry appends an entry; the store sets its id, and its time
	// when At is zero.
	AddAuditEntry(ctx context.Context, e *AuditEntry) error
	// FindAuditEntries returns a page of the entries that match, newest
	// first, and how many match in all.
	FindAuditEntries(ctx context.Context, f AuditFilter) ([]*AuditEntry, int, error)
	// DeleteAuditEntriesBefore deletes the entries older than t and says
	// how many there were.
	DeleteAuditEntriesBefore(ctx context.Context, t time.Time) (int, error)
}

// PendingAudit is the entry of a write on its way to the store, which adds
// it in the write's own transaction, before the commit: a write and its
// entry are stored together or not at all, whatever crash comes between.
// The HTTP layer makes it once the request is authenticated and puts it
// into the request's context (WithPendingAudit); the first transaction of
// the request that changes a row takes it (Due, then Added after the
// commit). A create's target waits for the id of the new record, which
// the store tells as it learns it (SetAuditID). One request's writes run
// one after another, never at once, so it needs no lock.
type PendingAudit struct {
	entry AuditEntry
	// waitID holds the entry back until SetAuditID completes the target.
	waitID  bool
	written bool
}

// NewPendingAudit returns the pending entry e. A target without a
// record's id ("users", "site-settings") takes the id the store tells
// (SetAuditID); with waitID, the store adds the entry only then: a
// create, whose new record is what the entry names.
func NewPendingAudit(e AuditEntry, waitID bool) *PendingAudit {
	return &PendingAudit{entry: e, waitID: waitID}
}

// hasID reports whether the target names a record: "users/7", not "users".
func (p *PendingAudit) hasID() bool { return strings.Contains(p.entry.Target, "/") }

type pendingAuditKey struct{}

// WithPendingAudit returns ctx carrying p for the stores' transactions.
func WithPendingAudit(ctx context.Context, p *PendingAudit) context.Context {
	return context.WithValue(ctx, pendingAuditKey{}, p)
}

// WithoutPendingAudit returns ctx without a pending entry, for a write
// that is not the one the entry records (an entry of its own, say).
func WithoutPendingAudit(ctx context.Context) context.Context {
	return context.WithValue(ctx, pendingAuditKey{}, (*PendingAudit)(nil))
}

// PendingAuditOf returns the pending entry of ctx, nil when it has none.
func PendingAuditOf(ctx context.Context) *PendingAudit {
	p, _ := ctx.Value(pendingAuditKey{}).(*PendingAudit)
	return p
}

// SetAuditID completes the target of the pending entry of ctx with id,
// the record a write has just created or changed ("users" becomes
// "users/7"), unless the target has its id already.
func SetAuditID(ctx context.Context, id int64) {
	p := PendingAuditOf(ctx)
	if p == nil || p.written || p.hasID() {
		return
	}
	p.entry.Target += "/" + strconv.FormatInt(id, 10)
}

// SetAuditWhat names, on the pending entry of ctx, the records a write of
// several takes: its target's ids ("drafts" becomes "drafts/3,4", and
// SetAuditID then leaves it) and its detail.
func SetAuditWhat(ctx context.Context, ids []int64, detail string) {
	p := PendingAuditOf(ctx)
	if p == nil || p.written || p.hasID() || len(ids) == 0 {
		return
	}
	p.entry.Target = AuditTarget(p.entry.Target, ids)
	p.entry.Detail = detail
}

// AuditAsDraft is the detail of the entry of a record's write kept as its
// pending draft (drafts mode): nothing changed on the website yet.
const AuditAsDraft = "as a draft"

// SetAuditDetail says more on the pending entry of ctx, while it is not
// written: a write inside a transaction calls it before the commit.
func SetAuditDetail(ctx context.Context, detail string) {
	if p := PendingAuditOf(ctx); p != nil && !p.written {
		p.entry.Detail = detail
	}
}

// AuditTarget names records of a resource as an entry's target:
// "drafts/3,4".
func AuditTarget(resource string, ids []int64) string {
	list := make([]string, len(ids))
	for i, id := range ids {
		list[i] = strconv.FormatInt(id, 10)
	}
	return resource + "/" + strings.Join(list, ",")
}

// Due returns the entry for the store to add in the transaction at hand,
// or nil: without a pending entry, once it is added, and while it waits
// for its id.
func (p *PendingAudit) Due() *AuditEntry {
	if p == nil || p.written || p.waitID && !p.hasID() {
		return nil
	}
	e := p.entry
	return &e
}

// Added tells that the entry is stored: its transaction committed.
func (p *PendingAudit) Added() {
	if p != nil {
		p.written = true
	}
}

// Written reports whether the entry is stored.
func (p *PendingAudit) Written() bool { return p != nil && p.written }

// Entry returns the entry as it stands.
func (p *PendingAudit) Entry() *AuditEntry {
	e := p.entry
	return &e
}
