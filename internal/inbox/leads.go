package inbox

import (
	"cmp"
	"context"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// Paging of the lead inbox.
const (
	defaultLeadPageSize = 25
	maxLeadPageSize     = 100
)

// leadFilter reads the filter of the inbox and the export from the query
// string; paged adds page and pageSize.
func leadFilter(ctx context.Context, q url.Values, now time.Time, paged bool) (f site.LeadFilter, page, size int, err error) {
	// The texts of the filter reach the database, as those of a body do.
	if err := site.CheckText(&struct {
		Interest string `json:"interest"`
	}{q.Get("interest")}); err != nil {
		return f, 0, 0, err
	}
	if f.Query, err = httpx.SearchText(q); err != nil {
		return f, 0, 0, err
	}
	if f.Status = q.Get("status"); f.Status != "" && !oneOf(f.Status, site.LeadStatuses) {
		return f, 0, 0, site.Errorf(site.EINVALID, "Unknown status %q: use new, contacted, qualified, won or lost.", f.Status)
	}
	f.Interest = q.Get("interest")
	switch owner := q.Get("owner"); owner {
	case "":
	case "me":
		if u := auth.User(ctx); u != nil {
			f.Owner = u.ID
		}
	case "none":
		f.NoOwner = true
	default:
		if f.Owner, err = strconv.ParseInt(owner, 10, 64); err != nil || f.Owner < 1 {
			return f, 0, 0, site.Errorf(site.EINVALID, "Unknown owner: use me, none or a user's id.")
		}
	}
	if f.Overdue, err = httpx.QueryBool(q, "overdue", "Overdue"); err != nil {
		return f, 0, 0, err
	}
	if f.Overdue {
		f.Now = now
	}
	switch v := q.Get("sort"); v {
	case "", "newest":
	case "oldest":
		f.Oldest = true
	default:
		return f, 0, 0, site.Errorf(site.EINVALID, "Unknown sort: use newest or oldest.")
	}
	switch view := q.Get("view"); view {
	case "", "inbox":
	case "spam":
		f.Spam = true
	default:
		return f, 0, 0, site.Errorf(site.EINVALID, "Unknown view %q: use inbox or spam.", view)
	}
	if !paged {
		return f, 0, 0, nil
	}
	page, size = 1, defaultLeadPageSize
	if v := q.Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1.")
		}
	}
	if v := q.Get("pageSize"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > maxLeadPageSize {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page size must be a whole number from 1 to %d.", maxLeadPageSize)
		}
	}
	// A page past any real inbox is refused rather than overflowing.
	if page > 1_000_000 {
		return f, 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1 to 1000000.")
	}
	f.Offset, f.Limit = (page-1)*size, size
	return f, page, size, nil
}

func oneOf(v string, list []string) bool {
	for _, x := range list {
		if v == x {
			return true
		}
	}
	return false
}

func (s *Server) handleLeadList(w http.ResponseWriter, r *http.Request) error {
	f, page, size, err := leadFilter(r.Context(), r.URL.Query(), s.Now(), true)
	if err != nil {
		return err
	}
	list, total, err := s.Store.FindLeads(r.Context(), f)
	if err != nil {
		return err
	}
	// The page holds whole leads: one entry for it, as for a lead opened,
	// and no entry, no data.
	e := &site.AuditEntry{Action: site.AuditLeadList, Target: "contact-submissions",
		Detail: leadListDetail(f) + ", page " + strconv.Itoa(page) + " (" + strconv.Itoa(len(list)) + " of " + strconv.Itoa(total) + " leads)"}
	if err := s.Auth.Audit(r, e); err != nil {
		return err
	}
	for _, l := range list {
		s.showLead(r, l)
	}
	httpx.WritePage(w, list, total, page, size)
	return nil
}

// showLead readies l for the signed-in user: whether it is overdue now,
// and only what their role may see.
func (s *Server) showLead(r *http.Request, l *site.Lead) {
	l.Overdue = l.IsOverdue(s.Now())
	l.ShownTo(viewerRole(r))
}

// viewerRole is the role of the signed-in user ("" for none), which
// decides what of a lead and the lead settings they may see.
func viewerRole(r *http.Request) string {
	if u := auth.User(r.Context()); u != nil {
		return u.Role
	}
	return ""
}

// leadPatch is the body of PATCH /api/admin/contact-submissions/{id}.
type leadPatch struct {
	Status *string `json:"status"`
	Notes  *string `json:"notes" text:"multiline"`
	Spam   *bool   `json:"spam"`
	// OwnerID is the new owner's id, 0 for none.
	OwnerID *int64 `json:"ownerId"`
}

func (s *Server) handleLeadUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	var in leadPatch
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	upd := site.LeadUpdate{Status: in.Status, Notes: in.Notes, Spam: in.Spam, Owner: in.OwnerID, By: auth.Actor(r)}
	if err := upd.Validate(); err != nil {
		return err
	}
	l, err := s.Store.UpdateLead(r.Context(), id, upd)
	if err != nil {
		return err
	}
	if in.Spam != nil && !*in.Spam {
		s.deliveryQueued()
	}
	s.showLead(r, l)
	httpx.WriteOK(w, l)
	return nil
}

func (s *Server) handleLeadResend(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	l, err := s.Store.ResendLead(r.Context(), id)
	if err != nil {
		return err
	}
	s.deliveryQueued()
	s.showLead(r, l)
	httpx.WriteOK(w, l)
	return nil
}

// leadCSVHeader is the header row of the export.
var leadCSVHeader = []string{"ID", "Created", "First name", "Last name", "Email", "Company", "Job title", "Interest",
	"Details", "Status", "Notes", "Page", "Referrer", "UTM source", "UTM medium", "UTM campaign", "UTM term",
	"UTM content", "Spam", "Landing page", "Pages read", "Owner", "Response due", "First response",
	// Added at the end, so that the columns before keep their places: the
	// labels the visitor saw for the two codes.
	"Job title label", "Interest label"}

// csvTime is a time of the export, "" for none.
func csvTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// handleLeadExport streams every lead of the filter as CSV, reading the
// rows as it writes them.
func (s *Server) handleLeadExport(w http.ResponseWriter, r *http.Request) error {
	f, _, _, err := leadFilter(r.Context(), r.URL.Query(), s.Now(), false)
	if err != nil {
		return err
	}
	// No entry, no data: an export that cannot be recorded is not sent.
	if err := s.Auth.Audit(r, &site.AuditEntry{Action: site.AuditLeadExport, Target: "contact-submissions", Detail: leadListDetail(f)}); err != nil {
		return err
	}
	return s.WriteCSV(w, r, s.DatedFile("leads"), leadCSVHeader, func(row func(...string) error) error {
		return s.Store.EachLead(r.Context(), f, func(l *site.Lead) error {
			return row(strconv.FormatInt(l.ID, 10), l.CreatedAt.Format("2006-01-02T15:04:05Z07:00"), l.FirstName,
				l.LastName, l.Email, l.Company, l.JobTitle, l.AISolutionInterest, l.ProjectDetails, l.Status, l.Notes,
				l.Page, l.Referrer, l.UTMSource, l.UTMMedium, l.UTMCampaign, l.UTMTerm, l.UTMContent,
				strconv.FormatBool(l.Spam), l.LandingPage, strings.Join(l.PagesRead, " "), l.OwnerName, csvTime(l.DueAt), csvTime(l.FirstResponseAt),
				l.JobTitleLabel, l.AISolutionInterestLabel)
		})
	})
}

// leadOwner is a user a lead may be given to, as the inbox lists them.
type leadOwner struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	TakesLeads bool   `json:"takesLeads"`
}

// handleLeadOwners lists the users a lead may be given to: the active
// users who may work on leads, by username.
func (s *Server) handleLeadOwners(w http.ResponseWriter, r *http.Request) error {
	users, err := s.Store.FindUsers(r.Context())
	if err != nil {
		return err
	}
	out := []leadOwner{}
	for _, u := range users {
		if u.Status == site.UserActive && site.MayTakeLeads(u.Role) {
			out = append(out, leadOwner{ID: u.ID, Username: u.Username, TakesLeads: u.TakesLeads})
		}
	}
	httpx.WriteOK(w, out)
	return nil
}

func (s *Server) handleLeadStats(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.LeadStats(r.Context(), s.Now())
	if err != nil {
		return err
	}
	st.ShownTo(viewerRole(r))
	httpx.WriteOK(w, st)
	return nil
}

func (s *Server) handleLeadSettingsGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetLeadSettings(r.Context())
	if err != nil {
		return err
	}
	return s.writeLeadSettings(w, r, st)
}

// writeLeadSettings answers the lead settings as the caller may see them,
// with whether mail can be sent.
func (s *Server) writeLeadSettings(w http.ResponseWriter, r *http.Request, st *site.LeadSettings) error {
	var err error
	if st.SMTPConfigured, err = s.mailConfigured(r.Context()); err != nil {
		return err
	}
	st.ShownTo(viewerRole(r))
	httpx.WriteOK(w, st)
	return nil
}

// leadSettingsInput is the body of PUT /api/admin/lead-settings.
type leadSettingsInput struct {
	NotificationEmails []string `json:"notificationEmails"`
	WebhookURL         string   `json:"webhookUrl"`
	WebhookSecret      string   `json:"webhookSecret"`
	RetentionMonths    int      `json:"retentionMonths"`
	// The response clock; a setting left out stays as it is.
	ResponseHours     *int    `json:"responseHours"`
	BusinessHoursOnly *bool   `json:"businessHoursOnly"`
	TimeZone          *string `json:"timeZone"`
	// Read only; accepted so that a client can send back what it read.
	SMTPConfigured   *bool `json:"smtpConfigured"`
	WebhookSecretSet *bool `json:"webhookSecretSet"`
}

func (s *Server) handleLeadSettingsUpdate(w http.ResponseWriter, r *http.Request) error {
	var in leadSettingsInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	cur, err := s.Store.GetLeadSettings(r.Context())
	if err != nil {
		return err
	}
	st := site.LeadSettings{NotificationEmails: in.NotificationEmails, WebhookURL: in.WebhookURL,
		WebhookSecret: in.WebhookSecret, RetentionMonths: in.RetentionMonths,
		ResponseHours: *cmp.Or(in.ResponseHours, &cur.ResponseHours), BusinessHoursOnly: *cmp.Or(in.BusinessHoursOnly, &cur.BusinessHoursOnly),
		TimeZone: *cmp.Or(in.TimeZone, &cur.TimeZone)}
	if err := st.Validate(); err != nil {
		return err
	}
	if err := s.checkWebhookURL(r.Context(), st.WebhookURL); err != nil {
		return err
	}
	st.EnsureSecret()
	saved, err := s.Store.UpdateLeadSettings(r.Context(), &st)
	if err != nil {
		return err
	}
	return s.writeLeadSettings(w, r, saved)
}

// webhookLookupTimeout bounds the DNS lookup of a webhook URL's host.
const webhookLookupTimeout = 3 * time.Second

// checkWebhookURL refuses a webhook URL that leads to a private or local
// network address, unless the operator allowed those. A host name is
// looked up: a name of an internal address is refused now, with a message
// the admin can act on, rather than at each attempt. The worker checks
// the address it dials again, since a name's answer may change; so a name
// that cannot be looked up now is not refused for that.
func (s *Server) checkWebhookURL(ctx context.Context, rawURL string) error {
	if rawURL == "" || s.WebhookAllowPrivate {
		return nil
	}
	host, addr, err := site.WebhookHost(rawURL)
	if err != nil || addr.IsValid() {
		return err
	}
	var res Resolver = net.DefaultResolver
	if s.Resolver != nil {
		res = s.Resolver
	}
	ctx, cancel := context.WithTimeout(ctx, webhookLookupTimeout)
	defer cancel()
	addrs, err := res.LookupNetIP(ctx, "ip", host)
	if err != nil {
		s.Logger.InfoContext(ctx, "webhook host not found; saved, checked again at each attempt", "host", host, "err", err)
		return nil
	}
	return site.CheckWebhookAddrs(addrs)
}

// handleLeadView answers one lead, for its details, and records the view.
func (s *Server) handleLeadView(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	l, err := s.Store.FindLeadByID(r.Context(), id)
	if err != nil {
		return err
	}
	// No entry, no data: a view that cannot be recorded is not answered.
	e := &site.AuditEntry{Action: site.AuditLeadView, Target: "contact-submissions/" + strconv.FormatInt(id, 10), Subject: l.Email}
	if err := s.Auth.Audit(r, e); err != nil {
		return err
	}
	s.showLead(r, l)
	httpx.WriteOK(w, l)
	return nil
}

// leadListDetail says which leads a list or an export held, without the
// search text (which may be someone's name or address).
func leadListDetail(f site.LeadFilter) string {
	parts := []string{"view inbox"}
	if f.Spam {
		parts[0] = "view spam"
	}
	if f.Status != "" {
		parts = append(parts, "status "+f.Status)
	}
	if f.Interest != "" {
		parts = append(parts, "interest "+f.Interest)
	}
	if f.Query != "" {
		parts = append(parts, "with a search")
	}
	return strings.Join(parts, ", ")
}
