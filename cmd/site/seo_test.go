package main

import (
	"encoding/xml"
	"strings"
	"testing"
)

func TestRobotsAndSitemap(t *testing.T) {
	ts := newTestSite(t)

	res, body := get(t, ts.URL+"/robots.txt", nil)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{"User-agent: *\n", "Disallow: /admin\n", "Disallow: /api/\n", "Sitemap: https://www.example.com/sitemap.xml\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, body)
		}
	}

	res, body = get(t, ts.URL+"/sitemap.xml", nil)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap.xml: status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var set struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(body), &set); err != nil {
		t.Fatalf("sitemap.xml does not parse: %v\n%s", err, body)
	}
	got := map[string]bool{}
	for _, u := range set.URLs {
		got[u.Loc] = true
	}
	// The 19 public routes of the spec, and nothing of the admin portal.
	for _, p := range []string{"/", "/ai-journey", "/privacy-policy", "/terms-of-service", "/cookie-policy",
		"/machine-learning", "/deep-learning", "/natural-language-processing", "/computer-vision", "/predictive-analytics",
		"/ai-consulting", "/strategy-development", "/implementation", "/ongoing-support", "/training-education",
		"/about-us", "/case-studies", "/blog", "/careers"} {
		if !got["https://www.example.com"+p] {
			t.Errorf("sitemap lacks %s", p)
		}
	}
	// And the six seeded articles of the blog, positions of the careers and case studies.
	if len(set.URLs) != 37 || !got["https://www.example.com/blog/ai-pilots-to-production"] || !got["https://www.example.com/careers/data-scientist"] ||
		!got["https://www.example.com/case-studies/fraud-detection"] {
		t.Errorf("sitemap has %d addresses, want the 19 routes, 6 articles, 6 positions and 6 case studies", len(set.URLs))
	}
	for loc := range got {
		if strings.Contains(loc, "/admin") {
			t.Errorf("sitemap lists %s", loc)
		}
	}
}

// A trailing slash on a page or an admin screen redirects to the address
// without it, keeping the query.
func TestTrailingSlashRedirects(t *testing.T) {
	ts := newTestSite(t)
	for path, want := range map[string]string{
		"/admin/":              "/admin",
		"/admin/login/":        "/admin/login",
		"/case-studies/?utm=x": "/case-studies?utm=x",
	} {
		res, _ := get(t, ts.URL+path, nil)
		if res.StatusCode != 301 || res.Header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want 301 to %q", path, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
	if res, _ := get(t, ts.URL+"/no-such-page/", nil); res.StatusCode != 404 {
		t.Errorf("/no-such-page/: %d, want 404", res.StatusCode)
	}
}
