package serve

import (
	"context"
	"net/http"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// healthTimeout bounds the write of a health check.
const healthTimeout = 2 * time.Second

// handleReadyz answers whether a load balancer may send this instance new
// requests: 200 while it serves (it listens only once it is ready), 503 from
// the moment it begins to stop, while it still finishes what it has.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	if s.Draining != nil && s.Draining.Load() {
		httpx.WriteHealth(w, false, map[string]string{"status": "stopping"})
		return
	}
	httpx.WriteHealth(w, true, map[string]string{"status": "ready"})
}

// handleHealthz answers 200 while a write to the database commits, and 503
// otherwise: a database that answers reads but cannot save (a full disk,
// a read-only file or server) fails every lead and edit, and must show.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.Store.CheckWrite(ctx); err != nil {
		if site.ErrorCode(err) != site.EUNAVAILABLE {
			// A timeout, say: the writes of the requests wait as long.
			err = site.CannotSave(err)
		}
		s.Unavailable(w, r, err)
		httpx.WriteHealth(w, false, map[string]string{"status": "unavailable", "message": site.ErrorMessage(err)})
		return
	}
	httpx.WriteHealth(w, true, map[string]string{"status": "ok"})
}
