package serve

import (
	"net/http"
	"net/url"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// servePreview answers a page's address with its preview link's token
// (?preview=): the page as it is saved, published or not, never stored
// by a browser or indexed (ssr.PageCache.Preview keeps its render apart
// from the pages visitors get), under a banner that says until when the
// link works, within previewLimit requests a minute per token. A token
// that works for no page, or for another page, is the 404 page, as any
// unknown address is; one for a page whose address has changed since the
// link was made goes to its address now.
func (s *Server) servePreview(w http.ResponseWriter, r *http.Request, token string) bool {
	ctx := r.Context()
	if len(token) > 100 {
		return false
	}
	hash := site.HashToken(token)
	if !s.allowPreview(w, r, hash) {
		return true
	}
	l, err := s.Store.FindPreviewLinkByToken(ctx, hash, s.Now())
	if site.ErrorCode(err) == site.ENOTFOUND {
		return false
	} else if err != nil {
		s.InternalError(w, r, err)
		return true
	}
	rec, err := s.Store.FindRecord(ctx, site.Pages, l.PageID)
	if site.ErrorCode(err) == site.ENOTFOUND {
		return false
	} else if err != nil {
		s.InternalError(w, r, err)
		return true
	}
	page := rec.(*site.Page)
	h := w.Header()
	// The token is in the address: no other site learns it from a link.
	h.Set("Referrer-Policy", "no-referrer")
	if page.Path() != r.URL.Path {
		h.Set("Cache-Control", "no-store")
		h.Set("X-Robots-Tag", "noindex, nofollow")
		http.Redirect(w, r, page.Path()+"?"+site.PreviewParam+"="+url.QueryEscape(token), http.StatusFound)
		return true
	}
	banner := site.NewPagePreview(page, s.Now())
	banner.Shared = true
	expires := l.ExpiresAt.UTC()
	banner.ExpiresAt = &expires
	s.writePreview(w, r, page, banner)
	return true
}

// previewLimit is the most requests one preview link's token gets per
// minute: plenty for the reviewers of a page, and a bound on the renders
// and reads a leaked or scripted link can cost.
const previewLimit = 60

// previewTooMany is the answer to a preview link over its limit.
const previewTooMany = "Too many requests with this preview link in a short time. Please wait a minute and try again."

// allowPreview counts a request with the preview token of hash (known
// or not, before any read) against previewLimit; over it, it answers 429
// with Retry-After and returns false.
func (s *Server) allowPreview(w http.ResponseWriter, r *http.Request, hash string) bool {
	s.previewLimitOnce.Do(func() { s.previewLimit = httpx.NewRateLimiter(previewLimit, time.Minute) })
	now := s.Now()
	ok, wait := s.previewLimit.Allow(hash, now)
	if ok {
		return true
	}
	if n := s.previewRefusals.Note(hash, now); n > 0 {
		s.Logger.WarnContext(r.Context(), "preview link rate limit", "path", r.URL.Path, "addr", s.ClientAddr(r), "refused", n, "retryAfter", httpx.RetrySeconds(wait))
	}
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	s.WriteTextError(w, r, httpx.RetryAfter(site.Errorf(site.ETOOMANY, previewTooMany), wait))
	return false
}

// writePreview answers with page rendered as a preview under banner: not
// to be stored by any cache, nor indexed.
func (s *Server) writePreview(w http.ResponseWriter, r *http.Request, page *site.Page, banner *site.PagePreview) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	rendered, err := s.Pages.Preview(r.Context(), page, banner)
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	writeEncoded(w, r, rendered.Status, encodedBody{
		etag: rendered.ETag, gzTag: rendered.GzipETag, brTag: rendered.BrotliETag,
		raw: rendered.Raw, gz: rendered.Gzip, br: rendered.Brotli,
	})
}
