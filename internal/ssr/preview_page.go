package ssr

import (
	"context"
	"encoding/json"

	"meridian/internal/site"
)

// Preview renders page as it is saved, published or not, at its own
// address, for a preview link. It is never cached, and never indexed: it
// has no canonical link, so the shell says noindex. An article has no
// neighbours in a preview.
func (c *PageCache) Preview(ctx context.Context, page *site.Page) (*Page, error) {
	pd, err := c.pageData(context.WithoutCancel(ctx), c.version.Current())
	if err != nil {
		return nil, err
	}
	d := *pd.data
	if _, err := c.withPage(ctx, &d, site.NewBlog([]*site.Page{page}), page); err != nil {
		return nil, err
	}
	data, err := json.Marshal(&d)
	if err != nil {
		return nil, err
	}
	res, err := c.renderer.Render(c.baseURL+page.Path(), data)
	if err != nil {
		return nil, err
	}
	settings := pd.data.Settings
	return newPage(res.Status, c.shell.Assemble(&Document{
		Title:          res.Title,
		Description:    res.Description,
		SiteName:       settings.LogoText,
		PrimaryColor:   settings.PrimaryColor,
		SecondaryColor: settings.SecondaryColor,
		AppHTML:        res.HTML,
		DataJSON:       data,
	}))
}
