package httpd

import (
	"context"
	"hash/maphash"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"meridian/internal/site"
)

// Bounds of the 404s counted in memory: a client address brings at most
// notFoundNewPaths paths a minute into the count, and each path keeps at
// most notFoundVisitorsKept of its visitors (as hashes) to tell a new one
// from one seen before.
const (
	notFoundNewPaths     = 30
	notFoundVisitorsKept = 32
)

// notFoundLog counts the 404s of each path, and how many distinct client
// addresses asked for it, in memory between two writes to the database.
// Distinct visitors are what tell a real broken link from a flood: one
// address asking for thousands of random paths brings 30 a minute into
// the count, each seen by one visitor, and when the count is full a new
// path takes the place of the one with the fewest visitors, never of a
// path that several visitors opened. A path stays (without hits) after
// its counts are taken, so that a visitor coming back is not counted
// twice, until its place is taken.
type notFoundLog struct {
	mu       sync.Mutex
	seed     maphash.Seed
	paths    map[string]*notFoundCount
	newPaths *rateLimiter
}

// notFoundCount is what the log knows of one path.
type notFoundCount struct {
	tally // since the counts were last taken; no hits when none
	// visitors are the hashes of the client addresses that asked, all
	// of them up to notFoundVisitorsKept; fresh counts those seen since
	// the counts were last taken.
	visitors []uint64
	fresh    int64
	// seen is the latest hit, kept when the counts are taken.
	seen time.Time
}

// note counts a 404 of path for the client (an address, or its /64) at
// the time at, keeping at most limit paths.
func (l *notFoundLog) note(path, client string, at time.Time, limit int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.paths == nil {
		l.seed = maphash.MakeSeed()
		l.paths = make(map[string]*notFoundCount)
		l.newPaths = newRateLimiter(notFoundNewPaths, time.Minute)
	}
	c := l.paths[path]
	if c == nil {
		if ok, _ := l.newPaths.allow(client, at); !ok {
			return
		}
		if len(l.paths) >= limit {
			l.evict()
		}
		c = &notFoundCount{}
		l.paths[path] = c
	}
	if c.hits == 0 {
		c.first = at
	}
	c.hits++
	c.last, c.seen = at, at
	if h := maphash.String(l.seed, client); len(c.visitors) < notFoundVisitorsKept && !slices.Contains(c.visitors, h) {
		c.visitors = append(c.visitors, h)
		c.fresh++
	}
}

// evict forgets the path with the fewest visitors, the one seen longest
// ago among them. l.mu is held.
func (l *notFoundLog) evict() {
	var victim string
	var least *notFoundCount
	for p, c := range l.paths {
		if least == nil || len(c.visitors) < len(least.visitors) ||
			len(c.visitors) == len(least.visitors) && c.seen.Before(least.seen) {
			victim, least = p, c
		}
	}
	delete(l.paths, victim)
}

// take returns the counts gathered since the last take, with the new
// visitors of each path, and starts them afresh.
func (l *notFoundLog) take() []site.NotFoundHit {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []site.NotFoundHit
	for p, c := range l.paths {
		if c.hits == 0 {
			continue
		}
		out = append(out, site.NotFoundHit{Path: p, Hits: c.hits, Visitors: c.fresh, First: c.first, Last: c.last})
		c.tally, c.fresh = tally{}, 0
	}
	return out
}

// forget drops path from the count (a redirect answers it now).
func (l *notFoundLog) forget(path string) {
	l.mu.Lock()
	delete(l.paths, path)
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
	s.notFound.note(p, limitKey(s.clientAddr(r)), s.now(), site.MaxNotFoundPaths)
}

// FlushNotFound writes the 404 hits counted since the last flush to the
// store (see FlushHits).
func (s *Server) FlushNotFound(ctx context.Context) {
	s.notFoundWrites.Lock()
	defer s.notFoundWrites.Unlock()
	hits := s.notFound.take()
	if len(hits) == 0 {
		return
	}
	if err := s.Store.RecordNotFound(ctx, hits); err != nil {
		s.Logger.ErrorContext(ctx, "not-found log: write failed", "paths", len(hits), "err", err)
	}
}

// handleNotFoundList answers the log of 404 addresses, the most visitors
// first, with this instance's latest counts written first. An address
// that answers now (a page was published there, or a redirect added on
// another instance) has nothing left to mend: it leaves the log.
func (s *Server) handleNotFoundList(w http.ResponseWriter, r *http.Request) error {
	s.FlushNotFound(r.Context())
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
	writeOK(w, list)
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
	id, err := pathID(r, "Not found entry")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteNotFound(r.Context(), id); err != nil {
		return err
	}
	writeDone(w)
	return nil
}
