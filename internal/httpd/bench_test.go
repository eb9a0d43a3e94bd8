package httpd

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// The public writes of many visitors at once, timed in the process on a
// SQLite file: go test -run '^$' -bench Ingest ./internal/httpd (add
// -cpuprofile to see where the time goes).

// benchSite is the site's handler over a fresh SQLite file, trusting the
// X-Forwarded-For of 127.0.0.1.
func benchSite(b *testing.B) http.Handler {
	store, err := sqlite.Open(b.Context(), b.TempDir()+"/site.db")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	c := &clock{t: time.Now().UTC()}
	srv := &Server{Store: store, Version: new(site.ContentVersion), Logger: slog.New(slog.DiscardHandler), Now: c.Now,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	return srv.Handler()
}

// visitorPost is a POST of a JSON body from a browser at addr, through the
// trusted proxy.
func visitorPost(path, body, addr string) *http.Request {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.RemoteAddr = "127.0.0.1:5000"
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", browserUA)
	r.Header.Set("X-Forwarded-For", addr)
	return r
}

// BenchmarkEventIngest times POST /api/events in the process, each event
// from a new visitor: decoding, checks, the limit and the count.
func BenchmarkEventIngest(b *testing.B) {
	h := benchSite(b)
	body := `{"type":"pageview","path":"/about-us","referrer":"https://www.google.com/","width":1280}`
	b.ResetTimer()
	for i := range b.N {
		r := visitorPost("/api/events", body, fmt.Sprintf("203.0.%d.%d", (i/250)%250, i%250))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusAccepted {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

// BenchmarkLeadIngest times POST /api/contact from 16 visitors at once,
// each lead from its own address and e-mail, through SQLite's group
// commit: the lead, its owner and its deliveries.
func BenchmarkLeadIngest(b *testing.B) {
	h := benchSite(b)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			body := fmt.Sprintf(`{"firstName":"Ann","lastName":"Lee","email":"ann%d@example.com","company":"Acme","fillMs":5000}`, i)
			r := visitorPost("/api/contact", body, fmt.Sprintf("198.%d.%d.%d", (i/62500)%250, (i/250)%250, i%250))
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != 201 {
				b.Errorf("%d %s", w.Code, w.Body)
				return
			}
		}
	})
}
