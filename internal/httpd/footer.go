package httpd

import (
	"net/http"

	"meridian/internal/site"
)

type footerInput struct {
	readOnly
	Category string `json:"category"`
	Title    string `json:"title"`
	URL      string `json:"url"`
	Order    int    `json:"order"`
	IsActive *bool  `json:"isActive"`
}

func (s *Server) handleFooterList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindFooterLinks(r.Context(), site.ListFilter{})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

func (s *Server) footerLinkFrom(w http.ResponseWriter, r *http.Request) (*site.FooterLink, bool) {
	var in footerInput
	if !decodeJSON(w, r, &in) {
		return nil, false
	}
	l := &site.FooterLink{Category: in.Category, Title: in.Title, URL: in.URL, Order: in.Order, IsActive: orTrue(in.IsActive)}
	if err := l.Validate(); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return l, true
}

func (s *Server) handleFooterCreate(w http.ResponseWriter, r *http.Request) {
	l, ok := s.footerLinkFrom(w, r)
	if !ok {
		return
	}
	out, err := s.Store.CreateFooterLink(r.Context(), l)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusCreated, dataBody{out})
}

func (s *Server) handleFooterUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Footer link")
	if !ok {
		return
	}
	l, ok := s.footerLinkFrom(w, r)
	if !ok {
		return
	}
	l.ID = id
	out, err := s.Store.UpdateFooterLink(r.Context(), l)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}

func (s *Server) handleFooterDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Footer link")
	if !ok {
		return
	}
	if err := s.Store.DeleteFooterLink(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, successBody)
}
