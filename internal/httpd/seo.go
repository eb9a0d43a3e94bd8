package httpd

import (
	"bytes"
	"encoding/xml"
	"net/http"
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
// (sitemaps.org protocol 0.9).
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range s.Pages.Paths() {
		b.WriteString("  <url><loc>")
		xml.EscapeText(&b, []byte(s.Pages.URL(p)))
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b.Bytes())
}
