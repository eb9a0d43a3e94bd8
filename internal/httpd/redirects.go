package httpd

import (
	"context"
	"net/http"

	"meridian/internal/site"
)

// serveRedirect answers a GET of an address that is a redirect's source,
// and no built-in or live page, with 301 to its target, the visitor's
// query added; false when no redirect has the address, or when the
// redirects cannot be read: the page cache then answers the page's last
// good render, or the error.
func (s *Server) serveRedirect(w http.ResponseWriter, r *http.Request) bool {
	rd, err := s.Pages.Redirect(r.Context(), r.URL.Path)
	if err != nil || rd == nil {
		return false
	}
	if r.Method == http.MethodGet {
		// Counted in memory like the 404s, written every few seconds.
		s.redirectHits.note(rd.ID, s.now())
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.Redirect(w, r, rd.Location(r.URL.RawQuery), http.StatusMovedPermanently)
	return true
}

// hosts are the site's own hosts: that of its base address, and the one
// the request came to.
func (s *Server) hosts(r *http.Request) []string {
	hosts := []string{r.Host}
	if s.Pages != nil {
		hosts = append(hosts, s.Pages.Host())
	}
	return hosts
}

// checkRedirectSource refuses a redirect from an address the site serves
// (a built-in page, a live page, a file of the build), which only the
// running server knows: a page wins over a redirect. The rules that read
// the other redirects are the store's, in the write's transaction
// (site.Redirects' Check).
func (s *Server) checkRedirectSource(ctx context.Context, rd *site.Redirect) error {
	if s.Pages == nil {
		return nil
	}
	serves, err := s.Pages.Serves(ctx, rd.Source)
	if err != nil {
		return err
	}
	if serves || s.Assets != nil && s.Assets.lookup(rd.Source) != nil {
		return site.FieldError("source", "The site shows a page at "+rd.Source+"; a page wins over a redirect, so this one would never be used.")
	}
	return nil
}

// FlushRedirectHits writes the redirects followed since the last flush to
// the store (see FlushHits).
func (s *Server) FlushRedirectHits(ctx context.Context) {
	counted := s.redirectHits.take()
	if len(counted) == 0 {
		return
	}
	hits := make([]site.RedirectHit, 0, len(counted))
	for id, t := range counted {
		hits = append(hits, site.RedirectHit{RedirectID: id, Hits: t.hits, Last: t.last})
	}
	if err := s.Store.RecordRedirectHits(ctx, hits); err != nil {
		s.Logger.ErrorContext(ctx, "redirect hits: write failed", "redirects", len(hits), "err", err)
	}
}

// withRedirectHits gives each redirect of list how often it was followed
// and when last, this instance's latest counts written first.
func (s *Server) withRedirectHits(ctx context.Context, list []site.Record) error {
	s.FlushRedirectHits(ctx)
	hits, err := s.Store.FindRedirectHits(ctx)
	if err != nil {
		return err
	}
	byID := make(map[int64]site.RedirectHit, len(hits))
	for _, h := range hits {
		byID[h.RedirectID] = h
	}
	for _, rec := range list {
		rd := rec.(*site.Redirect)
		if h, ok := byID[rd.ID]; ok {
			last := h.Last
			rd.Hits, rd.LastHitAt = h.Hits, &last
		}
	}
	return nil
}
