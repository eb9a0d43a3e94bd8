package site

import (
	"time"
)

// FooterLink is one link of the public footer.
type FooterLink struct {
	ID        int64     `json:"id" db:"id"`
	Category  string    `json:"category" db:"category"`
	Title     string    `json:"title" db:"title"`
	URL       string    `json:"url" db:"url"`
	Order     int       `json:"order" db:"order"`
	IsActive  bool      `json:"isActive" db:"is_active"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// PublicFooterLink is what visitors' pages get of a footer link (see
// PublicMenuItem).
type PublicFooterLink struct {
	Category string `json:"category"`
	Title    string `json:"title"`
	URL      string `json:"url"`
	Order    int    `json:"order"`
}

// Public returns what visitors' pages get of it.
func (l *FooterLink) Public() *PublicFooterLink {
	return &PublicFooterLink{Category: l.Category, Title: l.Title, URL: l.URL, Order: l.Order}
}
