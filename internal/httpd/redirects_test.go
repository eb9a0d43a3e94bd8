package httpd

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestRedirectToItself: a target that is the source at the absolute
// address the site was reached at is refused as the bare path is (it
// would answer 301 to itself for ever), with a trailing slash, another
// scheme or a query too; the same path on another host is a redirect like
// any other (the last case: the others create nothing).
func TestRedirectToItself(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		token := a.signedIn("ed", "editor")
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

// TestRedirectRestoreChain: restoring a deleted redirect that would now
// make a chain (here a loop) with another is refused as creating it is
// (400, the same message), and the redirect stays deleted.
func TestRedirectRestoreChain(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		token := a.signedIn("ed", "editor")
		res, body := a.do("POST", "/api/admin/redirects", token, `{"source":"/spring-sale","target":"/offers"}`, nil)
		var rd struct{ Data struct{ ID int64 } }
		if res.StatusCode != 201 || json.Unmarshal([]byte(body), &rd) != nil {
			t.Fatalf("create: %d %s", res.StatusCode, body)
		}
		base := "/api/admin/redirects/" + strconv.FormatInt(rd.Data.ID, 10)
		if res, body := a.do("DELETE", base, token, "", nil); res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		_, body = a.do("GET", base+"/revisions", token, "", nil)
		var revs struct{ Data []struct{ ID int64 } }
		if json.Unmarshal([]byte(body), &revs) != nil || len(revs.Data) != 2 {
			t.Fatalf("revisions: %s", body)
		}
		created := strconv.FormatInt(revs.Data[1].ID, 10)
		if res, body := a.do("POST", "/api/admin/redirects", token, `{"source":"/offers","target":"/spring-sale"}`, nil); res.StatusCode != 201 {
			t.Fatalf("create the other way: %d %s", res.StatusCode, body)
		}
		res, body = a.do("POST", base+"/revisions/"+created+"/restore", token, "", nil)
		if res.StatusCode != 400 || !strings.Contains(body, `"target":"/offers redirects to /spring-sale already; point this redirect at /spring-sale instead, so that visitors get there in one step."`) {
			t.Errorf("restore into a loop: %d %s, want 400 naming /offers", res.StatusCode, body)
		}
		if _, list := a.do("GET", "/api/admin/redirects", token, "", nil); strings.Contains(list, `"source":"/spring-sale"`) {
			t.Errorf("refused restore stored: %s", list)
		}
	})
}
