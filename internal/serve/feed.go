package serve

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"net/http"
	"strings"
	"time"

	"meridian/internal/site"
)

// docHTML is a page's body as HTML for feed readers, made node by node
// from the checked document with every character of its text and links
// escaped (the document holds no HTML of its own). Images are left out:
// the feed carries the text.
func docHTML(d *site.Doc) string {
	var b strings.Builder
	writeNodes(&b, d.Content)
	return b.String()
}

var blockTags = map[string]string{site.NodeParagraph: "p", site.NodeBulletList: "ul", site.NodeOrderedList: "ol",
	site.NodeListItem: "li", site.NodeBlockquote: "blockquote"}

func writeNodes(b *strings.Builder, nodes []*site.Node) {
	for _, n := range nodes {
		tag := blockTags[n.Type]
		switch n.Type {
		case site.NodeHeading:
			tag = "h2"
			if n.Attrs != nil && n.Attrs.Level == 3 {
				tag = "h3"
			}
		case site.NodeText:
			writeText(b, n)
			continue
		case site.NodeHardBreak:
			b.WriteString("<br>")
			continue
		}
		if tag == "" {
			continue
		}
		b.WriteString("<" + tag + ">")
		writeNodes(b, n.Content)
		b.WriteString("</" + tag + ">")
	}
}

func writeText(b *strings.Builder, n *site.Node) {
	var open, closing string
	for _, m := range n.Marks {
		switch m.Type {
		case site.MarkBold:
			open, closing = open+"<strong>", "</strong>"+closing
		case site.MarkItalic:
			open, closing = open+"<em>", "</em>"+closing
		case site.MarkLink:
			if m.Attrs != nil && site.CheckHref(m.Attrs.Href) == "" {
				var h bytes.Buffer
				xml.EscapeText(&h, []byte(m.Attrs.Href))
				open, closing = `<a href="`+h.String()+`">`+open, closing+"</a>"
			}
		}
	}
	var e bytes.Buffer
	xml.EscapeText(&e, []byte(n.Text))
	b.WriteString(open + e.String() + closing)
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
	articles, data, err := s.Pages.Feed(r.Context())
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	company := data.CompanyName()
	updated := data.SettingsUpdatedAt
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
			Content: atomText{Type: "html", Body: docHTML(a.Document())},
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
		s.InternalError(w, r, err)
		return
	}
	b.WriteString("\n")
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(b.Bytes())
}
