package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"meridian/internal/metrics"
	"meridian/internal/ogimage"
	"meridian/internal/site"
)

// notFoundKey caches the one 404 page that every unknown path shares, so
// that requests for random paths cannot grow the cache.
const notFoundKey = "\x00404"

// notFoundImagePath stands for the 404 page's path in the address of its
// picture: the page is shared by every unknown path, and no page can have
// this one (site.SystemPaths), so the address is the 404 page's alone.
const notFoundImagePath = "/og"

// PageCache holds the rendered pages of one content version: the built-in
// pages of the web build and the published pages of the admin, each at its
// path, and the one 404 page. When the version moves on, the next request
// renders afresh.
type PageCache struct {
	renderer *Renderer
	shell    *Shell
	store    site.PublicReader
	version  *site.ContentVersion
	baseURL  string
	host     string
	known    map[string]bool
	routes   *site.Routes
	// Now is the clock that decides which scheduled pages are live; nil
	// means time.Now.
	Now func() time.Time
	// Metrics counts the hits, the misses and the renders; nil counts
	// nothing. Set it before the cache is used.
	Metrics *metrics.Metrics

	group singleflight.Group

	mu      sync.RWMutex
	current uint64
	pages   map[string]*Page
	data    *pageData
	// lastGood is the latest page rendered under each key, whatever the
	// version: what Get answers when the data of a newer version cannot
	// be read. It keeps the keys of the pages visitors could open at the
	// last data read (see keepLastGood).
	lastGood map[string]*Page
	// previews are the previews rendered at the current version, by page,
	// its version and banner (Preview); previewBytes their size.
	previews     map[string]*Page
	previewBytes int
}

// pageData is what the pages of one content version are rendered from.
type pageData struct {
	data *site.PageData
	json []byte
	// published are the pages of the admin that visitors see, by path:
	// content pages at /{slug}, articles at /blog/{slug}; without their
	// text, which a page's render reads (site.PublishedPages).
	published map[string]*site.Page
	// blog is the published articles, for the blog's list, the article
	// pages, the feed and the sitemap.
	blog *site.Blog
	// feed is the newest articles with their text, for the feed: read
	// on its first request (under feedMu), nil until then.
	feedMu sync.Mutex
	feed   []*site.Page
	// redirects are the site's redirects by source path.
	redirects map[string]*site.Redirect
	// positions are the open positions by path (/careers/{slug}), each
	// with its description, open their cards in order, and closed the
	// closed positions by path, whose addresses answer 410.
	positions map[string]*site.Position
	open      []*site.PublicPosition
	closed    map[string]*site.Position
	// studies are the shown case studies by path (/case-studies/{slug}),
	// withdrawn the others, whose addresses answer 410.
	studies   map[string]*site.CaseStudy
	withdrawn map[string]*site.CaseStudy
	// next is the earliest publication time of a scheduled page, zero
	// when none is: once it passes, the data is stale without any write.
	next time.Time
}

// NewPageCache returns a cache that renders with r into shell, from the data
// in store. baseURL (scheme and host) prefixes canonical links. files are
// the paths of the browser build's files, which no page may shadow.
func NewPageCache(r *Renderer, shell *Shell, store site.PublicReader, version *site.ContentVersion, baseURL string, files ...string) *PageCache {
	known := make(map[string]bool)
	for _, p := range r.Paths() {
		known[p] = true
	}
	var host string
	if u, err := url.Parse(baseURL); err == nil {
		host = u.Host
	}
	return &PageCache{
		renderer: r,
		shell:    shell,
		store:    store,
		version:  version,
		baseURL:  baseURL,
		host:     host,
		known:    known,
		routes:   site.NewRoutes(r.Paths(), files),
		current:  version.Current(),
		pages:    make(map[string]*Page),
		lastGood: make(map[string]*Page),
		previews: make(map[string]*Page),
	}
}

// Engines tells how many engines the pool that renders pages has, and how
// many of them render now.
func (c *PageCache) Engines() (busy, size int) { return c.renderer.Engines() }

// Known reports whether path is a built-in page of the site.
func (c *PageCache) Known(path string) bool { return c.known[path] }

// Routes are the addresses the site answers itself, which no page's slug
// may take: the built-in pages, the build's files and site.SystemPaths.
func (c *PageCache) Routes() *site.Routes {
	if c == nil {
		return nil
	}
	return c.routes
}

// Paths returns the paths of the site's built-in pages, sorted.
func (c *PageCache) Paths() []string {
	paths := make([]string, 0, len(c.known))
	for p := range c.known {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// Entry is a page visitors can open, for the sitemap.
type Entry struct {
	Path string
	// Modified is when a published page last changed; zero for the
	// built-in pages, which change with the build.
	Modified time.Time
}

// Entries returns every page visitors can open now: the built-in pages,
// then the published pages, articles and open positions, each sorted by
// path.
func (c *PageCache) Entries(ctx context.Context) ([]Entry, error) {
	pd, err := c.pageData(context.WithoutCancel(ctx), c.currentVersion())
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, p := range c.Paths() {
		out = append(out, Entry{Path: p})
	}
	if arts := pd.blog.Articles(); len(arts) > 0 {
		// The blog's list changes with its newest article.
		for i := range out {
			if out[i].Path == site.BlogPath {
				out[i].Modified = slices.MaxFunc(arts, func(a, b *site.Page) int { return a.UpdatedAt.Compare(b.UpdatedAt) }).UpdatedAt
			}
		}
	}
	for i := range out {
		// The list of positions changes with any of them, and so does
		// the list of case studies.
		for _, p := range pd.positions {
			if out[i].Path == site.CareersPath && p.UpdatedAt.After(out[i].Modified) {
				out[i].Modified = p.UpdatedAt
			}
		}
		for _, s := range pd.studies {
			if out[i].Path == site.CaseStudiesPath && s.UpdatedAt.After(out[i].Modified) {
				out[i].Modified = s.UpdatedAt
			}
		}
	}
	var custom []Entry
	for path, p := range pd.published {
		custom = append(custom, Entry{Path: path, Modified: p.UpdatedAt})
	}
	for path, p := range pd.positions {
		custom = append(custom, Entry{Path: path, Modified: p.UpdatedAt})
	}
	for path, s := range pd.studies {
		custom = append(custom, Entry{Path: path, Modified: s.UpdatedAt})
	}
	slices.SortFunc(custom, func(a, b Entry) int { return strings.Compare(a.Path, b.Path) })
	return append(out, custom...), nil
}

// Serves reports whether path is a page visitors can open now: a built-in
// page or a published one.
func (c *PageCache) Serves(ctx context.Context, path string) (bool, error) {
	if c.known[path] {
		return true, nil
	}
	pd, err := c.pageData(context.WithoutCancel(ctx), c.currentVersion())
	if err != nil {
		return false, err
	}
	return pd.published[path] != nil || pd.positions[path] != nil || pd.studies[path] != nil, nil
}

// URL returns the absolute address of path, as canonical links give it;
// path itself without a page cache (in tests of the API alone).
func (c *PageCache) URL(path string) string {
	if c == nil {
		return path
	}
	return c.baseURL + path
}

// Host is the host (and port) of the site's base address; "" without a
// page cache.
func (c *PageCache) Host() string {
	if c == nil {
		return ""
	}
	return c.host
}

// cached returns the page cached under key at version v, or nil. A path
// other than a built-in page's is cached under its own key only while it
// is a published page of v, and shares the 404 page otherwise.
func (c *PageCache) cached(v uint64, key string) *Page {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.current != v {
		return nil
	}
	if p := c.pages[key]; p != nil {
		return p
	}
	if c.data != nil && !c.opens(c.data, key) {
		return c.pages[notFoundKey]
	}
	return nil
}

// opens reports whether visitors can open the page cached under key by
// the data pd: a built-in page, a page of the blog's list, a published
// page, the page of a position, open or closed (which answers 410), or of a
// case study, shown or withdrawn (410).
func (c *PageCache) opens(pd *pageData, key string) bool {
	return c.known[key] || strings.HasPrefix(key, site.BlogPath+"?") || pd.published[key] != nil ||
		pd.positions[key] != nil || pd.closed[key] != nil || pd.studies[key] != nil || pd.withdrawn[key] != nil
}

// Get returns the page for path, rendering it once per content version
// however many requests ask for it at the same moment. The query matters
// to the blog's list only (/blog?category=nlp&page=2), whose pages are
// cached under their canonical address (site.BlogQuery.Path): so the
// keys are bounded by the pages the articles fill, and anything else
// (an unknown category, a page past the last, a page that is no number)
// is the 404 page. Other parameters are ignored, as on every page.
//
// When the page's data cannot be read, Get answers the page's last good
// render, from whichever version it was made, with a *StaleError: during
// an outage of the database visitors keep seeing the pages they saw.
func (c *PageCache) Get(ctx context.Context, path string, query url.Values) (*Page, error) {
	v := c.currentVersion()
	key := path
	var blogQuery site.BlogQuery
	if path == site.BlogPath {
		q, ok := site.ParseBlogQuery(query)
		key, blogQuery = q.Path(), q
		if !ok {
			key = notFoundKey
		}
	}
	if p := c.cached(v, key); p != nil {
		c.Metrics.PageCacheHit()
		return p, nil
	}
	c.Metrics.PageCacheMiss()
	p, err := c.get(ctx, v, key, path, blogQuery)
	return c.orLastGood(key, p, err)
}

// get renders the page of path under key at version v, or shares the
// render another request started.
func (c *PageCache) get(ctx context.Context, v uint64, key, path string, blogQuery site.BlogQuery) (*Page, error) {
	// The render is shared by every request waiting for it, so one client
	// going away must not cancel it for the others.
	ctx = context.WithoutCancel(ctx)
	var page *site.Page
	var list *site.BlogList
	var careers *site.Careers
	var study *site.CaseStudy
	if key != notFoundKey && (!c.known[path] || path == site.BlogPath || path == site.CareersPath) {
		// Whether path is a published page is read with the data of
		// version v, which was read after v was: a page unpublished,
		// deleted or renamed has moved the version past v.
		pd, err := c.pageData(ctx, v)
		if err != nil {
			return nil, err
		}
		switch {
		case path == site.BlogPath:
			var ok bool
			if list, ok = pd.blog.List(blogQuery); !ok {
				key = notFoundKey
			}
		case path == site.CareersPath:
			careers = &site.Careers{Open: pd.open}
		case pd.positions[path] != nil:
			careers = &site.Careers{Open: pd.open, Position: pd.positions[path].Public()}
			careers.Position.Description, careers.Position.ID = pd.positions[path].Description, pd.positions[path].ID
		case pd.closed[path] != nil:
			careers = &site.Careers{Open: pd.open, Closed: pd.closed[path].Public()}
		case pd.studies[path] != nil:
			study = pd.studies[path]
		case pd.withdrawn[path] != nil:
			study = pd.withdrawn[path]
		default:
			if page = pd.published[path]; page == nil {
				key = notFoundKey
			}
		}
	}
	res, err, _ := c.group.Do(strconv.FormatUint(v, 10)+" "+key, func() (any, error) {
		return c.render(ctx, v, key, path, page, list, careers, study)
	})
	if err != nil {
		return nil, err
	}
	return res.(*Page), nil
}

// render renders path at version v and caches it under key; page is the
// published page or article at path (as the version's data has it,
// without its text), list the page of the blog's list at /blog, careers
// the positions of /careers and of a position's page, study the case study
// of its page (shown, or withdrawn: 410), each nil on any other page.
func (c *PageCache) render(ctx context.Context, v uint64, key, path string, page *site.Page, list *site.BlogList, careers *site.Careers, study *site.CaseStudy) (*Page, error) {
	pd, err := c.pageData(ctx, v)
	if err != nil {
		return nil, err
	}
	data := pd.json
	var cover *site.PublicMedia
	if page != nil {
		// The page is read whole here, once per version: the version's
		// data holds no page's text.
		rec, err := c.store.FindRecord(ctx, site.Pages, page.ID)
		if site.ErrorCode(err) == site.ENOTFOUND {
			// Deleted since the version's data was read: that write has
			// moved the version on, and this is its 404 page.
			key, page = notFoundKey, nil
		} else if err != nil {
			return nil, &dataError{fmt.Errorf("ssr: read page: %w", err)}
		} else {
			page = rec.(*site.Page)
		}
	}
	address := path
	if key == notFoundKey {
		// The one 404 page of every unknown address, /blog?page=999
		// included, rendered at an address no page can have.
		address = notFoundImagePath
	}
	if page != nil || list != nil || careers != nil || study != nil {
		// The published page, the article with its neighbours, or the
		// cards of the blog's page travel in the page data, for the server
		// render and for hydration; the other pages do without them, and
		// no page carries every article.
		d := *pd.data
		if list != nil {
			if err := c.loadCovers(ctx, list.Posts); err != nil {
				return nil, &dataError{err}
			}
			d.Blog = list
			address = key
		} else if careers != nil {
			if p := careers.Position; p != nil {
				if p.Images, err = site.LoadPublicMedia(ctx, c.store, p.Description.MediaIDs()); err != nil {
					return nil, &dataError{err}
				}
			}
			d.Careers = careers
		} else if study != nil {
			if study.IsActive {
				d.CaseStudy = study.Public()
				// Its picture is its link preview's.
				if id, ok := site.MediaRef(study.Image); ok {
					cover = pd.data.Media[strconv.FormatInt(id, 10)]
				}
			} else {
				d.WithdrawnStudy = study.Card()
			}
		} else if cover, err = c.withPage(ctx, &d, page, func() *site.PublicArticle { return pd.blog.Article(page) }); err != nil {
			return nil, &dataError{err}
		}
		if data, err = json.Marshal(&d); err != nil {
			return nil, err
		}
	}
	res, doc, err := c.renderDocument(pd, address, data)
	if err != nil {
		return nil, err
	}
	doc.StructuredData = res.StructuredData
	settings := pd.data.Settings
	imagePath := notFoundImagePath
	if key != notFoundKey {
		// A page of the blog's list is its canonical address; its picture
		// is the list's. A position that has closed (410) has none, which
		// keeps it out of search engines.
		if res.Status == http.StatusOK {
			doc.CanonicalURL = c.baseURL + address
		}
		imagePath = path
	}
	// The card shows the page's own title: the name that ends the
	// browser title is on the card already, beside the mark.
	card := ogimage.Card{
		Title:     strings.TrimSuffix(res.Title, " | "+pd.data.CompanyName()),
		SiteName:  pd.data.LogoText(),
		Host:      c.host,
		Primary:   settings.PrimaryColor,
		Secondary: settings.SecondaryColor,
	}
	imageAddr := ogimage.Address(card.Key(), imagePath)
	doc.ImageURL = c.baseURL + imageAddr
	doc.ImageAlt = card.Alt()
	doc.ImageType = ogimage.ContentType
	doc.ImageWidth, doc.ImageHeight = ogimage.Width, ogimage.Height
	// Link previews show the page's own sharing image, else its cover,
	// else the generated picture.
	share := cover
	if id, ok := site.MediaRef(pd.data.Content[site.ShareSection][path]); ok && key != notFoundKey {
		if m := pd.data.Media[strconv.FormatInt(id, 10)]; m != nil {
			share = m
		}
	}
	if v, ok := previewVariant(share); ok {
		doc.ImageURL = c.baseURL + v.URL
		doc.ImageType = "image/" + v.Format
		doc.ImageWidth, doc.ImageHeight = v.Width, v.Height
		doc.ImageAlt = share.Alt
		if doc.ImageAlt == "" {
			// A decorative picture: the page's title says what it is about.
			doc.ImageAlt = card.Title
		}
	}
	rendered, err := newPage(res.Status, c.shell.Assemble(doc))
	if err != nil {
		return nil, err
	}
	rendered.Card, rendered.ImagePath = card, imageAddr
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.advance(v) {
		// Rendered from data that is already stale: serve it to the
		// requests that waited for it, but keep it out of the cache.
		return rendered, nil
	}
	c.pages[key] = rendered
	c.lastGood[key] = rendered
	return rendered, nil
}

// renderDocument renders the page at address from data, the page data as
// JSON, into a document in the name and colours of the site of pd.
func (c *PageCache) renderDocument(pd *pageData, address string, data []byte) (*Result, *Document, error) {
	// The absolute address: the structured data's links need the origin.
	start := time.Now()
	res, err := c.renderer.Render(c.baseURL+address, data)
	c.Metrics.Rendered(time.Since(start))
	if err != nil {
		return nil, nil, err
	}
	settings := pd.data.Settings
	return res, &Document{
		Title:          res.Title,
		Description:    res.Description,
		SiteName:       settings.LogoText,
		PrimaryColor:   settings.PrimaryColor,
		SecondaryColor: settings.SecondaryColor,
		AppHTML:        res.HTML,
		DataJSON:       data,
	}, nil
}

func (c *PageCache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// currentVersion returns the content version in force, first moving it on
// when the earliest scheduled page of the cached data has come due: its
// publication changes what visitors see without any write, so each
// instance, by its own clock, treats the time as a change of content, and
// every instance shows the page from that time without a word between them.
func (c *PageCache) currentVersion() uint64 {
	v := c.version.Current()
	c.mu.RLock()
	due := c.current == v && c.data != nil && !c.data.next.IsZero() && !c.now().Before(c.data.next)
	c.mu.RUnlock()
	if due {
		// Of the requests that see it at once, one moves the version on.
		c.version.BumpFrom(v)
		v = c.version.Current()
	}
	return v
}

// Redirect returns the redirect visitors of path get: none when path is a
// built-in page or a live page, which win over a redirect. A path with a
// trailing slash finds the redirect of the path without it.
func (c *PageCache) Redirect(ctx context.Context, path string) (*site.Redirect, error) {
	path = site.CleanPath(path)
	if c.known[path] {
		return nil, nil
	}
	pd, err := c.pageData(context.WithoutCancel(ctx), c.currentVersion())
	if err != nil {
		return nil, err
	}
	if pd.published[path] != nil || pd.positions[path] != nil || pd.closed[path] != nil || pd.studies[path] != nil || pd.withdrawn[path] != nil {
		return nil, nil
	}
	return pd.redirects[path], nil
}

// advance moves the cache on to version v when v is newer, dropping what
// it held, and reports whether v is the cache's version now. c.mu is held.
func (c *PageCache) advance(v uint64) bool {
	if v > c.current {
		c.current = v
		c.pages = make(map[string]*Page)
		c.data = nil
		c.previews, c.previewBytes = make(map[string]*Page), 0
	}
	return v == c.current
}

// pageData loads the data for version v once and shares it among renders.
func (c *PageCache) pageData(ctx context.Context, v uint64) (*pageData, error) {
	c.mu.RLock()
	if c.current == v && c.data != nil {
		d := c.data
		c.mu.RUnlock()
		return d, nil
	}
	c.mu.RUnlock()
	res, err, _ := c.group.Do("data "+strconv.FormatUint(v, 10), func() (any, error) {
		data, err := site.LoadPageData(ctx, c.store)
		if err != nil {
			return nil, err
		}
		published, err := site.PublishedPages(ctx, c.store, c.routes)
		if err != nil {
			return nil, fmt.Errorf("load published pages: %w", err)
		}
		// Scheduled pages are left out until their time, which ends
		// this data's life (currentVersion).
		published, next := site.SplitScheduled(published, c.now())
		redirects, err := site.Find[site.Redirect](ctx, c.store, site.Redirects, site.ListFilter{})
		if err != nil {
			return nil, fmt.Errorf("load redirects: %w", err)
		}
		positions, err := site.Find[site.Position](ctx, c.store, site.Positions, site.ListFilter{})
		if err != nil {
			return nil, fmt.Errorf("load positions: %w", err)
		}
		open, closed := site.OpenPositions(positions)
		shown, withdrawn := site.ShownStudies(data.Studies)
		// json.Marshal escapes <, > and &, so "</script>" in content stays inert.
		b, err := json.Marshal(data)
		if err != nil {
			return nil, err
		}
		pd := &pageData{data: data, json: b, published: make(map[string]*site.Page, len(published)), blog: site.NewBlog(published),
			redirects: make(map[string]*site.Redirect, len(redirects)), next: next,
			positions: make(map[string]*site.Position, len(open)), open: make([]*site.PublicPosition, len(open)), closed: closed,
			studies: make(map[string]*site.CaseStudy, len(shown)), withdrawn: withdrawn}
		for _, s := range shown {
			pd.studies[s.Path()] = s
		}
		for i, p := range open {
			pd.positions[p.Path()] = p
			pd.open[i] = p.Public()
		}
		for _, r := range redirects {
			pd.redirects[r.Source] = r
		}
		for _, p := range published {
			pd.published[p.Path()] = p
		}
		c.mu.Lock()
		if c.advance(v) {
			c.data = pd
			c.keepLastGood(pd)
		}
		c.mu.Unlock()
		return pd, nil
	})
	if err != nil {
		return nil, &dataError{fmt.Errorf("ssr: page data: %w", err)}
	}
	return res.(*pageData), nil
}
