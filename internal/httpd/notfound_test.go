package httpd

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// notFoundFrom counts a 404 of path asked by the client address addr.
func notFoundFrom(s *Server, method, path, addr string) {
	r := httptest.NewRequest(method, path, nil)
	r.RemoteAddr = addr + ":40000"
	s.noteNotFound(r)
}

// TestNotFoundLogBounded: the counts kept in memory hold at most
// site.MaxNotFoundPaths paths, however many addresses a flood tries, each
// at most site.MaxNotFoundPath bytes, and only GETs count; one client
// address brings at most notFoundNewPaths paths a minute, and is one
// visitor of a path however often it asks.
func TestNotFoundLogBounded(t *testing.T) {
	s := &Server{Now: func() time.Time { return time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC) }}
	for i := range site.MaxNotFoundPaths + 500 {
		notFoundFrom(s, "GET", fmt.Sprintf("/flood/%d", i), fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	notFoundFrom(s, "GET", "/flood/1499", "10.0.5.219")
	notFoundFrom(s, "HEAD", "/flood/1499", "10.9.9.9")
	notFoundFrom(s, "GET", "/"+strings.Repeat("a", site.MaxNotFoundPath), "10.9.9.9")
	hits := s.notFound.take()
	if len(hits) != site.MaxNotFoundPaths {
		t.Fatalf("kept %d paths, want %d", len(hits), site.MaxNotFoundPaths)
	}
	for _, h := range hits {
		if len(h.Path) > site.MaxNotFoundPath {
			t.Errorf("kept a path of %d bytes", len(h.Path))
		}
		if h.Path == "/flood/1499" && (h.Hits != 2 || h.Visitors != 1) {
			t.Errorf("/flood/1499: %d hits of %d visitors, want 2 of 1 (GETs only, one address)", h.Hits, h.Visitors)
		}
	}
	if again := s.notFound.take(); len(again) != 0 {
		t.Errorf("take left %d paths behind", len(again))
	}

	one := &Server{Now: s.Now}
	for i := range 100 {
		notFoundFrom(one, "GET", fmt.Sprintf("/one/%d", i), "192.0.2.1")
	}
	if n := len(one.notFound.take()); n != notFoundNewPaths {
		t.Errorf("one address brought %d paths in a minute, want %d", n, notFoundNewPaths)
	}
}

// TestNotFoundFlood: one address asking for thousands of random paths
// for an hour, its counts written every minute, pushes out no path that
// three addresses opened, before the flood or during it: both stay in
// GET /api/admin/not-found, at its top, each with its three visitors.
func TestNotFoundFlood(t *testing.T) {
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			a.user("ed", "editor")
			ctx := context.Background()
			for _, addr := range []string{"198.51.100.1", "198.51.100.2", "2001:db8:1:2::7"} {
				for range 2 {
					notFoundFrom(a.srv, "GET", "/real-broken-link", addr)
				}
			}
			for minute := range 60 {
				for i := range 100 {
					notFoundFrom(a.srv, "GET", fmt.Sprintf("/junk/%d/%d", minute, i), "203.0.113.9")
				}
				if minute == 30 {
					for _, addr := range []string{"198.51.100.1", "198.51.100.3", "[2001:db8:1:3::7]"} {
						notFoundFrom(a.srv, "GET", "/old-campaign", addr)
					}
				}
				a.srv.FlushNotFound(ctx)
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
}
