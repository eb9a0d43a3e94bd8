package analytics

import (
	"log/slog"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/storetest/dbtest"
)

// TestCounterDays: a visitor counts once a day however often it comes; at
// midnight the counter takes the new day's salt, and the same visitor
// counts again, under an id that cannot be joined with the day before.
func TestCounterDays(t *testing.T) {
	store := dbtest.Databases()[0].New(t)(t)
	var mu sync.Mutex
	now := time.Date(2026, 6, 1, 23, 58, 0, 0, time.UTC)
	c := &Counter{Store: store, Logger: slog.New(slog.DiscardHandler), Host: "meridian.example",
		Clock: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }}
	visit := Visit{Addr: "198.51.100.1", UserAgent: "Mozilla/5.0"}
	view := &site.Event{Type: site.EventPageview, Path: "/", Width: 1280, Referrer: "https://meridian.example/x"}
	for range 3 {
		if err := c.Count(t.Context(), view, visit); err != nil {
			t.Fatal(err)
		}
	}
	c.Flush(t.Context())
	mu.Lock()
	now = now.Add(4 * time.Minute)
	mu.Unlock()
	if err := c.Count(t.Context(), view, visit); err != nil {
		t.Fatal(err)
	}
	c.Flush(t.Context())

	r, err := store.FindAnalytics(t.Context(), time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 6, 3, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	visitors, views := map[string]int64{}, map[string]int64{}
	for _, d := range r.Daily {
		switch {
		case d.Kind == site.VisitorsSite:
			visitors[d.Day], views[d.Day] = d.Visitors, d.Pageviews
		case d.Kind == site.VisitorsSource && d.Key != "":
			t.Errorf("source %q: the site's own referrer is no source", d.Key)
		}
	}
	if visitors["2026-06-01"] != 1 || visitors["2026-06-02"] != 1 || views["2026-06-01"] != 3 || views["2026-06-02"] != 1 {
		t.Errorf("visitors by day %v, views %v; want one visitor each day, 3 views then 1", visitors, views)
	}
}
