package httpx

import (
	"fmt"
	"testing"
	"time"
)

func TestRefusalLog(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var l RefusalLog
	for i, tc := range []struct {
		key   string
		after time.Duration
		want  int
	}{
		{"a", 0, 1},                  // the first refusal at once
		{"a", time.Second, 0},        // then quiet for a minute
		{"a", 59 * time.Second, 0},   //
		{"b", 59 * time.Second, 1},   // each key on its own
		{"a", time.Minute, 3},        // counting those in between
		{"a", 2 * time.Minute, 1},    //
		{"a", 10 * time.Minute, 1},   // a key gone quiet starts afresh
		{"a", 10*time.Minute + 1, 0}, //
		{"b", 10*time.Minute + 2, 1}, //
	} {
		if got := l.Note(tc.key, now.Add(tc.after)); got != tc.want {
			t.Errorf("refusal %d (%s at +%v): %d, want %d", i, tc.key, tc.after, got, tc.want)
		}
	}

	t.Run("BoundedKeys", func(t *testing.T) {
		var l RefusalLog
		for i := range maxRateKeys + 10 {
			if n := l.Note(fmt.Sprint(i), now); n != 1 {
				t.Fatalf("key %d: %d", i, n)
			}
		}
		if n := len(l.keys); n > maxRateKeys {
			t.Errorf("%d keys kept, want at most %d", n, maxRateKeys)
		}
	})
}
