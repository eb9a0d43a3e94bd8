package api

import (
	"net/http"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// A lead's timeline: sales and administrators add notes, calls and e-mails
// and edit their own for site.ActivityEditWindow; administrators delete
// entries. The entries are read with the lead (GET …/{id}).

// activityInput is the body of POST …/{id}/activity and PUT
// …/{id}/activity/{entryId} (where kind is not read).
type activityInput struct {
	Kind string `json:"kind"`
	Text string `json:"text" text:"multiline"`
}

func (s *Server) handleActivityAdd(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	var body activityInput
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	in := site.ActivityInput{Kind: body.Kind, Text: body.Text}
	if err := in.Validate(); err != nil {
		return err
	}
	a, err := s.Store.AddLeadActivity(r.Context(), id, in, auth.Actor(r), s.Now())
	return httpx.ReplyCreated(w, a, err)
}

func (s *Server) handleActivityUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	entry, err := httpx.IDParam(r, "entryId", "Activity entry")
	if err != nil {
		return err
	}
	var body activityInput
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	in := site.ActivityInput{Text: body.Text}
	if err := in.ValidateText(); err != nil {
		return err
	}
	a, err := s.Store.UpdateLeadActivity(r.Context(), id, entry, in.Text, auth.Actor(r), s.Now())
	return httpx.Reply(w, a, err)
}

func (s *Server) handleActivityDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	entry, err := httpx.IDParam(r, "entryId", "Activity entry")
	if err != nil {
		return err
	}
	return httpx.ReplyDone(w, s.Store.DeleteLeadActivity(r.Context(), id, entry))
}
