package site

import (
	"strconv"
	"time"
)

// The resources the admin manages, each served by the same handlers and the
// same store operations (RecordService).
var (
	MenuItems = NewEntity(Entity{Name: "menu-items", Table: "menu_items", Noun: "Menu item",
		OrderBy: `"order", id`, ActiveColumn: "is_active", Public: true, Check: checkMenuItem, Drafted: anyRecord},
		func() *MenuItem { return &MenuItem{IsActive: true} })

	FooterLinks = NewEntity(Entity{Name: "footer-links", Table: "footer_links", Noun: "Footer link",
		OrderBy: `"order", id`, ActiveColumn: "is_active", Public: true, Drafted: anyRecord},
		func() *FooterLink { return &FooterLink{IsActive: true} })

	Testimonials = NewEntity(Entity{Name: "testimonials", Table: "cms_testimonials", Noun: "Testimonial",
		OrderBy: `"order", id`, ActiveColumn: "is_active", Public: true, Drafted: anyRecord,
		MediaRefs: func(rec Record) map[string]string {
			return map[string]string{"photo": rec.(*Testimonial).Photo}
		}},
		func() *Testimonial { return &Testimonial{IsActive: true} })

	Images = NewEntity(Entity{Name: "images", Table: "website_images", Noun: "Image",
		OrderBy: "created_at DESC, id DESC", Public: true},
		func() *Image { return &Image{} })

	Pages = NewEntity(Entity{Name: "pages", Table: "pages", Noun: "Page",
		OrderBy: "created_at DESC, id DESC", ActiveColumn: "is_active", Public: true,
		Unique:      map[string]string{"slug": "A page with the slug %q already exists."},
		ServerSet:   []string{"author_id", "reading_minutes"},
		Prepare:     preparePage,
		Moves:       pageMove,
		Drafted:     PublishedPageOnly,
		CheckRoutes: func(rec Record, r *Routes) error { return rec.(*Page).CheckRoutes(r) },
		MediaRefs: func(rec Record) map[string]string {
			p := rec.(*Page)
			refs := map[string]string{"featuredImage": p.FeaturedImage}
			for i, id := range p.Document().MediaIDs() {
				refs["body#"+strconv.Itoa(i)] = MediaRefOf(id)
			}
			return refs
		}},
		func() *Page { return &Page{IsActive: true, Tags: PageTags{}} })

	// Media is the media library. Its items are created by uploads
	// (POST /api/admin/media), not by the generic create; a write keeps
	// the file's facts as the upload stored them. Its writes move the
	// content version on: pages show the items they name, with their alt
	// text. The same
	// file (by hash) is one item: restoring a deleted item whose file was
	// uploaded again since is a conflict.
	Media = NewEntity(Entity{Name: "media", Table: "media", Noun: "Media item",
		OrderBy: "created_at DESC, id DESC", Public: true,
		Unique:    map[string]string{"hash": "This file is in the media library already (its SHA-256 is %s)."},
		ServerSet: []string{"width", "height", "content_type", "hash", "bytes", "variants", "usable", "search_text"},
		Prepare:   prepareMedia},
		func() *MediaItem { return &MediaItem{FocalX: 0.5, FocalY: 0.5, Variants: MediaVariants{}} })

	// Settings is one row, with the id SettingsID, seeded by the
	// migrations: it is updated and restored, never created or deleted.
	Settings = NewEntity(Entity{Name: "site-settings", Table: "site_settings", Noun: "Site settings",
		OrderBy: "id", Public: true},
		func() *SiteSettings { return &SiteSettings{} })
)

// SettingsID is the id of the one row of site settings.
const SettingsID = 1

// EntityList is every resource.
var EntityList = []*Entity{MenuItems, FooterLinks, Testimonials, Images, Pages, Media, Settings, Content, Redirects, Positions, CaseStudies}

// Entities are every resource, by name.
var Entities = map[string]*Entity{}

func init() {
	for _, e := range EntityList {
		Entities[e.Name] = e
	}
}

// preparePage keeps a page's author (who created it) and its publication
// time: the client's when it sends one (a time to come schedules the page),
// else the one stored, else, once published, the time of the write; and
// counts its reading time, so that lists need not read its text.
func preparePage(rec, old Record, w *Write) {
	p := rec.(*Page)
	p.ReadingMinutes = ReadingMinutes(p.Document().PlainText())
	if old == nil {
		p.AuthorID = nil
		if w.Actor.UserID != 0 {
			id := w.Actor.UserID
			p.AuthorID = &id
		}
	} else {
		o := old.(*Page)
		p.AuthorID = o.AuthorID
		if p.PublishedAt == nil {
			p.PublishedAt = o.PublishedAt
		}
	}
	if p.Status == PagePublished && p.PublishedAt == nil {
		at := w.At
		p.PublishedAt = &at
	}
	if p.PublishedAt != nil {
		// At the precision both stores keep.
		at := p.PublishedAt.UTC().Truncate(time.Millisecond)
		p.PublishedAt = &at
	}
}
