package site

import (
	"context"
	"time"
)

// FooterLink is one link of the public footer.
type FooterLink struct {
	ID        int64     `json:"id"`
	Category  string    `json:"category"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	Order     int       `json:"order"`
	IsActive  bool      `json:"isActive"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// FooterService reads and changes footer links.
type FooterService interface {
	FindFooterLinks(ctx context.Context, f ListFilter) ([]*FooterLink, error)
	CreateFooterLink(ctx context.Context, l *FooterLink) (*FooterLink, error)
	UpdateFooterLink(ctx context.Context, l *FooterLink) (*FooterLink, error)
	DeleteFooterLink(ctx context.Context, id int64) error
}
