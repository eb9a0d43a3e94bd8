package ssr

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"

	"github.com/andybalholm/brotli"
	"golang.org/x/sync/singleflight"

	"meridian/internal/site"
)

// Page is a finished page in every encoding the server sends.
type Page struct {
	Status int
	ETag   string
	Raw    []byte
	Gzip   []byte
	Brotli []byte
	// The tags of the encoded forms, which are representations of their own.
	GzipETag, BrotliETag string
}

// notFoundKey caches the one 404 page that every unknown path shares, so
// that requests for random paths cannot grow the cache.
const notFoundKey = "\x00404"

// PageCache holds the rendered pages of one content version. When the
// version moves on, the next request renders afresh.
type PageCache struct {
	renderer *Renderer
	shell    *Shell
	store    site.PublicReader
	version  *site.ContentVersion
	baseURL  string
	known    map[string]bool

	group singleflight.Group

	mu      sync.RWMutex
	current uint64
	pages   map[string]*Page
	data    *pageData
}

type pageData struct {
	data *site.PageData
	json []byte
}

// NewPageCache returns a cache that renders with r into shell, from the data
// in store. baseURL (scheme and host) prefixes canonical links.
func NewPageCache(r *Renderer, shell *Shell, store site.PublicReader, version *site.ContentVersion, baseURL string) *PageCache {
	known := make(map[string]bool)
	for _, p := range r.Paths() {
		known[p] = true
	}
	return &PageCache{
		renderer: r,
		shell:    shell,
		store:    store,
		version:  version,
		baseURL:  baseURL,
		known:    known,
		current:  version.Current(),
		pages:    make(map[string]*Page),
	}
}

// Known reports whether path is a page of the site (as opposed to a 404).
func (c *PageCache) Known(path string) bool { return c.known[path] }

// Paths returns the paths of the site's pages, sorted.
func (c *PageCache) Paths() []string {
	paths := make([]string, 0, len(c.known))
	for p := range c.known {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// URL returns the absolute address of path, as canonical links give it.
func (c *PageCache) URL(path string) string { return c.baseURL + path }

// Get returns the page for path, rendering it once per content version
// however many requests ask for it at the same moment.
func (c *PageCache) Get(ctx context.Context, path string) (*Page, error) {
	key := path
	if !c.known[path] {
		key = notFoundKey
	}
	v := c.version.Current()
	c.mu.RLock()
	if c.current == v {
		if p := c.pages[key]; p != nil {
			c.mu.RUnlock()
			return p, nil
		}
	}
	c.mu.RUnlock()

	// The render is shared by every request waiting for it, so one client
	// going away must not cancel it for the others.
	ctx = context.WithoutCancel(ctx)
	res, err, _ := c.group.Do(strconv.FormatUint(v, 10)+" "+key, func() (any, error) {
		return c.render(ctx, v, key, path)
	})
	if err != nil {
		return nil, err
	}
	return res.(*Page), nil
}

func (c *PageCache) render(ctx context.Context, v uint64, key, path string) (*Page, error) {
	pd, err := c.pageData(ctx, v)
	if err != nil {
		return nil, err
	}
	res, err := c.renderer.Render(path, pd.json)
	if err != nil {
		return nil, err
	}
	doc := &Document{
		Title:          res.Title,
		Description:    res.Description,
		SiteName:       pd.data.Settings.LogoText,
		PrimaryColor:   pd.data.Settings.PrimaryColor,
		SecondaryColor: pd.data.Settings.SecondaryColor,
		AppHTML:        res.HTML,
		DataJSON:       pd.json,
	}
	if key != notFoundKey {
		doc.CanonicalURL = c.baseURL + path
	}
	page, err := newPage(res.Status, c.shell.Assemble(doc))
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current != v {
		if v < c.current {
			// Rendered from data that is already stale: serve it to the
			// requests that waited for it, but keep it out of the cache.
			return page, nil
		}
		c.current = v
		c.pages = make(map[string]*Page)
		c.data = nil
	}
	c.pages[key] = page
	return page, nil
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
		// json.Marshal escapes <, > and &, so "</script>" in content stays inert.
		b, err := json.Marshal(data)
		if err != nil {
			return nil, err
		}
		pd := &pageData{data: data, json: b}
		c.mu.Lock()
		if c.current == v {
			c.data = pd
		}
		c.mu.Unlock()
		return pd, nil
	})
	if err != nil {
		return nil, fmt.Errorf("ssr: page data: %w", err)
	}
	return res.(*pageData), nil
}

// pageBrotliLevel trades a few per cent of size for a render that is ready
// sooner after an edit: level 11 took about twice as long as the render
// itself on the home page.
const pageBrotliLevel = 9

// The compressors keep their tables (megabytes for brotli) between pages:
// allocating them afresh for every page made one render in ten several
// times slower than the others.
var (
	gzipWriters   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression); return w }}
	brotliWriters = sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, pageBrotliLevel) }}
)

func compressWith[W interface {
	io.WriteCloser
	Reset(io.Writer)
}](pool *sync.Pool, raw []byte) ([]byte, error) {
	w := pool.Get().(W)
	defer pool.Put(w)
	var b bytes.Buffer
	b.Grow(len(raw) / 4)
	w.Reset(&b)
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// newPage compresses a rendered page both ways at once: the request that
// waits for a fresh page after an edit waits for the slower of the two only.
func newPage(status int, raw []byte) (*Page, error) {
	sum := sha256.Sum256(raw)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	p := &Page{
		Status:     status,
		ETag:       `"` + tag + `"`,
		GzipETag:   `"` + tag + `-gz"`,
		BrotliETag: `"` + tag + `-br"`,
		Raw:        raw,
	}
	var gzErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Gzip, gzErr = compressWith[*gzip.Writer](&gzipWriters, raw)
	}()
	var brErr error
	p.Brotli, brErr = compressWith[*brotli.Writer](&brotliWriters, raw)
	<-done
	if err := errors.Join(gzErr, brErr); err != nil {
		return nil, err
	}
	return p, nil
}
