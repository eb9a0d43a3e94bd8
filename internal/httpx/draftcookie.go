package httpx

import (
	"encoding/base64"
	"net/http"
	"strconv"

	"meridian/internal/site"
)

// DraftCookie lets signed-in staff see a page that visitors cannot (a
// draft, an inactive page, one scheduled for later) at its own address.
// The admin's session is a bearer token that the API takes from the
// Authorization header only; this cookie is set beside it, at sign-in and
// whenever the admin loads (GET /api/admin/me), and is read by nothing but
// the serving of pages, for a page that is not live.
const DraftCookie = "draft_view"

// draftSigned is what the cookie's signature covers besides the token's
// hash, so that the key signs nothing else the same way.
const draftSigned = "draft view:"

// DraftCookieValue is the draft-view cookie of sess: its id and a
// signature of its token's hash under the server's key. It proves that
// the browser was given it with the session, while it is no token: a
// bearer of it gets nothing from the API, and without the key it cannot
// be made from a copy of the database.
func DraftCookieValue(secrets *site.SecretBox, sess *site.Session) string {
	return strconv.FormatInt(sess.ID, 10) + "." + base64.RawURLEncoding.EncodeToString(secrets.Sign(draftSigned+sess.TokenHash))
}

// SetDraftCookie gives the browser the draft-view cookie of sess, until the
// session's end at the latest. HttpOnly: no script reads it; SameSite=Lax:
// a link from elsewhere to a draft (a chat, a mail) carries it, a request
// another site's page makes does not.
func (s *Base) SetDraftCookie(w http.ResponseWriter, r *http.Request, secrets *site.SecretBox, sess *site.Session) {
	http.SetCookie(w, &http.Cookie{Name: DraftCookie, Value: DraftCookieValue(secrets, sess), Path: "/",
		Expires: sess.ExpiresAt, HttpOnly: true, Secure: s.HTTPS(r), SameSite: http.SameSiteLaxMode})
}

// ClearDraftCookie tells the browser to forget the draft-view cookie.
func (s *Base) ClearDraftCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: DraftCookie, Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: s.HTTPS(r), SameSite: http.SameSiteLaxMode})
}
