package inbox

import (
	"context"
	"net/http"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The timelines of leads and applications. Staff add entries (sales and
// administrators to a lead: notes, calls and e-mails; recruiters and
// administrators to an application: notes) and edit their own for
// site.ActivityEditWindow; administrators delete a lead's entries. The
// entries are read with their record (GET …/{id}).

// activityInput is the body of POST …/{id}/activity and PUT
// …/{id}/activity/{entryId} (where kind is not read).
type activityInput struct {
	Kind string `json:"kind"`
	Text string `json:"text" text:"multiline"`
}

// addEntry adds the body's entry to the timeline tl of the record of the
// path's id, named what, through add.
func addEntry[E any](w http.ResponseWriter, r *http.Request, tl site.Timeline, what string,
	add func(ctx context.Context, id int64, in site.ActivityInput, by site.Actor) (E, error)) error {
	id, err := httpx.PathID(r, what)
	if err != nil {
		return err
	}
	var body activityInput
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	in := site.ActivityInput{Kind: body.Kind, Text: body.Text}
	if err := in.Validate(tl); err != nil {
		return err
	}
	e, err := add(r.Context(), id, in, auth.Actor(r))
	return httpx.ReplyCreated(w, e, err)
}

// editEntry changes the text of the path's entry of the record of the
// path's id, named what, through edit.
func editEntry[E any](w http.ResponseWriter, r *http.Request, what string,
	edit func(ctx context.Context, id, entry int64, text string, by site.Actor) (E, error)) error {
	id, err := httpx.PathID(r, what)
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
	e, err := edit(r.Context(), id, entry, in.Text, auth.Actor(r))
	return httpx.Reply(w, e, err)
}

func (s *Server) handleActivityAdd(w http.ResponseWriter, r *http.Request) error {
	return addEntry(w, r, site.LeadTimeline, "Lead", func(ctx context.Context, id int64, in site.ActivityInput, by site.Actor) (*site.LeadActivity, error) {
		return s.Store.AddLeadActivity(ctx, id, in, by, s.Now())
	})
}

func (s *Server) handleActivityUpdate(w http.ResponseWriter, r *http.Request) error {
	return editEntry(w, r, "Lead", func(ctx context.Context, id, entry int64, text string, by site.Actor) (*site.LeadActivity, error) {
		return s.Store.UpdateLeadActivity(ctx, id, entry, text, by, s.Now())
	})
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

func (s *Server) handleApplicationActivityAdd(w http.ResponseWriter, r *http.Request) error {
	return addEntry(w, r, site.ApplicationTimeline, "Application",
		func(ctx context.Context, id int64, in site.ActivityInput, by site.Actor) (*site.ApplicationActivity, error) {
			return s.Store.AddApplicationActivity(ctx, id, in, by, s.Now())
		})
}

func (s *Server) handleApplicationActivityUpdate(w http.ResponseWriter, r *http.Request) error {
	return editEntry(w, r, "Application", func(ctx context.Context, id, entry int64, text string, by site.Actor) (*site.ApplicationActivity, error) {
		return s.Store.UpdateApplicationActivity(ctx, id, entry, text, by, s.Now())
	})
}
