package httpd

import (
	"context"
	"sync"
	"time"
)

// HitsFlushEvery is how often an instance writes the hits it has counted
// (the addresses that answered 404, the redirects followed) to the
// database by default: one transaction for each log then, however many
// requests came, so that no hit costs a write of its own.
const HitsFlushEvery = 10 * time.Second

// tally is what a hitLog counted of one key since it was last taken.
type tally struct {
	hits        int64
	first, last time.Time
}

// hitLog counts hits by key in memory between two writes to the database:
// noting one takes a lock and a map update, nothing more.
type hitLog[K comparable] struct {
	mu      sync.Mutex
	pending map[K]*tally
}

// note counts a hit of k at the time at.
func (l *hitLog[K]) note(k K, at time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if t := l.pending[k]; t != nil {
		t.hits++
		t.last = at
		return
	}
	if l.pending == nil {
		l.pending = make(map[K]*tally)
	}
	l.pending[k] = &tally{hits: 1, first: at, last: at}
}

// take returns the counts gathered and starts afresh.
func (l *hitLog[K]) take() map[K]tally {
	l.mu.Lock()
	pending := l.pending
	l.pending = nil
	l.mu.Unlock()
	out := make(map[K]tally, len(pending))
	for k, t := range pending {
		out[k] = *t
	}
	return out
}

// FlushHits writes the hits counted since the last flush to the store:
// the 404 addresses and the redirects followed. Counts that fail to be
// written are dropped (and logged): the logs are a guide, not an account.
func (s *Server) FlushHits(ctx context.Context) {
	s.FlushNotFound(ctx)
	s.FlushRedirectHits(ctx)
}

// RunHitLogs flushes the hits every interval until ctx ends.
func (s *Server) RunHitLogs(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.FlushHits(ctx)
		}
	}
}
