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
	"meridian/internal/storetest/dbtest"
)

func (a *testAPI) loginFrom(addr, user, password string) (int, string) {
	a.t.Helper()
	res, _ := a.do("POST", "/api/admin/login", "", fmt.Sprintf(`{"username":%q,"password":%q}`, user, password),
		map[string]string{"X-Forwarded-For": addr})
	return res.StatusCode, res.Header.Get("Retry-After")
}

func TestLoginLockout(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
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

func TestLoginHourlyLimit(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", site.RoleAdmin)
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
	a.user("root", site.RoleAdmin)
	a.configure(func(s *Server) { s.TrustedProxies = nil })
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
	first.user("root", site.RoleAdmin)
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
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		if counts := guessAtOnce([]*testAPI{a}, 40); counts[401] != 5 || counts[429] != 35 {
			t.Errorf("statuses = %v, want 5 × 401 and 35 × 429", counts)
		}
	})
}

// sharedDatabases opens one database twice, as two instances of the site do:
// a SQLite file and, when TEST_DATABASE_URL is set, a PostgreSQL schema.
func sharedDatabases(t *testing.T) []struct {
	name string
	open func(t *testing.T) (site.Store, site.Store)
} {
	t.Helper()
	var list []struct {
		name string
		open func(t *testing.T) (site.Store, site.Store)
	}
	for _, d := range dbtest.Databases() {
		list = append(list, struct {
			name string
			open func(t *testing.T) (site.Store, site.Store)
		}{d.Name, func(t *testing.T) (site.Store, site.Store) {
			open := d.New(t)
			return open(t), open(t)
		}})
	}
	return list
}

// guessAtOnce sends n wrong passwords for root from one address at once,
// spread over the instances, and counts the answers by status.
func guessAtOnce(instances []*testAPI, n int) map[int]int {
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, _ := instances[i%len(instances)].loginFrom("203.0.113.77", "root", "wrong")
			statuses <- st
		}()
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for st := range statuses {
		counts[st]++
	}
	return counts
}

// The limit of 5 failures holds however many instances share the database:
// of 40 guesses sent at once to two instances, exactly 5 are checked.
func TestLoginLimitAcrossInstances(t *testing.T) {
	for _, db := range sharedDatabases(t) {
		t.Run(db.name, func(t *testing.T) {
			s1, s2 := db.open(t)
			c := &clock{t: time.Now().UTC()}
			a, b := serveStore(t, s1, c), serveStore(t, s2, c)
			a.user("root", site.RoleAdmin)
			if counts := guessAtOnce([]*testAPI{a, b}, 40); counts[401] != 5 || counts[429] != 35 {
				t.Errorf("statuses = %v, want 5 × 401 and 35 × 429", counts)
			}
			if st, _ := b.loginFrom("203.0.113.77", "root", "correct horse battery"); st != 429 {
				t.Errorf("right password after the burst: %d, want 429", st)
			}
		})
	}
}

// The first lockout lasts 15 minutes, announced in Retry-After.
func TestLoginLockoutLasts15MinutesByDefault(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		for i := 0; i < 5; i++ {
			a.loginFrom("203.0.113.7", "root", "wrong")
		}
		st, retry := a.loginFrom("203.0.113.7", "root", "correct horse battery")
		if secs, _ := strconv.Atoi(retry); st != 429 || secs < 895 || secs > 900 {
			t.Fatalf("after 5 failures: %d, Retry-After %q, want 429 and about 900", st, retry)
		}
		a.clock.Advance(14 * time.Minute)
		if st, retry := a.loginFrom("203.0.113.7", "root", "correct horse battery"); st != 429 || retry != "60" {
			t.Errorf("14 minutes later: %d, Retry-After %q, want 429 and 60", st, retry)
		}
		a.clock.Advance(time.Minute)
		if st, _ := a.loginFrom("203.0.113.7", "root", "correct horse battery"); st != 200 {
			t.Errorf("15 minutes later: %d, want 200", st)
		}
	})
}

// Server.LoginLockout sets the first lockout; the next lasts twice as long.
func TestLoginLockoutConfigured(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", site.RoleAdmin)
	a.configure(func(s *Server) { s.LoginLockout = 2 * time.Minute })
	for _, want := range []string{"120", "240"} {
		for i := 0; i < 5; i++ {
			if st, _ := a.loginFrom("203.0.113.7", "root", "wrong"); st != 401 {
				t.Fatalf("failure %d: %d, want 401", i+1, st)
			}
		}
		if st, retry := a.loginFrom("203.0.113.7", "root", "wrong"); st != 429 || retry != want {
			t.Errorf("locked: %d, Retry-After %q, want 429 and %s", st, retry, want)
		}
		secs, _ := strconv.Atoi(want)
		a.clock.Advance(time.Duration(secs) * time.Second)
	}
}

// An IPv6 client is counted by its /64: five failures from five addresses
// of one /64 lock every address of it out, and no other /64; an IPv4
// client is counted by its own address.
func TestLoginLockoutCountsIPv6By64(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		for i := 1; i <= 5; i++ {
			if st, _ := a.loginFrom(fmt.Sprintf("2001:db8:1:2::%x", i), "root", "wrong"); st != 401 {
				t.Fatalf("failure %d: %d, want 401", i, st)
			}
		}
		if st, retry := a.loginFrom("2001:db8:1:2:ffff::9", "root", "correct horse battery"); st != 429 || retry == "" {
			t.Errorf("another address of the /64: %d (Retry-After %q), want 429", st, retry)
		}
		if st, _ := a.loginFrom("2001:db8:1:3::1", "root", "correct horse battery"); st != 200 {
			t.Errorf("another /64: %d, want 200", st)
		}
		for i := 1; i <= 4; i++ {
			a.loginFrom(fmt.Sprintf("192.0.2.%d", i), "root", "wrong")
		}
		if st, _ := a.loginFrom("192.0.2.5", "root", "correct horse battery"); st != 200 {
			t.Errorf("IPv4, another address: %d, want 200", st)
		}
	})
}
