package httpd

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// TestNotFoundLogBounded: the counts kept between two writes hold at most
// site.MaxNotFoundPaths paths, however many addresses a flood tries, each
// at most site.MaxNotFoundPath bytes, and only GETs count.
func TestNotFoundLogBounded(t *testing.T) {
	s := &Server{Now: func() time.Time { return time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC) }}
	for i := range site.MaxNotFoundPaths + 500 {
		s.noteNotFound(httptest.NewRequest("GET", fmt.Sprintf("/flood/%d", i), nil))
	}
	s.noteNotFound(httptest.NewRequest("GET", "/flood/0", nil))
	s.noteNotFound(httptest.NewRequest("HEAD", "/flood/0", nil))
	s.noteNotFound(httptest.NewRequest("GET", "/"+strings.Repeat("a", site.MaxNotFoundPath), nil))
	hits := s.notFound.take()
	if len(hits) != site.MaxNotFoundPaths {
		t.Fatalf("kept %d paths, want %d", len(hits), site.MaxNotFoundPaths)
	}
	for path, h := range hits {
		if len(path) > site.MaxNotFoundPath {
			t.Errorf("kept a path of %d bytes", len(path))
		}
		if path == "/flood/0" && h.hits != 2 {
			t.Errorf("/flood/0: %d hits, want 2 (GETs only)", h.hits)
		}
	}
	if again := s.notFound.take(); len(again) != 0 {
		t.Errorf("take left %d paths behind", len(again))
	}
}
