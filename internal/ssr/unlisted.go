package ssr

import (
	"context"
	"strconv"
)

// Unlisted renders a page of the server bundle that is in no list of the
// site's pages: one that only the links of the site's e-mails open (the
// newsletter's confirmation and unsubscribe pages). It is rendered like a
// built-in page, with the site's data, but without a canonical link, so
// the shell says noindex, and it is not among Paths, so neither the
// sitemap nor the routes know it. Its address's query (the link's token)
// plays no part: the page reads it in the browser. It is rendered once per
// content version and kept beside the previews.
func (c *PageCache) Unlisted(ctx context.Context, path string) (*Page, error) {
	v := c.currentVersion()
	key := "unlisted " + path
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
		pd, err := c.pageData(ctx, v)
		if err != nil {
			return nil, err
		}
		res, doc, err := c.renderDocument(pd, path, pd.json)
		if err != nil {
			return nil, err
		}
		p, err := newPage(res.Status, c.shell.Assemble(doc))
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
