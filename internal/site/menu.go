package site

import (
	"time"
)

// MenuItem is one link of the public header navigation.
type MenuItem struct {
	ID        int64     `json:"id" db:"id"`
	Title     string    `json:"title" db:"title"`
	URL       string    `json:"url" db:"url"`
	Order     int       `json:"order" db:"order"`
	IsActive  bool      `json:"isActive" db:"is_active"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// ListFilter narrows a list of records.
type ListFilter struct {
	// ActiveOnly keeps only the items marked active, as visitors see them.
	ActiveOnly bool
	// Equal keeps only the records whose text columns hold the given
	// values, by column name ("status": "published"). A column that is
	// not a text column of the entity is an error.
	Equal map[string]string
}
