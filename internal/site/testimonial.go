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
