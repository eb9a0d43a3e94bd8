package api

import (
	"context"
	"net/http"

	"meridian/internal/site"
)

// hosts are the site's own hosts: that of its base address, and the one
// the request came to.
func (s *Server) hosts(r *http.Request) []string {
	if s.Pages == nil {
		return []string{r.Host}
	}
	return []string{r.Host, s.Pages.Host()}
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
	if serves || s.Assets != nil && s.Assets.Has(rd.Source) {
		return site.FieldError("source", "The site shows a page at "+rd.Source+"; a page wins over a redirect, so this one would never be used.")
	}
	return nil
}

// withRedirectHits gives each redirect of list how often it was followed
// and when last, this instance's latest counts written first.
func (s *Server) withRedirectHits(ctx context.Context, list []site.Record) error {
	s.Hits.FlushRedirects(ctx)
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
