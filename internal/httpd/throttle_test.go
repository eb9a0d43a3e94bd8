package httpd

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

func (a *testAPI) loginFrom(addr, user, password string) (int, string) {
	a.t.Helper()
	res, _ := a.do("POST", "/api/admin/login", "", fmt.Sprintf(`{"username":%q,"password":%q}`, user, password),
		map[string]string{"X-Forwarded-For": addr})
	return res.StatusCode, res.Header.Get("Retry-After")
}

func TestLoginLockout(t *testing.T) {
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			a.user("root", true)
			const good = "correct horse battery"
			for i := 1; i <= 5; i++ {
				if st, _ := a.loginFrom("203.0.113.7", "root", "wrong"); st != 401 {
					t.Fatalf("failure %d: status %d, want 401", i, st)
				}
			}
			st, retry := a.loginFrom("203.0.113.7", "root", good)
			if st != 429 {
				t.Fatalf("right password while locked: %d, want 429", st)
			}
			first, _ := strconv.Atoi(retry)
			if first <= 0 {
				t.Fatalf("Retry-After = %q", retry)
			}
			// Another client address is not locked out for this user.
			if st, _ := a.loginFrom("198.51.100.9", "root", good); st != 200 {
				t.Errorf("other address: %d, want 200", st)
			}
			// The lockout ends, and the next one lasts longer.
			a.clock.Advance(time.Duration(first) * time.Second)
			for i := 1; i <= 5; i++ {
				if st, _ := a.loginFrom("203.0.113.7", "root", "wrong"); st != 401 {
					t.Fatalf("failure %d after the lockout: status %d", i, st)
				}
			}
			st, retry = a.loginFrom("203.0.113.7", "root", good)
			second, _ := strconv.Atoi(retry)
			if st != 429 || second <= first {
				t.Errorf("second lockout: %d, Retry-After %q, want 429 and more than %d", st, retry, first)
			}
			// A success resets the count.
			a.clock.Advance(time.Duration(second) * time.Second)
			for i := 0; i < 4; i++ {
				a.loginFrom("203.0.113.7", "root", "wrong")
			}
			if st, _ := a.loginFrom("203.0.113.7", "root", good); st != 200 {
				t.Fatalf("fifth attempt, right password: %d", st)
			}
			for i := 0; i < 4; i++ {
				if st, _ := a.loginFrom("203.0.113.7", "root", "wrong"); st != 401 {
					t.Errorf("failure %d after a success: %d, want 401", i+1, st)
				}
			}
			if st, _ := a.loginFrom("203.0.113.7", "root", good); st != 200 {
				t.Errorf("after 4 fresh failures: %d, want 200", st)
			}
		})
	}
}

func TestLoginHourlyLimit(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", true)
	// 100 failures from 25 addresses (4 each, under the per-address limit).
	for i := 0; i < 100; i++ {
		if st, _ := a.loginFrom(fmt.Sprintf("192.0.2.%d", i/4+1), "root", "wrong"); st != 401 {
			t.Fatalf("failure %d: %d", i+1, st)
		}
	}
	st, retry := a.loginFrom("192.0.2.200", "root", "correct horse battery")
	if st != 429 || retry == "" {
		t.Fatalf("after 100 failures in the hour: %d (Retry-After %q), want 429", st, retry)
	}
	a.clock.Advance(61 * time.Minute)
	if st, _ := a.loginFrom("192.0.2.200", "root", "correct horse battery"); st != 200 {
		t.Errorf("an hour later: %d, want 200", st)
	}
}

// X-Forwarded-For counts only from a trusted proxy: a client that sends it
// directly cannot pick a fresh address for each attempt.
func TestForwardedForOnlyFromTrustedProxies(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", true)
	a.srv.TrustedProxies = nil
	for i := 0; i < 5; i++ {
		a.loginFrom(fmt.Sprintf("10.9.9.%d", i), "root", "wrong")
	}
	if st, _ := a.loginFrom("10.9.9.99", "root", "correct horse battery"); st != 429 {
		t.Errorf("spoofed X-Forwarded-For escaped the lockout: %d, want 429", st)
	}
}

// The lockout is kept in the database: a restarted server (a new store on
// the same file, a new handler) still refuses the locked pair.
func TestLockoutSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	reopen := opener{"sqlite-file", func(t *testing.T) site.Store {
		db, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}}
	first := newTestAPI(t, reopen)
	first.user("root", true)
	for i := 0; i < 5; i++ {
		first.loginFrom("203.0.113.50", "root", "wrong")
	}
	first.ts.Close()
	first.store.Close()

	second := newTestAPI(t, reopen)
	if st, retry := second.loginFrom("203.0.113.50", "root", "correct horse battery"); st != 429 || retry == "" {
		t.Errorf("after a restart: %d (Retry-After %q), want 429", st, retry)
	}
}

// Guesses sent in parallel are counted one by one: no more than five of a
// burst from one address get an answer other than 429.
func TestParallelGuessesCounted(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", true)
	const n = 12
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, _ := a.loginFrom("203.0.113.77", "root", "wrong")
			statuses <- st
		}()
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for st := range statuses {
		counts[st]++
	}
	if counts[401] != 5 || counts[429] != n-5 {
		t.Errorf("statuses = %v, want 5 × 401 and %d × 429", counts, n-5)
	}
}
