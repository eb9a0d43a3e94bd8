package api

import (
	"net/http"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// previewLinkURL is l of page with the address that carries token: the
// page's own, with the token in the query.
func (s *Server) previewLinkURL(l *site.PreviewLink, page *site.Page, token string) site.PreviewLinkURL {
	return site.PreviewLinkURL{PreviewLink: *l, URL: s.Pages.URL(page.Path() + "?" + site.PreviewParam + "=" + token)}
}

// handlePreviewLinkList lists a page's preview links that still work.
func (s *Server) handlePreviewLinkList(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Page")
	if err != nil {
		return err
	}
	list, err := s.Store.FindPreviewLinks(r.Context(), id, s.Now())
	return httpx.Reply(w, list, err)
}

type previewLinkInput struct {
	// Days is how long the link works, site.PreviewLinkDays when left
	// out; 0 is refused like any number outside 1 to 30.
	Days *int `json:"days"`
}

// handlePreviewLinkCreate makes a preview link of a page and answers its
// address, the only time the token is told.
func (s *Server) handlePreviewLinkCreate(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Page")
	if err != nil {
		return err
	}
	var in previewLinkInput
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	days := site.PreviewLinkDays
	if in.Days != nil {
		days = *in.Days
	}
	if days < 1 || days > site.MaxPreviewLinkDays {
		return site.FieldError("days", "A preview link works from 1 to 30 days.")
	}
	rec, err := s.Store.FindRecord(r.Context(), site.Pages, id)
	if err != nil {
		return err
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	now := s.Now()
	me := auth.User(r.Context())
	l, err := s.Store.CreatePreviewLink(r.Context(), &site.PreviewLink{PageID: id, TokenHash: hash, CreatedBy: me.Username,
		CreatedAt: now, ExpiresAt: now.AddDate(0, 0, days)})
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "preview link made", "page_id", id, "days", days, "by", me.Username)
	httpx.WriteCreated(w, s.previewLinkURL(l, rec.(*site.Page), token))
	return nil
}

// handlePreviewLinkDelete revokes a preview link.
func (s *Server) handlePreviewLinkDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Preview link")
	if err != nil {
		return err
	}
	if err := s.Store.DeletePreviewLink(r.Context(), id); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "preview link revoked", "preview_link_id", id, "by", auth.User(r.Context()).Username)
	httpx.WriteDone(w)
	return nil
}
