package api

import (
	"context"
	"meridian/internal/httpx"
	"net/http"
)

// handleNotFoundList answers the log of 404 addresses, the most visitors
// first, with this instance's latest counts written first. An address
// that answers now (a page was published there, or a redirect added on
// another instance) has nothing left to mend: it leaves the log.
func (s *Server) handleNotFoundList(w http.ResponseWriter, r *http.Request) error {
	s.Hits.FlushNotFound(r.Context())
	list, err := s.Store.FindNotFound(r.Context())
	if err != nil {
		return err
	}
	if s.Pages != nil {
		open := list[:0]
		for _, e := range list {
			answers, err := s.answers(r.Context(), e.Path)
			if err != nil {
				return err
			}
			if !answers {
				open = append(open, e)
				continue
			}
			if err := s.Store.ForgetNotFound(r.Context(), e.Path); err != nil {
				return err
			}
		}
		list = open
	}
	httpx.WriteOK(w, list)
	return nil
}

// answers reports whether path shows a page or a redirect now.
func (s *Server) answers(ctx context.Context, path string) (bool, error) {
	if ok, err := s.Pages.Serves(ctx, path); ok || err != nil {
		return ok, err
	}
	rd, err := s.Pages.Redirect(ctx, path)
	return rd != nil, err
}

// handleNotFoundDelete clears one address from the log.
func (s *Server) handleNotFoundDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Not found entry")
	if err != nil {
		return err
	}
	return httpx.ReplyDone(w, s.Store.DeleteNotFound(r.Context(), id))
}
