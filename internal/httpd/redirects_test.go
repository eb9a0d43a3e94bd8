package httpd

import (
	"strings"
	"testing"
)

// TestRedirectToItself: a target that is the source at the absolute
// address the site was reached at is refused as the bare path is (it
// would answer 301 to itself for ever), with a trailing slash, another
// scheme or a query too; the same path on another host is a redirect like
// any other (the last case: the others create nothing).
func TestRedirectToItself(t *testing.T) {
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			a.user("ed", "editor")
			token := a.login("ed")
			host := strings.TrimPrefix(a.ts.URL, "http://")
			for _, tc := range []struct {
				name, target string
				status       int
			}{
				{"Path", "/old", 400},
				{"AbsoluteAddress", "http://" + host + "/old", 400},
				{"TrailingSlash", "http://" + host + "/old/", 400},
				{"OtherScheme", "https://" + host + "/old?from=mail", 400},
				{"OtherHost", "https://elsewhere.example.org/old", 201},
			} {
				t.Run(tc.name, func(t *testing.T) {
					res, body := a.do("POST", "/api/admin/redirects", token, `{"source":"/old","target":"`+tc.target+`"}`, nil)
					if res.StatusCode != tc.status {
						t.Fatalf("%s: %d %s, want %d", tc.target, res.StatusCode, body, tc.status)
					}
					if tc.status == 400 && !strings.Contains(body, "A redirect cannot lead to its own source") || tc.status == 201 && !strings.Contains(body, `"source":"/old"`) {
						t.Errorf("%s: %s", tc.target, body)
					}
				})
			}
		})
	}
}
