package inbox

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// Booking the free consultation: the open slots of a lead's owner, the
// booking by the lead's token, and the move or cancel by the meeting's
// token; the booking settings of the staff who take leads; the meetings in
// the admin.

// bookingsPerMinute bounds the public booking requests of one client
// address.
const bookingsPerMinute = 30

// msgBadDays answers a days parameter out of range.
const msgBadDays = "Ask for 1 to 90 days of slots."

// allowBooking applies the rate limit of the public booking routes.
func (s *Server) allowBooking(r *http.Request) error {
	s.bookingLimitOnce.Do(func() { s.bookingLimit = httpx.NewRateLimiter(bookingsPerMinute, time.Minute) })
	if ok, wait := s.bookingLimit.Allow(s.LimitAddr(r), s.Now()); !ok {
		return httpx.RetryAfter(site.Errorf(site.ETOOMANY, leadTooMany), wait)
	}
	return nil
}

// bookingZone checks the visitor's time zone, an IANA name; required
// says whether it may be left out.
func bookingZone(zone string, required bool) error {
	if zone == "" && !required {
		return nil
	}
	if _, err := site.LoadTimeZone(zone); err != nil || zone == "" {
		return site.FieldError("timeZone", site.MsgBadTimeZone)
	}
	return nil
}

// openSlots are the open slots of the owner of the booking token's lead,
// on days days from now.
func (s *Server) openSlots(r *http.Request, token string, days int) ([]site.Slot, error) {
	now := s.Now()
	owner, a, err := s.Store.FindBookingOwner(r.Context(), site.HashToken(token), now)
	if err != nil {
		return nil, err
	}
	busy, err := s.Store.FindBusy(r.Context(), owner, now.Add(-24*time.Hour), now.Add(time.Duration(site.MaxHorizonDays+1)*24*time.Hour))
	if err != nil {
		return nil, err
	}
	return site.OpenSlots(a, busy, now, days), nil
}

// handleSlots answers GET /api/public/slots?days=14&tz=Europe/Berlin&lead=token:
// the open slots of the lead's owner, in UTC. The time zone is only
// checked: the client shows the times in it.
func (s *Server) handleSlots(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowBooking(r); err != nil {
		return err
	}
	q := r.URL.Query()
	if err := bookingZone(q.Get("tz"), false); err != nil {
		return err
	}
	days := site.DefaultHorizonDays
	if v := q.Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > site.MaxHorizonDays {
			return site.FieldError("days", msgBadDays)
		}
		days = n
	}
	slots, err := s.openSlots(r, q.Get("lead"), days)
	return httpx.Reply(w, slots, err)
}

// bookingInput is the body of POST /api/public/bookings.
type bookingInput struct {
	BookingToken string `json:"bookingToken"`
	Start        string `json:"start"`
	TimeZone     string `json:"timeZone"`
}

// slotTakenBody answers a booking or move into a time taken meanwhile,
// with the open slots as they are now.
type slotTakenBody struct {
	Message string      `json:"message"`
	Slots   []site.Slot `json:"slots"`
}

// slotTaken is err, a taken time, answered with the slots still open
// (none when they could not be read).
func slotTaken(err error, slots []site.Slot) error {
	if slots == nil {
		slots = []site.Slot{}
	}
	return httpx.WithBody(err, slotTakenBody{Message: site.ErrorMessage(err), Slots: slots})
}

// manageURL is the address of the page that moves or cancels the meeting
// of token.
func (s *Server) manageURL(token string) string {
	return s.Pages.URL(site.ManageMeetingPath + "#" + token)
}

// handleBooking books the meeting a visitor chose with their lead's
// booking token.
func (s *Server) handleBooking(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowBooking(r); err != nil {
		return err
	}
	var in bookingInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := bookingZone(in.TimeZone, true); err != nil {
		return err
	}
	start, err := site.ParseBookingStart(in.Start)
	if err != nil {
		return err
	}
	token, _, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	m, err := s.Store.BookMeeting(r.Context(), site.BookingRequest{TokenHash: site.HashToken(in.BookingToken), Start: start,
		TimeZone: in.TimeZone, ManageToken: token, Now: s.Now()})
	if site.ErrorCode(err) == site.ECONFLICT {
		fresh, _ := s.openSlots(r, in.BookingToken, 0)
		return slotTaken(err, fresh)
	}
	if err != nil {
		return err
	}
	s.deliveryQueued()
	booked := m.Booked()
	booked.ManageURL = s.manageURL(token)
	httpx.WriteCreated(w, booked)
	return nil
}

// meetingTokenInput is the body of the move and the cancel of a meeting.
type meetingTokenInput struct {
	Token string `json:"token"`
	Start string `json:"start"`
}

// handleMeetingReschedule moves a meeting by its token; a time taken
// meanwhile keeps it where it was.
func (s *Server) handleMeetingReschedule(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowBooking(r); err != nil {
		return err
	}
	var in meetingTokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	start, err := site.ParseBookingStart(in.Start)
	if err != nil {
		return err
	}
	m, err := s.Store.RescheduleMeeting(r.Context(), in.Token, start, s.Now())
	if site.ErrorCode(err) == site.ECONFLICT {
		var slots []site.Slot
		if old, ferr := s.Store.FindMeetingByToken(r.Context(), site.HashToken(in.Token)); ferr == nil {
			slots = s.ownerSlots(r, old)
		}
		return slotTaken(err, slots)
	}
	if err != nil {
		return err
	}
	s.deliveryQueued()
	httpx.WriteOK(w, m.Booked())
	return nil
}

// ownerSlots are the open slots of the owner of meeting m, its own time
// counted free; none when they cannot be read.
func (s *Server) ownerSlots(r *http.Request, m *site.Meeting) []site.Slot {
	now := s.Now()
	a, err := s.Store.GetAvailability(r.Context(), m.OwnerID)
	if err != nil {
		return []site.Slot{}
	}
	busy, err := s.Store.FindBusy(r.Context(), m.OwnerID, now.Add(-24*time.Hour), now.Add(time.Duration(site.MaxHorizonDays+1)*24*time.Hour))
	if err != nil {
		return []site.Slot{}
	}
	others := busy[:0]
	for _, b := range busy {
		if !b.Start.Equal(m.Start) {
			others = append(others, b)
		}
	}
	return site.OpenSlots(a, others, now, 0)
}

// handleMeetingLookup answers the meeting of a token, booked and not yet
// started, with the open slots of its owner (its own time among them); the
// token comes in the body, so that it stays out of logs of addresses.
func (s *Server) handleMeetingLookup(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowBooking(r); err != nil {
		return err
	}
	var in meetingTokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	gone := site.Errorf(site.EGONE, "%s", site.MsgMeetingGone)
	if in.Token == "" {
		return gone
	}
	m, err := s.Store.FindMeetingByToken(r.Context(), site.HashToken(in.Token))
	if site.ErrorCode(err) == site.ENOTFOUND {
		return gone
	}
	if err != nil {
		return err
	}
	if !m.Changeable(s.Now()) {
		return gone
	}
	httpx.WriteOK(w, site.ManagedMeeting{BookedMeeting: m.Booked(), TimeZone: m.TimeZone, Slots: s.ownerSlots(r, m)})
	return nil
}

// handleMeetingCancel cancels a meeting by its token.
func (s *Server) handleMeetingCancel(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowBooking(r); err != nil {
		return err
	}
	var in meetingTokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	m, err := s.Store.CancelMeeting(r.Context(), in.Token, s.Now())
	if err != nil {
		return err
	}
	s.deliveryQueued()
	httpx.WriteOK(w, m.Booked())
	return nil
}

// signedIn is the user of the request.
func signedIn(r *http.Request) (*site.User, error) {
	u := auth.User(r.Context())
	if u == nil {
		return nil, errors.New("no user on an authenticated route")
	}
	return u, nil
}

// handleAvailabilityGet answers the signed-in user's booking settings.
func (s *Server) handleAvailabilityGet(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	a, err := s.Store.GetAvailability(r.Context(), u.ID)
	return httpx.Reply(w, a, err)
}

// handleAvailabilityPut saves the signed-in user's booking settings.
func (s *Server) handleAvailabilityPut(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	var a site.Availability
	if err := httpx.DecodeJSON(w, r, &a); err != nil {
		return err
	}
	if err := a.Validate(); err != nil {
		return err
	}
	saved, err := s.Store.SetAvailability(r.Context(), u.ID, &a)
	return httpx.Reply(w, saved, err)
}
