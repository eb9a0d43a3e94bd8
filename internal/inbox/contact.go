package inbox

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/metrics"
	"meridian/internal/site"
)

// leadThanks is the message the contact forms show in their success toast.
const leadThanks = "Thank you! We will contact you within 24 hours to schedule your free consultation."

// leadTooMany is the answer to a client over a lead rate limit.
const leadTooMany = "Too many requests from you in a short time. Please wait a few minutes and try again, or e-mail us directly."

// leadInput is the body of POST /api/contact.
type leadInput struct {
	site.LeadFields
	site.Visit
	// The visit's first page, and the pages it read (the first
	// site.MaxLeadPagesRead are kept).
	LandingPage string   `json:"landingPage" text:"strip"`
	PagesRead   []string `json:"pagesRead" text:"strip"`
	// Spam signals: the honeypot people leave empty, and the time taken.
	Website string `json:"website"`
	// FillMs is taken as any number, so that a client sending a fraction
	// of a millisecond does not turn a real lead into an error.
	FillMs *float64 `json:"fillMs"`
	// The consent checkbox's wording as shown, and its version (optional:
	// the server makes it from the wording).
	ConsentText    string `json:"consentText"`
	ConsentVersion string `json:"consentVersion"`
}

// handleContact stores a lead and its notifications; it answers only once
// both are durable. Suspected spam is stored flagged and answered as any
// lead, so that a script learns nothing; a repeat within minutes is stored
// once and answered as a success.
func (s *Server) handleContact(w http.ResponseWriter, r *http.Request) (err error) {
	defer func() {
		if err != nil {
			s.Metrics.LeadRefused(leadRefusal(err))
		}
	}()
	var in leadInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	l := site.Lead{LeadFields: in.LeadFields, Visit: in.Visit, LandingPage: in.LandingPage, PagesRead: in.PagesRead,
		ConsentText: in.ConsentText, ConsentVersion: in.ConsentVersion}
	if err := l.Validate(); err != nil {
		return err
	}
	if err := s.allowLead(r, l.Email); err != nil {
		return err
	}
	var fillMs *int64
	if in.FillMs != nil {
		ms := int64(math.Max(math.Min(math.Floor(*in.FillMs), math.MaxInt32), math.MinInt32))
		fillMs = &ms
	}
	if reason := site.SpamReason(&l, in.Website, fillMs); reason != "" {
		l.Spam, l.SpamReason = true, reason
	}
	// The token that books the free consultation, good for a day; the
	// store keeps its hash.
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	expires := s.Now().Add(site.BookingTokenTTL)
	l.BookingTokenHash, l.BookingTokenExpiresAt = hash, &expires
	saved, created, err := s.Store.CreateLead(r.Context(), &l)
	if err != nil {
		return err
	}
	if created && len(saved.Deliveries) > 0 {
		s.deliveryQueued()
	}
	switch {
	case !created:
		s.Metrics.LeadRefused(metrics.LeadDuplicate)
	case saved.Spam:
		s.Metrics.LeadRefused(metrics.LeadSpam)
	default:
		s.Metrics.LeadAccepted()
	}
	answer := leadAnswer{Message: leadThanks}
	// A lead that no one can be booked with is answered by e-mail: no token.
	// Spam is answered as a lead with an owner would be.
	if saved.OwnerID != nil || saved.Spam {
		answer.BookingToken = token
	}
	httpx.WriteReceived(w, answer)
	return nil
}

// leadRefusal is the reason, for the metrics, of a lead refused with err.
func leadRefusal(err error) metrics.LeadRefusal {
	switch site.ErrorCode(err) {
	case site.EINVALID, site.ETOOLARGE, site.EUNSUPPORTED, site.ETIMEOUT:
		return metrics.LeadInvalid
	case site.ETOOMANY:
		return metrics.LeadRateLimited
	case site.EUNAVAILABLE:
		return metrics.LeadCannotSave
	}
	return metrics.LeadError
}

// leadAnswer is the answer 201 to a lead: the message the contact form's
// success toast shows (SPEC section 7), and the token that books the free
// consultation (GET /api/public/slots, POST /api/public/bookings), left
// out when the lead has no owner to meet.
type leadAnswer struct {
	Message      string `json:"message"`
	BookingToken string `json:"bookingToken,omitempty"`
}

// formLimits count the sends of one public form per hour, by client
// address and by e-mail address (LeadLimits), each form on its own: a
// visitor who sends a lead and signs up for the newsletter meets neither
// limit sooner for the other.
type formLimits struct {
	once     sync.Once
	addr     *httpx.RateLimiter
	email    *httpx.RateLimiter
	refusals httpx.RefusalLog
}

// allowLead applies the rate limits of leads per client address and per
// e-mail address; over either, it returns ETOOMANY with the wait.
func (s *Server) allowLead(r *http.Request, email string) error {
	return s.allowForm(r, &s.leadForm, "lead", email)
}

// allowForm applies the limits of form f (named so in the log: "lead") to
// a send of e-mail address email; one refused by the e-mail's limit does
// not count against the address.
func (s *Server) allowForm(r *http.Request, f *formLimits, name, email string) error {
	f.once.Do(func() {
		f.addr = httpx.NewRateLimiter(s.LeadLimits.PerAddress, time.Hour)
		f.email = httpx.NewRateLimiter(s.LeadLimits.PerEmail, time.Hour)
	})
	now := s.Now()
	addr := s.LimitAddr(r)
	email = strings.ToLower(email)
	limit, key := "address", addr
	ok, wait := f.addr.Allow(addr, now)
	if ok {
		if ok, wait = f.email.Allow(email, now); !ok {
			f.addr.Undo(addr)
			limit, key = "email", email
		}
	}
	if ok {
		return nil
	}
	secs := httpx.RetrySeconds(wait)
	// A script over a limit is refused in bursts: one warning per key and
	// minute, counting the refusals since the last, and the rest at debug.
	// The e-mail address keys the count but stays out of the log.
	msg := name + " rate limit"
	if n := f.refusals.Note(limit+" "+key, now); n > 0 {
		s.Logger.WarnContext(r.Context(), msg, "limit", limit, "addr", addr, "refused", n, "retryAfter", fmt.Sprint(secs))
	} else {
		s.Logger.DebugContext(r.Context(), msg, "limit", limit, "addr", addr, "retryAfter", fmt.Sprint(secs))
	}
	return httpx.RetryAfter(site.Errorf(site.ETOOMANY, leadTooMany), wait)
}
