package httpd

import (
	"net/http"

	"meridian/internal/site"
)

type menuInput struct {
	readOnly
	Title    string `json:"title"`
	URL      string `json:"url"`
	Order    int    `json:"order"`
	IsActive *bool  `json:"isActive"`
}

func (s *Server) handleMenuList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindMenuItems(r.Context(), site.ListFilter{})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

// menuItemFrom decodes and checks the body; false when it has answered.
func (s *Server) menuItemFrom(w http.ResponseWriter, r *http.Request) (*site.MenuItem, bool) {
	var in menuInput
	if !decodeJSON(w, r, &in) {
		return nil, false
	}
	it := &site.MenuItem{Title: in.Title, URL: in.URL, Order: in.Order, IsActive: orTrue(in.IsActive)}
	if err := it.Validate(); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return it, true
}

func (s *Server) handleMenuCreate(w http.ResponseWriter, r *http.Request) {
	it, ok := s.menuItemFrom(w, r)
	if !ok {
		return
	}
	out, err := s.Store.CreateMenuItem(r.Context(), it)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusCreated, dataBody{out})
}

func (s *Server) handleMenuUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Menu item")
	if !ok {
		return
	}
	it, ok := s.menuItemFrom(w, r)
	if !ok {
		return
	}
	it.ID = id
	out, err := s.Store.UpdateMenuItem(r.Context(), it)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}

func (s *Server) handleMenuDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Menu item")
	if !ok {
		return
	}
	if err := s.Store.DeleteMenuItem(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, successBody)
}
