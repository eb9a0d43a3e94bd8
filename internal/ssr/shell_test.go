package ssr

import (
	"strings"
	"testing"
	"testing/fstest"
)

const testShell = `<!doctype html><html lang="en" data-ssr-root><head><!--ssr-head--></head><body><div id="root"><!--ssr-app--></div><!--ssr-data--><script src="/a.js"></script></body></html>`

func TestShellAssemble(t *testing.T) {
	s, err := ParseShell(testShell)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("PutsEachPartInPlace", func(t *testing.T) {
		got := string(s.Assemble(&Document{
			Title: "A & B", Description: `Say "hi"`, CanonicalURL: "https://example.com/x",
			SiteName: "Meridian AI", PrimaryColor: "#112233", SecondaryColor: "#445566",
			ImageURL: "https://example.com/og/0123456789abcdef/x.png", ImageAlt: `A & B, "Meridian" AI`, ImageType: "image/png", ImageWidth: 1200, ImageHeight: 630,
			AppHTML: "<h1>Hello</h1>", DataJSON: []byte(`{"a":1}`),
			StructuredData: []byte(`{"@context":"https://schema.org","name":"</script><b>"}`),
		}))
		for _, want := range []string{
			`<html lang="en" style="--brand-primary:#112233;--brand-secondary:#445566">`,
			`<title>A &amp; B</title>`,
			`<meta name="description" content="Say &#34;hi&#34;" />`,
			`<meta name="theme-color" content="#112233" />`,
			`<link rel="canonical" href="https://example.com/x" />`,
			`<meta property="og:image" content="https://example.com/og/0123456789abcdef/x.png" />`,
			`<meta property="og:image:type" content="image/png" />`,
			`<meta property="og:image:width" content="1200" />`,
			`<meta property="og:image:height" content="630" />`,
			`<meta property="og:image:alt" content="A &amp; B, &#34;Meridian&#34; AI" />`,
			`<meta name="twitter:card" content="summary_large_image" />`,
			`<meta name="twitter:image" content="https://example.com/og/0123456789abcdef/x.png" />`,
			`<meta name="twitter:image:alt" content="A &amp; B, &#34;Meridian&#34; AI" />`,
			`<link rel="alternate" type="application/atom+xml" title="Meridian AI blog" href="/blog/feed.xml" />`,
			`<script type="application/ld+json">{"@context":"https://schema.org","name":"\u003c/script\u003e\u003cb\u003e"}</script>`,
			`<div id="root"><h1>Hello</h1></div>`,
			`<script type="application/json" id="site-data">{"a":1}</script><script src="/a.js">`,
		} {
			if !strings.Contains(got, want) {
				t.Errorf("page lacks %q:\n%s", want, got)
			}
		}
	})
	t.Run("PaintsOnceTheHeaderIsParsed", func(t *testing.T) {
		const expect = `<link rel="expect" href="#main" blocking="render" />`
		page := string(s.Assemble(&Document{AppHTML: `<header><nav>…</nav></header><main id="main" class="flex-1"><h1>Hi</h1></main>`}))
		if head, _, _ := strings.Cut(page, "</head>"); !strings.Contains(head, expect) {
			t.Errorf("a page of the site's layout lacks %s in its head:\n%s", expect, page)
		}
		if other := string(s.Assemble(&Document{AppHTML: `<main class="min-h-screen"><h1>Your meeting</h1></main>`})); strings.Contains(other, "rel=\"expect\"") {
			t.Errorf("a page without <main id=\"main\"> expects it:\n%s", other)
		}
	})
	t.Run("RejectsColoursThatAreNotHex", func(t *testing.T) {
		got := string(s.Assemble(&Document{PrimaryColor: `red" onload="x`, SecondaryColor: "#1e40af"}))
		if strings.Contains(got, "onload") || !strings.Contains(got, "--brand-primary:#2563eb;") || !strings.Contains(got, `<meta name="theme-color" content="#2563eb" />`) {
			t.Errorf("unsafe colour reached the page: %s", got)
		}
	})
	t.Run("NoCanonicalMeansNoIndex", func(t *testing.T) {
		got := string(s.Assemble(&Document{}))
		if strings.Contains(got, "canonical") || strings.Contains(got, "feed.xml") || strings.Contains(got, "ld+json") || !strings.Contains(got, `<meta name="robots" content="noindex" />`) {
			t.Errorf("want noindex and no canonical: %s", got)
		}
	})
	t.Run("NoImageMeansTheSmallCard", func(t *testing.T) {
		got := string(s.Assemble(&Document{Title: "Admin Panel"}))
		if strings.Contains(got, "image") || !strings.Contains(got, `<meta name="twitter:card" content="summary" />`) {
			t.Errorf("want the summary card and no image: %s", got)
		}
	})
}

func TestParseShellMissingMarker(t *testing.T) {
	if _, err := ParseShell(strings.Replace(testShell, "<!--ssr-app-->", "", 1)); err == nil {
		t.Fatal("want an error for a shell without the app marker")
	}
}

func TestInlineStylesheets(t *testing.T) {
	files := fstest.MapFS{
		"assets/site-1.css": {Data: []byte(".a{color:red}")},
		"assets/evil-2.css": {Data: []byte(`.b{content:"</STYLE><script>"}`)},
	}
	doc := `<head><link rel="stylesheet" crossorigin href="/assets/site-1.css"><link rel="stylesheet" href="/assets/evil-2.css"></head>`
	got, err := InlineStylesheets(doc, files)
	if err != nil {
		t.Fatal(err)
	}
	want := `<head><style>.a{color:red}</style><link rel="stylesheet" href="/assets/evil-2.css"></head>`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := InlineStylesheets(`<link rel="stylesheet" href="/assets/missing.css">`, files); err == nil {
		t.Error("a missing stylesheet gave no error")
	}
}
