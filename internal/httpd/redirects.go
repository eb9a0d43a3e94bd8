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

// checkRedirect applies the rules of a redirect that need the running
// site: its target is not its source at this site's absolute address (the
// site's base address, or the host the request came to), its source is no
// address the site serves (a built-in page, a live page, a file of the
// build), and it makes no chain. A chain is refused, not mended: the
// message says which redirect to point where, so that every redirect sends
// visitors to their page in one step.
func (s *Server) checkRedirect(r *http.Request, rd *site.Redirect) error {
	ctx := r.Context()
	hosts := []string{r.Host}
	if s.Pages != nil {
		hosts = append(hosts, s.Pages.Host())
	}
	if msg := rd.SelfTarget(hosts...); msg != "" {
		return site.FieldError("target", msg)
	}
	if s.Pages != nil {
		serves, err := s.Pages.Serves(ctx, rd.Source)
		if err != nil {
			return err
		}
		if serves || s.Assets != nil && s.Assets.lookup(rd.Source) != nil {
			return site.FieldError("source", "The site shows a page at "+rd.Source+"; a page wins over a redirect, so this one would never be used.")
		}
	}
	if tp := rd.TargetPath(hosts...); tp != "" {
		next, err := site.Find[site.Redirect](ctx, s.Store, site.Redirects, site.ListFilter{Equal: map[string]string{"source": tp}})
		if err != nil {
			return err
		}
		if len(next) > 0 {
			return site.FieldError("target", tp+" redirects to "+next[0].Target+" already; point this redirect at "+next[0].Target+" instead, so that visitors get there in one step.")
		}
	}
	prev, err := site.Find[site.Redirect](ctx, s.Store, site.Redirects, site.ListFilter{Equal: map[string]string{"target": rd.Source}})
	if err != nil {
		return err
	}
	if len(prev) > 0 {
		p := prev[0]
		return site.FieldError("source", p.Source+" redirects to "+rd.Source+" already; a redirect from "+rd.Source+" would make a chain. Point "+p.Source+" at the new target instead.")
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
