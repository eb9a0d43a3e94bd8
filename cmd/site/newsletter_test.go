package main

import (
	"strings"
	"testing"
)

// TestNewsletterPages: the pages the newsletter's e-mails link to are
// rendered by the server like the others, with the site's header and
// footer, but kept out of search engines, caches, referrers and the
// sitemap; their slug is the site's own. Opening one changes nothing: its
// button posts the token (TestNewsletterConfirmAndUnsubscribe).
func TestNewsletterPages(t *testing.T) {
	ts := newTestSite(t)
	for path, heading := range map[string]string{
		"/newsletter/confirm?token=Zq7-link-token":     "Confirm your subscription",
		"/newsletter/unsubscribe?token=Zq7-link-token": "Unsubscribe from our newsletter",
	} {
		res, body := get(t, ts.URL+path, nil)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
		for k, want := range map[string]string{"X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"} {
			if got := res.Header.Get(k); got != want {
				t.Errorf("%s: %s %q, want %q", path, k, got, want)
			}
		}
		for _, want := range []string{`<meta name="robots" content="noindex" />`, ">" + heading + "</h1>", `aria-labelledby="footer-heading"`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %s", path, want)
			}
		}
		if strings.Contains(body, `rel="canonical"`) || strings.Contains(body, "Zq7-link-token") {
			t.Errorf("%s has a canonical link or its token in the HTML", path)
		}
	}
	if _, body := get(t, ts.URL+"/sitemap.xml", nil); strings.Contains(body, "/newsletter") {
		t.Errorf("the sitemap lists a page of the newsletter:\n%s", body)
	}
	status, body := send(t, "POST", ts.URL+"/api/admin/login", "", `{"username":"admin","password":"`+testPassword+`"}`)
	if status != 200 {
		t.Fatalf("login: %d %s", status, body)
	}
	token := body[strings.Index(body, `"sessionToken":"`)+16:]
	token = token[:strings.Index(token, `"`)]
	if status, body := send(t, "POST", ts.URL+"/api/admin/pages", token, `{"title":"News","slug":"newsletter","content":"x"}`); status != 400 || !strings.Contains(body, "belongs to the site itself") {
		t.Errorf("a page at /newsletter: %d %s", status, body)
	}
}
