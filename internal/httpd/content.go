package httpd

import (
	"encoding/json"
	"net/http"

	"meridian/internal/site"
)

func (s *Server) handleContentList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindContent(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

// readOnly names the fields a client may send back unchanged from an
// object it read (the editor does); the server sets them itself.
type readOnly struct {
	ID        json.RawMessage `json:"id,omitempty"`
	CreatedAt json.RawMessage `json:"createdAt,omitempty"`
	UpdatedAt json.RawMessage `json:"updatedAt,omitempty"`
}

type contentInput struct {
	readOnly
	Section string `json:"section"`
	Key     string `json:"key"`
	Value   string `json:"value" text:"multiline"`
}

// handleContentUpsert creates or replaces the text at (section, key).
func (s *Server) handleContentUpsert(w http.ResponseWriter, r *http.Request) {
	var in contentInput
	if !decodeJSON(w, r, &in) {
		return
	}
	it := &site.ContentItem{Section: in.Section, Key: in.Key, Value: in.Value}
	if err := it.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.Store.UpsertContent(r.Context(), it)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}
