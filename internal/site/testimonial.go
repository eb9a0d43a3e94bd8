package site

import (
	"time"
)

// Testimonial is a client quote shown on the home page.
type Testimonial struct {
	ID       int64  `json:"id" db:"id"`
	Name     string `json:"name" db:"name"`
	Title    string `json:"title" db:"title"`
	Content  string `json:"content" db:"content" text:"multiline"`
	Initials string `json:"initials" db:"initials"`
	AvatarBg string `json:"avatarBg" db:"avatar_bg"`
	// Photo names the author's photo in the media library (media:{id});
	// empty shows the initials.
	Photo     string    `json:"photo" db:"photo"`
	Order     int       `json:"order" db:"order"`
	IsActive  bool      `json:"isActive" db:"is_active"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// PublicTestimonial is what visitors' pages get of a testimonial (see
// PublicMenuItem).
type PublicTestimonial struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Content  string `json:"content"`
	Initials string `json:"initials"`
	AvatarBg string `json:"avatarBg"`
	// Photo names the author's photo in the media library (media:{id}),
	// which the page data's media carry; empty shows the initials.
	Photo string `json:"photo"`
	Order int    `json:"order"`
}

// Public returns what visitors' pages get of it.
func (t *Testimonial) Public() *PublicTestimonial {
	return &PublicTestimonial{Name: t.Name, Title: t.Title, Content: t.Content, Initials: t.Initials,
		AvatarBg: t.AvatarBg, Photo: t.Photo, Order: t.Order}
}
