package httpx

import (
	"net/http"
	"net/netip"
	"testing"
)

func FuzzClientAddr(f *testing.F) {
	f.Add("127.0.0.1:5000", "203.0.113.9, 10.0.0.1")
	f.Add("[::1]:80", "garbage, ::ffff:1.2.3.4")
	f.Add("198.51.100.1:1", "1.1.1.1")
	s := &Base{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"),
		netip.MustParsePrefix("::1/128"), netip.MustParsePrefix("10.0.0.0/8")}}
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		got := s.ClientAddr(r)
		ap, err := netip.ParseAddrPort(remote)
		if err != nil {
			return
		}
		peer := ap.Addr().Unmap()
		if !s.trusted(peer) && got != peer.String() {
			t.Fatalf("untrusted peer %q: client %q, want the peer", remote, got)
		}
		if s.trusted(peer) {
			if _, err := netip.ParseAddr(got); err != nil {
				t.Fatalf("trusted peer %q with X-Forwarded-For %q: client %q is no address", remote, xff, got)
			}
		}
	})
}
