package api

import (
	"net/http"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// handlePageChecksGet answers the checks of the page form and those
// switched off.
func (s *Server) handlePageChecksGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetPageCheckSettings(r.Context())
	return httpx.Reply(w, st, err)
}

// handlePageChecksUpdate switches checks of the page form off, or on
// again, for every writer of the site.
func (s *Server) handlePageChecksUpdate(w http.ResponseWriter, r *http.Request) error {
	var in site.PageCheckSettings
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	st, err := s.Store.UpdatePageCheckSettings(r.Context(), &in)
	return httpx.Reply(w, st, err)
}
