package httpd

import (
	"net/http"
	"strings"
	"time"
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
	api.HandleFunc("GET /api/admin/content", s.authenticated(s.handleContentList))
	api.HandleFunc("GET /api/admin/menu-items", s.authenticated(s.handleMenuList))
	api.HandleFunc("GET /api/admin/images", s.authenticated(s.handleImageList))
	api.HandleFunc("GET /api/admin/testimonials", s.authenticated(s.handleTestimonialList))
	api.HandleFunc("GET /api/admin/footer-links", s.authenticated(s.handleFooterList))
	api.HandleFunc("GET /api/admin/pages", s.authenticated(s.handlePageList))
	api.HandleFunc("GET /api/admin/site-settings", s.authenticated(s.handleSettingsGet))

	// Administrators only.
	api.HandleFunc("POST /api/admin/content", s.admin(s.handleContentUpsert))
	api.HandleFunc("PUT /api/admin/site-settings", s.admin(s.handleSettingsUpdate))
	api.HandleFunc("PATCH /api/admin/contact-submissions/{id}", s.admin(s.handleLeadUpdate))
	api.HandleFunc("POST /api/admin/contact-submissions/{id}/resend", s.admin(s.handleLeadResend))
	api.HandleFunc("PUT /api/admin/lead-settings", s.admin(s.handleLeadSettingsUpdate))
	api.HandleFunc("POST /api/admin/menu-items", s.admin(s.handleMenuCreate))
	api.HandleFunc("PUT /api/admin/menu-items/{id}", s.admin(s.handleMenuUpdate))
	api.HandleFunc("DELETE /api/admin/menu-items/{id}", s.admin(s.handleMenuDelete))
	api.HandleFunc("POST /api/admin/images", s.admin(s.handleImageCreate))
	api.HandleFunc("PUT /api/admin/images/{id}", s.admin(s.handleImageUpdate))
	api.HandleFunc("DELETE /api/admin/images/{id}", s.admin(s.handleImageDelete))
	api.HandleFunc("POST /api/admin/testimonials", s.admin(s.handleTestimonialCreate))
	api.HandleFunc("PUT /api/admin/testimonials/{id}", s.admin(s.handleTestimonialUpdate))
	api.HandleFunc("DELETE /api/admin/testimonials/{id}", s.admin(s.handleTestimonialDelete))
	api.HandleFunc("POST /api/admin/footer-links", s.admin(s.handleFooterCreate))
	api.HandleFunc("PUT /api/admin/footer-links/{id}", s.admin(s.handleFooterUpdate))
	api.HandleFunc("DELETE /api/admin/footer-links/{id}", s.admin(s.handleFooterDelete))
	api.HandleFunc("POST /api/admin/pages", s.admin(s.handlePageCreate))
	api.HandleFunc("PUT /api/admin/pages/{id}", s.admin(s.handlePageUpdate))
	api.HandleFunc("DELETE /api/admin/pages/{id}", s.admin(s.handlePageDelete))
	api.HandleFunc("POST /api/admin/pages/{id}/publish", s.admin(s.handlePagePublish))

	pages := http.NewServeMux()
	pages.HandleFunc("GET /healthz", s.handleHealthz)
	pages.HandleFunc("GET /robots.txt", s.handleRobots)
	pages.HandleFunc("GET /sitemap.xml", s.handleSitemap)
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
