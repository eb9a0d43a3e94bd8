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
// session token (Authorization: Bearer) of an active user; s.may needs one
// of a user whose role holds the permission: site.PermContent (editor,
// admin) for every write of the content, site.PermLeads (sales, admin) for
// the lead inbox, site.PermLeadSettings and site.PermUsers (admin) for the
// lead settings and the users.
func (s *Server) Handler() http.Handler {
	// Hash the stand-in password now, so that the first login with an
	// unknown username costs no more than any other.
	s.dummy()

	mux := http.NewServeMux()
	s.apiRoutes = nil
	handle := func(pattern string, h handler) {
		mux.HandleFunc(pattern, s.audited(pattern, s.serve(h)))
		s.apiRoutes = append(s.apiRoutes, pattern)
	}
	content := func(h handler) handler { return s.may(site.PermContent, h) }
	leads := func(h handler) handler { return s.may(site.PermLeads, h) }

	// Public.
	handle("GET /api/public/site-settings", s.handlePublicSettings)
	handle("GET /api/public/testimonials", s.handlePublicTestimonials)
	handle("POST /api/contact", s.handleContact)
	handle("POST /api/admin/login", s.handleLogin)
	// The second step of a sign-in, with the challenge the login answered.
	handle("POST /api/admin/login/2fa", s.handleLoginCode)
	handle("POST /api/admin/login/2fa/enrol", s.handleLoginEnrol)
	handle("POST /api/admin/login/2fa/enrol/confirm", s.handleLoginEnrolConfirm)
	// An invitation's link: whose account it offers, and its acceptance.
	// The token travels in the body, never in a path that logs keep.
	handle("POST /api/admin/invitations/check", s.handleInvitationCheck)
	handle("POST /api/admin/invitations/accept", s.handleInvitationAccept)

	// Any signed-in user: the session, the own account, and the reads of
	// the content (which every role's tabs may show).
	handle("POST /api/admin/logout", s.authenticated(s.handleLogout))
	handle("GET /api/admin/me", s.authenticated(s.handleMe))
	handle("PUT /api/admin/account/password", s.authenticated(s.handleAccountPassword))
	handle("GET /api/admin/account/sessions", s.authenticated(s.handleAccountSessions))
	handle("DELETE /api/admin/account/sessions", s.authenticated(s.handleAccountSessionsEnd))
	handle("DELETE /api/admin/account/sessions/{id}", s.authenticated(s.handleAccountSessionEnd))
	handle("GET /api/admin/account/2fa", s.authenticated(s.handleTwoFactorStatus))
	handle("POST /api/admin/account/2fa", s.authenticated(s.handleTwoFactorEnrol))
	handle("POST /api/admin/account/2fa/confirm", s.authenticated(s.handleTwoFactorConfirm))
	handle("DELETE /api/admin/account/2fa", s.authenticated(s.handleTwoFactorDisable))
	handle("POST /api/admin/account/2fa/recovery-codes", s.authenticated(s.handleRecoveryCodesRenew))
	handle("GET /api/admin/site-settings", s.authenticated(s.handleSettingsGet))

	// The lead inbox: sales and administrators.
	handle("GET /api/admin/contact-submissions", leads(s.handleLeadList))
	handle("GET /api/admin/contact-submissions/export.csv", leads(s.handleLeadExport))
	handle("GET /api/admin/contact-submissions/{id}", leads(s.handleLeadView))
	handle("GET /api/admin/lead-stats", leads(s.handleLeadStats))
	handle("GET /api/admin/lead-settings", leads(s.handleLeadSettingsGet))
	handle("PATCH /api/admin/contact-submissions/{id}", leads(s.handleLeadUpdate))
	handle("POST /api/admin/contact-submissions/{id}/resend", leads(s.handleLeadResend))
	handle("PUT /api/admin/lead-settings", s.may(site.PermLeadSettings, s.handleLeadSettingsUpdate))

	// The users: administrators only.
	users := func(h handler) handler { return s.may(site.PermUsers, h) }
	handle("GET /api/admin/users", users(s.handleUserList))
	handle("POST /api/admin/users", users(s.handleUserCreate))
	handle("PUT /api/admin/users/{id}", users(s.handleUserUpdate))
	handle("DELETE /api/admin/users/{id}", users(s.handleUserDisable))
	handle("POST /api/admin/users/{id}/reset-password", users(s.handleUserResetPassword))
	handle("DELETE /api/admin/users/{id}/2fa", users(s.handleUserResetTwoFactor))
	handle("GET /api/admin/invitations", users(s.handleInvitationList))
	handle("POST /api/admin/invitations", users(s.handleInvitationCreate))
	handle("POST /api/admin/invitations/{id}/renew", users(s.handleInvitationRenew))
	handle("DELETE /api/admin/invitations/{id}", users(s.handleInvitationDelete))
	handle("GET /api/admin/security-settings", users(s.handleSecurityGet))
	handle("PUT /api/admin/security-settings", users(s.handleSecurityUpdate))
	// The audit log: JSON pages, or every entry of the filter as CSV
	// (?format=csv).
	handle("GET /api/admin/audit-log", users(s.handleAuditLog))
	// The privacy requests of a person, by e-mail address.
	handle("GET /api/admin/privacy", users(s.handlePrivacyFind))
	handle("POST /api/admin/privacy/export", users(s.handlePrivacyExport))
	handle("POST /api/admin/privacy/erase", users(s.handlePrivacyErase))

	// The content: reads for any signed-in user, writes for editors and
	// administrators. Texts are saved by section and key (SPEC section 7),
	// reset to their built-in copy by a delete.
	handle("GET /api/admin/content", s.authenticated(s.handleRecordList(site.Content)))
	handle("GET /api/admin/content/deleted", s.authenticated(s.handleDeletedList(site.Content)))
	handle("POST /api/admin/content", content(s.handleContentSave))
	handle("DELETE /api/admin/content/{id}", content(s.handleRecordDelete(site.Content)))
	handle("PUT /api/admin/site-settings", content(s.handleRecordUpdate(site.Settings, site.SettingsID)))
	handle("POST /api/admin/pages/{id}/publish", content(s.handlePagePublish))
	// Preview links: a page as it is saved, to whoever holds the link.
	handle("GET /api/admin/pages/{id}/previews", content(s.handlePreviewLinkList))
	handle("POST /api/admin/pages/{id}/previews", content(s.handlePreviewLinkCreate))
	handle("DELETE /api/admin/previews/{id}", content(s.handlePreviewLinkDelete))

	// The resources: every one served by the same handlers.
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Redirects} {
		base := "/api/admin/" + e.Name
		handle("GET "+base, s.authenticated(s.handleRecordList(e)))
		handle("GET "+base+"/deleted", s.authenticated(s.handleDeletedList(e)))
		handle("POST "+base, content(s.handleRecordCreate(e)))
		handle("PUT "+base+"/{id}", content(s.handleRecordUpdate(e, 0)))
		handle("DELETE "+base+"/{id}", content(s.handleRecordDelete(e)))
	}
	// The media library: uploads and its paged list are its own; edits,
	// deletes, history and restore are those of every resource.
	handle("GET /api/admin/media", s.authenticated(s.handleMediaList))
	handle("GET /api/admin/media/deleted", s.authenticated(s.handleDeletedList(site.Media)))
	handle("GET /api/admin/media/{id}", s.authenticated(s.handleMediaItem))
	handle("POST /api/admin/media", content(s.handleMediaUpload))
	handle("PUT /api/admin/media/{id}", content(s.handleRecordUpdate(site.Media, 0)))
	handle("DELETE /api/admin/media/{id}", content(s.handleRecordDelete(site.Media)))
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Redirects, site.Media, site.Settings, site.Content} {
		base := "/api/admin/" + e.Name
		handle("GET "+base+"/{id}/revisions", s.authenticated(s.handleRevisionList(e)))
		handle("POST "+base+"/{id}/revisions/{revisionId}/restore", content(s.handleRevisionRestore(e)))
	}
	// Redirects are content like the pages they lead to; the log of
	// addresses that answered 404 is read by any signed-in user and
	// cleared by those who may add the redirects that mend them.
	handle("GET /api/admin/not-found", s.authenticated(s.handleNotFoundList))
	handle("DELETE /api/admin/not-found/{id}", content(s.handleNotFoundDelete))
	api := mux

	pages := http.NewServeMux()
	pages.HandleFunc("GET /healthz", s.handleHealthz)
	pages.HandleFunc("GET /robots.txt", s.handleRobots)
	pages.HandleFunc("GET /sitemap.xml", s.handleSitemap)
	pages.HandleFunc("GET /blog/feed.xml", s.handleFeed)
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
