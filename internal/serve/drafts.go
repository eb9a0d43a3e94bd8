package serve

import (
	"crypto/hmac"
	"net/http"
	"strconv"
	"strings"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// draftViewer returns the user whose session the draft-view cookie value
// names: an active user of a session valid now, and so one who may read
// the pages, as every role may. Nil for any other value, whose cookie
// the answer then clears. The session is not touched: looking at drafts
// keeps no session alive that the admin does not.
func (s *Server) draftViewer(w http.ResponseWriter, r *http.Request, value string) (*site.User, error) {
	ctx := r.Context()
	idText, sig, _ := strings.Cut(value, ".")
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 || sig == "" {
		s.ClearDraftCookie(w, r)
		return nil, nil
	}
	sess, err := s.Store.FindSession(ctx, id)
	if site.ErrorCode(err) == site.ENOTFOUND {
		s.ClearDraftCookie(w, r)
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	if !hmac.Equal([]byte(value), []byte(httpx.DraftCookieValue(s.Secrets, sess))) || !s.Sessions.Valid(sess, s.Now()) {
		s.ClearDraftCookie(w, r)
		return nil, nil
	}
	user, refusal, err := site.SessionUser(ctx, s.Store, sess)
	if err != nil {
		return nil, err
	}
	if refusal != "" {
		s.ClearDraftCookie(w, r)
		return nil, nil
	}
	return user, nil
}

// serveDraft answers a request with the draft-view cookie for the address
// of a page that visitors cannot see: the page as it is saved, rendered
// like a preview link's, with the banner that says so and, for those who
// may change it, the way to its form; never cached or indexed. It returns
// false, having written nothing but maybe the cookie's removal, for a
// request without the cookie (at the cost of reading one header), for an
// address visitors see (the page cache serves staff as anyone), and for a
// cookie of no live session or an address of no page: those get what
// visitors get, the 404 page among them.
func (s *Server) serveDraft(w http.ResponseWriter, r *http.Request) bool {
	if len(r.Header["Cookie"]) == 0 {
		return false
	}
	c, err := r.Cookie(httpx.DraftCookie)
	if err != nil {
		return false
	}
	ctx := r.Context()
	if serves, err := s.Pages.Serves(ctx, r.URL.Path); err != nil || serves {
		// Unreadable page data: staff get what visitors get, the page's
		// last good render among it.
		return false
	}
	user, err := s.draftViewer(w, r, c.Value)
	if err != nil {
		s.InternalError(w, r, err)
		return true
	}
	if user == nil {
		return false
	}
	page, err := site.PageAt(ctx, s.Store, s.Pages.Routes(), r.URL.Path)
	if site.ErrorCode(err) == site.ENOTFOUND {
		return false
	} else if err != nil {
		s.InternalError(w, r, err)
		return true
	}
	banner := site.NewPagePreview(page, s.Now())
	if user.May(site.PermContent) {
		banner.EditURL = site.PageFormURL(page.ID)
	}
	s.writePreview(w, r, page, banner)
	return true
}
