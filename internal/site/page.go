package site

import (
	"context"
	"database/sql/driver"
	"slices"
	"time"
)

// Page statuses.
const (
	PageDraft     = "draft"
	PagePublished = "published"
)

// Page templates: a content page at /{slug}, or an article of the blog at
// /blog/{slug}.
const (
	TemplateDefault = "default"
	TemplateArticle = "article"
)

// Templates are the templates a page may have.
var Templates = []string{TemplateDefault, TemplateArticle}

// Path is the address visitors open the page at: /blog/{slug} for an
// article, /{slug} for any other page.
func (p *Page) Path() string {
	if p.Template == TemplateArticle {
		return BlogPath + "/" + p.Slug
	}
	return "/" + p.Slug
}

// Page is a content page managed in the admin portal.
type Page struct {
	ID              int64  `json:"id" db:"id"`
	Title           string `json:"title" db:"title"`
	Slug            string `json:"slug" db:"slug"`
	Content         string `json:"content" db:"content" text:"multiline"`
	Excerpt         string `json:"excerpt" db:"excerpt" text:"multiline"`
	MetaTitle       string `json:"metaTitle" db:"meta_title"`
	MetaDescription string `json:"metaDescription" db:"meta_description" text:"multiline"`
	Status          string `json:"status" db:"status" ts:"PageStatus"`
	Template        string `json:"template" db:"template" ts:"PageTemplate"`
	FeaturedImage   string `json:"featuredImage" db:"featured_image"`
	// Author, Category and Tags are an article's (template "article"):
	// the byline, one of BlogCategories' labels, and at most MaxTags
	// short tags.
	Author      string     `json:"author" db:"author"`
	Category    string     `json:"category" db:"category"`
	Tags        PageTags   `json:"tags" db:"tags"`
	AuthorID    *int64     `json:"authorId" db:"author_id"`
	PublishedAt *time.Time `json:"publishedAt" db:"published_at"`
	IsActive    bool       `json:"isActive" db:"is_active"`
	CreatedAt   time.Time  `json:"createdAt" db:"created_at"`
	UpdatedAt   time.Time  `json:"updatedAt" db:"updated_at"`
	Version     int        `json:"version" db:"version"`
}

// PublicPage is what visitors get of a published page: the page data of
// its address (PageData.Page).
type PublicPage struct {
	Title           string `json:"title"`
	Slug            string `json:"slug"`
	Content         string `json:"content"`
	Excerpt         string `json:"excerpt"`
	MetaTitle       string `json:"metaTitle"`
	MetaDescription string `json:"metaDescription"`
	// Cover is the page's featured image, when it names a usable image of
	// the media library.
	Cover *PublicMedia `json:"cover,omitempty"`
}

// Public returns what visitors get of p.
func (p *Page) Public() *PublicPage {
	return &PublicPage{Title: p.Title, Slug: p.Slug, Content: p.Content, Excerpt: p.Excerpt,
		MetaTitle: p.MetaTitle, MetaDescription: p.MetaDescription}
}

// PublishedPages returns the pages visitors see, published and active,
// whose slugs routes leave free (a page saved before its slug became a
// route of the site stays unserved until it is renamed), newest first.
func PublishedPages(ctx context.Context, s interface {
	FindRecords(ctx context.Context, e *Entity, f ListFilter) ([]Record, error)
}, routes *Routes) ([]*Page, error) {
	pages, err := Find[Page](ctx, s, Pages, ListFilter{ActiveOnly: true, Equal: map[string]string{"status": PagePublished}})
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(pages, func(p *Page) bool { return routes.Reserved(p.Slug) }), nil
}

// PageTags are an article's tags; both stores keep them as one JSON column.
type PageTags []string

// Value is the JSON of the tags, [] when there are none.
func (t PageTags) Value() (driver.Value, error) { return jsonListValue(t) }

// Scan reads the JSON of the tags.
func (t *PageTags) Scan(src any) error {
	list, err := scanJSONList[string](src, "page tags")
	if err == nil {
		*t = list
	}
	return err
}
