package serve

import (
	"net/http"

	"meridian/internal/site"
)

// newsletterPaths are the pages the newsletter's e-mails link to, with the
// token of the link in the query: a page with a button that posts it, so
// that a mail scanner that opens the link changes nothing.
var newsletterPaths = map[string]bool{site.NewsletterConfirmPath: true, site.NewsletterUnsubscribePath: true}

// serveNewsletterPage answers one of newsletterPaths: server-rendered like
// the site's pages, but kept out of search engines, caches and the
// referrers of the links it shows, as its address holds a token.
func (s *Server) serveNewsletterPage(w http.ResponseWriter, r *http.Request) {
	page, err := s.Pages.Unlisted(r.Context(), r.URL.Path)
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	h := w.Header()
	h["Content-Type"] = contentTypeHTML
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Referrer-Policy", "no-referrer")
	writeEncoded(w, r, page.Status, encodedBody{
		etag: page.ETag, gzTag: page.GzipETag, brTag: page.BrotliETag,
		raw: page.Raw, gz: page.Gzip, br: page.Brotli,
	})
}
