package api

import (
	"net/http"
	"strings"

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
	out, err := s.Store.PublishContentDrafts(r.Context(), sel, site.Write{Actor: auth.Actor(r)})
	if err != nil {
		return err
	}
	if len(out) > 0 {
		s.contentChanged()
	}
	httpx.WriteOK(w, site.DraftsPublished{Published: out})
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
