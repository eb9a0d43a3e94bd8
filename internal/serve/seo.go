package serve

import (
	"bytes"
	"encoding/xml"
	"net/http"
	"time"
)

// handleRobots tells crawlers to index the public pages, to leave the admin
// portal and the API alone, and where the sitemap is.
func (s *Server) handleRobots(w http.ResponseWriter, r *http.Request) {
	body := "User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: " + s.Pages.URL("/sitemap.xml") + "\n"
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(body))
}

// handleSitemap lists every public page by its canonical address
// (sitemaps.org protocol 0.9): the built-in pages, then the published pages
// of the admin with the time each last changed.
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) {
	entries, err := s.Pages.Entries(r.Context())
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, e := range entries {
		b.WriteString("  <url><loc>")
		xml.EscapeText(&b, []byte(s.Pages.URL(e.Path)))
		b.WriteString("</loc>")
		if !e.Modified.IsZero() {
			b.WriteString("<lastmod>" + e.Modified.UTC().Format(time.RFC3339) + "</lastmod>")
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b.Bytes())
}
