package api

import (
	"net/http"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

func (s *Server) handlePublicSettings(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.FindRecord(r.Context(), site.Settings, site.SettingsID)
	return httpx.Reply(w, st, err)
}

func (s *Server) handlePublicTestimonials(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Store.FindRecords(r.Context(), site.Testimonials, site.ListFilter{ActiveOnly: true})
	return httpx.Reply(w, list, err)
}

// handlePublicPositions answers the open positions, in their order, as
// /careers lists them.
func (s *Server) handlePublicPositions(w http.ResponseWriter, r *http.Request) error {
	list, err := site.Find[site.Position](r.Context(), s.Store, site.Positions, site.OpenPositionsFilter)
	if err != nil {
		return err
	}
	out := make([]*site.PublicPosition, len(list))
	for i, p := range list {
		out[i] = p.Public()
	}
	return httpx.Reply(w, out, nil)
}
