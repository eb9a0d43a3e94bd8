package serve

import (
	"net/http"
)

// serveRedirect answers a GET of an address that is a redirect's source,
// and no built-in or live page, with 301 to its target, the visitor's
// query added; false when no redirect has the address, or when the
// redirects cannot be read: the page cache then answers the page's last
// good render, or the error.
func (s *Server) serveRedirect(w http.ResponseWriter, r *http.Request) bool {
	rd, err := s.Pages.Redirect(r.Context(), r.URL.Path)
	if err != nil || rd == nil {
		return false
	}
	if r.Method == http.MethodGet {
		// Counted in memory like the 404s, written every few seconds.
		s.Hits.Redirect(rd.ID, s.Now())
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.Redirect(w, r, rd.Location(r.URL.RawQuery), http.StatusMovedPermanently)
	return true
}
