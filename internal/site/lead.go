package site

import (
	"context"
	"time"
)

// Lead is a request for a consultation sent through a contact form
// (contact_submissions in SPEC section 3).
type Lead struct {
	ID                 int64     `json:"id"`
	FirstName          string    `json:"firstName"`
	LastName           string    `json:"lastName"`
	Email              string    `json:"email"`
	Company            string    `json:"company"`
	JobTitle           string    `json:"jobTitle"`
	AISolutionInterest string    `json:"aiSolutionInterest"`
	ProjectDetails     string    `json:"projectDetails"`
	CreatedAt          time.Time `json:"createdAt"`
}

// LeadService stores and lists leads. CreateLead returns only once the lead
// is durable.
type LeadService interface {
	CreateLead(ctx context.Context, l *Lead) (*Lead, error)
	// FindLeads returns leads newest first.
	FindLeads(ctx context.Context) ([]*Lead, error)
	CountLeads(ctx context.Context) (int, error)
}
