// Package api is the JSON API under /api/ apart from sign-in and the
// accounts (package auth, whose routes it registers too): the content and
// its history, the media library's uploads, the lead form and the lead
// inbox, preview links, privacy requests and the logs staff read.
package api

import (
	"context"
	"net/http"
	"net/netip"
	"sync"

	"meridian/internal/analytics"
	"meridian/internal/auth"
	"meridian/internal/backup"
	"meridian/internal/hits"
	"meridian/internal/httpx"
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
	// Analytics counts the events of the site's script.
	Analytics *analytics.Counter

	// LeadLimits bound the leads of one client address and of one e-mail
	// address per hour.
	LeadLimits LeadLimits
	// MailEnv is the mail server of the environment (SMTP_*), which wins
	// over the one saved in the admin; nil when SMTP_HOST is not set.
	MailEnv *site.MailSettings
	// DeliveryQueued, when set, is called after a write queued lead
	// notifications, to wake the outbox worker at once.
	DeliveryQueued func()
	// WebhookAllowPrivate accepts webhook URLs of private and local
	// network addresses, for a receiver the operator runs there.
	WebhookAllowPrivate bool
	// Resolver finds the addresses of a webhook URL's host name when it is
	// saved; nil means net.DefaultResolver.
	Resolver Resolver

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

	leadForm        formLimits
	newsletterForm  formLimits
	applicationForm formLimits

	eventLimitOnce sync.Once
	eventLimit     *httpx.RateLimiter

	bookingLimitOnce sync.Once
	bookingLimit     *httpx.RateLimiter

	mailTestOnce  sync.Once
	mailTestLimit *httpx.RateLimiter

	// patterns are the patterns of the API, as Handler registered them.
	patterns []string
}

// Resolver is the part of *net.Resolver the server uses.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// LeadLimits are the most leads allowed per hour from one client address
// and for one e-mail address; 0 turns a limit off.
type LeadLimits struct {
	PerAddress int
	PerEmail   int
}

// DefaultLeadLimits are the limits of a site that sets none.
var DefaultLeadLimits = LeadLimits{PerAddress: 10, PerEmail: 5}

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
	leads := func(h httpx.Handler) httpx.Handler { return may(site.PermLeads, h) }
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

	// Sign-in, the own account and the users.
	s.Auth.Routes(handle)

	// Public.
	handle("GET /api/public/site-settings", s.handlePublicSettings)
	handle("GET /api/public/testimonials", s.handlePublicTestimonials)
	handle("GET /api/public/positions", s.handlePublicPositions)
	handle("POST /api/careers/applications", s.handleApplication)
	handle("POST /api/contact", s.handleContact)
	// The events of the site's script: page views, a lead form's start,
	// clicks of calls to action, real-user speed.
	handle("POST /api/events", s.handleEvent)
	// Booking the free consultation: by the token a lead's answer gives,
	// then by the meeting's own.
	handle("GET /api/public/slots", s.handleSlots)
	handle("POST /api/public/bookings", s.handleBooking)
	handle("POST /api/public/meetings/lookup", s.handleMeetingLookup)
	handle("POST /api/public/meetings/reschedule", s.handleMeetingReschedule)
	handle("POST /api/public/meetings/cancel", s.handleMeetingCancel)
	// The newsletter: the sign-up, and the confirmation and the
	// unsubscription by the tokens of its e-mails' links (the latter also
	// the one-click POST of RFC 8058).
	handle("POST /api/newsletter", s.handleSignUp)
	handle("POST /api/newsletter/confirm", s.handleConfirmSubscription)
	handle("POST "+site.NewsletterUnsubscribeURL, s.handleUnsubscribe)

	// The site settings: read by any signed-in user; so is the
	// dashboard's checklist of what keeps the site from working.
	handle("GET /api/admin/site-settings", authenticated(s.handleSettingsGet))
	handle("GET /api/admin/health", authenticated(s.handleHealth))

	// The lead inbox: sales and administrators.
	handle("GET /api/admin/contact-submissions", leads(s.handleLeadList))
	handle("GET /api/admin/contact-submissions/export.csv", leads(s.handleLeadExport))
	handle("GET /api/admin/contact-submissions/{id}", leads(s.handleLeadView))
	handle("GET /api/admin/lead-stats", leads(s.handleLeadStats))
	handle("GET /api/admin/lead-owners", leads(s.handleLeadOwners))
	handle("GET /api/admin/lead-settings", leads(s.handleLeadSettingsGet))
	handle("PATCH /api/admin/contact-submissions/{id}", leads(s.handleLeadUpdate))
	handle("PUT /api/admin/contact-submissions/{id}", leads(s.handleLeadUpdate))
	handle("POST /api/admin/contact-submissions/{id}/resend", leads(s.handleLeadResend))
	// A lead's timeline: written by those who read the leads, each entry
	// edited by its author for a while, deleted by administrators.
	handle("POST /api/admin/contact-submissions/{id}/activity", leads(s.handleActivityAdd))
	handle("PUT /api/admin/contact-submissions/{id}/activity/{entryId}", leads(s.handleActivityUpdate))
	handle("DELETE /api/admin/contact-submissions/{id}/activity/{entryId}", may(site.PermLeadActivityDelete, s.handleActivityDelete))
	handle("PUT /api/admin/lead-settings", may(site.PermLeadSettings, s.handleLeadSettingsUpdate))
	// The analytics: who came, from where, what they read, what became a
	// lead, how fast the pages were; read by those who read the leads.
	handle("GET /api/admin/analytics", leads(s.handleAnalytics))
	// Booked consultations, and the booking settings of each user who
	// may take leads.
	handle("GET /api/admin/meetings", leads(s.handleMeetingList))
	handle("GET /api/admin/account/availability", leads(s.handleAvailabilityGet))
	handle("PUT /api/admin/account/availability", leads(s.handleAvailabilityPut))
	handle("GET /api/admin/account/calendar-feed", leads(s.handleCalendarFeedGet))
	handle("POST /api/admin/account/calendar-feed", leads(s.handleCalendarFeedCreate))
	handle("DELETE /api/admin/account/calendar-feed", leads(s.handleCalendarFeedDelete))

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

	// The newsletter's subscribers: editors and administrators, as the
	// site's marketing; the webhook to the mailing service, administrators.
	handle("GET /api/admin/subscribers", may(site.PermSubscribers, s.handleSubscriberList))
	handle("GET /api/admin/subscribers/export.csv", may(site.PermSubscribers, s.handleSubscriberExport))
	handle("GET /api/admin/newsletter-settings", may(site.PermLeadSettings, s.handleNewsletterSettingsGet))
	handle("PUT /api/admin/newsletter-settings", may(site.PermLeadSettings, s.handleNewsletterSettingsUpdate))

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

	// The applications to the positions: recruiters and administrators.
	handle("GET /api/admin/applications", careers(s.handleApplicationList))
	handle("GET /api/admin/applications/export.csv", careers(s.handleApplicationExport))
	handle("GET /api/admin/applications/{id}/cv", careers(s.handleApplicationCV))
	handle("GET /api/admin/applications/{id}", careers(s.handleApplicationGet))
	handle("PUT /api/admin/applications/{id}", careers(s.handleApplicationUpdate))
	handle("POST /api/admin/applications/{id}/activity", careers(s.handleApplicationActivityAdd))
	handle("PUT /api/admin/applications/{id}/activity/{entryId}", careers(s.handleApplicationActivityUpdate))
	handle("GET /api/admin/careers-settings", careers(s.handleCareersSettingsGet))
	handle("PUT /api/admin/careers-settings", careers(s.handleCareersSettingsUpdate))

	// The resources: every one served by the same handlers.
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Redirects, site.Positions, site.CaseStudies} {
		base := "/api/admin/" + e.Name
		handle("GET "+base, authenticated(s.handleRecordList(e)))
		handle("GET "+base+"/deleted", authenticated(s.handleDeletedList(e)))
		handle("POST "+base, writes(e)(s.handleRecordCreate(e)))
		handle("PUT "+base+"/{id}", writes(e)(s.handleRecordUpdate(e, 0)))
		handle("DELETE "+base+"/{id}", writes(e)(s.handleRecordDelete(e)))
	}
	// The media library: uploads and its paged list are its own; edits,
	// deletes, history and restore are those of every resource.
	handle("GET /api/admin/media", authenticated(s.handleMediaList))
	handle("GET /api/admin/media/deleted", authenticated(s.handleDeletedList(site.Media)))
	handle("GET /api/admin/media/{id}", authenticated(s.handleMediaItem))
	handle("POST /api/admin/media", content(s.handleMediaUpload))
	handle("PUT /api/admin/media/{id}", content(s.handleRecordUpdate(site.Media, 0)))
	handle("DELETE /api/admin/media/{id}", content(s.handleRecordDelete(site.Media)))
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Redirects, site.Media, site.Settings, site.Content, site.Positions, site.CaseStudies} {
		base := "/api/admin/" + e.Name
		handle("GET "+base+"/{id}/revisions", authenticated(s.handleRevisionList(e)))
		handle("POST "+base+"/{id}/revisions/{revisionId}/restore", writes(e)(s.handleRevisionRestore(e)))
	}
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

// deliveryQueued wakes the outbox worker of this process.
func (s *Server) deliveryQueued() {
	if s.DeliveryQueued != nil {
		s.DeliveryQueued()
	}
}
