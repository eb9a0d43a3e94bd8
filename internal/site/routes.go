package site

import (
	"slices"
	"strings"
)

// SystemPaths are the addresses the server answers itself, besides the
// built-in pages and the files of the web build: the admin portal, the API,
// the media library, the pictures of link previews, health, robots.txt and
// the sitemap, the build's hashed assets, the calendar feeds of staff and
// the metrics (served there when a token opens them) and the pages of the
// newsletter's links.
var SystemPaths = []string{"/admin", "/api", "/assets", "/media", "/og", "/healthz", "/robots.txt", "/sitemap.xml", "/calendar", "/metrics", "/newsletter"}

// Routes are the first path segments of every address the site answers
// itself: a page's slug may not take one, or the page would shadow a route
// or be shadowed by it. The running server makes them from one source each:
// the built-in pages of the web router (the paths the server bundle
// renders), the files of the browser build, and SystemPaths.
type Routes struct {
	taken map[string]bool
}

// NewRoutes returns the routes of a site serving paths (built-in pages, as
// "/about-us", and files, as "/images/logo.svg") besides SystemPaths.
func NewRoutes(paths ...[]string) *Routes {
	r := &Routes{taken: make(map[string]bool)}
	for _, list := range append(paths, SystemPaths) {
		for _, p := range list {
			seg, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
			if seg != "" {
				r.taken[seg] = true
			}
		}
	}
	return r
}

// systemRoutes are the routes of nil Routes.
var systemRoutes = NewRoutes()

// Reserved reports whether slug is the first path segment of an address
// the site answers itself. Nil Routes reserve SystemPaths only.
func (r *Routes) Reserved(slug string) bool {
	if r == nil {
		r = systemRoutes
	}
	return r.taken[slug]
}

// Slugs returns the reserved segments, sorted.
func (r *Routes) Slugs() []string {
	if r == nil {
		r = systemRoutes
	}
	out := make([]string, 0, len(r.taken))
	for s := range r.taken {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// CheckRoutes refuses a page whose slug is an address the site answers
// itself (routes.Reserved): visitors would never reach the page.
func (p *Page) CheckRoutes(routes *Routes) error {
	if !routes.Reserved(p.Slug) {
		return nil
	}
	var v fieldErrors
	v.add("slug", "The address /"+p.Slug+" belongs to the site itself; choose another slug.")
	return v.err()
}
