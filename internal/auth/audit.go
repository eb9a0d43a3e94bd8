package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The audit log is written here, in the HTTP layer, beside the revisions
// rather than read from them: a revision keeps a record's data, an entry
// who did what, when and from which address, for every write of the admin
// (one middleware, audited, wraps every write route), for the sign-ins and
// their failures, and for every read of a lead's personal data (a lead
// opened, the inbox listed or searched, an export, the privacy requests),
// which no revision sees. The entry of a write travels in the request's
// context (site.PendingAudit) to the store, which adds it in the write's
// own transaction: no crash can leave a write without its entry.

const auditKey ctxKey = iota + 100

// auditNote travels with a write request from the audited middleware to
// authenticated, which makes the pending entry once it knows the user.
type auditNote struct {
	pattern string
	pending *site.PendingAudit
}

// auditWriteActions are the actions of the writes that are not a
// resource's create, update, delete, publish or restore.
var auditWriteActions = map[string]string{
	"POST /api/admin/logout":                                        site.AuditSignOut,
	"PUT /api/admin/account/password":                               site.AuditPasswordChange,
	"PUT /api/admin/account/email":                                  site.AuditEmailChange,
	"PUT /api/admin/account/availability":                           site.AuditAvailability,
	"POST /api/admin/account/calendar-feed":                         site.AuditCalendarFeedCreate,
	"DELETE /api/admin/account/calendar-feed":                       site.AuditCalendarFeedRevoke,
	"DELETE /api/admin/account/sessions":                            site.AuditSessionsEnd,
	"DELETE /api/admin/account/sessions/{id}":                       site.AuditSessionsEnd,
	"POST /api/admin/account/2fa":                                   site.AuditTwoFactorStart,
	"POST /api/admin/account/2fa/confirm":                           site.AuditTwoFactorEnable,
	"DELETE /api/admin/account/2fa":                                 site.AuditTwoFactorDisable,
	"PATCH /api/admin/contact-submissions/{id}":                     site.AuditLeadUpdate,
	"PUT /api/admin/contact-submissions/{id}":                       site.AuditLeadUpdate,
	"POST /api/admin/contact-submissions/{id}/resend":               site.AuditLeadResend,
	"POST /api/admin/contact-submissions/{id}/activity":             site.AuditLeadActivityAdd,
	"PUT /api/admin/contact-submissions/{id}/activity/{entryId}":    site.AuditLeadActivityEdit,
	"DELETE /api/admin/contact-submissions/{id}/activity/{entryId}": site.AuditLeadActivityDelete,
	"PUT /api/admin/lead-settings":                                  site.AuditLeadSettings,
	"PUT /api/admin/mail-settings":                                  site.AuditMailSettings,
	"POST /api/admin/mail-settings/test":                            site.AuditMailTest,
	"POST /api/admin/users":                                         site.AuditUserCreate,
	"PUT /api/admin/users/{id}":                                     site.AuditUserUpdate,
	"DELETE /api/admin/users/{id}":                                  site.AuditUserDisable,
	"POST /api/admin/users/{id}/reset-password":                     site.AuditPasswordReset,
	"DELETE /api/admin/users/{id}/2fa":                              site.AuditTwoFactorReset,
	"PUT /api/admin/security-settings":                              site.AuditSecuritySettings,
	"PUT /api/admin/page-check-settings":                            site.AuditPageChecks,
	"PUT /api/admin/publishing-settings":                            site.AuditPublishingSettings,
	"POST /api/admin/drafts/publish":                                site.AuditDraftsPublish,
	"POST /api/admin/drafts/discard":                                site.AuditDraftsDiscard,
	"POST /api/admin/drafts/schedule":                               site.AuditDraftsSchedule,
	"POST /api/admin/drafts/review":                                 site.AuditDraftsReview,
	"POST /api/admin/drafts/send-back":                              site.AuditDraftsSendBack,
	"POST /api/admin/drafts/{id}/comments":                          site.AuditDraftComment,
	"POST /api/admin/drafts/comments/{id}/resolve":                  site.AuditDraftCommentResolve,
	"PUT /api/admin/newsletter-settings":                            site.AuditNewsletterSettings,
	"POST /api/admin/account/2fa/recovery-codes":                    site.AuditRecoveryCodesRenew,
	"POST /api/admin/invitations":                                   site.AuditInvitationSend,
	"POST /api/admin/invitations/{id}/renew":                        site.AuditInvitationRenew,
	"DELETE /api/admin/invitations/{id}":                            site.AuditInvitationWithdraw,
	// Without a session: the acceptance records its own entry, as the new
	// user, and the check (a read sent by POST, to keep the token out of
	// the path) none.
	"POST /api/admin/invitations/accept":                  site.AuditInvitationAccept,
	"POST /api/admin/invitations/check":                   site.AuditInvitationAccept,
	"POST /api/admin/pages/{id}/previews":                 site.AuditPreviewLinkCreate,
	"DELETE /api/admin/previews/{id}":                     site.AuditPreviewLinkRevoke,
	"DELETE /api/admin/not-found/{id}":                    site.AuditNotFoundClear,
	"PUT /api/admin/applications/{id}":                    site.AuditApplicationUpdate,
	"POST /api/admin/applications/{id}/activity":          site.AuditApplicationActivityAdd,
	"PUT /api/admin/applications/{id}/activity/{entryId}": site.AuditApplicationActivityEdit,
	"PUT /api/admin/careers-settings":                     site.AuditCareersSettings,
	// These two record their own entries (privacy.go).
	"POST /api/admin/privacy/export": site.AuditPrivacyExport,
	"POST /api/admin/privacy/erase":  site.AuditPrivacyErase,
	// A text is saved by section and key, created or not.
	"POST /api/admin/content": site.ActionUpdate,
	// The backups: made and deleted record their own entries
	// (api/backups.go).
	"PUT /api/admin/backup-settings":   site.AuditBackupSettings,
	"POST /api/admin/backups":          site.AuditBackupCreate,
	"DELETE /api/admin/backups/{name}": site.AuditBackupDelete,
}

// WriteAction is the action of a write route: its own, or that of a
// resource's revision.
func WriteAction(pattern string) string {
	if a, ok := auditWriteActions[pattern]; ok {
		return a
	}
	method, path, _ := strings.Cut(pattern, " ")
	switch {
	case strings.HasSuffix(path, "/restore"):
		return site.ActionRestore
	case strings.HasSuffix(path, "/publish"):
		return site.ActionPublish
	case method == http.MethodPost:
		return site.ActionCreate
	case method == http.MethodDelete:
		return site.ActionDelete
	}
	return site.ActionUpdate
}

// IsAuditedWrite reports whether the route is a write of a signed-in user,
// which the middleware records; the sign-in's steps record their own.
func IsAuditedWrite(pattern string) bool {
	method, path, _ := strings.Cut(pattern, " ")
	return method != http.MethodGet && method != http.MethodHead &&
		strings.HasPrefix(path, "/api/admin/") && !strings.HasPrefix(path, "/api/admin/login")
}

// selfAudited are the write routes whose handlers record entries of their
// own, with what only they know (the counts of an erasure); the middleware
// adds none for them.
var selfAudited = map[string]bool{
	"POST /api/admin/privacy/export":     true,
	"POST /api/admin/privacy/erase":      true,
	"POST /api/admin/invitations/accept": true,
	// A backup's writes are files, not rows: the entry names the archive.
	"POST /api/admin/backups":          true,
	"DELETE /api/admin/backups/{name}": true,
}

// Audited records a successful write of the route in the audit log: the
// store adds the request's pending entry in the transaction of its first
// write that changes a row. A write the store makes outside such a
// transaction, or a request that changed nothing (files already in the
// library), has its entry added here once it has succeeded.
func (s *Server) Audited(pattern string, next http.HandlerFunc) http.HandlerFunc {
	if !IsAuditedWrite(pattern) || selfAudited[pattern] {
		return next
	}
	return func(w http.ResponseWriter, r *http.Request) {
		note := &auditNote{pattern: pattern}
		r = r.WithContext(context.WithValue(r.Context(), auditKey, note))
		rec := &httpx.StatusRecorder{ResponseWriter: w}
		next(rec, r)
		p := note.pending
		if p == nil || p.Written() || rec.Status < 200 || rec.Status > 299 {
			return
		}
		if err := s.Store.AddAuditEntry(r.Context(), p.Entry()); err != nil {
			s.LogFailure(r, "audit entry not written", "action", p.Entry().Action, "err", err)
		}
	}
}

// withAudit returns ctx carrying the pending entry of the write r, sent by
// u, for the stores; ctx as it is for a request that is no audited write.
// Authenticated calls it last, once the session's touch is written, so
// that no write but the handler's takes the entry.
func (s *Server) withAudit(ctx context.Context, r *http.Request, u *site.User) context.Context {
	note, ok := ctx.Value(auditKey).(*auditNote)
	if !ok {
		return ctx
	}
	action := WriteAction(note.pattern)
	method, path, _ := strings.Cut(note.pattern, " ")
	resource, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/admin/"), "/")
	id := u.ID
	e := site.AuditEntry{At: s.Now(), Addr: s.ClientAddr(r), UserID: &id, Username: u.Username, Action: action, Target: resource}
	switch {
	case resource == "account" || resource == "logout":
		e.Target = "users/" + strconv.FormatInt(u.ID, 10)
	case r.PathValue("id") != "":
		e.Target += "/" + r.PathValue("id")
	}
	if action == site.AuditUserUpdate {
		e.Detail = s.userChange(ctx, r)
	}
	// A create waits for its record's id, which its store tells.
	note.pending = site.NewPendingAudit(e, method == http.MethodPost && !strings.Contains(e.Target, "/") &&
		(action == site.ActionCreate || action == site.AuditUserCreate || action == site.AuditInvitationSend))
	return site.WithPendingAudit(ctx, note.pending)
}

// userChange says what a user update asks to change, from the user as
// stored and the request's body: "role editor → sales". The body is read
// and put back for the handler.
func (s *Server) userChange(ctx context.Context, r *http.Request) string {
	body, err := io.ReadAll(io.LimitReader(r.Body, httpx.MaxBodyBytes+1))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
	if err != nil {
		return ""
	}
	var after userUpdateInput
	if json.Unmarshal(body, &after) != nil {
		return ""
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return ""
	}
	before, err := s.Store.FindUserByID(ctx, id)
	if err != nil {
		return "role " + after.Role + ", status " + after.Status
	}
	var parts []string
	if before.Role != after.Role {
		parts = append(parts, "role "+before.Role+" → "+after.Role)
	}
	if before.Status != after.Status {
		parts = append(parts, "status "+before.Status+" → "+after.Status)
	}
	if after.Publisher != nil && *after.Publisher != before.Publisher && site.RoleMay(after.Role, site.PermContent) {
		parts = append(parts, map[bool]string{true: "made a publisher", false: "no longer a publisher"}[*after.Publisher])
	}
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, ", ")
}

// audit adds an entry of its own for the request, in a transaction of its
// own: its time, the client's address and the user (nil for a sign-in's
// failure, whose entry names the username tried).
func (s *Server) audit(r *http.Request, u *site.User, e *site.AuditEntry) error {
	e.At = s.Now()
	e.Addr = s.ClientAddr(r)
	if u != nil {
		id := u.ID
		e.UserID, e.Username = &id, u.Username
	}
	return s.Store.AddAuditEntry(r.Context(), e)
}

// Audit adds an entry of its own for the request of the signed-in user,
// for a write whose entry says what only its handler knows.
func (s *Server) Audit(r *http.Request, e *site.AuditEntry) error {
	return s.audit(r, User(r.Context()), e)
}

// auditSignInFailed records a refused sign-in with the username tried.
func (s *Server) auditSignInFailed(r *http.Request, username, why string) {
	e := &site.AuditEntry{Action: site.AuditSignInFailed, Username: username, Detail: why, Subject: username}
	if err := s.audit(r, nil, e); err != nil {
		s.LogFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
}

// auditReauthFailed records a refused re-authentication of the signed-in
// user u.
func (s *Server) auditReauthFailed(r *http.Request, u *site.User, why string) {
	e := &site.AuditEntry{Action: site.AuditReauthFailed, Target: "users/" + strconv.FormatInt(u.ID, 10), Detail: why}
	if err := s.audit(r, u, e); err != nil {
		s.LogFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
}

// SelfAudited reports whether the handler of the route records its own
// audit entry (selfAudited).
func SelfAudited(pattern string) bool { return selfAudited[pattern] }

// OwnAction reports whether the route's audit action is named in
// auditWriteActions rather than derived from a resource's route.
func OwnAction(pattern string) bool {
	_, ok := auditWriteActions[pattern]
	return ok
}
