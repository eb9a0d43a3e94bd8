package httpd

import (
	"crypto/hmac"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	"meridian/internal/site"
)

// draftCookie lets signed-in staff see a page that visitors cannot (a
// draft, an inactive page, one scheduled for later) at its own address.
// The admin's session is a bearer token that the API takes from the
// Authorization header only; this cookie is set beside it, at sign-in and
// whenever the admin loads (GET /api/admin/me), and is read by nothing but
// the page handler, for a page that is not live (serveDraft).
const draftCookie = "draft_view"

// draftSigned is what the cookie's signature covers besides the token's
// hash, so that the key signs nothing else the same way.
const draftSigned = "draft view:"

// draftCookieValue is the draft-view cookie of sess: its id and a
// signature of its token's hash under the server's key. It proves that
// the browser was given it with the session, while it is no token: a
// bearer of it gets nothing from the API, and without the key it cannot
// be made from a copy of the database.
func (s *Server) draftCookieValue(sess *site.Session) string {
	return strconv.FormatInt(sess.ID, 10) + "." + base64.RawURLEncoding.EncodeToString(s.Secrets.Sign(draftSigned+sess.TokenHash))
}

// setDraftCookie gives the browser the draft-view cookie of sess, until the
// session's end at the latest. HttpOnly: no script reads it; SameSite=Lax:
// a link from elsewhere to a draft (a chat, a mail) carries it, a request
// another site's page makes does not.
func (s *Server) setDraftCookie(w http.ResponseWriter, r *http.Request, sess *site.Session) {
	http.SetCookie(w, &http.Cookie{Name: draftCookie, Value: s.draftCookieValue(sess), Path: "/",
		Expires: sess.ExpiresAt, HttpOnly: true, Secure: s.https(r), SameSite: http.SameSiteLaxMode})
}

// clearDraftCookie tells the browser to forget the draft-view cookie.
func (s *Server) clearDraftCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: draftCookie, Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: s.https(r), SameSite: http.SameSiteLaxMode})
}

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
		s.clearDraftCookie(w, r)
		return nil, nil
	}
	sess, err := s.Store.FindSession(ctx, id)
	if site.ErrorCode(err) == site.ENOTFOUND {
		s.clearDraftCookie(w, r)
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	if !hmac.Equal([]byte(value), []byte(s.draftCookieValue(sess))) || !s.sessionPolicy().Valid(sess, s.now()) {
		s.clearDraftCookie(w, r)
		return nil, nil
	}
	user, refusal, err := s.activeUser(ctx, sess)
	if err != nil {
		return nil, err
	}
	if refusal != "" {
		s.clearDraftCookie(w, r)
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
	c, err := r.Cookie(draftCookie)
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
		s.internalError(w, r, err)
		return true
	}
	if user == nil {
		return false
	}
	page, err := site.PageAt(ctx, s.Store, s.Pages.Routes(), r.URL.Path)
	if site.ErrorCode(err) == site.ENOTFOUND {
		return false
	} else if err != nil {
		s.internalError(w, r, err)
		return true
	}
	banner := site.NewPagePreview(page, s.now())
	if user.May(site.PermContent) {
		banner.EditURL = site.PageFormURL(page.ID)
	}
	s.writePreview(w, r, page, banner)
	return true
}

// https reports whether the request reached the site over TLS: on this
// connection, or through a proxy in front of a site whose address is
// https (which sends HSTS).
func (s *Server) https(r *http.Request) bool { return s.HSTS || r.TLS != nil }
