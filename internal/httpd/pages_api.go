package httpd

import (
	"encoding/json"
	"net/http"

	"meridian/internal/site"
)

type pageInput struct {
	readOnly
	Title           string          `json:"title"`
	Slug            string          `json:"slug"`
	Content         string          `json:"content"`
	Excerpt         string          `json:"excerpt"`
	MetaTitle       string          `json:"metaTitle"`
	MetaDescription string          `json:"metaDescription"`
	Status          string          `json:"status"`
	Template        string          `json:"template"`
	FeaturedImage   string          `json:"featuredImage"`
	IsActive        *bool           `json:"isActive"`
	AuthorID        json.RawMessage `json:"authorId,omitempty"`
	PublishedAt     json.RawMessage `json:"publishedAt,omitempty"`
}

func (s *Server) handlePageList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindPages(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

// pageFrom decodes and checks the body; an empty slug is made from the title.
func (s *Server) pageFrom(w http.ResponseWriter, r *http.Request) (*site.Page, bool) {
	var in pageInput
	if !decodeJSON(w, r, &in) {
		return nil, false
	}
	p := &site.Page{Title: in.Title, Slug: in.Slug, Content: in.Content, Excerpt: in.Excerpt, MetaTitle: in.MetaTitle,
		MetaDescription: in.MetaDescription, Status: in.Status, Template: in.Template, FeaturedImage: in.FeaturedImage,
		IsActive: orTrue(in.IsActive)}
	if err := p.Validate(); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return p, true
}

func (s *Server) handlePageCreate(w http.ResponseWriter, r *http.Request) {
	p, ok := s.pageFrom(w, r)
	if !ok {
		return
	}
	author := currentUser(r.Context()).user.ID
	p.AuthorID = &author
	if p.Status == site.PagePublished {
		now := s.now()
		p.PublishedAt = &now
	}
	out, err := s.Store.CreatePage(r.Context(), p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusCreated, dataBody{out})
}

func (s *Server) handlePageUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Page")
	if !ok {
		return
	}
	p, ok := s.pageFrom(w, r)
	if !ok {
		return
	}
	p.ID = id
	out, err := s.Store.UpdatePage(r.Context(), p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}

func (s *Server) handlePageDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Page")
	if !ok {
		return
	}
	if err := s.Store.DeletePage(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, successBody)
}

func (s *Server) handlePagePublish(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Page")
	if !ok {
		return
	}
	out, err := s.Store.PublishPage(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}
