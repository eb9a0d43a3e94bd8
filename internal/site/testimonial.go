package site

import (
	"context"
	"time"
)

// Testimonial is a client quote shown on the home page.
type Testimonial struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Title     string    `json:"title"`
	Content   string    `json:"content"`
	Initials  string    `json:"initials"`
	AvatarBg  string    `json:"avatarBg"`
	Order     int       `json:"order"`
	IsActive  bool      `json:"isActive"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// TestimonialService reads and changes testimonials.
type TestimonialService interface {
	FindTestimonials(ctx context.Context, f ListFilter) ([]*Testimonial, error)
	CreateTestimonial(ctx context.Context, t *Testimonial) (*Testimonial, error)
	UpdateTestimonial(ctx context.Context, t *Testimonial) (*Testimonial, error)
	DeleteTestimonial(ctx context.Context, id int64) error
}
