package site

import (
	"time"
)

// Image is an image an admin registered for use on the site.
type Image struct {
	ID        int64     `json:"id" db:"id"`
	Name      string    `json:"name" db:"name"`
	URL       string    `json:"url" db:"url"`
	AltText   string    `json:"altText" db:"alt_text"`
	Section   string    `json:"section" db:"section"`
	Usage     string    `json:"usage" db:"usage"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}
