package ssr

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
)

// Shell is the HTML document that the browser build produced (index.html,
// with its hashed script and style links), cut at the places where a
// rendered page goes.
type Shell struct {
	beforeAttrs, beforeHead, beforeApp, beforeData, rest string
}

// The markers in web/index.html.
const (
	markAttrs = " data-ssr-root"
	markHead  = "<!--ssr-head-->"
	markApp   = "<!--ssr-app-->"
	markData  = "<!--ssr-data-->"
)

// mainElement opens the main content of a page of the site's layout
// (web/src/app/layout/site-layout.tsx), after its header.
const mainElement = `<main id="main"`

// ParseShell cuts the built index.html at its markers.
func ParseShell(doc string) (*Shell, error) {
	var s Shell
	var ok bool
	var rest string
	if s.beforeAttrs, rest, ok = strings.Cut(doc, markAttrs); !ok {
		return nil, errors.New("ssr: index.html lacks " + markAttrs)
	}
	if s.beforeHead, rest, ok = strings.Cut(rest, markHead); !ok {
		return nil, errors.New("ssr: index.html lacks " + markHead)
	}
	if s.beforeApp, rest, ok = strings.Cut(rest, markApp); !ok {
		return nil, errors.New("ssr: index.html lacks " + markApp)
	}
	if s.beforeData, s.rest, ok = strings.Cut(rest, markData); !ok {
		return nil, errors.New("ssr: index.html lacks " + markData)
	}
	return &s, nil
}

// Document is what goes into the shell for one page.
type Document struct {
	Title, Description string
	// CanonicalURL is empty for pages that are not to be indexed (the 404 page).
	CanonicalURL   string
	SiteName       string
	PrimaryColor   string
	SecondaryColor string
	AppHTML        string
	// ImageURL is the absolute address of the picture link previews show
	// (og:image), with its text alternative, type and size; empty for none.
	// The page cache gives every page its generated card (internal/ogimage).
	ImageURL, ImageAlt, ImageType string
	ImageWidth, ImageHeight       int
	// StructuredData is the page's JSON-LD graph as JSON; nil or "null"
	// for none.
	StructuredData []byte
	// DataJSON is the page data, already JSON-encoded with <, > and & escaped,
	// so that no text in it can close the script element.
	DataJSON []byte
}

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func safeColor(c, fallback string) string {
	if hexColor.MatchString(c) {
		return c
	}
	return fallback
}

// Assemble writes the complete page.
func (s *Shell) Assemble(d *Document) []byte {
	var b strings.Builder
	b.Grow(len(s.beforeAttrs) + len(s.beforeHead) + len(s.beforeApp) + len(s.beforeData) + len(s.rest) + len(d.AppHTML) + len(d.DataJSON) + 1024)
	b.WriteString(s.beforeAttrs)
	// Colours reach the style attribute only when they are plain hex values.
	primary := safeColor(d.PrimaryColor, "#2563eb")
	b.WriteString(` style="--brand-primary:`)
	b.WriteString(primary)
	b.WriteString(`;--brand-secondary:`)
	b.WriteString(safeColor(d.SecondaryColor, "#1e40af"))
	b.WriteString(`"`)
	b.WriteString(s.beforeHead)
	// The first paint waits until the parser reaches the page's <main>, so
	// a busy device never paints the header half-parsed (its first links,
	// then moved aside by the rest of the row). Only where <main id="main">
	// is there: Chromium warns of an expected element never found.
	if strings.Contains(d.AppHTML, mainElement) {
		b.WriteString(`<link rel="expect" href="#main" blocking="render" />` + "\n")
	}
	title := html.EscapeString(d.Title)
	desc := html.EscapeString(d.Description)
	b.WriteString("<title>" + title + "</title>\n")
	b.WriteString(`<meta name="description" content="` + desc + `" />` + "\n")
	// The browser's toolbar on phones takes the brand colour of the settings.
	b.WriteString(`<meta name="theme-color" content="` + primary + `" />` + "\n")
	if d.CanonicalURL != "" {
		canon := html.EscapeString(d.CanonicalURL)
		b.WriteString(`<link rel="canonical" href="` + canon + `" />` + "\n")
		b.WriteString(`<meta property="og:url" content="` + canon + `" />` + "\n")
		// The blog's feed, for readers that find it from any page.
		b.WriteString(`<link rel="alternate" type="application/atom+xml" title="` + html.EscapeString(d.SiteName) + ` blog" href="/blog/feed.xml" />` + "\n")
	} else {
		b.WriteString(`<meta name="robots" content="noindex" />` + "\n")
	}
	b.WriteString(`<meta property="og:type" content="website" />` + "\n")
	b.WriteString(`<meta property="og:site_name" content="` + html.EscapeString(d.SiteName) + `" />` + "\n")
	b.WriteString(`<meta property="og:title" content="` + title + `" />` + "\n")
	b.WriteString(`<meta property="og:description" content="` + desc + `" />` + "\n")
	if d.ImageURL != "" {
		img := html.EscapeString(d.ImageURL)
		alt := html.EscapeString(d.ImageAlt)
		b.WriteString(`<meta property="og:image" content="` + img + `" />` + "\n")
		b.WriteString(`<meta property="og:image:type" content="` + html.EscapeString(d.ImageType) + `" />` + "\n")
		b.WriteString(`<meta property="og:image:width" content="` + strconv.Itoa(d.ImageWidth) + `" />` + "\n")
		b.WriteString(`<meta property="og:image:height" content="` + strconv.Itoa(d.ImageHeight) + `" />` + "\n")
		b.WriteString(`<meta property="og:image:alt" content="` + alt + `" />` + "\n")
		b.WriteString(`<meta name="twitter:card" content="summary_large_image" />` + "\n")
		b.WriteString(`<meta name="twitter:image" content="` + img + `" />` + "\n")
		b.WriteString(`<meta name="twitter:image:alt" content="` + alt + `" />`)
	} else {
		b.WriteString(`<meta name="twitter:card" content="summary" />`)
	}
	if len(d.StructuredData) > 0 && string(d.StructuredData) != "null" {
		// Escaped as the page data is: no text in it can close the script.
		var ld bytes.Buffer
		json.HTMLEscape(&ld, d.StructuredData)
		b.WriteString("\n" + `<script type="application/ld+json">`)
		b.Write(ld.Bytes())
		b.WriteString(`</script>`)
	}
	b.WriteString(s.beforeApp)
	b.WriteString(d.AppHTML)
	b.WriteString(s.beforeData)
	b.WriteString(`<script type="application/json" id="site-data">`)
	b.Write(d.DataJSON)
	b.WriteString(`</script>`)
	b.WriteString(s.rest)
	return []byte(b.String())
}

var stylesheetLink = regexp.MustCompile(`<link rel="stylesheet"(?: crossorigin)? href="/([^"]+\.css)"\s*/?>`)

// InlineStylesheets replaces the build's stylesheet links in doc with the
// stylesheets themselves, read from files. A first visit then paints as soon
// as the HTML arrives, without a round trip for the CSS, which is small (the
// whole site's Tailwind output). A stylesheet that could close the style
// element early stays a link.
func InlineStylesheets(doc string, files fs.FS) (string, error) {
	var err error
	out := stylesheetLink.ReplaceAllStringFunc(doc, func(link string) string {
		name := stylesheetLink.FindStringSubmatch(link)[1]
		css, e := fs.ReadFile(files, name)
		if e != nil {
			err = errors.Join(err, e)
			return link
		}
		if bytes.Contains(bytes.ToLower(css), []byte("</style")) {
			return link
		}
		return "<style>" + string(css) + "</style>"
	})
	return out, err
}
