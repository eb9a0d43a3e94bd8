package ssr

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"meridian/internal/site"
)

// withPage puts page, read whole, into d as the page data of its own
// address: a content page, or an article as article makes it (with its
// neighbours; alone when that gives none), each with its cover and the
// images its body names. It returns the cover, nil when it has none.
func (c *PageCache) withPage(ctx context.Context, d *site.PageData, page *site.Page, article func() *site.PublicArticle) (*site.PublicMedia, error) {
	doc := page.Document()
	ids := doc.MediaIDs()
	coverID, hasCover := site.MediaRef(page.FeaturedImage)
	load := slices.Clone(ids)
	if hasCover {
		load = append(load, coverID)
	}
	media, err := site.LoadPublicMedia(ctx, c.store, load)
	if err != nil {
		return nil, err
	}
	var cover *site.PublicMedia
	if hasCover {
		cover = media[strconv.FormatInt(coverID, 10)]
	}
	images := site.PickMedia(media, ids)
	if page.Template != site.TemplateArticle {
		d.Page = page.Public()
		d.Page.Cover, d.Page.Images = cover, images
		return cover, nil
	}
	if d.Article = article(); d.Article == nil {
		d.Article = site.NewBlog([]*site.Page{page}).Article(page)
	}
	d.Article.Cover, d.Article.Images = cover, images
	return cover, nil
}

// loadCovers gives each card its cover, in one read of the media library.
func (c *PageCache) loadCovers(ctx context.Context, cards []site.ArticleCard) error {
	var ids []int64
	for _, a := range cards {
		if id, ok := site.MediaRef(a.FeaturedImage); ok {
			ids = append(ids, id)
		}
	}
	media, err := site.LoadPublicMedia(ctx, c.store, ids)
	if err != nil {
		return err
	}
	for i, a := range cards {
		if id, ok := site.MediaRef(a.FeaturedImage); ok {
			cards[i].Cover = media[strconv.FormatInt(id, 10)]
		}
	}
	return nil
}

// Feed returns the site.FeedEntries newest published articles (or all,
// when there are fewer), read whole (with their text) once per content
// version, and the site data they are shown with.
func (c *PageCache) Feed(ctx context.Context) ([]*site.Page, *site.PageData, error) {
	pd, err := c.pageData(context.WithoutCancel(ctx), c.currentVersion())
	if err != nil {
		return nil, nil, err
	}
	pd.feedMu.Lock()
	defer pd.feedMu.Unlock()
	if pd.feed == nil {
		newest := pd.blog.Newest(site.FeedEntries)
		ids := make([]int64, len(newest))
		for i, p := range newest {
			ids[i] = p.ID
		}
		whole, err := site.Find[site.Page](ctx, c.store, site.Pages, site.ListFilter{IDs: ids})
		if err != nil {
			return nil, nil, fmt.Errorf("ssr: feed: %w", err)
		}
		byID := make(map[int64]*site.Page, len(whole))
		for _, p := range whole {
			byID[p.ID] = p
		}
		feed := make([]*site.Page, 0, len(newest))
		for _, p := range newest {
			// One deleted since the version's data was read is left out:
			// its delete has moved the version on.
			if w := byID[p.ID]; w != nil {
				feed = append(feed, w)
			}
		}
		pd.feed = feed
	}
	return pd.feed, pd.data, nil
}
