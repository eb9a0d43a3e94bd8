// Package hits counts in memory what visitors meet that staff act on (the
// addresses that answered 404, the redirects followed) and writes the
// counts to the database every few seconds: the serving of pages notes
// them, the API reads and clears them.
package hits

import (
	"context"
	"log/slog"
	"meridian/internal/site"
	"sync"
	"time"
)

// FlushEvery is how often an instance writes the hits it has counted
// (the addresses that answered 404, the redirects followed) to the
// database by default: one transaction for each log then, however many
// requests came, so that no hit costs a write of its own.
const FlushEvery = 10 * time.Second

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

// Log is the hit logs of one instance. Give the serving of pages and the
// API the same one.
type Log struct {
	Store  site.Store
	Logger *slog.Logger

	// notFound counts the addresses that answered 404, redirects the
	// redirects followed, by id, until they are flushed.
	notFound  notFoundLog
	redirects hitLog[int64]
	// notFoundWrites makes one step of each write of the not-found log:
	// a flush from its taking of the counts to its commit, and a path's
	// removal when a redirect mends it. Without it, a list could be read
	// while another flush is committing, and a flush that took a path's
	// counts before its redirect was added would write the path back.
	notFoundWrites sync.Mutex
}

// NotFound counts a 404 of path for the client (an address, or its /64,
// as httpx.LimitKey gives it) at the time at; a path longer than
// site.MaxNotFoundPath is not counted.
func (l *Log) NotFound(path, client string, at time.Time) {
	if len(path) > site.MaxNotFoundPath {
		return
	}
	l.notFound.note(path, client, at, site.MaxNotFoundPaths)
}

// Redirect counts a visit of the redirect id at the time at.
func (l *Log) Redirect(id int64, at time.Time) {
	l.redirects.note(id, at)
}

// Flush writes the hits counted since the last flush to the store: the
// 404 addresses and the redirects followed. Counts that fail to be
// written are dropped (and logged): the logs are a guide, not an account.
func (l *Log) Flush(ctx context.Context) {
	l.FlushNotFound(ctx)
	l.FlushRedirects(ctx)
}

// FlushNotFound writes the 404 hits counted since the last flush to the
// store (see Flush).
func (l *Log) FlushNotFound(ctx context.Context) {
	l.notFoundWrites.Lock()
	defer l.notFoundWrites.Unlock()
	hits := l.notFound.take()
	if len(hits) == 0 {
		return
	}
	if err := l.Store.RecordNotFound(ctx, hits); err != nil {
		l.Logger.ErrorContext(ctx, "not-found log: write failed", "paths", len(hits), "err", err)
	}
}

// Forget drops path from the not-found log, counted and stored: a
// redirect answers it now, so it is no longer an address to mend.
func (l *Log) Forget(ctx context.Context, path string) error {
	l.notFoundWrites.Lock()
	defer l.notFoundWrites.Unlock()
	l.notFound.forget(path)
	return l.Store.ForgetNotFound(ctx, path)
}

// FlushRedirects writes the redirects followed since the last flush to
// the store (see Flush).
func (l *Log) FlushRedirects(ctx context.Context) {
	counted := l.redirects.take()
	if len(counted) == 0 {
		return
	}
	hits := make([]site.RedirectHit, 0, len(counted))
	for id, t := range counted {
		hits = append(hits, site.RedirectHit{RedirectID: id, Hits: t.hits, Last: t.last})
	}
	if err := l.Store.RecordRedirectHits(ctx, hits); err != nil {
		l.Logger.ErrorContext(ctx, "redirect hits: write failed", "redirects", len(hits), "err", err)
	}
}
