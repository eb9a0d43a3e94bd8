package serve

import (
	"net/http"
	"strings"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/site"
)

// handleCalendarFeed answers GET /calendar/{token}.ics: the private
// calendar feed of the user whose feed token it is, the meetings booked
// with them from site.CalendarFeedDays ago on (outbox.MeetingFeed). An
// unknown or revoked token, or one of a user who no longer works on
// leads, is a plain 404, which the list of missing pages does not count.
func (s *Server) handleCalendarFeed(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok || token == "" {
		http.NotFound(w, r)
		return
	}
	u, err := s.Store.FindCalendarFeedUser(r.Context(), site.HashToken(token))
	if site.ErrorCode(err) == site.ENOTFOUND {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	meetings, err := s.Store.FindMeetings(r.Context(), site.MeetingFilter{OwnerID: u.ID, Status: site.MeetingBooked,
		From: s.Now().Add(-site.CalendarFeedDays * 24 * time.Hour), Soonest: true})
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	a, err := s.Store.GetAvailability(r.Context(), u.ID)
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	base := ""
	if s.Pages != nil {
		base = s.Pages.URL("")
	}
	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	// The feed is one person's: no shared cache keeps it, and no browser.
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Robots-Tag", "noindex")
	_, _ = w.Write([]byte(outbox.MeetingFeed(outbox.Feed{Owner: u.Username, Meetings: meetings, Link: a.MeetingLink,
		Phone: a.Phone, Base: base})))
}
