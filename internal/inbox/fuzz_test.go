package inbox

import (
	"strings"
	"testing"
	"unicode/utf8"

	"meridian/internal/httpx"
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
		err := httpx.DecodeBody(strings.NewReader(body), &lead)
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
		if err := httpx.DecodeBody(strings.NewReader(body), it); err == nil {
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
