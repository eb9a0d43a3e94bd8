package hits

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// TestNotFoundLogBounded: the counts kept in memory hold at most
// site.MaxNotFoundPaths paths, however many addresses a flood tries, each
// at most site.MaxNotFoundPath bytes; one client address brings at most
// notFoundNewPaths paths a minute, and is one visitor of a path however
// often it asks.
func TestNotFoundLogBounded(t *testing.T) {
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var l Log
	for i := range site.MaxNotFoundPaths + 500 {
		l.NotFound(fmt.Sprintf("/flood/%d", i), fmt.Sprintf("10.0.%d.%d", i/256, i%256), at)
	}
	l.NotFound("/flood/1499", "10.0.5.219", at)
	l.NotFound("/"+strings.Repeat("a", site.MaxNotFoundPath), "10.9.9.9", at)
	hits := l.notFound.take()
	if len(hits) != site.MaxNotFoundPaths {
		t.Fatalf("kept %d paths, want %d", len(hits), site.MaxNotFoundPaths)
	}
	for _, h := range hits {
		if len(h.Path) > site.MaxNotFoundPath {
			t.Errorf("kept a path of %d bytes", len(h.Path))
		}
		if h.Path == "/flood/1499" && (h.Hits != 2 || h.Visitors != 1) {
			t.Errorf("/flood/1499: %d hits of %d visitors, want 2 of 1 (one address)", h.Hits, h.Visitors)
		}
	}
	if again := l.notFound.take(); len(again) != 0 {
		t.Errorf("take left %d paths behind", len(again))
	}

	var one Log
	for i := range 100 {
		one.NotFound(fmt.Sprintf("/one/%d", i), "192.0.2.1", at)
	}
	if n := len(one.notFound.take()); n != notFoundNewPaths {
		t.Errorf("one address brought %d paths in a minute, want %d", n, notFoundNewPaths)
	}
}
