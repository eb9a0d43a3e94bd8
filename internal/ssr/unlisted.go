package ssr

import (
	"context"
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
	return c.keptRender(ctx, "unlisted "+path, func(ctx context.Context, v uint64) (*Page, error) {
		pd, err := c.pageData(ctx, v)
		if err != nil {
			return nil, err
		}
		res, doc, err := c.renderDocument(pd, path, pd.json)
		if err != nil {
			return nil, err
		}
		return newPage(res.Status, c.shell.Assemble(doc))
	})
}
