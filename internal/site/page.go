package site

import (
	"context"
	"time"
)

// Page statuses.
const (
	PageDraft     = "draft"
	PagePublished = "published"
)

// Page is a content page managed in the admin portal.
type Page struct {
	ID              int64      `json:"id"`
	Title           string     `json:"title"`
	Slug            string     `json:"slug"`
	Content         string     `json:"content"`
	Excerpt         string     `json:"excerpt"`
	MetaTitle       string     `json:"metaTitle"`
	MetaDescription string     `json:"metaDescription"`
	Status          string     `json:"status"`
	Template        string     `json:"template"`
	FeaturedImage   string     `json:"featuredImage"`
	AuthorID        *int64     `json:"authorId"`
	PublishedAt     *time.Time `json:"publishedAt"`
	IsActive        bool       `json:"isActive"`
	CreatedAt       time.Time  `json:"createdAt"`
	UpdatedAt       time.Time  `json:"updatedAt"`
}

// PageService reads and changes pages. A slug already taken is ECONFLICT.
type PageService interface {
	FindPages(ctx context.Context) ([]*Page, error)
	CreatePage(ctx context.Context, p *Page) (*Page, error)
	UpdatePage(ctx context.Context, p *Page) (*Page, error)
	DeletePage(ctx context.Context, id int64) error
	// PublishPage sets the status to published and stamps PublishedAt.
	PublishPage(ctx context.Context, id int64) (*Page, error)
}
