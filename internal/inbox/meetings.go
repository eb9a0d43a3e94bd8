package inbox

import (
	"net/http"
	"strconv"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The meetings in the admin: the list of the Meetings tab.

// meetingFilter reads the list's filter from the query: owner (me or a
// user's id; every owner's when left out) and when (upcoming, past or
// cancelled; every meeting when left out).
func (s *Server) meetingFilter(r *http.Request) (site.MeetingFilter, error) {
	q := r.URL.Query()
	when := q.Get("when")
	if when != "" && !oneOf(when, site.MeetingsWhen) {
		return site.MeetingFilter{}, site.Errorf(site.EINVALID, "Unknown when %q: use upcoming, past or cancelled.", when)
	}
	var owner int64
	switch v := q.Get("owner"); v {
	case "":
	case "me":
		u, err := signedIn(r)
		if err != nil {
			return site.MeetingFilter{}, err
		}
		owner = u.ID
	default:
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 1 {
			return site.MeetingFilter{}, site.Errorf(site.EINVALID, "Unknown owner: use me or a user's id.")
		}
		owner = id
	}
	return site.MeetingsFilter(when, owner, s.Now()), nil
}

// handleMeetingList lists the meetings of the filter: the upcoming ones
// the soonest first, the others the latest start first.
func (s *Server) handleMeetingList(w http.ResponseWriter, r *http.Request) error {
	f, err := s.meetingFilter(r)
	if err != nil {
		return err
	}
	list, err := s.Store.FindMeetings(r.Context(), f)
	return httpx.Reply(w, list, err)
}
