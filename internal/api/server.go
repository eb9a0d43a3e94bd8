// Package api is the JSON API under /api/ of the content and of the site's
// running: the content and its history, drafts and releases, the media
// library's uploads, preview links and redirects, the mail server, backups,
// privacy requests and the logs staff read. It registers the routes of
// package auth (sign-in, the accounts and the users) and of package inbox
// (the leads and all else visitors send) beside its own.
package api

import (
	"net/http"
	"sync"

	"meridian/internal/auth"
	"meridian/internal/backup"
	"meridian/internal/hits"
	"meridian/internal/httpx"
	"meridian/internal/inbox"
	"meridian/internal/media"
	"meridian/internal/site"
	"meridian/internal/ssr"
)

// Server holds what the API's handlers need. Build it with its fields set,
// then call Handler.
type Server struct {
	*httpx.Base
	// Auth signs staff in and says who made a request; its routes are
	// registered with the API's.
	Auth    *auth.Server
	Store   site.Store
	Version *site.ContentVersion
	// Pages tells which addresses the site serves, and its base address;
	// nil in tests of the API alone.
	Pages *ssr.PageCache
	// Assets tells the files of the browser build, which a redirect may
	// not take over; nil for none.
	Assets interface{ Has(path string) bool }
	// Hits are the hit logs the serving of pages counts in.
	Hits *hits.Log
	// Inbox is the API of the leads and all else visitors send; its
	// routes are registered with the API's.
	Inbox *inbox.Server

	// MailEnv is the mail server of the environment (SMTP_*), which wins
	// over the one saved in the admin; nil when SMTP_HOST is not set.
	MailEnv *site.MailSettings

	// DiskUsage tells the free and total bytes of the database's disk, for
	// the dashboard's checklist; nil when the site cannot know them.
	DiskUsage func() (free, total uint64, err error)

	// MediaLimits bound uploads to the media library; a zero field means
	// the default of media.DefaultLimits (MemoryLimit: none).
	MediaLimits media.Limits
	// UploadLimits bound the uploads being received at once; a zero field
	// means the default of DefaultUploadLimits.
	UploadLimits UploadLimits
	// MediaProcessor makes the variants of uploads; nil means one with
	// the default budget.
	MediaProcessor *media.Processor

	// Backups is the server's backup directory; nil when it has none, and
	// then makes no backups.
	Backups *backup.Dir

	mediaOnce sync.Once
	uploads   uploadGate

	mailTestOnce  sync.Once
	mailTestLimit *httpx.RateLimiter

	// patterns are the patterns of the API, as Handler registered them.
	patterns []string
}

// Routes are the patterns of the API's routes, sign-in's among them.
func (s *Server) Routes() []string { return s.patterns }

// Handler returns the API's handler: every route under /api/ is on this
// page or on auth.Server's Routes.
//
// Auth rules: public routes need nothing; Authenticated needs a valid
// session token (Authorization: Bearer) of an active user; May needs one
// of a user whose role holds the permission: site.PermContent (editor,
// admin) for every write of the content, site.PermLeads (sales, admin) for
// the lead inbox, site.PermLeadSettings and site.PermUsers (admin) for the
// lead settings, the users and the logs.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.patterns = nil
	handle := func(pattern string, h httpx.Handler) {
		s.Auth.Handle(mux, pattern, h)
		s.patterns = append(s.patterns, pattern)
	}
	authenticated, may := s.Auth.Authenticated, s.Auth.May
	content := func(h httpx.Handler) httpx.Handler { return may(site.PermContent, h) }
	users := func(h httpx.Handler) httpx.Handler { return may(site.PermUsers, h) }
	careers := func(h httpx.Handler) httpx.Handler { return may(site.PermCareers, h) }
	// writes is the permission a resource's writes need: the positions
	// are the careers', every other resource the content's.
	writes := func(e *site.Entity) func(httpx.Handler) httpx.Handler {
		if e == site.Positions {
			return careers
		}
		return content
	}

	// Sign-in, the own account and the users; the leads and all else
	// visitors send.
	s.Auth.Routes(handle)
	s.Inbox.Routes(handle)

	// Public.
	handle("GET /api/public/site-settings", s.handlePublicSettings)
	handle("GET /api/public/testimonials", s.handlePublicTestimonials)
	handle("GET /api/public/positions", s.handlePublicPositions)

	// The site settings: read by any signed-in user; so is the
	// dashboard's checklist of what keeps the site from working.
	handle("GET /api/admin/site-settings", authenticated(s.handleSettingsGet))
	handle("GET /api/admin/health", authenticated(s.handleHealth))

	// The mail server the site sends through: administrators, as for the
	// lead settings whose e-mails it carries.
	mailSettings := func(h httpx.Handler) httpx.Handler { return may(site.PermLeadSettings, h) }
	handle("GET /api/admin/mail-settings", mailSettings(s.handleMailSettingsGet))
	handle("PUT /api/admin/mail-settings", mailSettings(s.handleMailSettingsUpdate))
	handle("POST /api/admin/mail-settings/test", mailSettings(s.handleMailSettingsTest))

	// The audit log: JSON pages, or every entry of the filter as CSV
	// (?format=csv). The privacy requests of a person, by e-mail address.
	handle("GET /api/admin/audit-log", users(s.handleAuditLog))
	handle("GET /api/admin/privacy", users(s.handlePrivacyFind))
	handle("POST /api/admin/privacy/export", users(s.handlePrivacyExport))
	handle("POST /api/admin/privacy/erase", users(s.handlePrivacyErase))
	// Backups of the whole site, and their schedule: administrators.
	handle("GET /api/admin/backups", users(s.handleBackupList))
	handle("POST /api/admin/backups", users(s.handleBackupCreate))
	handle("GET /api/admin/backups/{name}", users(s.handleBackupDownload))
	handle("DELETE /api/admin/backups/{name}", users(s.handleBackupDelete))
	handle("GET /api/admin/backup-settings", users(s.handleBackupSettingsGet))
	handle("PUT /api/admin/backup-settings", users(s.handleBackupSettingsUpdate))

	// The content: reads for any signed-in user, writes for editors and
	// administrators. Texts are saved by section and key (SPEC section 7),
	// reset to their built-in copy by a delete.
	handle("GET /api/admin/content", authenticated(s.handleRecordList(site.Content)))
	handle("GET /api/admin/content/deleted", authenticated(s.handleDeletedList(site.Content)))
	handle("POST /api/admin/content", content(s.handleContentSave))
	handle("DELETE /api/admin/content/{id}", content(s.handleRecordDelete(site.Content)))
	handle("PUT /api/admin/site-settings", content(s.handleRecordUpdate(site.Settings, site.SettingsID)))
	handle("POST /api/admin/pages/{id}/publish", content(s.handlePagePublish))
	// Preview links: a page as it is saved, to whoever holds the link.
	// The checks of the page form: read by those who write pages, switched
	// off by administrators.
	handle("GET /api/admin/page-check-settings", content(s.handlePageChecksGet))
	handle("PUT /api/admin/page-check-settings", users(s.handlePageChecksUpdate))
	// Publishing: the mode, set by administrators, and the pending drafts
	// of the texts, published or discarded by the editors.
	handle("GET /api/admin/publishing-settings", content(s.handlePublishingGet))
	handle("PUT /api/admin/publishing-settings", users(s.handlePublishingUpdate))
	handle("GET /api/admin/drafts", content(s.handleDraftList))
	handle("POST /api/admin/drafts/publish", content(s.handleDraftsPublish))
	handle("POST /api/admin/drafts/discard", content(s.handleDraftsDiscard))
	// Review, for the approval mode: any content writer asks for it and
	// comments; publishers (PermPublish) send back.
	handle("POST /api/admin/drafts/schedule", content(s.handleDraftsSchedule))
	handle("POST /api/admin/drafts/review", content(s.handleDraftsReview))
	handle("POST /api/admin/drafts/send-back", may(site.PermPublish, s.handleDraftsSendBack))
	handle("POST /api/admin/drafts/{id}/comments", content(s.handleDraftComment))
	handle("POST /api/admin/drafts/comments/{id}/resolve", content(s.handleDraftCommentResolve))
	handle("GET /api/admin/pages/{id}/previews", content(s.handlePreviewLinkList))
	handle("POST /api/admin/pages/{id}/previews", content(s.handlePreviewLinkCreate))
	handle("DELETE /api/admin/previews/{id}", content(s.handlePreviewLinkDelete))

	// The resources: every one served by the same handlers, its history
	// and restore too; but the media library, the texts and the one row
	// of settings have lists and writes of their own.
	for _, e := range site.EntityList {
		base := "/api/admin/" + e.Name
		handle("GET "+base+"/{id}/revisions", authenticated(s.handleRevisionList(e)))
		handle("POST "+base+"/{id}/revisions/{revisionId}/restore", writes(e)(s.handleRevisionRestore(e)))
		if e == site.Media || e == site.Content || e == site.Settings {
			continue
		}
		handle("GET "+base, authenticated(s.handleRecordList(e)))
		handle("GET "+base+"/deleted", authenticated(s.handleDeletedList(e)))
		handle("POST "+base, writes(e)(s.handleRecordCreate(e)))
		handle("PUT "+base+"/{id}", writes(e)(s.handleRecordUpdate(e, 0)))
		handle("DELETE "+base+"/{id}", writes(e)(s.handleRecordDelete(e)))
	}
	// The media library: uploads and its paged list are its own; edits
	// and deletes are those of every resource.
	handle("GET /api/admin/media", authenticated(s.handleMediaList))
	handle("GET /api/admin/media/deleted", authenticated(s.handleDeletedList(site.Media)))
	handle("GET /api/admin/media/{id}", authenticated(s.handleMediaItem))
	handle("POST /api/admin/media", content(s.handleMediaUpload))
	handle("PUT /api/admin/media/{id}", content(s.handleRecordUpdate(site.Media, 0)))
	handle("DELETE /api/admin/media/{id}", content(s.handleRecordDelete(site.Media)))
	// Redirects are content like the pages they lead to; the log of
	// addresses that answered 404 is read by any signed-in user and
	// cleared by those who may add the redirects that mend them.
	handle("GET /api/admin/not-found", authenticated(s.handleNotFoundList))
	handle("DELETE /api/admin/not-found/{id}", content(s.handleNotFoundDelete))
	return mux
}

// contentChanged moves the content version on after a write the public
// site shows. A shared store tells the other instances itself, inside the
// write's transaction.
func (s *Server) contentChanged() {
	s.Version.Bump()
}
