package httpx

import (
	"testing"
)

func TestLimitKey(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.5":         "203.0.113.5",
		"::ffff:203.0.113.5":  "203.0.113.5",
		"2001:db8:1:2::1":     "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::": "2001:db8:1:2::/64",
		"fe80::1%eth0":        "fe80::/64",
		"::1":                 "::/64",
		"not an address":      "not an address",
	} {
		if got := LimitKey(addr); got != want {
			t.Errorf("LimitKey(%q) = %q, want %q", addr, got, want)
		}
	}
}
