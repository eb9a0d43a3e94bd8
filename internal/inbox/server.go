// Package inbox is the JSON API of what visitors send and of the staff's
// work on it: the lead form and the lead inbox with its owners, clock and
// timelines, booking the free consultation and the meetings, job
// applications, the newsletter's sign-ups and subscribers, and the
// analytics of what brought the leads. Package api registers its routes
// beside the content's.
package inbox

import (
	"context"
	"net/netip"
	"sync"

	"meridian/internal/analytics"
	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
	"meridian/internal/ssr"
)

// Server holds what the inbox's handlers need. Build it with its fields
// set, and give it to api.Server, which registers its Routes.
type Server struct {
	*httpx.Base
	// Auth says who made a request and records the audit entries of
	// reads.
	Auth  *auth.Server
	Store site.Store
	// Pages tells the site's base address; nil in tests of the API alone.
	Pages *ssr.PageCache
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

	leadForm        formLimits
	newsletterForm  formLimits
	applicationForm formLimits

	eventLimitOnce sync.Once
	eventLimit     *httpx.RateLimiter

	bookingLimitOnce sync.Once
	bookingLimit     *httpx.RateLimiter
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

// Routes registers the inbox's routes with handle (see api.Server's
// Handler for the rules of the permissions).
func (s *Server) Routes(handle func(pattern string, h httpx.Handler)) {
	may := s.Auth.May
	leads := func(h httpx.Handler) httpx.Handler { return may(site.PermLeads, h) }
	careers := func(h httpx.Handler) httpx.Handler { return may(site.PermCareers, h) }

	// Public: the forms, the events of the site's script (page views, a
	// lead form's start, clicks of calls to action, real-user speed).
	handle("POST /api/careers/applications", s.handleApplication)
	handle("POST /api/contact", s.handleContact)
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

	// The newsletter's subscribers: editors and administrators, as the
	// site's marketing; the webhook to the mailing service, administrators.
	handle("GET /api/admin/subscribers", may(site.PermSubscribers, s.handleSubscriberList))
	handle("GET /api/admin/subscribers/export.csv", may(site.PermSubscribers, s.handleSubscriberExport))
	handle("GET /api/admin/newsletter-settings", may(site.PermLeadSettings, s.handleNewsletterSettingsGet))
	handle("PUT /api/admin/newsletter-settings", may(site.PermLeadSettings, s.handleNewsletterSettingsUpdate))

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
}

// deliveryQueued wakes the outbox worker of this process.
func (s *Server) deliveryQueued() {
	if s.DeliveryQueued != nil {
		s.DeliveryQueued()
	}
}

// mailConfigured reports whether e-mail can be sent: a server is set in
// the environment or saved.
func (s *Server) mailConfigured(ctx context.Context) (bool, error) {
	return site.MailConfigured(ctx, s.MailEnv, s.Store)
}
