package serve

import (
	"errors"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"meridian/internal/site"
	"meridian/internal/ssr"
	"meridian/web"
)

var (
	contentTypeHTML = []string{"text/html; charset=utf-8"}
	cacheNoCache    = []string{"no-cache"}
)

// shellPage is a screen the browser renders from the bare shell: it has no
// server-rendered content and no site data, and is kept out of search
// engines.
type shellPage struct {
	title, description string
}

var (
	adminShell  = shellPage{"Admin Panel", "Sign in to manage the website"}
	manageShell = shellPage{"Your consultation", "Move or cancel your free consultation"}
)

// shellPaths are the screens of the admin portal, and the page of a
// visitor's link that moves or cancels their meeting.
var shellPaths = map[string]shellPage{"/admin": adminShell, "/admin/login": adminShell, site.InvitationPath: adminShell,
	site.VerifyEmailPath: adminShell, site.ManageMeetingPath: manageShell}

// handleGet serves a static file of the browser build when one has this
// path, and otherwise the server-rendered page: a built-in page, a
// published page of the admin at /{slug}, a preview (a preview link's,
// or a page not live yet for staff with the draft-view cookie), a
// redirect's 301, or the 404 page (whose address the not-found log counts).
// When the page data cannot be read, a page visitors have seen is answered
// with its last good render (ssr.StaleError).
func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	if strings.HasPrefix(p, "/media/") {
		// Not a media variant (those have a route of their own): no page
		// would make sense here.
		http.NotFound(w, r)
		return
	}
	if f := s.Assets.lookup(p); f != nil {
		s.Assets.serve(w, r, f)
		return
	}
	if strings.HasPrefix(p, "/assets/") {
		// A hashed file from an older build: no page would make sense here.
		http.NotFound(w, r)
		return
	}
	if shell, ok := shellPaths[p]; ok {
		s.serveShell(w, r, shell)
		return
	}
	if newsletterPaths[p] {
		s.serveNewsletterPage(w, r)
		return
	}
	if token := r.URL.Query().Get(site.PreviewParam); token != "" && s.servePreview(w, r, token) {
		return
	}
	if s.serveDraft(w, r) {
		return
	}
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		target := strings.TrimRight(p, "/")
		_, serves := shellPaths[target]
		if !serves && target != "" {
			var err error
			if serves, err = s.Pages.Serves(r.Context(), target); err != nil {
				s.InternalError(w, r, err)
				return
			}
		}
		if serves {
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
	}
	if s.serveRedirect(w, r) {
		return
	}
	page, ok := s.page(w, r, p, r.URL.Query())
	if !ok {
		return
	}
	if page.Status == http.StatusNotFound {
		s.noteNotFound(r)
	}
	h := w.Header()
	h["Content-Type"] = contentTypeHTML
	// Pages change whenever content does: the browser revalidates each time,
	// which the ETag makes cheap.
	h["Cache-Control"] = cacheNoCache
	writeEncoded(w, r, page.Status, encodedBody{
		etag: page.ETag, gzTag: page.GzipETag, brTag: page.BrotliETag,
		raw: page.Raw, gz: page.Gzip, br: page.Brotli,
	})
}

// page returns the page at path from the page cache, or its last good
// render when its data cannot be read: that is logged at once, then at
// most once a minute while it lasts (counting the pages served so since
// the last line), however many requests an outage of the database meets.
// On any other failure it answers 500 and returns false.
func (s *Server) page(w http.ResponseWriter, r *http.Request, path string, query url.Values) (*ssr.Page, bool) {
	page, err := s.Pages.Get(r.Context(), path, query)
	if stale := (*ssr.StaleError)(nil); errors.As(err, &stale) {
		if n := s.staleLog.Note("stale pages", s.Now()); n > 0 {
			s.Logger.ErrorContext(r.Context(), "pages: the page data cannot be read; serving the last good render", "path", path, "served", n, "err", stale.Err)
		}
	} else if err != nil {
		s.InternalError(w, r, err)
		return nil, false
	}
	return page, true
}

// serveShell answers with the HTML shell of the browser build, titled for
// the screen, kept out of search engines and in the brand colours of the
// settings, which the admin's primary colour follows. These screens are
// rare enough that assembling it per request costs nothing worth keeping.
func (s *Server) serveShell(w http.ResponseWriter, r *http.Request, page shellPage) {
	index, err := fs.ReadFile(web.Dist, "dist/client/index.html")
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	shell, err := ssr.ParseShell(string(index))
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	// No canonical link: the shell then carries robots noindex.
	doc := &ssr.Document{Title: page.title, Description: page.description, SiteName: page.title, DataJSON: []byte("{}")}
	rec, err := s.Store.FindRecord(r.Context(), site.Settings, site.SettingsID)
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	if st, ok := rec.(*site.SiteSettings); ok {
		doc.PrimaryColor, doc.SecondaryColor = st.PrimaryColor, st.SecondaryColor
	}
	body := shell.Assemble(doc)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
