package httpd

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// notFoundFrom counts a 404 of path asked by the client address addr, as
// the serving of pages does.
func notFoundFrom(s *Server, path, addr string) {
	s.hits.NotFound(path, httpx.LimitKey(addr), s.Now())
}

// TestNotFoundFlood: one address asking for thousands of random paths
// for an hour, its counts written every minute, pushes out no path that
// three addresses opened, before the flood or during it: both stay in
// GET /api/admin/not-found, at its top, each with its three visitors.
func TestNotFoundFlood(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("ed", "editor")
		ctx := context.Background()
		for _, addr := range []string{"198.51.100.1", "198.51.100.2", "2001:db8:1:2::7"} {
			for range 2 {
				notFoundFrom(a.srv, "/real-broken-link", addr)
			}
		}
		for minute := range 60 {
			for i := range 100 {
				notFoundFrom(a.srv, fmt.Sprintf("/junk/%d/%d", minute, i), "203.0.113.9")
			}
			if minute == 30 {
				for _, addr := range []string{"198.51.100.1", "198.51.100.3", "2001:db8:1:3::7"} {
					notFoundFrom(a.srv, "/old-campaign", addr)
				}
			}
			a.srv.hits.FlushNotFound(ctx)
			a.clock.Advance(time.Minute)
		}
		res, body := a.do("GET", "/api/admin/not-found", a.login("ed"), "", nil)
		var out struct{ Data []site.NotFoundPath }
		if err := json.Unmarshal([]byte(body), &out); err != nil || res.StatusCode != 200 {
			t.Fatalf("list: %d %s", res.StatusCode, body)
		}
		if len(out.Data) < 2 || len(out.Data) > site.MaxNotFoundPaths {
			t.Fatalf("the log holds %d paths", len(out.Data))
		}
		top := map[string]site.NotFoundPath{out.Data[0].Path: out.Data[0], out.Data[1].Path: out.Data[1]}
		if r := top["/real-broken-link"]; r.Visitors != 3 || r.Hits != 6 {
			t.Errorf("/real-broken-link: %+v, want 6 hits of 3 visitors at the top", r)
		}
		if r := top["/old-campaign"]; r.Visitors != 3 || r.Hits != 3 {
			t.Errorf("/old-campaign: %+v, want 3 hits of 3 visitors at the top", r)
		}
	})
}
