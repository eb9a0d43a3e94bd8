package main

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"meridian/internal/postgres/pgtest"
)

// TestPostgresLoginLimitAcrossInstances sends 40 wrong passwords for one
// user at once to two instances on one PostgreSQL schema: exactly 5 are
// checked, and the lockout that follows lasts 15 minutes.
func TestPostgresLoginLimitAcrossInstances(t *testing.T) {
	dsn := pgtest.Schema(t)
	instances := []string{startSite(t, dsn), startSite(t, dsn)}
	login := func(base, password string) (int, string) {
		res, err := http.Post(base+"/api/admin/login", "application/json",
			strings.NewReader(`{"username":"admin","password":"`+password+`"}`))
		if err != nil {
			t.Error(err)
			return 0, ""
		}
		res.Body.Close()
		return res.StatusCode, res.Header.Get("Retry-After")
	}
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			st, _ := login(instances[i%2], "wrong password")
			mu.Lock()
			counts[st]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if counts[401] != 5 || counts[429] != 35 {
		t.Errorf("statuses = %v, want 5 × 401 and 35 × 429", counts)
	}
	for _, base := range instances {
		st, retry := login(base, "wrong password")
		if secs, _ := strconv.Atoi(retry); st != 429 || secs < 890 || secs > 900 {
			t.Errorf("%s after the burst: %d, Retry-After %q, want 429 and about 900", base, st, retry)
		}
	}
}
