package httpd

import (
	"context"
	"net/http"
	"strings"

	"meridian/internal/site"
)

// noteNotFound counts a GET of a page address that answered 404. The
// addresses of files (/assets/, /media/) and of the API never come here;
// a built-in page's address answers 404 only for a query it has no page
// for (/blog?page=99), which no redirect would mend, so it is not counted.
func (s *Server) noteNotFound(r *http.Request) {
	p := r.URL.Path
	if r.Method != http.MethodGet || len(p) > site.MaxNotFoundPath || strings.HasPrefix(p, "/og") ||
		s.Pages != nil && s.Pages.Known(p) {
		return
	}
	// At most site.MaxNotFoundPaths paths between two writes: a flood of
	// random addresses grows the log no further.
	s.notFound.note(p, s.now(), site.MaxNotFoundPaths)
}

// FlushNotFound writes the 404 hits counted since the last flush to the
// store (see FlushHits).
func (s *Server) FlushNotFound(ctx context.Context) {
	counted := s.notFound.take()
	if len(counted) == 0 {
		return
	}
	hits := make([]site.NotFoundHit, 0, len(counted))
	for path, t := range counted {
		hits = append(hits, site.NotFoundHit{Path: path, Hits: t.hits, First: t.first, Last: t.last})
	}
	if err := s.Store.RecordNotFound(ctx, hits); err != nil {
		s.Logger.ErrorContext(ctx, "not-found log: write failed", "paths", len(hits), "err", err)
	}
}

// handleNotFoundList answers the log of 404 addresses, the most hits
// first, with this instance's latest counts written first. An address
// that answers now (a page was published there, or a redirect added on
// another instance) has nothing left to mend: it leaves the log.
func (s *Server) handleNotFoundList(w http.ResponseWriter, r *http.Request) {
	s.FlushNotFound(r.Context())
	list, err := s.Store.FindNotFound(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.Pages != nil {
		open := list[:0]
		for _, e := range list {
			answers, err := s.answers(r.Context(), e.Path)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			if !answers {
				open = append(open, e)
				continue
			}
			if err := s.Store.ForgetNotFound(r.Context(), e.Path); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		list = open
	}
	writeJSON(w, http.StatusOK, dataBody{list})
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
func (s *Server) handleNotFoundDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Not found entry")
	if !ok {
		return
	}
	if err := s.Store.DeleteNotFound(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, successBody)
}
