package httpd

import (
	"net/http"
	"strings"
	"time"

	"meridian/internal/site"
)

const healthTimeout = 2 * time.Second

// Handler returns the site's handler: every route is on this page.
//
// Auth rules: public routes need nothing; s.authenticated needs a valid
// session token (Authorization: Bearer); s.admin needs one of a user with
// isAdmin. Every write of the admin API is s.admin.
func (s *Server) Handler() http.Handler {
	// Hash the stand-in password now, so that the first login with an
	// unknown username costs no more than any other.
	s.dummy()

	api := http.NewServeMux()
	// Public.
	api.HandleFunc("GET /api/public/site-settings", s.handlePublicSettings)
	api.HandleFunc("GET /api/public/testimonials", s.handlePublicTestimonials)
	api.HandleFunc("POST /api/contact", s.handleContact)
	api.HandleFunc("POST /api/admin/login", s.handleLogin)

	// Any signed-in user.
	api.HandleFunc("POST /api/admin/logout", s.authenticated(s.handleLogout))
	api.HandleFunc("GET /api/admin/contact-submissions", s.authenticated(s.handleLeadList))
	api.HandleFunc("GET /api/admin/contact-submissions/export.csv", s.authenticated(s.handleLeadExport))
	api.HandleFunc("GET /api/admin/lead-stats", s.authenticated(s.handleLeadStats))
	api.HandleFunc("GET /api/admin/lead-settings", s.authenticated(s.handleLeadSettingsGet))
	api.HandleFunc("GET /api/admin/site-settings", s.authenticated(s.handleSettingsGet))

	// Administrators only.
	// Texts are saved by section and key (SPEC section 7), reset to their
	// built-in copy by a delete.
	api.HandleFunc("GET /api/admin/content", s.authenticated(s.handleRecordList(site.Content)))
	api.HandleFunc("GET /api/admin/content/deleted", s.authenticated(s.handleDeletedList(site.Content)))
	api.HandleFunc("POST /api/admin/content", s.admin(s.handleContentSave))
	api.HandleFunc("DELETE /api/admin/content/{id}", s.admin(s.handleRecordDelete(site.Content)))
	api.HandleFunc("PUT /api/admin/site-settings", s.admin(s.handleRecordUpdate(site.Settings, site.SettingsID)))
	api.HandleFunc("PATCH /api/admin/contact-submissions/{id}", s.admin(s.handleLeadUpdate))
	api.HandleFunc("POST /api/admin/contact-submissions/{id}/resend", s.admin(s.handleLeadResend))
	api.HandleFunc("PUT /api/admin/lead-settings", s.admin(s.handleLeadSettingsUpdate))
	api.HandleFunc("POST /api/admin/pages/{id}/publish", s.admin(s.handlePagePublish))

	// The resources: every one served by the same handlers. Lists, history
	// and the recently deleted are for any signed-in user; writes, restores
	// included, for administrators.
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages} {
		base := "/api/admin/" + e.Name
		api.HandleFunc("GET "+base, s.authenticated(s.handleRecordList(e)))
		api.HandleFunc("GET "+base+"/deleted", s.authenticated(s.handleDeletedList(e)))
		api.HandleFunc("POST "+base, s.admin(s.handleRecordCreate(e)))
		api.HandleFunc("PUT "+base+"/{id}", s.admin(s.handleRecordUpdate(e, 0)))
		api.HandleFunc("DELETE "+base+"/{id}", s.admin(s.handleRecordDelete(e)))
	}
	// The media library: uploads and its paged list are its own; edits,
	// deletes, history and restore are those of every resource.
	api.HandleFunc("GET /api/admin/media", s.authenticated(s.handleMediaList))
	api.HandleFunc("GET /api/admin/media/deleted", s.authenticated(s.handleDeletedList(site.Media)))
	api.HandleFunc("GET /api/admin/media/{id}", s.authenticated(s.handleMediaItem))
	api.HandleFunc("POST /api/admin/media", s.admin(s.handleMediaUpload))
	api.HandleFunc("PUT /api/admin/media/{id}", s.admin(s.handleRecordUpdate(site.Media, 0)))
	api.HandleFunc("DELETE /api/admin/media/{id}", s.admin(s.handleRecordDelete(site.Media)))
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Media, site.Settings, site.Content} {
		base := "/api/admin/" + e.Name
		api.HandleFunc("GET "+base+"/{id}/revisions", s.authenticated(s.handleRevisionList(e)))
		api.HandleFunc("POST "+base+"/{id}/revisions/{revisionId}/restore", s.admin(s.handleRevisionRestore(e)))
	}

	pages := http.NewServeMux()
	pages.HandleFunc("GET /healthz", s.handleHealthz)
	pages.HandleFunc("GET /robots.txt", s.handleRobots)
	pages.HandleFunc("GET /sitemap.xml", s.handleSitemap)
	// The variants of the media library, from the database; handleGet
	// answers 404 for any other address under /media/ (a pattern "/media/"
	// here would redirect /media, a page address, to it).
	pages.HandleFunc("GET /media/{file}", s.handleMediaFile)
	// The pictures of link previews, at the page's path under /og/{key}.
	// /og has a pattern of its own, the 404 page's, or the pattern below
	// would redirect it to /og/.
	pages.HandleFunc("GET /og/{path...}", s.handleOGImage)
	pages.HandleFunc("GET /og", s.handleGet)
	// Everything else: a file of the browser build, or a page.
	pages.HandleFunc("GET /", s.handleGet)

	// API answers are never cached: they carry admin data or change at once.
	apiHandler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		api.ServeHTTP(&jsonFallback{ResponseWriter: w}, r)
	})
	root := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			apiHandler.ServeHTTP(w, r)
			return
		}
		pages.ServeHTTP(w, r)
	})
	return s.recoverPanics(s.logRequests(s.securityHeaders(s.crossOriginProtection(root))))
}
