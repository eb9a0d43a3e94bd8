package inbox

import (
	"net/http"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The signed-in user's private calendar feed of their meetings (served
// by package serve at site.CalendarFeedPath): whether it is on, a new
// address, which revokes the one before, and turning it off.

// handleCalendarFeedGet answers whether the signed-in user's feed is on;
// its address is told only when it is made.
func (s *Server) handleCalendarFeedGet(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	on, err := s.Store.CalendarFeedOn(r.Context(), u.ID)
	if err != nil {
		return err
	}
	httpx.WriteOK(w, site.CalendarFeed{Enabled: on})
	return nil
}

// handleCalendarFeedCreate gives the signed-in user a new feed address,
// which replaces the one before, and answers it: the only time its token
// is told.
func (s *Server) handleCalendarFeedCreate(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	if err := s.Store.SetCalendarFeed(r.Context(), u.ID, hash); err != nil {
		return err
	}
	addr := s.Pages.URL(site.CalendarFeedURL(token))
	s.Logger.InfoContext(r.Context(), "calendar feed made", "by", u.Username)
	httpx.WriteCreated(w, site.CalendarFeedAddress{URL: addr})
	return nil
}

// handleCalendarFeedDelete turns the signed-in user's feed off: its
// address stops working.
func (s *Server) handleCalendarFeedDelete(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	if err := s.Store.SetCalendarFeed(r.Context(), u.ID, ""); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "calendar feed turned off", "by", u.Username)
	httpx.WriteDone(w)
	return nil
}
