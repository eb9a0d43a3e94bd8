package httpd

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"meridian/internal/site"
)

func FuzzDecodeBody(f *testing.F) {
	for _, s := range []string{
		`{"firstName":"A","lastName":"B","email":"a@b.co","company":"C"}`,
		`{"title":"x","order":"5","isActive":null}`,
		`{"a":1}`, `[]`, `{} {}`, `{"firstName":`, ``, `null`, `"text"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var lead leadInput
		status, eb := decodeBody(strings.NewReader(body), &lead)
		switch status {
		case 0:
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			if eb.Message == "" {
				t.Fatalf("status %d without a message for %q", status, body)
			}
		default:
			t.Fatalf("status %d for %q", status, body)
		}
		var menu menuInput
		if status, _ := decodeBody(strings.NewReader(body), &menu); status == 0 {
			// A decoded item either validates or names what is wrong.
			it := &site.MenuItem{Title: menu.Title, URL: menu.URL, Order: menu.Order, IsActive: orTrue(menu.IsActive)}
			if err := it.Validate(); err == nil && (it.Title == "" || it.URL == "") {
				t.Fatalf("accepted %+v", it)
			}
		}
	})
}

func FuzzClientAddr(f *testing.F) {
	f.Add("127.0.0.1:5000", "203.0.113.9, 10.0.0.1")
	f.Add("[::1]:80", "garbage, ::ffff:1.2.3.4")
	f.Add("198.51.100.1:1", "1.1.1.1")
	s := &Server{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"),
		netip.MustParsePrefix("::1/128"), netip.MustParsePrefix("10.0.0.0/8")}}
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		got := s.clientAddr(r)
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
