package main

import (
	"regexp"
	"strings"
	"testing"
)

var modulePreload = regexp.MustCompile(`<link rel="modulepreload" crossorigin href="([^"]+)"`)

// Pages whose code is a chunk of its own announce that chunk, so the browser
// fetches it beside the main script; every announced file exists.
func TestPagesPreloadTheirChunks(t *testing.T) {
	ts := newTestSite(t)
	for _, tc := range []struct {
		path, chunk string
	}{
		{"/case-studies", "/assets/case-studies-page-"},
		{"/ai-journey", "/assets/ai-journey-page-"},
		{"/machine-learning", "/assets/solution-pages-"},
		{"/ai-consulting", "/assets/service-pages-"},
		{"/privacy-policy", "/assets/legal-page-"},
	} {
		res, body := get(t, ts.URL+tc.path, nil)
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d", tc.path, res.StatusCode)
		}
		var found bool
		for _, m := range modulePreload.FindAllStringSubmatch(body, -1) {
			found = found || strings.HasPrefix(m[1], tc.chunk)
			if r, _ := get(t, ts.URL+m[1], nil); r.StatusCode != 200 {
				t.Errorf("%s preloads %s, which answers %d", tc.path, m[1], r.StatusCode)
			}
		}
		if !found {
			t.Errorf("%s does not preload %s*.js", tc.path, tc.chunk)
		}
	}
	// The home page is in the main script: nothing beyond the shell's own.
	_, home := get(t, ts.URL+"/", nil)
	_, notFound := get(t, ts.URL+"/no-such-page", nil)
	if a, b := len(modulePreload.FindAllString(home, -1)), len(modulePreload.FindAllString(notFound, -1)); a != b {
		t.Errorf("/ has %d module preloads, the 404 page %d; want the same (the shell's)", a, b)
	}
}
