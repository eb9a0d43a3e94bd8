package ssr

import (
	"slices"
	"testing"
)

func TestManifestPreloads(t *testing.T) {
	m, err := ParseManifest([]byte(`{
		"index.html": {"file": "assets/index-1.js", "imports": ["_react-2.js"]},
		"_react-2.js": {"file": "assets/react-2.js"},
		"_hero-3.js": {"file": "assets/hero-3.js", "imports": ["_react-2.js", "index.html"]},
		"src/pages/blog.tsx": {"file": "assets/blog-4.js", "imports": ["_hero-3.js", "index.html", "_react-2.js"]}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.Preloads("src/pages/blog.tsx")
	if err != nil {
		t.Fatal(err)
	}
	// The shell already loads the entry and its imports.
	if want := []string{"/assets/blog-4.js", "/assets/hero-3.js"}; !slices.Equal(got, want) {
		t.Errorf("Preloads = %v, want %v", got, want)
	}
	if _, err := m.Preloads("src/pages/renamed.tsx"); err == nil {
		t.Error("an unknown chunk gave no error")
	}
	if _, err := ParseManifest([]byte(`{}`)); err == nil {
		t.Error("a manifest without index.html gave no error")
	}
}
