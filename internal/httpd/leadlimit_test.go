package httpd

import (
	"fmt"
	"meridian/internal/inbox"
	"testing"
)

// TestLeadLimitIPv6Prefix: an IPv6 client holds a whole /64 and could take
// a new address for each lead, so the per-address limit counts the /64.
func TestLeadLimitIPv6Prefix(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.configure(func(s *Server) { s.LeadLimits = inbox.DefaultLeadLimits })
		post := func(i int, addr string) int {
			res, body := a.do("POST", "/api/contact", "", leadJSON(fmt.Sprintf("v%d@example.com", i), ""), map[string]string{"X-Forwarded-For": addr})
			if res.StatusCode != 201 && res.StatusCode != 429 {
				t.Fatalf("lead from %s: %d %s", addr, res.StatusCode, body)
			}
			return res.StatusCode
		}
		for i := 1; i <= 11; i++ {
			want := 201
			if i == 11 {
				want = 429
			}
			if st := post(i, fmt.Sprintf("2001:db8:1:2::%x", i)); st != want {
				t.Errorf("lead %d from one /64: %d, want %d", i, st, want)
			}
		}
		if st := post(100, "2001:db8:1:3::1"); st != 201 {
			t.Errorf("lead from the next /64: %d, want 201", st)
		}
		// IPv4 clients, also as IPv4-mapped IPv6, count one address each.
		for i := 1; i <= 11; i++ {
			addr := fmt.Sprintf("198.51.100.%d", i)
			if i%2 == 0 {
				addr = "::ffff:" + addr
			}
			if st := post(200+i, addr); st != 201 {
				t.Errorf("lead %d from its own IPv4 address %s: %d, want 201", i, addr, st)
			}
		}
		for i := 1; i <= 10; i++ {
			addr := "203.0.113.7"
			if i%2 == 0 {
				addr = "::ffff:203.0.113.7"
			}
			post(300+i, addr)
		}
		if st := post(400, "::ffff:203.0.113.7"); st != 429 {
			t.Errorf("11th lead of one IPv4 address, mapped or not: %d, want 429", st)
		}
	})
}
