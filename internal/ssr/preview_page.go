package ssr

import (
	"context"
	"encoding/json"
	"strconv"

	"meridian/internal/site"
)

// Bounds of the previews kept: a preview link is opened by a reviewer or
// two, so a few dozen renders cover every link in use, and a page larger
// than a quarter of the bytes is rendered each time rather than kept.
const (
	maxPreviews     = 32
	maxPreviewBytes = 32 << 20
)

// Preview renders page as it is saved, published or not, at its own
// address, with banner at its top: for a preview link, or for staff at a
// draft's address. It is never indexed: it has no canonical link, so the
// shell says noindex. An article stands between the published articles
// around its publication time (now, for a draft without one), as it would
// once published.
//
// A preview is rendered once for the page's version, the banner and the
// content version (the site's data it shows), however many requests ask
// for it, and kept in a small cache of its own, apart from the pages
// visitors get: a large draft costs a render of most of a second.
func (c *PageCache) Preview(ctx context.Context, page *site.Page, banner *site.PagePreview) (*Page, error) {
	b, err := json.Marshal(banner)
	if err != nil {
		return nil, err
	}
	key := strconv.FormatInt(page.ID, 10) + " " + strconv.Itoa(page.Version) + " " + string(b)
	return c.keptRender(ctx, "preview "+key, func(ctx context.Context, v uint64) (*Page, error) {
		return c.renderPreview(ctx, v, page, banner)
	})
}

// keptRender answers the page kept under key among the previews for the
// current content version, or renders it with render, once however many
// requests ask for it (as Get's renders are), and keeps it.
func (c *PageCache) keptRender(ctx context.Context, key string, render func(ctx context.Context, v uint64) (*Page, error)) (*Page, error) {
	v := c.currentVersion()
	c.mu.RLock()
	p := c.previews[key]
	if c.current != v {
		p = nil
	}
	c.mu.RUnlock()
	if p != nil {
		return p, nil
	}
	ctx = context.WithoutCancel(ctx)
	res, err, _ := c.group.Do(strconv.FormatUint(v, 10)+" "+key, func() (any, error) {
		p, err := render(ctx, v)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.advance(v) {
			c.keepPreview(key, p)
		}
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	return res.(*Page), nil
}

// keepPreview caches p under key within the bounds, making room by
// dropping other previews (any, as the map gives them). c.mu is held.
func (c *PageCache) keepPreview(key string, p *Page) {
	size := len(p.Raw) + len(p.Gzip) + len(p.Brotli)
	if size > maxPreviewBytes/4 {
		return
	}
	for k, old := range c.previews {
		if len(c.previews) < maxPreviews && c.previewBytes+size <= maxPreviewBytes {
			break
		}
		delete(c.previews, k)
		c.previewBytes -= len(old.Raw) + len(old.Gzip) + len(old.Brotli)
	}
	c.previews[key] = p
	c.previewBytes += size
}

// renderPreview renders page under banner from the data of version v.
func (c *PageCache) renderPreview(ctx context.Context, v uint64, page *site.Page, banner *site.PagePreview) (*Page, error) {
	pd, err := c.pageData(ctx, v)
	if err != nil {
		return nil, err
	}
	d := *pd.data
	d.Preview = banner
	if _, err := c.withPage(ctx, &d, page, func() *site.PublicArticle { return pd.blog.Preview(page, c.now()) }); err != nil {
		return nil, err
	}
	data, err := json.Marshal(&d)
	if err != nil {
		return nil, err
	}
	res, doc, err := c.renderDocument(pd, page.Path(), data)
	if err != nil {
		return nil, err
	}
	return newPage(res.Status, c.shell.Assemble(doc))
}
