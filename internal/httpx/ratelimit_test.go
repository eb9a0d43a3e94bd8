package httpx

import (
	"fmt"
	"testing"
	"time"
)

func TestRateLimiter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := NewRateLimiter(2, time.Hour)
	for i, want := range []bool{true, true, false} {
		if ok, _ := l.Allow("a", now.Add(time.Duration(i)*time.Minute)); ok != want {
			t.Errorf("event %d: allowed %v, want %v", i, ok, want)
		}
	}
	// The wait is until the first event leaves the window.
	if ok, wait := l.Allow("a", now.Add(30*time.Minute)); ok || wait != 30*time.Minute {
		t.Errorf("over the limit: %v, wait %v; want 30m", ok, wait)
	}
	if ok, _ := l.Allow("a", now.Add(time.Hour)); !ok {
		t.Error("the first event did not leave the window")
	}
	if ok, _ := (*RateLimiter)(nil).Allow("x", now); !ok {
		t.Error("no limiter refused")
	}
	if ok, _ := NewRateLimiter(0, time.Hour).Allow("x", now); !ok {
		t.Error("limit 0 refused")
	}

	t.Run("BoundedKeys", func(t *testing.T) {
		l := NewRateLimiter(1, time.Hour)
		for i := range maxRateKeys + 10 {
			if ok, _ := l.Allow(fmt.Sprint(i), now); !ok {
				t.Fatalf("key %d refused", i)
			}
		}
		if n := len(l.events); n > maxRateKeys {
			t.Errorf("%d keys kept, want at most %d", n, maxRateKeys)
		}
	})
}
