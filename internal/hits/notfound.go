package hits

import (
	"hash/maphash"
	"slices"
	"sync"
	"time"

	"meridian/internal/httpx"
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
	newPaths *httpx.RateLimiter
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
		l.newPaths = httpx.NewRateLimiter(notFoundNewPaths, time.Minute)
	}
	c := l.paths[path]
	if c == nil {
		if ok, _ := l.newPaths.Allow(client, at); !ok {
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
