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

// PublicMenuItem is what visitors' pages get of a menu item: what the
// header shows, without the admin's bookkeeping (its id, version and
// times), so that two sites of the same content serve the same pages.
type PublicMenuItem struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	Order int    `json:"order"`
}

// Public returns what visitors' pages get of it.
func (it *MenuItem) Public() *PublicMenuItem {
	return &PublicMenuItem{Title: it.Title, URL: it.URL, Order: it.Order}
}

// ListFilter narrows a list of records.
type ListFilter struct {
	// ActiveOnly keeps only the items marked active, as visitors see them.
	ActiveOnly bool
	// Equal keeps only the records whose text columns hold the given
	// values, by column name ("status": "published"). A column that is
	// not a text column of the entity is an error.
	Equal map[string]string
	// IDs, when not nil, keeps only the records with these ids (none for
	// an empty list), in the entity's order.
	IDs []int64
	// Omit are columns left out of the read, by name: their fields keep
	// their zero value. Lists that show no record's text read without it
	// (PageTextColumns). A column the entity lacks, or one every record
	// has (id, version, the times), is an error.
	Omit []string
}
