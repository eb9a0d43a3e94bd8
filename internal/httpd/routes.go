package httpd

import (
	"net/http"
	"time"
)

const healthTimeout = 2 * time.Second

// Handler returns the site's handler: every route is on this page.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealthz)

	// Everything else: a file of the browser build, or a page.
	mux.HandleFunc("GET /", s.handleGet)

	return s.recoverPanics(s.logRequests(securityHeaders(mux)))
}
