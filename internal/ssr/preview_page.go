package ssr

import (
	"context"
	"encoding/json"
	"strconv"

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
	ids := page.Document().MediaIDs()
	coverID, hasCover := site.MediaRef(page.FeaturedImage)
	if hasCover {
		ids = append(ids, coverID)
	}
	media, err := site.LoadPublicMedia(ctx, c.store, ids)
	if err != nil {
		return nil, err
	}
	var cover *site.PublicMedia
	if hasCover {
		cover = media[strconv.FormatInt(coverID, 10)]
	}
	images := site.PickMedia(media, page.Document().MediaIDs())
	d := *pd.data
	d.Preview = banner
	if page.Template == site.TemplateArticle {
		d.Article = pd.blog.Preview(page, c.now())
		d.Article.Cover = cover
		d.Article.Images = images
	} else {
		d.Page = page.Public()
		d.Page.Cover = cover
		d.Page.Images = images
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
