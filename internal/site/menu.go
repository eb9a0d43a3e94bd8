package site

import (
	"context"
	"time"
)

// MenuItem is one link of the public header navigation.
type MenuItem struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	Order     int       `json:"order"`
	IsActive  bool      `json:"isActive"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ListFilter narrows a list of menu items, footer links or testimonials.
type ListFilter struct {
	// ActiveOnly keeps only the items marked active, as visitors see them.
	ActiveOnly bool
}

// MenuService reads and changes menu items.
type MenuService interface {
	FindMenuItems(ctx context.Context, f ListFilter) ([]*MenuItem, error)
	CreateMenuItem(ctx context.Context, it *MenuItem) (*MenuItem, error)
	// UpdateMenuItem replaces the item with it.ID; ENOTFOUND when there is none.
	UpdateMenuItem(ctx context.Context, it *MenuItem) (*MenuItem, error)
	DeleteMenuItem(ctx context.Context, id int64) error
}
