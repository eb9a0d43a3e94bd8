package httpd

import (
	"net/http"
	"net/url"
	"time"

	"meridian/internal/site"
)

// previewLinkURL is l of page with the address that carries token: the
// page's own, with the token in the query.
func (s *Server) previewLinkURL(l *site.PreviewLink, page *site.Page, token string) site.PreviewLinkURL {
	addr := page.Path() + "?" + site.PreviewParam + "=" + token
	if s.Pages != nil {
		addr = s.Pages.URL(addr)
	}
	return site.PreviewLinkURL{PreviewLink: *l, URL: addr}
}

// handlePreviewLinkList lists a page's preview links that still work.
func (s *Server) handlePreviewLinkList(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "Page")
	if err != nil {
		return err
	}
	list, err := s.Store.FindPreviewLinks(r.Context(), id, s.now())
	if err != nil {
		return err
	}
	writeOK(w, list)
	return nil
}

type previewLinkInput struct {
	// Days is how long the link works, site.PreviewLinkDays when left
	// out; 0 is refused like any number outside 1 to 30.
	Days *int `json:"days"`
}

// handlePreviewLinkCreate makes a preview link of a page and answers its
// address, the only time the token is told.
func (s *Server) handlePreviewLinkCreate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "Page")
	if err != nil {
		return err
	}
	var in previewLinkInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	days := site.PreviewLinkDays
	if in.Days != nil {
		days = *in.Days
	}
	if days < 1 || days > site.MaxPreviewLinkDays {
		return site.FieldError("days", "A preview link works from 1 to 30 days.")
	}
	rec, err := s.Store.FindRecord(r.Context(), site.Pages, id)
	if err != nil {
		return err
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	now := s.now()
	me := currentUser(r.Context()).user
	l, err := s.Store.CreatePreviewLink(r.Context(), &site.PreviewLink{PageID: id, TokenHash: hash, CreatedBy: me.Username,
		CreatedAt: now, ExpiresAt: now.AddDate(0, 0, days)})
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "preview link made", "page_id", id, "days", days, "by", me.Username)
	writeCreated(w, s.previewLinkURL(l, rec.(*site.Page), token))
	return nil
}

// handlePreviewLinkDelete revokes a preview link.
func (s *Server) handlePreviewLinkDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "Preview link")
	if err != nil {
		return err
	}
	if err := s.Store.DeletePreviewLink(r.Context(), id); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "preview link revoked", "preview_link_id", id, "by", currentUser(r.Context()).user.Username)
	writeDone(w)
	return nil
}

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
	l, err := s.Store.FindPreviewLinkByToken(ctx, hash, s.now())
	if site.ErrorCode(err) == site.ENOTFOUND {
		return false
	} else if err != nil {
		s.internalError(w, r, err)
		return true
	}
	rec, err := s.Store.FindRecord(ctx, site.Pages, l.PageID)
	if site.ErrorCode(err) == site.ENOTFOUND {
		return false
	} else if err != nil {
		s.internalError(w, r, err)
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
	banner := site.NewPagePreview(page, s.now())
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
const previewTooMany = "Too many requests with this preview link in a short time. Please wait a minute and try again.\n"

// allowPreview counts a request with the preview token of hash (known
// or not, before any read) against previewLimit; over it, it answers 429
// with Retry-After and returns false.
func (s *Server) allowPreview(w http.ResponseWriter, r *http.Request, hash string) bool {
	s.previewLimitOnce.Do(func() { s.previewLimit = newRateLimiter(previewLimit, time.Minute) })
	now := s.now()
	ok, wait := s.previewLimit.allow(hash, now)
	if ok {
		return true
	}
	secs := setRetryAfter(w, wait)
	if n := s.previewRefusals.note(hash, now); n > 0 {
		s.Logger.WarnContext(r.Context(), "preview link rate limit", "path", r.URL.Path, "addr", s.clientAddr(r), "refused", n, "retryAfter", secs)
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(http.StatusTooManyRequests)
	w.Write([]byte(previewTooMany))
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
		s.internalError(w, r, err)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	writeEncoded(w, r, rendered.Status, encodedBody{
		etag: rendered.ETag, gzTag: rendered.GzipETag, brTag: rendered.BrotliETag,
		raw: rendered.Raw, gz: rendered.Gzip, br: rendered.Brotli,
	})
}
