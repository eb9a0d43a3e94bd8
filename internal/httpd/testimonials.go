package httpd

import (
	"net/http"

	"meridian/internal/site"
)

type testimonialInput struct {
	readOnly
	Name     string `json:"name"`
	Title    string `json:"title"`
	Content  string `json:"content"`
	Initials string `json:"initials"`
	AvatarBg string `json:"avatarBg"`
	Order    int    `json:"order"`
	IsActive *bool  `json:"isActive"`
}

func (s *Server) handleTestimonialList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindTestimonials(r.Context(), site.ListFilter{})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

func (s *Server) testimonialFrom(w http.ResponseWriter, r *http.Request) (*site.Testimonial, bool) {
	var in testimonialInput
	if !decodeJSON(w, r, &in) {
		return nil, false
	}
	t := &site.Testimonial{Name: in.Name, Title: in.Title, Content: in.Content, Initials: in.Initials,
		AvatarBg: in.AvatarBg, Order: in.Order, IsActive: orTrue(in.IsActive)}
	if err := t.Validate(); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return t, true
}

func (s *Server) handleTestimonialCreate(w http.ResponseWriter, r *http.Request) {
	t, ok := s.testimonialFrom(w, r)
	if !ok {
		return
	}
	out, err := s.Store.CreateTestimonial(r.Context(), t)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusCreated, dataBody{out})
}

func (s *Server) handleTestimonialUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Testimonial")
	if !ok {
		return
	}
	t, ok := s.testimonialFrom(w, r)
	if !ok {
		return
	}
	t.ID = id
	out, err := s.Store.UpdateTestimonial(r.Context(), t)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}

func (s *Server) handleTestimonialDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Testimonial")
	if !ok {
		return
	}
	if err := s.Store.DeleteTestimonial(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, successBody)
}
