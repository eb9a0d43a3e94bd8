package site

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A value that names an image of the media library instead of holding text
// is "media:" and the item's id, e.g. "media:42". An editable text holds one
// where the page shows a picture (a leader's photo, the hero art); visitors'
// pages get the item's variants with the page data.
const mediaRefPrefix = "media:"

// MediaRef returns the id of the media item that v names, and whether v
// names one.
func MediaRef(v string) (int64, bool) {
	rest, ok := strings.CutPrefix(v, mediaRefPrefix)
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	if err != nil || id < 1 || strconv.FormatInt(id, 10) != rest {
		return 0, false
	}
	return id, true
}

// ShareSection is the section of the editable texts that name a page's
// sharing image: the key is the page's path ("/", "/about-us"), the value
// a MediaRef. Link previews of the page show that image instead of the
// generated picture.
const ShareSection = "share"

// MediaRefOf is the value that names the media item id.
func MediaRefOf(id int64) string { return mediaRefPrefix + strconv.FormatInt(id, 10) }

// PublicMedia is what visitors' pages get of an image of the media library:
// enough for an <img> with srcset, width and height, and no more.
type PublicMedia struct {
	ID int64 `json:"id"`
	// Alt is empty for a decorative image.
	Alt     string  `json:"alt"`
	Caption string  `json:"caption,omitempty"`
	Credit  string  `json:"credit,omitempty"`
	Width   int     `json:"width"`
	Height  int     `json:"height"`
	FocalX  float64 `json:"focalX"`
	FocalY  float64 `json:"focalY"`
	// Variants are the served files, narrowest first.
	Variants []PublicVariant `json:"variants"`
}

// PublicVariant is one served file of an image.
type PublicVariant struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Format string `json:"format" ts:"MediaFormat"`
	URL    string `json:"url"`
}

// Public returns what visitors' pages get of m.
func (m *MediaItem) Public() *PublicMedia {
	p := &PublicMedia{ID: m.ID, Caption: m.Caption, Credit: m.Credit, Width: m.Width, Height: m.Height,
		FocalX: m.FocalX, FocalY: m.FocalY, Variants: make([]PublicVariant, len(m.Variants))}
	if !m.Decorative {
		p.Alt = m.AltText
	}
	for i, v := range m.Variants {
		p.Variants[i] = PublicVariant{Width: v.Width, Height: v.Height, Format: v.Format, URL: v.URL}
	}
	return p
}

// checkMediaRef refuses a value that names an image visitors may not see:
// one not in the media library, or one without alt text that is not marked
// decorative. field is the field of the value, for the message.
func checkMediaRef(ctx context.Context, s RecordService, field, value string) error {
	id, ok := MediaRef(value)
	if !ok {
		return nil
	}
	rec, err := s.FindRecord(ctx, Media, id)
	if ErrorCode(err) == ENOTFOUND {
		return invalidField(field, "That image is not in the media library any more: choose another.")
	} else if err != nil {
		return err
	}
	if !rec.(*MediaItem).Usable {
		return invalidField(field, "Give the image alt text, or mark it decorative, before it is used.")
	}
	return nil
}

// CheckMediaRefs refuses a record of e whose fields name an image visitors
// may not see (see checkMediaRef).
func CheckMediaRefs(ctx context.Context, s RecordService, e *Entity, rec Record) error {
	if e.MediaRefs == nil {
		return nil
	}
	for field, value := range e.MediaRefs(rec) {
		// A field with several images names each "field#i".
		field, _, _ = strings.Cut(field, "#")
		if err := checkMediaRef(ctx, s, field, value); err != nil {
			return err
		}
	}
	return nil
}

func invalidField(field, msg string) error {
	var v fieldErrors
	v.add(field, msg)
	return v.err()
}

// LoadPublicMedia returns the usable items among ids, by id as JSON keys,
// in one read; an id that names no item, or an unusable one, is left out,
// and the page shows what it shows without the image.
func LoadPublicMedia(ctx context.Context, s PublicReader, ids []int64) (map[string]*PublicMedia, error) {
	out := make(map[string]*PublicMedia, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	items, err := Find[MediaItem](ctx, s, Media, ListFilter{IDs: ids})
	if err != nil {
		return nil, fmt.Errorf("load media: %w", err)
	}
	for _, m := range items {
		if m.Usable {
			out[strconv.FormatInt(m.ID, 10)] = m.Public()
		}
	}
	return out, nil
}

// MediaUse is a place where an image of the media library is used.
type MediaUse struct {
	// Kind is what uses it: an editable text of a page ("content"), the
	// site settings' logo ("settings"), a page's cover ("page"), a
	// testimonial's photo ("testimonial").
	Kind string `json:"kind" ts:"MediaUseKind"`
	// Label names the place for people, e.g. "Logo in Settings".
	Label string `json:"label"`
	// Section and Key are the address of the text that holds it (content).
	Section string `json:"section,omitempty"`
	Key     string `json:"key,omitempty"`
	// Path is the page of the public site that shows it, when known here.
	Path string `json:"path,omitempty"`
}

// Kinds of media use.
const (
	UseContent     = "content"
	UseSettings    = "settings"
	UsePage        = "page"
	UseTestimonial = "testimonial"
)

// MediaUsage fills in where each of items is used: the editable texts that
// name it, the pages whose cover it is, the testimonials whose photo it is,
// and the settings' image logo when
// its address is one of the item's variants.
func MediaUsage(ctx context.Context, s PublicReader, items []*MediaItem) error {
	if len(items) == 0 {
		return nil
	}
	byID := make(map[int64]*MediaItem, len(items))
	byURL := make(map[string]*MediaItem)
	for _, m := range items {
		m.UsedIn = []MediaUse{}
		byID[m.ID] = m
		for _, v := range m.Variants {
			byURL[v.URL] = m
		}
	}
	texts, err := Find[ContentItem](ctx, s, Content, ListFilter{})
	if err != nil {
		return fmt.Errorf("media usage: %w", err)
	}
	for _, t := range texts {
		if id, ok := MediaRef(t.Value); ok && byID[id] != nil {
			use := MediaUse{Kind: UseContent, Label: t.Section + " · " + t.Key, Section: t.Section, Key: t.Key}
			if t.Section == ShareSection {
				use.Label, use.Path = "Sharing image of "+t.Key, t.Key
			}
			byID[id].UsedIn = append(byID[id].UsedIn, use)
		}
	}
	pages, err := Find[Page](ctx, s, Pages, ListFilter{})
	if err != nil {
		return fmt.Errorf("media usage: %w", err)
	}
	for _, p := range pages {
		if id, ok := MediaRef(p.FeaturedImage); ok && byID[id] != nil {
			use := MediaUse{Kind: UsePage, Label: "Cover of the page “" + p.Title + "”"}
			if p.Status == PagePublished && p.IsActive {
				use.Path = p.Path()
			}
			byID[id].UsedIn = append(byID[id].UsedIn, use)
		}
		for _, id := range slices.Compact(p.Document().MediaIDs()) {
			if byID[id] == nil {
				continue
			}
			use := MediaUse{Kind: UsePage, Label: "Image in the text of “" + p.Title + "”"}
			if p.Status == PagePublished && p.IsActive {
				use.Path = p.Path()
			}
			byID[id].UsedIn = append(byID[id].UsedIn, use)
		}
	}
	testimonials, err := Find[Testimonial](ctx, s, Testimonials, ListFilter{})
	if err != nil {
		return fmt.Errorf("media usage: %w", err)
	}
	for _, t := range testimonials {
		if id, ok := MediaRef(t.Photo); ok && byID[id] != nil {
			use := MediaUse{Kind: UseTestimonial, Label: "Photo of " + t.Name + " in Testimonials"}
			if t.IsActive {
				use.Path = "/#testimonials"
			}
			byID[id].UsedIn = append(byID[id].UsedIn, use)
		}
	}
	rec, err := s.FindRecord(ctx, Settings, SettingsID)
	if err != nil {
		return fmt.Errorf("media usage: %w", err)
	}
	logo := rec.(*SiteSettings).LogoImageURL
	m := byURL[logo]
	if id, ok := MediaRef(logo); ok {
		m = byID[id]
	}
	if m != nil {
		m.UsedIn = append(m.UsedIn, MediaUse{Kind: UseSettings, Label: "Logo in Settings", Path: "/"})
	}
	return nil
}

// mediaFilePrefix starts the address of each served file of the media
// library: /media/{sha256}.{ext}.
const mediaFilePrefix = "/media/"

// MediaFileHash returns the SHA-256 of the file that the address u of the
// media library names (/media/{sha256}.{ext}, a variant's), and whether u
// is such an address.
func MediaFileHash(u string) (string, bool) {
	rest, ok := strings.CutPrefix(u, mediaFilePrefix)
	if !ok {
		return "", false
	}
	hash, ext, ok := strings.Cut(rest, ".")
	if !ok || ext == "" || strings.ContainsAny(ext, "./?#") || !IsSHA256(hash) {
		return "", false
	}
	return hash, true
}

// IsSHA256 reports whether s is a SHA-256 in lower-case hex, as the media
// library names its files.
func IsSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
