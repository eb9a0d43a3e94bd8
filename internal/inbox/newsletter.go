package inbox

import (
	"cmp"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The newsletter: the public sign-up, whose answer is the same for any
// valid address; the confirmation and the unsubscription by the tokens of
// the links its e-mails carry; and the admin's list of subscribers, their
// export and the settings of the webhook that tells the firm's mailing
// service of them.

// signUpInput is the body of POST /api/newsletter.
type signUpInput struct {
	Email string `json:"email"`
	// Page is the path the form was sent from, cleaned rather than refused
	// as the lead form's visit fields are.
	Page string `json:"page" text:"strip"`
	// Spam signals, as the lead form's: the honeypot people leave empty,
	// and the time from the form being shown to its send.
	Website string   `json:"website"`
	FillMs  *float64 `json:"fillMs"`
}

// signUpAnswer is the answer 202 to every valid sign-up.
type signUpAnswer struct {
	Message string `json:"message"`
}

// handleSignUp records a sign-up and queues its confirmation e-mail. A
// valid address is answered 202 alike whether it was known, confirmed or
// new, and so is a send that looks like a script's (the honeypot filled,
// sent faster than a person types), which stores and sends nothing: the
// answer tells no one who is subscribed, and a bot learns nothing.
func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) error {
	var in signUpInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	up := site.SignUp{Email: in.Email, Source: in.Page}
	if err := up.Validate(); err != nil {
		return err
	}
	if err := s.allowForm(r, &s.newsletterForm, "newsletter", up.Email); err != nil {
		return err
	}
	if s.signUpIsSpam(in) {
		s.Logger.DebugContext(r.Context(), "newsletter sign-up taken for a script's; nothing stored", "addr", s.LimitAddr(r))
	} else {
		var err error
		if up.ConfirmToken, _, err = site.NewSessionToken(); err != nil {
			return err
		}
		if up.UnsubscribeToken, _, err = site.NewSessionToken(); err != nil {
			return err
		}
		queued, err := s.Store.Subscribe(r.Context(), &up)
		if err != nil {
			return err
		}
		if queued {
			s.deliveryQueued()
		}
	}
	httpx.WriteAccepted(w, signUpAnswer{Message: site.MsgCheckInbox})
	return nil
}

// signUpIsSpam applies the lead form's signals of a script: a filled
// honeypot, or a send faster than site.MinFillTime (a missing time, from
// a client that does not say, is not one).
func (s *Server) signUpIsSpam(in signUpInput) bool {
	return strings.TrimSpace(in.Website) != "" || in.FillMs != nil && *in.FillMs < site.MinFillTime
}

// tokenInput is the body of the routes of the newsletter's links.
type tokenInput struct {
	Token string `json:"token"`
}

// maxLinkToken bounds the token of a link: ours are 43 characters.
const maxLinkToken = 200

// linkToken checks the token of a link as the request carried it.
func linkToken(token string) (string, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > maxLinkToken || !utf8.ValidString(token) {
		return "", site.FieldError("token", "The link has no valid token: open it from the e-mail again.")
	}
	return token, nil
}

// handleConfirmSubscription confirms the subscription of the link's token
// (posted by the page the link opens, never by the link itself).
func (s *Server) handleConfirmSubscription(w http.ResponseWriter, r *http.Request) error {
	// The routes of links share the per-address limit of the booking's.
	if err := s.allowBooking(r); err != nil {
		return err
	}
	var in tokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	token, err := linkToken(in.Token)
	if err != nil {
		return err
	}
	sub, err := s.Store.ConfirmSubscription(r.Context(), site.HashToken(token))
	if err != nil {
		return err
	}
	s.deliveryQueued()
	httpx.WriteOK(w, site.Subscription{Email: sub.Email, Status: sub.Status})
	return nil
}

// oneClickBody is the most bytes of an RFC 8058 unsubscription's form body
// read: it holds one short field.
const oneClickBody = 4 << 10

// handleUnsubscribe ends the subscription of the link's token. It takes
// the JSON {token} of the unsubscribe page, and the one-click
// unsubscription of RFC 8058 that a mail client posts to the
// List-Unsubscribe address: a form body List-Unsubscribe=One-Click, the
// token in the address's query, no cookie and no script. A second
// unsubscription answers as the first.
func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowBooking(r); err != nil {
		return err
	}
	var raw string
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "application/x-www-form-urlencoded", "multipart/form-data":
		form, err := oneClickForm(w, r, mt)
		if err != nil {
			return err
		}
		if form.Get("List-Unsubscribe") != "One-Click" {
			return site.Errorf(site.EINVALID, "A one-click unsubscription sends List-Unsubscribe=One-Click.")
		}
		raw = r.URL.Query().Get("token")
	default:
		var in tokenInput
		if err := httpx.DecodeJSON(w, r, &in); err != nil {
			return err
		}
		raw = in.Token
	}
	token, err := linkToken(raw)
	if err != nil {
		return err
	}
	sub, err := s.Store.Unsubscribe(r.Context(), site.HashToken(token))
	if err != nil {
		return err
	}
	s.deliveryQueued()
	httpx.WriteOK(w, site.Subscription{Email: sub.Email, Status: sub.Status})
	return nil
}

// oneClickForm reads the small form body of a one-click unsubscription.
func oneClickForm(w http.ResponseWriter, r *http.Request, mt string) (url.Values, error) {
	r.Body = http.MaxBytesReader(w, r.Body, oneClickBody)
	if mt == "multipart/form-data" {
		if err := r.ParseMultipartForm(oneClickBody); err != nil {
			return nil, formError(err)
		}
		return r.MultipartForm.Value, nil
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, formError(err)
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, formError(err)
	}
	return form, nil
}

func formError(err error) error {
	if maxErr := (*http.MaxBytesError)(nil); errors.As(err, &maxErr) {
		return site.Errorf(site.ETOOLARGE, "The request body is larger than %d KiB.", oneClickBody>>10)
	}
	return site.Errorf(site.EINVALID, "The form body cannot be read.")
}

// Paging of the subscribers.
const (
	defaultSubscriberPageSize = 25
	maxSubscriberPageSize     = 100
)

// subscriberFilter reads ?status= and ?q= of the list and the export.
func subscriberFilter(q url.Values) (f site.SubscriberFilter, err error) {
	if f.Query, err = httpx.SearchText(q); err != nil {
		return f, err
	}
	if f.Status = q.Get("status"); f.Status != "" && !oneOf(f.Status, site.SubscriberStatuses) {
		return f, site.Errorf(site.EINVALID, "Unknown status %q: use pending, confirmed or unsubscribed.", f.Status)
	}
	return f, nil
}

// subscriberListDetail says what a list or an export of subscribers held,
// for its audit entry, without the search text.
func subscriberListDetail(f site.SubscriberFilter) string {
	parts := []string{"status " + cmp.Or(f.Status, "any")}
	if f.Query != "" {
		parts = append(parts, "with a search")
	}
	return strings.Join(parts, ", ")
}

// handleSubscriberList answers a page of the subscribers, newest first;
// each page is an entry of the audit log, as a page of leads is.
func (s *Server) handleSubscriberList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, err := subscriberFilter(q)
	if err != nil {
		return err
	}
	page, size, err := httpx.PageOf(q, defaultSubscriberPageSize, maxSubscriberPageSize)
	if err != nil {
		return err
	}
	f.Offset, f.Limit = (page-1)*size, size
	list, total, err := s.Store.FindSubscribers(r.Context(), f)
	if err != nil {
		return err
	}
	e := &site.AuditEntry{Action: site.AuditSubscriberList, Target: "subscribers",
		Detail: subscriberListDetail(f) + ", page " + strconv.Itoa(page) + " (" + strconv.Itoa(len(list)) + " of " + strconv.Itoa(total) + " subscribers)"}
	// No entry, no data.
	if err := s.Auth.Audit(r, e); err != nil {
		return err
	}
	for _, sub := range list {
		sub.ShownTo(viewerRole(r))
	}
	httpx.WritePage(w, list, total, page, size)
	return nil
}

// subscriberCSVHeader is the header row of the export; new columns are
// only ever added at its end.
var subscriberCSVHeader = []string{"ID", "Email", "Status", "Source page", "Signed up", "Confirmed", "Unsubscribed", "Expires"}

// handleSubscriberExport streams every subscriber of the filter as CSV,
// as the leads' export does.
func (s *Server) handleSubscriberExport(w http.ResponseWriter, r *http.Request) error {
	f, err := subscriberFilter(r.URL.Query())
	if err != nil {
		return err
	}
	if err := s.Auth.Audit(r, &site.AuditEntry{Action: site.AuditSubscriberExport, Target: "subscribers", Detail: subscriberListDetail(f)}); err != nil {
		return err
	}
	return s.WriteCSV(w, r, s.DatedFile("subscribers"), subscriberCSVHeader, func(row func(...string) error) error {
		return s.Store.EachSubscriber(r.Context(), f, func(sub *site.Subscriber) error {
			created := sub.CreatedAt
			return row(strconv.FormatInt(sub.ID, 10), sub.Email, sub.Status, sub.Source, csvTime(&created),
				csvTime(sub.ConfirmedAt), csvTime(sub.UnsubscribedAt), csvTime(sub.ExpiresAt))
		})
	})
}

func (s *Server) handleNewsletterSettingsGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetNewsletterSettings(r.Context())
	if err != nil {
		return err
	}
	st.ShownTo(viewerRole(r))
	httpx.WriteOK(w, st)
	return nil
}

// newsletterSettingsInput is the body of PUT /api/admin/newsletter-settings.
type newsletterSettingsInput struct {
	WebhookURL    string `json:"webhookUrl"`
	WebhookSecret string `json:"webhookSecret"`
	// Read only; accepted so that a client can send back what it read.
	WebhookSecretSet *bool `json:"webhookSecretSet"`
}

// handleNewsletterSettingsUpdate saves the webhook of the mailing service,
// refusing a private or local address as the lead webhook's is refused.
func (s *Server) handleNewsletterSettingsUpdate(w http.ResponseWriter, r *http.Request) error {
	var in newsletterSettingsInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	st := site.NewsletterSettings{WebhookURL: in.WebhookURL, WebhookSecret: in.WebhookSecret}
	if err := st.Validate(); err != nil {
		return err
	}
	if err := s.checkWebhookURL(r.Context(), st.WebhookURL); err != nil {
		return err
	}
	st.EnsureSecret()
	saved, err := s.Store.UpdateNewsletterSettings(r.Context(), &st)
	if err != nil {
		return err
	}
	saved.ShownTo(viewerRole(r))
	httpx.WriteOK(w, saved)
	return nil
}
