package httpd

import (
	"net/http"

	"meridian/internal/site"
)

// previewLinkURL is l with the address that carries token.
func (s *Server) previewLinkURL(l *site.PreviewLink, token string) site.PreviewLinkURL {
	addr := site.PreviewPath + "/" + token
	if s.Pages != nil {
		addr = s.Pages.URL(addr)
	}
	return site.PreviewLinkURL{PreviewLink: *l, URL: addr}
}

// handlePreviewLinkList lists a page's preview links that still work.
func (s *Server) handlePreviewLinkList(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Page")
	if !ok {
		return
	}
	list, err := s.Store.FindPreviewLinks(r.Context(), id, s.now())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{Data: list})
}

type previewLinkInput struct {
	// Days is how long the link works, site.PreviewLinkDays when 0.
	Days int `json:"days"`
}

// handlePreviewLinkCreate makes a preview link of a page and answers its
// address, the only time the token is told.
func (s *Server) handlePreviewLinkCreate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Page")
	if !ok {
		return
	}
	var in previewLinkInput
	if r.ContentLength != 0 && !decodeJSON(w, r, &in) {
		return
	}
	if in.Days == 0 {
		in.Days = site.PreviewLinkDays
	}
	if in.Days < 1 || in.Days > site.MaxPreviewLinkDays {
		writeFieldError(w, http.StatusBadRequest, "days", "A preview link works from 1 to 30 days.")
		return
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	now := s.now()
	me := currentUser(r.Context()).user
	l, err := s.Store.CreatePreviewLink(r.Context(), &site.PreviewLink{PageID: id, TokenHash: hash, CreatedBy: me.Username,
		CreatedAt: now, ExpiresAt: now.AddDate(0, 0, in.Days)})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "preview link made", "page_id", id, "days", in.Days, "by", me.Username)
	writeJSON(w, http.StatusCreated, dataBody{Data: s.previewLinkURL(l, token)})
}

// handlePreviewLinkDelete revokes a preview link.
func (s *Server) handlePreviewLinkDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Preview link")
	if !ok {
		return
	}
	if err := s.Store.DeletePreviewLink(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "preview link revoked", "preview_link_id", id, "by", currentUser(r.Context()).user.Username)
	writeJSON(w, http.StatusOK, successBody)
}
