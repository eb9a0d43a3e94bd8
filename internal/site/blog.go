package site

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// BlogPath is the blog's list; its articles are at BlogPath/{slug}.
const BlogPath = "/blog"

// BlogPageSize is how many article cards a page of the blog shows.
const BlogPageSize = 6

// FeedEntries is how many of the newest articles the blog's feed carries.
const FeedEntries = 20

// Sizes of the blog's sidebar: the first articles of the list, and the
// tags most articles carry.
const (
	BlogPopularPosts = 3
	BlogPopularTags  = 8
)

// BlogCategory is a category of articles: ID is its filter value
// (/blog?category=nlp), Label what an article's category holds.
type BlogCategory struct {
	ID    string
	Label string
}

// BlogCategories are the categories of the blog's filter buttons, besides
// All, which is no category. Keep in step with blog.categories in
// web/src/content/blog.ts.
var BlogCategories = []BlogCategory{
	{"machine-learning", "Machine Learning"},
	{"deep-learning", "Deep Learning"},
	{"nlp", "NLP"},
	{"computer-vision", "Computer Vision"},
	{"ai-strategy", "AI Strategy"},
	{"industry-insights", "Industry Insights"},
}

// BlogCategoryLabels are the labels of BlogCategories.
func BlogCategoryLabels() []string {
	out := make([]string, len(BlogCategories))
	for i, c := range BlogCategories {
		out[i] = c.Label
	}
	return out
}

// BlogCategoryOf returns the category whose label or id is s, in any case.
func BlogCategoryOf(s string) (BlogCategory, bool) {
	for _, c := range BlogCategories {
		if strings.EqualFold(s, c.Label) || strings.EqualFold(s, c.ID) {
			return c, true
		}
	}
	return BlogCategory{}, false
}

// wordsPerMinute is the reading speed reading times are counted at.
const wordsPerMinute = 200

// ReadingMinutes is the time an article's text takes to read, in whole
// minutes, at least one.
func ReadingMinutes(text string) int {
	words, in := 0, false
	for _, r := range text {
		space := unicode.IsSpace(r)
		if !space && !in {
			words++
		}
		in = !space
	}
	return max(1, (words+wordsPerMinute-1)/wordsPerMinute)
}

// ArticleLink names an article: its title, address and date.
type ArticleLink struct {
	Title       string    `json:"title"`
	Slug        string    `json:"slug"`
	PublishedAt time.Time `json:"publishedAt"`
}

// ArticleCard is what the blog's list shows of an article.
type ArticleCard struct {
	Title          string    `json:"title"`
	Slug           string    `json:"slug"`
	Excerpt        string    `json:"excerpt"`
	Author         string    `json:"author"`
	Category       string    `json:"category"`
	Tags           []string  `json:"tags"`
	PublishedAt    time.Time `json:"publishedAt"`
	ReadingMinutes int       `json:"readingMinutes"`
	// Cover is the article's featured image, when it names a usable image
	// of the media library; FeaturedImage is what it names (MediaRef),
	// for the server to load it.
	Cover         *PublicMedia `json:"cover,omitempty"`
	FeaturedImage string       `json:"-"`
}

// PublicArticle is what visitors get of a published article at
// /blog/{slug}: the page data of its address (PageData.Article), with
// the articles before and after it in the blog's order.
type PublicArticle struct {
	ArticleCard
	Content string `json:"content"`
	Body    *Doc   `json:"body"`
	// Images are the usable images of the media library that the body
	// names, by id.
	Images          map[string]*PublicMedia `json:"images"`
	MetaTitle       string                  `json:"metaTitle"`
	MetaDescription string                  `json:"metaDescription"`
	UpdatedAt       time.Time               `json:"updatedAt"`
	// Previous is the older article, Next the newer one; absent at either
	// end of the list.
	Previous *ArticleLink `json:"previous,omitempty"`
	Next     *ArticleLink `json:"next,omitempty"`
}

// BlogList is one page of the blog's list (PageData.Blog): the cards of
// the page, in one category or all, and the sidebar's popular posts and tags.
type BlogList struct {
	// Category is the id of the category shown, empty for all.
	Category string        `json:"category"`
	Page     int           `json:"page"`
	Pages    int           `json:"pages"`
	Total    int           `json:"total"`
	Posts    []ArticleCard `json:"posts"`
	Popular  []ArticleLink `json:"popular"`
	Tags     []string      `json:"tags"`
}

// BlogQuery is a page of the blog's list: a category's id (empty for
// all) and the page number, from 1.
type BlogQuery struct {
	Category string
	Page     int
}

// ParseBlogQuery reads the blog's list from the query of /blog: category,
// a category's id or "all", and page, a whole number from 1. Other
// parameters (such as a campaign's utm_source) are ignored; a category
// that is none, a page that is no number, or either given twice is not
// a page of the blog (false).
func ParseBlogQuery(q url.Values) (BlogQuery, bool) {
	out := BlogQuery{Page: 1}
	if vs, ok := q["category"]; ok {
		if len(vs) != 1 {
			return out, false
		}
		if vs[0] != "all" {
			c, ok := BlogCategoryOf(vs[0])
			if !ok || c.ID != vs[0] {
				return out, false
			}
			out.Category = c.ID
		}
	}
	if vs, ok := q["page"]; ok {
		if len(vs) != 1 {
			return out, false
		}
		n, err := strconv.Atoi(vs[0])
		if err != nil || n < 1 || strconv.Itoa(n) != vs[0] {
			return out, false
		}
		out.Page = n
	}
	return out, true
}

// Path is the canonical address of the page of the list: /blog, then
// the category and the page when they are not all and 1.
func (q BlogQuery) Path() string {
	v := url.Values{}
	if q.Category != "" {
		v.Set("category", q.Category)
	}
	if q.Page > 1 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	if len(v) == 0 {
		return BlogPath
	}
	return BlogPath + "?" + v.Encode()
}

// Blog is the published articles of one content version, newest first,
// indexed for the blog's pages.
type Blog struct {
	articles   []*Page
	cards      []ArticleCard
	bySlug     map[string]int
	byCategory map[string][]int
	tags       []string
}

// NewBlog indexes the published articles among pages.
func NewBlog(pages []*Page) *Blog {
	b := &Blog{bySlug: map[string]int{}, byCategory: map[string][]int{}}
	for _, p := range pages {
		if p.Template == TemplateArticle {
			b.articles = append(b.articles, p)
		}
	}
	slices.SortStableFunc(b.articles, articleOrder)
	counts := map[string]int{}
	first := map[string]int{}
	for i, p := range b.articles {
		b.bySlug[p.Slug] = i
		if c, ok := BlogCategoryOf(p.Category); ok {
			b.byCategory[c.ID] = append(b.byCategory[c.ID], i)
		}
		b.cards = append(b.cards, ArticleCard{Title: p.Title, Slug: p.Slug, Excerpt: p.Excerpt, Author: p.Author,
			Category: p.Category, Tags: append([]string{}, p.Tags...), PublishedAt: publishedAt(p), ReadingMinutes: p.ReadingTime(),
			FeaturedImage: p.FeaturedImage})
		for _, t := range p.Tags {
			if _, ok := first[t]; !ok {
				first[t] = len(first)
			}
			counts[t]++
		}
	}
	for t := range counts {
		b.tags = append(b.tags, t)
	}
	// The most used first; among as many, the one that came first.
	slices.SortFunc(b.tags, func(x, y string) int {
		return cmp.Or(cmp.Compare(counts[y], counts[x]), cmp.Compare(first[x], first[y]))
	})
	b.tags = b.tags[:min(len(b.tags), BlogPopularTags)]
	return b
}

// articleOrder sorts articles as the blog lists them: the newest first,
// and of two at the same time the later made.
func articleOrder(x, y *Page) int {
	return cmp.Or(publishedAt(y).Compare(publishedAt(x)), cmp.Compare(y.ID, x.ID))
}

func publishedAt(p *Page) time.Time {
	if p.PublishedAt != nil {
		return *p.PublishedAt
	}
	return p.CreatedAt
}

// Articles returns the published articles, newest first.
func (b *Blog) Articles() []*Page { return b.articles }

// Pages is how many pages the list of the category (empty for all) has,
// one at least, which shows that there is none.
func (b *Blog) Pages(category string) int {
	n := len(b.articles)
	if category != "" {
		n = len(b.byCategory[category])
	}
	return max(1, (n+BlogPageSize-1)/BlogPageSize)
}

// List returns the page of the list that q asks for; false when it has no
// such page.
func (b *Blog) List(q BlogQuery) (*BlogList, bool) {
	if q.Page < 1 || q.Page > b.Pages(q.Category) {
		return nil, false
	}
	idx := b.byCategory[q.Category]
	total := len(idx)
	if q.Category == "" {
		total = len(b.articles)
	}
	l := &BlogList{Category: q.Category, Page: q.Page, Pages: b.Pages(q.Category), Total: total,
		Posts: []ArticleCard{}, Popular: []ArticleLink{}, Tags: append([]string{}, b.tags...)}
	for i := (q.Page - 1) * BlogPageSize; i < min(total, q.Page*BlogPageSize); i++ {
		j := i
		if q.Category != "" {
			j = idx[i]
		}
		l.Posts = append(l.Posts, b.cards[j])
	}
	for _, c := range b.cards[:min(len(b.cards), BlogPopularPosts)] {
		l.Popular = append(l.Popular, ArticleLink{Title: c.Title, Slug: c.Slug, PublishedAt: c.PublishedAt})
	}
	return l, true
}

// Newest returns the n newest articles (fewer when there are not as many).
func (b *Blog) Newest(n int) []*Page { return b.articles[:min(n, len(b.articles))] }

// Article returns what visitors get of the published article p, read
// whole (with its text), with its neighbours in the list; nil when p is
// none of the blog's articles.
func (b *Blog) Article(p *Page) *PublicArticle {
	i, ok := b.bySlug[p.Slug]
	if !ok {
		return nil
	}
	a := &PublicArticle{ArticleCard: b.cards[i], Content: p.Content, Body: p.Document(), MetaTitle: p.MetaTitle,
		MetaDescription: p.MetaDescription, UpdatedAt: p.UpdatedAt}
	if i+1 < len(b.cards) {
		c := b.cards[i+1]
		a.Previous = &ArticleLink{Title: c.Title, Slug: c.Slug, PublishedAt: c.PublishedAt}
	}
	if i > 0 {
		c := b.cards[i-1]
		a.Next = &ArticleLink{Title: c.Title, Slug: c.Slug, PublishedAt: c.PublishedAt}
	}
	return a
}

// Preview returns what visitors would get of the article p, published or
// not: its date is its publication time, or now for one without (the time
// it gets when published now), and its neighbours are the published
// articles it would stand between in the list at that time.
func (b *Blog) Preview(p *Page, now time.Time) *PublicArticle {
	q := *p
	if q.PublishedAt == nil {
		q.PublishedAt = &now
	}
	a := NewBlog([]*Page{&q}).Article(&q)
	a.Previous, a.Next = nil, nil
	for i, o := range b.articles {
		if o.ID == q.ID {
			continue
		}
		c := b.cards[i]
		link := &ArticleLink{Title: c.Title, Slug: c.Slug, PublishedAt: c.PublishedAt}
		if articleOrder(o, &q) < 0 {
			// Newer: the last of these is the next one.
			a.Next = link
			continue
		}
		a.Previous = link
		break
	}
	return a
}
