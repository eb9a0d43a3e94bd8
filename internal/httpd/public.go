package httpd

import (
	"net/http"

	"meridian/internal/site"
)

// leadThanks is the message the contact forms show in their success toast.
const leadThanks = "Thank you! We will contact you within 24 hours to schedule your free consultation."

func (s *Server) handlePublicSettings(w http.ResponseWriter, r *http.Request) {
	st, err := s.Store.GetSiteSettings(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{st})
}

func (s *Server) handlePublicTestimonials(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.FindTestimonials(r.Context(), site.ListFilter{ActiveOnly: true})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{list})
}

// leadInput is the body of POST /api/contact.
type leadInput struct {
	FirstName          string `json:"firstName"`
	LastName           string `json:"lastName"`
	Email              string `json:"email"`
	Company            string `json:"company"`
	JobTitle           string `json:"jobTitle"`
	AISolutionInterest string `json:"aiSolutionInterest"`
	ProjectDetails     string `json:"projectDetails"`
}

// handleContact stores a lead; it answers only once the lead is durable.
func (s *Server) handleContact(w http.ResponseWriter, r *http.Request) {
	var in leadInput
	if !decodeJSON(w, r, &in) {
		return
	}
	l := site.Lead{FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Company: in.Company,
		JobTitle: in.JobTitle, AISolutionInterest: in.AISolutionInterest, ProjectDetails: in.ProjectDetails}
	if err := l.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := s.Store.CreateLead(r.Context(), &l); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"message": leadThanks})
}
