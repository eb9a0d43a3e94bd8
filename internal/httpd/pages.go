package httpd

import (
	"net/http"
	"strings"
)

// handleGet serves a static file of the browser build when one has this
// path, and otherwise the server-rendered page (or the 404 page).
func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	if f := s.Assets.lookup(p); f != nil {
		s.Assets.serve(w, r, f)
		return
	}
	if strings.HasPrefix(p, "/assets/") {
		// A hashed file from an older build: no page would make sense here.
		http.NotFound(w, r)
		return
	}
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		target := strings.TrimRight(p, "/")
		if s.Pages.Known(target) {
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
	}
	page, err := s.Pages.Get(r.Context(), p)
	if err != nil {
		s.internalError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// Pages change whenever content does: the browser revalidates each time,
	// which the ETag makes cheap.
	h.Set("Cache-Control", "no-cache")
	writeEncoded(w, r, page.Status, page.ETag, page.Raw, page.Gzip, page.Brotli)
}
