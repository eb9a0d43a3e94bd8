package site

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
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
	ID    int64  `json:"id" db:"id"`
	Title string `json:"title" db:"title"`
	Slug  string `json:"slug" db:"slug"`
	// Content is the page's text as plain text (Doc.PlainText), kept for
	// scripts and summaries; a write that sends it without a body makes
	// the body of its paragraphs.
	Content string `json:"content" db:"content" text:"multiline"`
	// Body is the page's text as a document (see richtext.go). A row
	// stored before documents has none (NULL) and is read as the
	// paragraphs of its content (Document).
	Body            *Doc   `json:"body" db:"body" text:"any"`
	Excerpt         string `json:"excerpt" db:"excerpt" text:"multiline"`
	MetaTitle       string `json:"metaTitle" db:"meta_title"`
	MetaDescription string `json:"metaDescription" db:"meta_description" text:"multiline"`
	Status          string `json:"status" db:"status" ts:"PageStatus"`
	Template        string `json:"template" db:"template" ts:"PageTemplate"`
	FeaturedImage   string `json:"featuredImage" db:"featured_image"`
	// Author, Category and Tags are an article's (template "article"):
	// the byline, one of BlogCategories' labels, and at most MaxTags
	// short tags.
	Author   string   `json:"author" db:"author"`
	Category string   `json:"category" db:"category"`
	Tags     PageTags `json:"tags" db:"tags"`
	// ReadingMinutes is the time the text takes to read, counted on every
	// write (ReadingMinutes); 0 for a page stored before it was.
	ReadingMinutes int        `json:"readingMinutes" db:"reading_minutes"`
	AuthorID       *int64     `json:"authorId" db:"author_id"`
	PublishedAt    *time.Time `json:"publishedAt" db:"published_at"`
	IsActive       bool       `json:"isActive" db:"is_active"`
	CreatedAt      time.Time  `json:"createdAt" db:"created_at"`
	UpdatedAt      time.Time  `json:"updatedAt" db:"updated_at"`
	Version        int        `json:"version" db:"version"`
}

// PublicPage is what visitors get of a published page: the page data of
// its address (PageData.Page).
type PublicPage struct {
	Title   string `json:"title"`
	Slug    string `json:"slug"`
	Content string `json:"content"`
	Body    *Doc   `json:"body"`
	// Images are the usable images of the media library that the body
	// names, by id; an image of the body missing here is not shown.
	Images          map[string]*PublicMedia `json:"images"`
	Excerpt         string                  `json:"excerpt"`
	MetaTitle       string                  `json:"metaTitle"`
	MetaDescription string                  `json:"metaDescription"`
	// Cover is the page's featured image, when it names a usable image of
	// the media library.
	Cover *PublicMedia `json:"cover,omitempty"`
}

// Public returns what visitors get of p.
func (p *Page) Public() *PublicPage {
	return &PublicPage{Title: p.Title, Slug: p.Slug, Content: p.Content, Body: p.Document(), Excerpt: p.Excerpt,
		MetaTitle: p.MetaTitle, MetaDescription: p.MetaDescription}
}

// Document is the page's body; a page stored before documents (without
// one) is read as the paragraphs of its content.
func (p *Page) Document() *Doc {
	if p.Body != nil {
		return p.Body
	}
	return DocFromText(p.Content)
}

// ReadingTime is the minutes the page's text takes to read: as counted
// at its last write, else (a page stored before, read with its text)
// counted now.
func (p *Page) ReadingTime() int {
	if p.ReadingMinutes > 0 {
		return p.ReadingMinutes
	}
	return ReadingMinutes(p.Document().PlainText())
}

// MarshalJSON writes the page with its Document as the body, so that
// every reader of the API (and every revision) sees a document.
func (p Page) MarshalJSON() ([]byte, error) {
	type page Page
	q := page(p)
	q.Body = p.Document()
	return json.Marshal(q)
}

// PickMedia returns the items of all that ids name, by id as JSON keys.
func PickMedia(all map[string]*PublicMedia, ids []int64) map[string]*PublicMedia {
	out := make(map[string]*PublicMedia, len(ids))
	for _, id := range ids {
		k := strconv.FormatInt(id, 10)
		if m := all[k]; m != nil {
			out[k] = m
		}
	}
	return out
}

// PageTextColumns are a page's text, which the lists of pages and
// articles visitors see do not show: PublishedPages reads without them.
var PageTextColumns = []string{"content", "body"}

// PublishedPages returns the pages visitors see, published and active,
// whose slugs routes leave free (a page saved before its slug became a
// route of the site stays unserved until it is renamed), newest first,
// without their text (PageTextColumns): a page is read whole only where
// it is shown. Each has its reading time; a page stored before reading
// times were has its text read to count it.
func PublishedPages(ctx context.Context, s interface {
	FindRecords(ctx context.Context, e *Entity, f ListFilter) ([]Record, error)
}, routes *Routes) ([]*Page, error) {
	pages, err := Find[Page](ctx, s, Pages, ListFilter{ActiveOnly: true, Equal: map[string]string{"status": PagePublished}, Omit: PageTextColumns})
	if err != nil {
		return nil, err
	}
	pages = slices.DeleteFunc(pages, func(p *Page) bool { return routes.Reserved(p.Slug) })
	uncounted := map[int64]*Page{}
	for _, p := range pages {
		if p.ReadingMinutes == 0 {
			uncounted[p.ID] = p
		}
	}
	if len(uncounted) > 0 {
		whole, err := Find[Page](ctx, s, Pages, ListFilter{IDs: slices.Collect(maps.Keys(uncounted))})
		if err != nil {
			return nil, err
		}
		for _, w := range whole {
			if p := uncounted[w.ID]; p != nil {
				p.ReadingMinutes = w.ReadingTime()
			}
		}
	}
	return pages, nil
}

// PageAt returns the page whose address (Path) is path, in any state:
// published or not, active or not. ENOTFOUND when no page has it, or when
// its slug is one routes keep, as such a page is never served.
func PageAt(ctx context.Context, s interface {
	FindRecords(ctx context.Context, e *Entity, f ListFilter) ([]Record, error)
}, routes *Routes, path string) (*Page, error) {
	slug, article := strings.CutPrefix(path, BlogPath+"/")
	if !article {
		slug = strings.TrimPrefix(path, "/")
	}
	if slug != "" && !strings.Contains(slug, "/") && !routes.Reserved(slug) {
		pages, err := Find[Page](ctx, s, Pages, ListFilter{Equal: map[string]string{"slug": slug}})
		if err != nil {
			return nil, err
		}
		for _, p := range pages {
			if p.Path() == path {
				return p, nil
			}
		}
	}
	return nil, Errorf(ENOTFOUND, "No page has the address %s.", path)
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
