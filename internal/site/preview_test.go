package site

import (
	"testing"
	"time"
)

// What a preview's banner says of a page: a draft, inactive, scheduled
// (with its time) or live, in that order.
func TestNewPagePreview(t *testing.T) {
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	later := now.Add(time.Hour)
	earlier := now.Add(-time.Hour)
	for _, c := range []struct {
		name string
		page Page
		want string
	}{
		{"Draft", Page{Status: PageDraft, IsActive: true}, PreviewDraft},
		{"DraftWithATimeToCome", Page{Status: PageDraft, IsActive: true, PublishedAt: &later}, PreviewDraft},
		{"Inactive", Page{Status: PagePublished, PublishedAt: &earlier}, PreviewInactive},
		{"InactiveAndScheduled", Page{Status: PagePublished, PublishedAt: &later}, PreviewInactive},
		{"Scheduled", Page{Status: PagePublished, IsActive: true, PublishedAt: &later}, PreviewScheduled},
		{"Live", Page{Status: PagePublished, IsActive: true, PublishedAt: &earlier}, PreviewLive},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := NewPagePreview(&c.page, now)
			if got.State != c.want || got.Shared || got.ExpiresAt != nil || got.EditURL != "" {
				t.Errorf("preview = %+v, want state %s", got, c.want)
			}
			if (got.PublishAt != nil) != (c.want == PreviewScheduled) || got.PublishAt != nil && !got.PublishAt.Equal(later) {
				t.Errorf("publishAt = %v", got.PublishAt)
			}
		})
	}
}

// An article's preview stands where its publication time puts it among
// the published articles (now for a draft without one), with the
// neighbours it would have there.
func TestBlogPreview(t *testing.T) {
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { t := now.Add(d); return &t }
	article := func(id int64, slug string, published *time.Time) *Page {
		return &Page{ID: id, Slug: slug, Title: slug, Template: TemplateArticle, Status: PagePublished, IsActive: true, PublishedAt: published}
	}
	blog := NewBlog([]*Page{
		article(1, "oldest", at(-72*time.Hour)),
		article(2, "older", at(-48*time.Hour)),
		article(3, "newest", at(-24*time.Hour)),
	})
	slug := func(l *ArticleLink) string {
		if l == nil {
			return ""
		}
		return l.Slug
	}
	for _, c := range []struct {
		name           string
		page           *Page
		previous, next string
		date           time.Time
	}{
		{"DraftWithoutATime", &Page{ID: 9, Slug: "draft", Template: TemplateArticle, Status: PageDraft}, "newest", "", now},
		{"Between", &Page{ID: 9, Slug: "draft", Template: TemplateArticle, Status: PageDraft, PublishedAt: at(-36 * time.Hour)}, "older", "newest", now.Add(-36 * time.Hour)},
		{"BeforeAll", &Page{ID: 9, Slug: "draft", Template: TemplateArticle, PublishedAt: at(-96 * time.Hour)}, "", "oldest", now.Add(-96 * time.Hour)},
		{"Scheduled", article(9, "draft", at(24*time.Hour)), "newest", "", now.Add(24 * time.Hour)},
		// A published one is where the blog has it, not beside itself.
		{"Published", article(2, "older", at(-48*time.Hour)), "oldest", "newest", now.Add(-48 * time.Hour)},
		// At the same time as another, the later made is the newer.
		{"SameTime", &Page{ID: 9, Slug: "draft", Template: TemplateArticle, PublishedAt: at(-48 * time.Hour)}, "older", "newest", now.Add(-48 * time.Hour)},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := blog.Preview(c.page, now)
			if got.Slug != c.page.Slug || slug(got.Previous) != c.previous || slug(got.Next) != c.next || !got.PublishedAt.Equal(c.date) {
				t.Errorf("preview: %s, previous %q, next %q, date %v; want previous %q, next %q, date %v",
					got.Slug, slug(got.Previous), slug(got.Next), got.PublishedAt, c.previous, c.next, c.date)
			}
		})
	}
}
