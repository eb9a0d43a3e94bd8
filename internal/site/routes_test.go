package site

import (
	"errors"
	"slices"
	"testing"
)

func TestRoutes(t *testing.T) {
	r := NewRoutes([]string{"/", "/about-us", "/blog"}, []string{"/favicon.svg", "/images/hero-art.svg", "/assets/index-x.js"})
	for _, slug := range []string{"about-us", "blog", "images", "favicon.svg", "assets",
		"admin", "api", "media", "og", "healthz", "robots.txt", "sitemap.xml", "calendar", "metrics", "newsletter"} {
		if !r.Reserved(slug) {
			t.Errorf("%q is not reserved", slug)
		}
	}
	for _, slug := range []string{"", "about", "our-approach", "hero-art.svg", "index-x.js"} {
		if r.Reserved(slug) {
			t.Errorf("%q is reserved", slug)
		}
	}
	want := []string{"about-us", "admin", "api", "assets", "blog", "calendar", "favicon.svg", "healthz", "images", "media", "metrics", "newsletter", "og", "robots.txt", "sitemap.xml"}
	if got := r.Slugs(); !slices.Equal(got, want) {
		t.Errorf("Slugs() = %v, want %v", got, want)
	}
	var none *Routes
	if !none.Reserved("api") || none.Reserved("blog") {
		t.Error("nil Routes do not reserve exactly the system paths")
	}
}

func TestPageCheckRoutes(t *testing.T) {
	r := NewRoutes([]string{"/careers"})
	if err := (&Page{Slug: "our-approach"}).CheckRoutes(r); err != nil {
		t.Errorf("free slug refused: %v", err)
	}
	for _, slug := range []string{"careers", "admin", "media"} {
		err := (&Page{Slug: slug}).CheckRoutes(r)
		var e *Error
		if ErrorCode(err) != EINVALID || !errors.As(err, &e) || e.Fields["slug"] == "" {
			t.Fatalf("slug %q: error %v, want EINVALID naming the slug", slug, err)
		}
		if want := "The address /" + slug + " belongs to the site itself; choose another slug."; e.Message != want || e.Fields["slug"] != want {
			t.Errorf("slug %q: %q, want %q", slug, e.Message, want)
		}
	}
	// The rule is the entity's, for the API to apply.
	if err := Pages.CheckRoutes(&Page{Slug: "careers"}, r); ErrorCode(err) != EINVALID {
		t.Errorf("Pages.CheckRoutes: %v", err)
	}
}
