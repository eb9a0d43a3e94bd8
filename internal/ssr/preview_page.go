package ssr

import (
	"context"
	"encoding/json"
	"strconv"

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
	var cover *site.PublicMedia
	if id, ok := site.MediaRef(page.FeaturedImage); ok {
		media, err := site.LoadPublicMedia(ctx, c.store, []int64{id})
		if err != nil {
			return nil, err
		}
		cover = media[strconv.FormatInt(id, 10)]
	}
	d := *pd.data
	if page.Template == site.TemplateArticle {
		d.Article = site.NewBlog([]*site.Page{page}).Public(page.Slug)
		d.Article.Cover = cover
	} else {
		d.Page = page.Public()
		d.Page.Cover = cover
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
