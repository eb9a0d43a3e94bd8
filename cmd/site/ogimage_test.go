package main

import (
	"bytes"
	"html"
	"image"
	"image/png"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"meridian/internal/site"
)

const canonBase = "https://www.example.com"

var metaTag = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)" />`)

// metaTags returns the content of each meta tag of page, by its property
// or name.
func metaTags(page string) map[string]string {
	out := map[string]string{}
	for _, m := range metaTag.FindAllStringSubmatch(page, -1) {
		out[m[1]] = html.UnescapeString(m[2])
	}
	return out
}

// sharingImage checks the tags of path's picture for link previews and
// returns the picture's path on the site.
func sharingImage(t *testing.T, base, path string) string {
	t.Helper()
	_, page := get(t, base+path, nil)
	tags := metaTags(page)
	img := tags["og:image"]
	if !strings.HasPrefix(img, canonBase+"/og/") || !strings.HasSuffix(img, ".png") {
		t.Fatalf("%s: og:image %q, want an absolute address under /og/", path, img)
	}
	for name, want := range map[string]string{
		"og:image:type":   "image/png",
		"og:image:width":  "1200",
		"og:image:height": "630",
		"twitter:card":    "summary_large_image",
		"twitter:image":   img,
	} {
		if got := tags[name]; got != want {
			t.Errorf("%s: %s = %q, want %q", path, name, got, want)
		}
	}
	if alt := tags["og:image:alt"]; !strings.HasSuffix(alt, ", Meridian AI") || !strings.HasPrefix(tags["og:title"], strings.TrimSuffix(alt, ", Meridian AI")) {
		t.Errorf("%s: og:image:alt %q, want the page's title and the site's name (og:title %q)", path, alt, tags["og:title"])
	}
	return strings.TrimPrefix(img, canonBase)
}

// fetchPicture gets a picture and checks it is a PNG of 1200 by 630 sent
// with cacheControl.
func fetchPicture(t *testing.T, base, path, cacheControl string) (*http.Response, []byte) {
	t.Helper()
	res, body := get(t, base+path, nil)
	if res.StatusCode != 200 {
		t.Fatalf("%s: status %d", path, res.StatusCode)
	}
	h := res.Header
	if h.Get("Content-Type") != "image/png" || h.Get("Cache-Control") != cacheControl || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("ETag") == "" {
		t.Errorf("%s: headers %v, want image/png, %q, nosniff and an ETag", path, h, cacheControl)
	}
	img, err := png.Decode(strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if img.Bounds() != image.Rect(0, 0, 1200, 630) {
		t.Errorf("%s: %v, want 1200x630", path, img.Bounds())
	}
	return res, []byte(body)
}

const immutable = "public, max-age=31536000, immutable"

// TestSharingImages follows the pictures of link previews, on each
// database: every public page names one that answers, cached for good
// under its key; a change of content gives the page a new address, and the
// old one answers the new picture, cached briefly.
func TestSharingImages(t *testing.T) {
	t.Parallel()
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			ts := newTestSiteOn(t, store)
			token := loginAs(t, ts.URL, "admin", testPassword)
			page := savePage(t, ts.URL, token, 0, map[string]any{"title": "Our Approach", "content": "We start small.", "status": "published"}, 201)

			// Every page of the sitemap, and the 404 page.
			paths := []string{"/no-such-page"}
			for loc := range sitemap(t, ts.URL) {
				paths = append(paths, strings.TrimPrefix(loc, canonBase))
			}
			if len(paths) != 39 {
				t.Fatalf("%d pages, want the 19 routes, the 6 seeded articles, positions and case studies, the published page and the 404 page", len(paths))
			}
			// Every page's picture is drawn once, on the first database: the
			// drawing does not depend on it. The others draw those the rest
			// of the test reads.
			if db.name != databases()[0].name {
				paths = []string{"/", "/about-us", "/our-approach", "/no-such-page"}
			}
			images := map[string]string{}
			for _, p := range paths {
				images[p] = sharingImage(t, ts.URL, p)
				fetchPicture(t, ts.URL, images[p], immutable)
			}
			if images["/"] == images["/about-us"] || !strings.HasSuffix(images["/our-approach"], "/our-approach.png") {
				t.Errorf("addresses %v", images)
			}

			// Revalidation and HEAD.
			res, first := fetchPicture(t, ts.URL, images["/"], immutable)
			if res, body := get(t, ts.URL+images["/"], map[string]string{"If-None-Match": res.Header.Get("ETag")}); res.StatusCode != 304 || body != "" {
				t.Errorf("If-None-Match: %d with %d bytes, want 304", res.StatusCode, len(body))
			}
			req, _ := http.NewRequest("HEAD", ts.URL+images["/"], nil)
			head, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			head.Body.Close()
			if head.StatusCode != 200 || head.Header.Get("Content-Type") != "image/png" || head.ContentLength != int64(len(first)) {
				t.Errorf("HEAD: %d %q, %d bytes", head.StatusCode, head.Header.Get("Content-Type"), head.ContentLength)
			}

			// No picture for what is not a page, nor at another address
			// than the one a page names.
			key := strings.TrimSuffix(strings.TrimPrefix(images["/"], "/og/"), ".png")
			for _, p := range []string{"/og/" + key + "/no-such-page.png", "/og/" + key + "/admin.png", "/og/" + key + "/.png", "/og/" + key + ".jpg", "/og/" + key, "/og/x.png", "/og/"} {
				if res, _ := get(t, ts.URL+p, nil); res.StatusCode != 404 {
					t.Errorf("%s: status %d, want 404", p, res.StatusCode)
				}
			}
			wantNotFound(t, ts.URL, "/og")

			// A new logo text: every page's picture changes, and an old
			// address answers the new picture, cached briefly.
			if status, body := send(t, "PUT", ts.URL+"/api/admin/site-settings", token, `{"logoText":"Acme Analytics"}`); status != 200 {
				t.Fatalf("settings: %d %s", status, body)
			}
			_, home := get(t, ts.URL+"/", nil)
			newHome := html.UnescapeString(metaTags(home)["og:image"])
			if newHome == canonBase+images["/"] || !strings.HasPrefix(newHome, canonBase+"/og/") {
				t.Fatalf("home picture %s after the settings changed, was %s", newHome, images["/"])
			}
			_, fresh := fetchPicture(t, ts.URL, strings.TrimPrefix(newHome, canonBase), immutable)
			_, stale := fetchPicture(t, ts.URL, images["/"], "public, max-age=300")
			if !bytes.Equal(fresh, stale) || bytes.Equal(fresh, first) {
				t.Error("the old address does not answer the new picture")
			}

			// A page's new title changes its picture's address likewise.
			savePage(t, ts.URL, token, page.ID, map[string]any{"title": "Our Method", "slug": "our-approach", "content": "We start small.", "status": "published"}, 200)
			_, approach := get(t, ts.URL+"/our-approach", nil)
			tags := metaTags(approach)
			if tags["og:image"] == canonBase+images["/our-approach"] || tags["og:image:alt"] != "Our Method, Acme Analytics" {
				t.Errorf("after the title changed: og:image %s, alt %q", tags["og:image"], tags["og:image:alt"])
			}
			fetchPicture(t, ts.URL, images["/our-approach"], "public, max-age=300")

			// Unpublished: the page's picture goes with it.
			savePage(t, ts.URL, token, page.ID, map[string]any{"title": "Our Method", "slug": "our-approach", "content": "We start small.", "status": site.PageDraft}, 200)
			if res, _ := get(t, ts.URL+images["/our-approach"], nil); res.StatusCode != 404 {
				t.Errorf("picture of an unpublished page: %d, want 404", res.StatusCode)
			}

			// Another instance on the same database names the same address
			// for the same content, and serves it for good.
			other := newTestSiteOn(t, store)
			_, home2 := get(t, other.URL+"/", nil)
			if got := metaTags(home2)["og:image"]; got != newHome {
				t.Errorf("the other instance names %s, want %s", got, newHome)
			}
			if _, again := fetchPicture(t, other.URL, strings.TrimPrefix(newHome, canonBase), immutable); !bytes.Equal(again, fresh) {
				t.Error("the other instance drew another picture for the same key")
			}
		})
	}
}
