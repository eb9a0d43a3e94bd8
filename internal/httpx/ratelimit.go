package httpx

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// RateLimiter allows at most limit events per key in any window, counting
// in memory: each instance keeps its own counts, and a restart forgets
// them. It keeps the times of the events a key had in the last window.
type RateLimiter struct {
	limit  int
	window time.Duration

	mu        sync.Mutex
	events    map[string][]time.Time
	lastSweep time.Time
}

// maxRateKeys bounds the keys a rate limiter tracks (some 20 MB).
const maxRateKeys = 100_000

func NewRateLimiter(limit int, window time.Duration) *RateLimiter {
	return &RateLimiter{limit: limit, window: window, events: map[string][]time.Time{}}
}

// allow records an event of key at now and reports whether it is within
// the limit; when it is not, it records nothing and says how long until
// the oldest event leaves the window. A limit of 0 allows everything.
func (l *RateLimiter) Allow(key string, now time.Time) (bool, time.Duration) {
	if l == nil || l.limit <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	// Forget keys gone quiet once per window, or when there are too many.
	// A flood of distinct addresses that fills the map even so starts the
	// counts afresh: memory stays bounded, and each key still meets its
	// limit until then.
	if now.Sub(l.lastSweep) >= l.window || len(l.events) >= maxRateKeys {
		for k, ts := range l.events {
			if len(ts) == 0 || now.Sub(ts[len(ts)-1]) >= l.window {
				delete(l.events, k)
			}
		}
		l.lastSweep = now
		if len(l.events) >= maxRateKeys {
			l.events = map[string][]time.Time{}
		}
	}
	ts := l.events[key]
	cut := 0
	for cut < len(ts) && now.Sub(ts[cut]) >= l.window {
		cut++
	}
	ts = ts[cut:]
	if len(ts) >= l.limit {
		l.events[key] = ts
		return false, l.window - now.Sub(ts[0])
	}
	l.events[key] = append(ts, now)
	return true, 0
}

// undo forgets the latest event of key, for an event allowed by one limit
// and refused by the next.
func (l *RateLimiter) Undo(key string) {
	if l == nil || l.limit <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if ts := l.events[key]; len(ts) > 0 {
		l.events[key] = ts[:len(ts)-1]
	}
}

// RetrySeconds is wait in whole seconds, rounded up, at least one.
func RetrySeconds(wait time.Duration) int {
	return max(int(math.Ceil(wait.Seconds())), 1)
}

// setRetryAfter tells a client to wait, in whole seconds (at least one).
func setRetryAfter(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(RetrySeconds(wait)))
}
