package api

import (
	"net/http"
	"strings"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// handleContentSave saves the text at the body's section and key (SPEC
// section 7: POST /api/admin/content upserts). The body's version, or
// If-Match, is the version of the saved text the editor started from;
// If-None-Match: * says it started from the built-in copy. Either way a text
// changed by someone else since is a 409 with their value.
//
// With X-Publish: draft, in a publishing mode that keeps drafts, the text
// goes to its pending draft instead (the versions are then the draft's),
// and visitors see nothing of it until it is published; the answer is the
// draft (site.ContentDraft).
func (s *Server) handleContentSave(w http.ResponseWriter, r *http.Request) error {
	rec, version, err := s.recordFrom(w, r, site.Content)
	if err != nil {
		return err
	}
	expectNone := strings.TrimSpace(r.Header.Get("If-None-Match")) == "*"
	draft, err := s.wantsDraft(r)
	if err != nil {
		return err
	}
	if draft {
		d, err := site.SaveContentDraft(r.Context(), s.Store, rec.(*site.ContentItem),
			site.Write{Actor: auth.Actor(r), Version: version}, expectNone)
		if err != nil {
			return err
		}
		w.Header().Set(site.PublishDraftHeader, "draft")
		httpx.WriteOK(w, d)
		return nil
	}
	out, err := site.SaveContent(r.Context(), s.Store, rec.(*site.ContentItem),
		site.Write{Actor: auth.Actor(r), Version: version}, expectNone)
	if err != nil {
		return err
	}
	s.contentChanged()
	httpx.WriteOK(w, out)
	return nil
}
