package httpx

import (
	"sync"
	"time"
)

// refusalLogEvery is how often the refusals of one key are logged at most.
const refusalLogEvery = time.Minute

// RefusalLog keeps refused requests from flooding the log: a script over a
// limit is refused thousands of times a second, and one line for each
// would bury everything else (so are pages served stale in an outage). The first refusal of a key is logged at once;
// later ones at most once per refusalLogEvery, on a line that counts the
// refusals since the previous one. Memory stays bounded as a rateLimiter's.
type RefusalLog struct {
	mu        sync.Mutex
	keys      map[string]*refusals
	lastSweep time.Time
}

type refusals struct {
	logged time.Time // when the key's last line was written
	count  int       // refusals since then
}

// note counts a refusal of key at now and returns how many refusals the
// line due now stands for, this one included, or 0 when no line is due.
func (l *RefusalLog) Note(key string, now time.Time) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.keys == nil {
		l.keys = map[string]*refusals{}
	}
	if now.Sub(l.lastSweep) >= refusalLogEvery || len(l.keys) >= maxRateKeys {
		// A key whose refusals are all logged and whose line is old
		// would be logged at once on its next refusal: it can go.
		for k, r := range l.keys {
			if r.count == 0 && now.Sub(r.logged) >= refusalLogEvery {
				delete(l.keys, k)
			}
		}
		l.lastSweep = now
		if len(l.keys) >= maxRateKeys {
			l.keys = map[string]*refusals{}
		}
	}
	r, seen := l.keys[key]
	if !seen {
		r = &refusals{}
		l.keys[key] = r
	}
	r.count++
	if seen && now.Sub(r.logged) < refusalLogEvery {
		return 0
	}
	n := r.count
	r.logged, r.count = now, 0
	return n
}
