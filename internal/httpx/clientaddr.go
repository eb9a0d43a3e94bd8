package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientAddr returns the address of the client: the connection's peer, or,
// when that peer is a trusted proxy, the last address in X-Forwarded-For
// that no trusted proxy added.
func (s *Base) ClientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	peer = peer.Unmap()
	if !s.trusted(peer) {
		return peer.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		a = a.Unmap()
		if !s.trusted(a) {
			return a.String()
		}
		peer = a
	}
	return peer.String()
}

func (s *Base) trusted(a netip.Addr) bool {
	for _, p := range s.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// LimitAddr is what the per-address limits (of leads and of sign-ins)
// count for the request's client: see limitKey.
func (s *Base) LimitAddr(r *http.Request) string {
	return LimitKey(s.ClientAddr(r))
}

// LimitKey is what a per-address limit counts for a client address: an
// IPv4 address (mapped into IPv6 or not) on its own, and an IPv6 address
// by its /64, the least a provider gives one customer, who could otherwise
// send each attempt from a new address of it.
func LimitKey(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	if a = a.Unmap(); a.Is4() {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return a.String()
	}
	return p.String()
}
