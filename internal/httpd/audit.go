package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

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
	"POST /api/admin/logout":                          site.AuditSignOut,
	"PUT /api/admin/account/password":                 site.AuditPasswordChange,
	"DELETE /api/admin/account/sessions":              site.AuditSessionsEnd,
	"DELETE /api/admin/account/sessions/{id}":         site.AuditSessionsEnd,
	"POST /api/admin/account/2fa":                     site.AuditTwoFactorStart,
	"POST /api/admin/account/2fa/confirm":             site.AuditTwoFactorEnable,
	"DELETE /api/admin/account/2fa":                   site.AuditTwoFactorDisable,
	"PATCH /api/admin/contact-submissions/{id}":       site.AuditLeadUpdate,
	"POST /api/admin/contact-submissions/{id}/resend": site.AuditLeadResend,
	"PUT /api/admin/lead-settings":                    site.AuditLeadSettings,
	"POST /api/admin/users":                           site.AuditUserCreate,
	"PUT /api/admin/users/{id}":                       site.AuditUserUpdate,
	"DELETE /api/admin/users/{id}":                    site.AuditUserDisable,
	"POST /api/admin/users/{id}/reset-password":       site.AuditPasswordReset,
	"DELETE /api/admin/users/{id}/2fa":                site.AuditTwoFactorReset,
	"PUT /api/admin/security-settings":                site.AuditSecuritySettings,
	"POST /api/admin/account/2fa/recovery-codes":      site.AuditRecoveryCodesRenew,
	"POST /api/admin/invitations":                     site.AuditInvitationSend,
	"POST /api/admin/invitations/{id}/renew":          site.AuditInvitationRenew,
	"DELETE /api/admin/invitations/{id}":              site.AuditInvitationWithdraw,
	// Without a session: the acceptance records its own entry, as the new
	// user, and the check (a read sent by POST, to keep the token out of
	// the path) none.
	"POST /api/admin/invitations/accept":  site.AuditInvitationAccept,
	"POST /api/admin/invitations/check":   site.AuditInvitationAccept,
	"POST /api/admin/pages/{id}/previews": site.AuditPreviewLinkCreate,
	"DELETE /api/admin/previews/{id}":     site.AuditPreviewLinkRevoke,
	"DELETE /api/admin/not-found/{id}":    site.AuditNotFoundClear,
	// These two record their own entries (privacy.go).
	"POST /api/admin/privacy/export": site.AuditPrivacyExport,
	"POST /api/admin/privacy/erase":  site.AuditPrivacyErase,
	// A text is saved by section and key, created or not.
	"POST /api/admin/content": site.ActionUpdate,
}

// writeAction is the action of a write route: its own, or that of a
// resource's revision.
func writeAction(pattern string) string {
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

// isAuditedWrite reports whether the route is a write of a signed-in user,
// which the middleware records; the sign-in's steps record their own.
func isAuditedWrite(pattern string) bool {
	method, path, _ := strings.Cut(pattern, " ")
	return method != http.MethodGet && method != http.MethodHead &&
		strings.HasPrefix(path, "/api/admin/") && !strings.HasPrefix(path, "/api/admin/login")
}

// selfAudited are the write routes whose handlers record entries of their
// own, with what only they know (the counts of an erasure); the middleware
// adds none for them.
var selfAudited = map[string]bool{
	"POST /api/admin/privacy/export":             true,
	"POST /api/admin/privacy/erase":              true,
	"POST /api/admin/invitations/{token}/accept": true,
}

// audited records a successful write of the route in the audit log: the
// store adds the request's pending entry in the transaction of its first
// write that changes a row. A write the store makes outside such a
// transaction, or a request that changed nothing (files already in the
// library), has its entry added here once it has succeeded.
func (s *Server) audited(pattern string, next http.HandlerFunc) http.HandlerFunc {
	if !isAuditedWrite(pattern) || selfAudited[pattern] {
		return next
	}
	return func(w http.ResponseWriter, r *http.Request) {
		note := &auditNote{pattern: pattern}
		r = r.WithContext(context.WithValue(r.Context(), auditKey, note))
		rec := &statusRecorder{ResponseWriter: w}
		next(rec, r)
		p := note.pending
		if p == nil || p.Written() || rec.status < 200 || rec.status > 299 {
			return
		}
		if err := s.Store.AddAuditEntry(r.Context(), p.Entry()); err != nil {
			s.logFailure(r, "audit entry not written", "action", p.Entry().Action, "err", err)
		}
	}
}

// withAudit returns ctx carrying the pending entry of the write r, sent by
// u, for the stores; ctx as it is for a request that is no audited write.
// authenticated calls it last, once the session's touch is written, so
// that no write but the handler's takes the entry.
func (s *Server) withAudit(ctx context.Context, r *http.Request, u *site.User) context.Context {
	note, ok := ctx.Value(auditKey).(*auditNote)
	if !ok {
		return ctx
	}
	action := writeAction(note.pattern)
	method, path, _ := strings.Cut(note.pattern, " ")
	resource, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/admin/"), "/")
	id := u.ID
	e := site.AuditEntry{At: s.now(), Addr: s.clientAddr(r), UserID: &id, Username: u.Username, Action: action, Target: resource}
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
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
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
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, ", ")
}

// audit adds an entry of its own for the request, in a transaction of its
// own: its time, the client's address and the user (nil for a sign-in's
// failure, whose entry names the username tried).
func (s *Server) audit(r *http.Request, u *site.User, e *site.AuditEntry) error {
	e.At = s.now()
	e.Addr = s.clientAddr(r)
	if u != nil {
		id := u.ID
		e.UserID, e.Username = &id, u.Username
	}
	return s.Store.AddAuditEntry(r.Context(), e)
}

const (
	defaultAuditPageSize = 50
	maxAuditPageSize     = 200
)

// auditFilter reads the log's filter from the query: user, action, from
// and to (dates, YYYY-MM-DD, both included, or RFC 3339 times), page and
// pageSize.
func auditFilter(q map[string][]string) (f site.AuditFilter, page, size int, err error) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	if err := site.CheckText(&struct {
		User   string `json:"user"`
		Action string `json:"action"`
	}{get("user"), get("action")}); err != nil {
		return f, 0, 0, err
	}
	f.Username, f.Action = get("user"), get("action")
	if len(f.Username) > 256 {
		return f, 0, 0, &site.Error{Code: site.EINVALID, Message: "The user must be at most 256 characters.", Fields: map[string]string{"user": "At most 256 characters."}}
	}
	if err := f.Validate(); err != nil {
		return f, 0, 0, err
	}
	for _, b := range []struct {
		key string
		t   *time.Time
		end bool
	}{{"from", &f.From, false}, {"to", &f.To, true}} {
		v := get(b.key)
		if v == "" {
			continue
		}
		if d, err := time.Parse(time.DateOnly, v); err == nil {
			if b.end {
				d = d.AddDate(0, 0, 1)
			}
			*b.t = d
		} else if t, err := time.Parse(time.RFC3339, v); err == nil {
			*b.t = t.UTC()
		} else {
			msg := "Give a date as YYYY-MM-DD."
			return f, 0, 0, &site.Error{Code: site.EINVALID, Message: "The " + b.key + " date is not a date: " + msg, Fields: map[string]string{b.key: msg}}
		}
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		msg := "The end date must not be before the start date."
		return f, 0, 0, &site.Error{Code: site.EINVALID, Message: msg, Fields: map[string]string{"to": msg}}
	}
	page, size = 1, defaultAuditPageSize
	if v := get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 1_000_000 {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1 to 1000000.")
		}
	}
	if v := get("pageSize"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > maxAuditPageSize {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page size must be a whole number from 1 to %d.", maxAuditPageSize)
		}
	}
	f.Offset, f.Limit = (page-1)*size, size
	return f, page, size, nil
}

// handleAuditLog answers a page of the audit log, or with ?format=csv every
// entry of the filter as a CSV file.
func (s *Server) handleAuditLog(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	format := q.Get("format")
	if format != "" && format != "csv" && format != "json" {
		return site.FieldError("format", "The format must be json or csv.")
	}
	f, page, size, err := auditFilter(q)
	if err != nil {
		return err
	}
	if format == "csv" {
		f.Offset, f.Limit = 0, 0
	}
	list, total, err := s.Store.FindAuditEntries(r.Context(), f)
	if err != nil {
		return err
	}
	if format != "csv" {
		writePage(w, list, total, page, size)
		return nil
	}
	cw := writeCSV(w, "audit-log-"+s.now().Format("2006-01-02")+".csv")
	cw.Write([]string{"id", "at", "userId", "username", "address", "action", "target", "detail"})
	for _, e := range list {
		uid := ""
		if e.UserID != nil {
			uid = strconv.FormatInt(*e.UserID, 10)
		}
		row := []string{strconv.FormatInt(e.ID, 10), e.At.Format(time.RFC3339), uid, e.Username, e.Addr, e.Action, e.Target, e.Detail}
		for i := range row {
			row[i] = csvCell(row[i])
		}
		cw.Write(row)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.logFailure(r, "audit log export failed", "err", err)
	}
	return nil
}

// handleLeadView answers one lead, for its details, and records the view.
func (s *Server) handleLeadView(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "Lead")
	if err != nil {
		return err
	}
	l, err := s.Store.FindLeadByID(r.Context(), id)
	if err != nil {
		return err
	}
	// No entry, no data: a view that cannot be recorded is not answered.
	e := &site.AuditEntry{Action: site.AuditLeadView, Target: "contact-submissions/" + strconv.FormatInt(id, 10), Subject: l.Email}
	if err := s.audit(r, currentUser(r.Context()).user, e); err != nil {
		return err
	}
	l.ShownTo(viewerRole(r))
	writeOK(w, l)
	return nil
}

// auditSignInFailed records a refused sign-in with the username tried.
func (s *Server) auditSignInFailed(r *http.Request, username, why string) {
	e := &site.AuditEntry{Action: site.AuditSignInFailed, Username: username, Detail: why, Subject: username}
	if err := s.audit(r, nil, e); err != nil {
		s.logFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
}

// auditReauthFailed records a refused re-authentication of the signed-in
// user u.
func (s *Server) auditReauthFailed(r *http.Request, u *site.User, why string) {
	e := &site.AuditEntry{Action: site.AuditReauthFailed, Target: "users/" + strconv.FormatInt(u.ID, 10), Detail: why}
	if err := s.audit(r, u, e); err != nil {
		s.logFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
}

// leadListDetail says which leads a list or an export held, without the
// search text (which may be someone's name or address).
func leadListDetail(f site.LeadFilter) string {
	parts := []string{"view inbox"}
	if f.Spam {
		parts[0] = "view spam"
	}
	if f.Status != "" {
		parts = append(parts, "status "+f.Status)
	}
	if f.Interest != "" {
		parts = append(parts, "interest "+f.Interest)
	}
	if f.Query != "" {
		parts = append(parts, "with a search")
	}
	return strings.Join(parts, ", ")
}
