package httpd

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"meridian/internal/site"
)

// NotFoundFlushEvery is how often an instance writes the 404 hits it has
// counted to the database by default: one transaction then, however many
// requests came, so a flood of unknown addresses costs no write apiece.
const NotFoundFlushEvery = 10 * time.Second

// notFoundLog counts, in memory, the addresses that answered 404 since its
// counts were last taken: at most site.MaxNotFoundPaths paths (a new one
// is dropped while it is full), so a flood of random addresses grows it
// no further. Noting a hit takes a lock and a map update, nothing more.
type notFoundLog struct {
	mu      sync.Mutex
	pending map[string]*site.NotFoundHit
}

func (l *notFoundLog) note(path string, at time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if h := l.pending[path]; h != nil {
		h.Hits++
		h.Last = at
		return
	}
	if l.pending == nil {
		l.pending = make(map[string]*site.NotFoundHit)
	}
	if len(l.pending) >= site.MaxNotFoundPaths {
		return
	}
	l.pending[path] = &site.NotFoundHit{Path: path, Hits: 1, First: at, Last: at}
}

// take returns the counts gathered and starts afresh.
func (l *notFoundLog) take() []site.NotFoundHit {
	l.mu.Lock()
	pending := l.pending
	l.pending = nil
	l.mu.Unlock()
	out := make([]site.NotFoundHit, 0, len(pending))
	for _, h := range pending {
		out = append(out, *h)
	}
	return out
}

func (l *notFoundLog) forget(path string) {
	l.mu.Lock()
	delete(l.pending, path)
	l.mu.Unlock()
}

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
	s.notFound.note(p, s.now())
}

// FlushNotFound writes the 404 hits counted since the last flush to the
// store. Counts that fail to be written are dropped (and logged): the log
// is a guide, not an account.
func (s *Server) FlushNotFound(ctx context.Context) {
	hits := s.notFound.take()
	if len(hits) == 0 {
		return
	}
	if err := s.Store.RecordNotFound(ctx, hits); err != nil {
		s.Logger.ErrorContext(ctx, "not-found log: write failed", "paths", len(hits), "err", err)
	}
}

// RunNotFoundLog flushes the 404 counts every interval until ctx ends.
func (s *Server) RunNotFoundLog(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.FlushNotFound(ctx)
		}
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
