package httpd

import (
	"net/http"

	"meridian/internal/site"
)

type imageInput struct {
	readOnly
	Name    string `json:"name"`
	URL     string `json:"url"`
	AltText string `json:"altText"`
	Section string `json:"section"`
	Usage   string `json:"usage"`
}

func (s *Server) handleImageList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindImages(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

func (s *Server) imageFrom(w http.ResponseWriter, r *http.Request) (*site.Image, bool) {
	var in imageInput
	if !decodeJSON(w, r, &in) {
		return nil, false
	}
	img := &site.Image{Name: in.Name, URL: in.URL, AltText: in.AltText, Section: in.Section, Usage: in.Usage}
	if err := img.Validate(); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return img, true
}

func (s *Server) handleImageCreate(w http.ResponseWriter, r *http.Request) {
	img, ok := s.imageFrom(w, r)
	if !ok {
		return
	}
	out, err := s.Store.CreateImage(r.Context(), img)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusCreated, dataBody{out})
}

func (s *Server) handleImageUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Image")
	if !ok {
		return
	}
	img, ok := s.imageFrom(w, r)
	if !ok {
		return
	}
	img.ID = id
	out, err := s.Store.UpdateImage(r.Context(), img)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}

func (s *Server) handleImageDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Image")
	if !ok {
		return
	}
	if err := s.Store.DeleteImage(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, successBody)
}
