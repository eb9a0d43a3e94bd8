package httpd

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"unicode/utf8"

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
		err := decodeBody(strings.NewReader(body), &lead)
		switch site.ErrorCode(err) {
		case site.EINTERNAL:
			if err != nil {
				t.Fatalf("%v for %q", err, body)
			}
			// A decoded body passed site.CheckText: one-line fields hold
			// no control character, multi-line ones none but line breaks
			// and tabs, the visit's fields none at all.
			for _, v := range []string{lead.FirstName, lead.LastName, lead.Email, lead.Company, lead.JobTitle,
				lead.AISolutionInterest, lead.Website, lead.Page, lead.Referrer, lead.UTMSource, lead.UTMMedium,
				lead.UTMCampaign, lead.UTMTerm, lead.UTMContent} {
				if strings.ContainsFunc(v, controlChar(false)) || !utf8.ValidString(v) {
					t.Fatalf("accepted %q in a one-line field of %q", v, body)
				}
			}
			if strings.ContainsFunc(lead.ProjectDetails, controlChar(true)) {
				t.Fatalf("accepted project details %q of %q", lead.ProjectDetails, body)
			}
		case site.EINVALID, site.ETOOLARGE:
			if site.ErrorMessage(err) == "" {
				t.Fatalf("%v without a message for %q", err, body)
			}
		default:
			t.Fatalf("%v for %q", err, body)
		}
		it := site.MenuItems.New().(*site.MenuItem)
		if err := decodeBody(strings.NewReader(body), it); err == nil {
			// A decoded item either validates or names what is wrong.
			if err := it.Validate(); err == nil && (it.Title == "" || it.URL == "") {
				t.Fatalf("accepted %+v", it)
			}
		}
	})
}

// controlChar reports the characters a field must not hold after
// decoding: control characters and line separators, but for line breaks
// and tabs in a multi-line field.
func controlChar(multiline bool) func(rune) bool {
	return func(r rune) bool {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			return false
		}
		return r < 0x20 || r >= 0x7f && r <= 0x9f || r == '\u2028' || r == '\u2029'
	}
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
