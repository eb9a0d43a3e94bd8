package api

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// handlePublishingGet answers the publishing mode.
func (s *Server) handlePublishingGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetPublishingSettings(r.Context())
	return httpx.Reply(w, st, err)
}

// handlePublishingUpdate sets the publishing mode for every editor.
func (s *Server) handlePublishingUpdate(w http.ResponseWriter, r *http.Request) error {
	var in site.PublishingSettings
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	st, err := s.Store.UpdatePublishingSettings(r.Context(), &in)
	return httpx.Reply(w, st, err)
}

// wantsDraft reports whether a save of a text goes to its pending draft:
// the editor asked for one (X-Publish: draft) and the mode keeps drafts.
func (s *Server) wantsDraft(r *http.Request) (bool, error) {
	if !strings.EqualFold(strings.TrimSpace(r.Header.Get(site.PublishDraftHeader)), "draft") {
		return false, nil
	}
	st, err := s.Store.GetPublishingSettings(r.Context())
	if err != nil {
		return false, err
	}
	return st.KeepsDrafts(), nil
}

// wantsRecordDraft reports whether a write of a record of e is to be kept
// as its draft: asked for, in a mode that keeps drafts, of an entity that
// holds them.
func (s *Server) wantsRecordDraft(r *http.Request, e *site.Entity) (bool, error) {
	if e.Drafted == nil {
		return false, nil
	}
	return s.wantsDraft(r)
}

// mayPublish refuses a publish or a schedule by the request's user when
// the mode asks for a publisher and the user is none.
func (s *Server) mayPublish(r *http.Request) error {
	st, err := s.Store.GetPublishingSettings(r.Context())
	if err != nil {
		return err
	}
	return site.MayPublishDrafts(st, auth.User(r.Context()))
}

// handleDraftList answers the pending drafts, each with the published
// value of its text.
func (s *Server) handleDraftList(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Store.FindContentDrafts(r.Context())
	return httpx.Reply(w, list, err)
}

// draftSelection reads the drafts a publish or a discard names: all of
// them when the body is empty or omits ids.
func draftSelection(w http.ResponseWriter, r *http.Request) (site.DraftSelection, error) {
	var sel site.DraftSelection
	if r.ContentLength == 0 {
		return sel, nil
	}
	err := httpx.DecodeJSON(w, r, &sel)
	return sel, err
}

// handleDraftsPublish publishes the chosen drafts in one transaction and
// moves the content version on once.
func (s *Server) handleDraftsPublish(w http.ResponseWriter, r *http.Request) error {
	sel, err := draftSelection(w, r)
	if err != nil {
		return err
	}
	if err := s.mayPublish(r); err != nil {
		return err
	}
	out, err := s.Store.PublishContentDrafts(r.Context(), sel, site.Write{Actor: auth.Actor(r)})
	if err != nil {
		return err
	}
	if out.Changed() {
		s.contentChanged()
	}
	httpx.WriteOK(w, out)
	return nil
}

// handleDraftsDiscard deletes the chosen drafts; the published texts stay
// as they are.
func (s *Server) handleDraftsDiscard(w http.ResponseWriter, r *http.Request) error {
	sel, err := draftSelection(w, r)
	if err != nil {
		return err
	}
	n, err := s.Store.DiscardContentDrafts(r.Context(), sel)
	if err != nil {
		return err
	}
	httpx.WriteOK(w, site.DraftsDiscarded{Discarded: n})
	return nil
}

// handleDraftsReview asks the publishers to review the chosen drafts; they
// are told by e-mail.
func (s *Server) handleDraftsReview(w http.ResponseWriter, r *http.Request) error {
	sel, err := draftSelection(w, r)
	if err != nil {
		return err
	}
	asked, err := s.Store.RequestDraftReview(r.Context(), sel, site.Write{Actor: auth.Actor(r)})
	if err != nil {
		return err
	}
	if len(asked) > 0 {
		me := auth.User(r.Context()).Username
		s.mailReview(r, func(u *site.User) bool { return u.May(site.PermPublish) && u.Username != me },
			"Changes to review on the website",
			me+" asks you to review "+countTexts(len(asked))+" before they are published:\n\n"+listDrafts(asked)+
				"\nPublish them or send them back with a comment in the Publish panel:\n\n"+s.Pages.URL("/admin?tab=publish")+"\n")
	}
	httpx.WriteOK(w, site.DraftsReviewed{Drafts: orEmpty(asked)})
	return nil
}

// handleDraftsSendBack takes the chosen drafts out of review with a
// comment for their writers, who are told by e-mail.
func (s *Server) handleDraftsSendBack(w http.ResponseWriter, r *http.Request) error {
	var in site.SendBack
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	comment, err := site.CheckComment("comment", in.Comment)
	if err != nil {
		return err
	}
	if !in.Everything() && len(in.IDs) == 0 {
		return site.FieldError("ids", "Choose the drafts to send back.")
	}
	back, err := s.Store.SendBackDrafts(r.Context(), in.DraftSelection, comment, site.Write{Actor: auth.Actor(r)})
	if err != nil {
		return err
	}
	me := auth.User(r.Context()).Username
	involved := site.Involved(back, me)
	for _, d := range back {
		d.ReviewRequestedAt, d.ReviewRequestedBy = nil, ""
	}
	s.mailReview(r, func(u *site.User) bool { return u.May(site.PermContent) && slices.Contains(involved, u.Username) },
		"Changes sent back with a comment",
		me+" sent back "+countTexts(len(back))+" with this comment:\n\n"+comment+"\n\n"+listDrafts(back)+
			"\nChange them in edit mode and ask for a review again, from the Publish panel:\n\n"+s.Pages.URL("/admin?tab=publish")+"\n")
	httpx.WriteOK(w, site.DraftsReviewed{Drafts: orEmpty(back)})
	return nil
}

// handleDraftComment adds a comment (or a reply) to a draft; the others
// who took part in it are told by e-mail.
func (s *Server) handleDraftComment(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, site.DraftNoun)
	if err != nil {
		return err
	}
	var in site.NewComment
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	body, err := site.CheckComment("body", in.Body)
	if err != nil {
		return err
	}
	c, err := s.Store.AddDraftComment(r.Context(), &site.DraftComment{DraftID: id, ParentID: in.ParentID, Body: body}, site.Write{Actor: auth.Actor(r)})
	if err != nil {
		return err
	}
	if d, err := s.Store.FindContentDraft(r.Context(), id); err == nil {
		involved := site.Involved([]*site.ContentDraft{d}, c.Author)
		s.mailReview(r, func(u *site.User) bool { return u.May(site.PermContent) && slices.Contains(involved, u.Username) },
			"New comment on “"+d.Label()+"”",
			c.Author+" commented on a change waiting to be published:\n\n"+body+"\n\n"+listDrafts([]*site.ContentDraft{d})+
				"\nAnswer in the Publish panel:\n\n"+s.Pages.URL("/admin?tab=publish")+"\n")
	}
	httpx.WriteCreated(w, c)
	return nil
}

// handleDraftCommentResolve resolves a comment, or opens it again.
func (s *Server) handleDraftCommentResolve(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Comment")
	if err != nil {
		return err
	}
	var in site.CommentResolution
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := s.Store.ResolveDraftComment(r.Context(), id, in.Resolved, site.Write{Actor: auth.Actor(r)})
	return httpx.Reply(w, c, err)
}

// mailReview mails subject and body to every active user with a verified
// address whom to picks. The write it tells of is made: a mail that fails
// is logged, and the answer stays a success.
func (s *Server) mailReview(r *http.Request, to func(*site.User) bool, subject, body string) {
	if s.Auth == nil || s.Auth.SendMail == nil {
		return
	}
	users, err := s.Store.FindUsers(r.Context())
	if err != nil {
		s.LogFailure(r, "review mail not sent", "err", err)
		return
	}
	ctx := context.WithoutCancel(r.Context())
	for _, u := range users {
		rcpt := u.Recipient()
		if rcpt == nil || u.Status != site.UserActive || !to(u) {
			continue
		}
		if err := s.Auth.SendMail(ctx, rcpt.Email, subject, "Hello "+u.Username+",\n\n"+body); err != nil {
			s.LogFailure(r, "review mail not sent", "to", u.Username, "err", err)
		}
	}
}

// countTexts says how many changes: "1 change", "3 changes".
func countTexts(n int) string {
	if n == 1 {
		return "1 change"
	}
	return strconv.Itoa(n) + " changes"
}

// listDrafts lists drafts for an e-mail, a line each: the text and its
// new value, shortened; a record by its noun and id.
func listDrafts(drafts []*site.ContentDraft) string {
	var b strings.Builder
	for _, d := range drafts {
		if d.Deletes() {
			b.WriteString("- " + d.Label() + ": deleted\n")
			continue
		}
		if d.Resource != "" {
			b.WriteString("- " + d.Label() + ": changed\n")
			continue
		}
		v := []rune(d.Value)
		if len(v) > 80 {
			v = append(v[:79], '…')
		}
		b.WriteString("- " + d.Section + " " + d.Key + ": “" + string(v) + "”\n")
	}
	return b.String()
}

// orEmpty is list, or an empty one for nil, so that JSON says [].
func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}

// handleDraftsSchedule schedules the chosen drafts to go live together at
// a time (a release), or takes their schedule off; who may publish them
// may schedule them.
func (s *Server) handleDraftsSchedule(w http.ResponseWriter, r *http.Request) error {
	var in site.ReleaseSchedule
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := site.CheckSchedule(in.PublishAt, s.Now()); err != nil {
		return err
	}
	if err := s.mayPublish(r); err != nil {
		return err
	}
	out, err := s.Store.ScheduleDrafts(r.Context(), in.DraftSelection, in.PublishAt, site.Write{Actor: auth.Actor(r)})
	if err != nil {
		return err
	}
	httpx.WriteOK(w, site.DraftsReviewed{Drafts: orEmpty(out)})
	return nil
}

// ReleaseCheckEvery is how often an instance looks for scheduled drafts
// whose time has come.
const ReleaseCheckEvery = 15 * time.Second

// PublishDue publishes the drafts scheduled for now or earlier, and logs
// the ones it left unscheduled because their text changed on the live
// site; it reports how many texts it published.
func (s *Server) PublishDue(ctx context.Context) int {
	published, stale, err := s.Store.PublishDueDrafts(ctx, s.Now())
	if err != nil {
		if ctx.Err() == nil {
			s.Logger.Error("releases: publishing scheduled drafts", "err", err)
		}
		return 0
	}
	for _, d := range stale {
		s.Logger.Warn("releases: a scheduled draft was not published: its text or record changed on the live website since it was saved",
			"draft", d.Label(), "scheduledBy", d.ScheduledBy)
	}
	if published.Changed() {
		s.contentChanged()
		s.Logger.Info("releases: scheduled drafts published", "texts", len(published.Published), "records", published.Records)
	}
	return len(published.Published) + published.Records
}
