package httpd

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"net/http"
	"regexp"
	"strings"
	"time"

	"meridian/internal/site"
)

// FeedEntries is how many of the newest articles the blog's feed carries.
const FeedEntries = 20

// paragraphBreak parts a page's text into paragraphs, as the page shows it
// (paragraphs in web/src/pages/published/published-page.tsx).
var paragraphBreak = regexp.MustCompile(`\n[ \t]*\n`)

// textHTML is a page's plain text as HTML paragraphs, every character of
// the text escaped: a blank line starts a paragraph, a line break a line.
func textHTML(text string) string {
	var b strings.Builder
	for _, para := range paragraphBreak.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), -1) {
		var lines []string
		for _, l := range strings.Split(para, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				var e bytes.Buffer
				xml.EscapeText(&e, []byte(l))
				lines = append(lines, e.String())
			}
		}
		if len(lines) > 0 {
			b.WriteString("<p>" + strings.Join(lines, "<br>") + "</p>")
		}
	}
	return b.String()
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Body string `xml:",chardata"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

type atomEntry struct {
	Title      string         `xml:"title"`
	Link       atomLink       `xml:"link"`
	ID         string         `xml:"id"`
	Published  string         `xml:"published"`
	Updated    string         `xml:"updated"`
	Author     string         `xml:"author>name"`
	Categories []atomCategory `xml:"category"`
	Summary    *atomText      `xml:"summary,omitempty"`
	Content    atomText       `xml:"content"`
}

type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Title   string      `xml:"title"`
	ID      string      `xml:"id"`
	Links   []atomLink  `xml:"link"`
	Updated string      `xml:"updated"`
	Entries []atomEntry `xml:"entry"`
}

// handleFeed answers the blog's Atom feed (RFC 4287): the newest
// published articles, each with its summary (the excerpt) and its whole
// text as HTML.
func (s *Server) handleFeed(w http.ResponseWriter, r *http.Request) {
	blog, data, err := s.Pages.Blog(r.Context())
	if err != nil {
		s.internalError(w, r, err)
		return
	}
	company := data.CompanyName()
	articles := blog.Articles()
	articles = articles[:min(len(articles), FeedEntries)]
	updated := data.Settings.UpdatedAt
	for _, a := range articles {
		if a.UpdatedAt.After(updated) {
			updated = a.UpdatedAt
		}
	}
	stamp := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	feed := atomFeed{
		Title: "Blog | " + company,
		ID:    s.Pages.URL(site.BlogPath),
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: s.Pages.URL(site.BlogPath + "/feed.xml")},
			{Rel: "alternate", Type: "text/html", Href: s.Pages.URL(site.BlogPath)},
		},
		Updated: stamp(updated),
		Entries: []atomEntry{},
	}
	for _, a := range articles {
		url := s.Pages.URL(a.Path())
		e := atomEntry{
			Title:   a.Title,
			Link:    atomLink{Rel: "alternate", Type: "text/html", Href: url},
			ID:      url,
			Updated: stamp(a.UpdatedAt),
			Author:  cmp.Or(a.Author, company),
			Content: atomText{Type: "html", Body: textHTML(a.Content)},
		}
		if a.PublishedAt != nil {
			e.Published = stamp(*a.PublishedAt)
		} else {
			e.Published = stamp(a.CreatedAt)
		}
		if a.Category != "" {
			e.Categories = append(e.Categories, atomCategory{Term: a.Category})
		}
		for _, t := range a.Tags {
			e.Categories = append(e.Categories, atomCategory{Term: t})
		}
		if a.Excerpt != "" {
			e.Summary = &atomText{Type: "text", Body: a.Excerpt}
		}
		feed.Entries = append(feed.Entries, e)
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(feed); err != nil {
		s.internalError(w, r, err)
		return
	}
	b.WriteString("\n")
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(b.Bytes())
}
