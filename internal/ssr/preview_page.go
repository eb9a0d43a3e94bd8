package ssr

import (
	"context"
	"encoding/json"

	"meridian/internal/site"
)

// Preview renders page as it is saved, published or not, at its own
// address, with banner at its top: for a preview link, or for staff at a
// draft's address. It is never cached, and never indexed: it has no
// canonical link, so the shell says noindex. An article stands between
// the published articles around its publication time (now, for a draft
// without one), as it would once published.
func (c *PageCache) Preview(ctx context.Context, page *site.Page, banner *site.PagePreview) (*Page, error) {
	pd, err := c.pageData(context.WithoutCancel(ctx), c.currentVersion())
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
