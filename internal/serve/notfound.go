package serve

import (
	"net/http"
	"strings"
)

// noteNotFound counts a GET of a page address that answered 404. The
// addresses of files (/assets/, /media/) and of the API never come here;
// a built-in page's address answers 404 only for a query it has no page
// for (/blog?page=99), which no redirect would mend, so it is not counted.
func (s *Server) noteNotFound(r *http.Request) {
	p := r.URL.Path
	if r.Method != http.MethodGet || strings.HasPrefix(p, "/og") ||
		s.Pages != nil && s.Pages.Known(p) {
		return
	}
	s.Hits.NotFound(p, s.LimitAddr(r), s.Now())
}
