package site

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"math"
	"time"
)

// MediaItem is an image of the media library: an uploaded file, kept as it
// came, and the variants the site serves in its place, with what an admin
// says of it. The file's facts (its size, type, hash and variants) are set
// by the upload and never by a write of the record.
type MediaItem struct {
	ID int64 `json:"id" db:"id"`
	// Name is the file's name as uploaded, which an admin may change.
	Name string `json:"name" db:"name"`
	// AltText describes the image for those who cannot see it.
	AltText string `json:"altText" db:"alt_text"`
	// Decorative marks an image that says nothing (alt="" when shown).
	Decorative bool   `json:"decorative" db:"decorative"`
	Caption    string `json:"caption" db:"caption"`
	Credit     string `json:"credit" db:"credit"`
	// FocalX and FocalY are the point that crops keep in view, from 0
	// (left, top) to 1 (right, bottom).
	FocalX float64 `json:"focalX" db:"focal_x"`
	FocalY float64 `json:"focalY" db:"focal_y"`
	// Width and Height are the image's as shown, after its orientation.
	Width  int `json:"width" db:"width"`
	Height int `json:"height" db:"height"`
	// ContentType is the original file's type, found from its bytes.
	ContentType string `json:"contentType" db:"content_type"`
	// Hash is the SHA-256 of the original file, in hex: the same file
	// uploaded again is this item.
	Hash string `json:"hash" db:"hash"`
	// Bytes is the size of the original file.
	Bytes    int64         `json:"bytes" db:"bytes"`
	Variants MediaVariants `json:"variants" db:"variants"`
	// Usable says the image may be used on the site: it has alt text, or
	// is marked decorative.
	Usable bool `json:"usable" db:"usable"`
	// SearchText is what ?q= looks in: name and alt text in lower case,
	// kept by the rules of every write.
	SearchText string `json:"-" db:"search_text"`
	// UsedIn are the places that show the image (MediaUsage), on the
	// library's reads; not stored.
	UsedIn    []MediaUse `json:"usedIn,omitempty" db:"-"`
	CreatedAt time.Time  `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time  `json:"updatedAt" db:"updated_at"`
	Version   int        `json:"version" db:"version"`
}

// MediaVariant is one file the site serves for an image: a width in one
// format, at an address made of its own content's hash, so that it never
// changes and may be cached for good.
type MediaVariant struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Format string `json:"format" ts:"MediaFormat"`
	// URL is the variant's address: /media/{sha256}.{ext}.
	URL   string `json:"url"`
	Bytes int    `json:"bytes"`
}

// Media formats of variants.
const (
	MediaWebP = "webp"
	MediaJPEG = "jpeg"
	MediaPNG  = "png"
)

// MediaVariants are the variants of an image, narrowest first; both stores
// keep them as one JSON column.
type MediaVariants []MediaVariant

// Value is the JSON of the variants, [] when there are none.
func (v MediaVariants) Value() (driver.Value, error) { return jsonListValue(v) }

// Scan reads the JSON of the variants.
func (v *MediaVariants) Scan(src any) error {
	list, err := scanJSONList[MediaVariant](src, "media variants")
	if err == nil {
		*v = list
	}
	return err
}

// MarshalJSON writes no variants as [], not null.
func (v MediaVariants) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]MediaVariant(v))
}

// Limits of the text of a media item, in characters.
const (
	MaxAltText = 1000
	MaxCaption = 2000
)

// Validate trims the item's text and checks what a client writes.
func (m *MediaItem) Validate() error {
	trim(&m.Name, &m.AltText, &m.Caption, &m.Credit)
	var v fieldErrors
	v.required("name", m.Name, "Name is required")
	v.maxLen("name", m.Name, MaxShortText, "Name")
	v.maxLen("altText", m.AltText, MaxAltText, "Alt text")
	v.maxLen("caption", m.Caption, MaxCaption, "Caption")
	v.maxLen("credit", m.Credit, MaxShortText, "Credit")
	for _, f := range []struct {
		field, label string
		value        float64
	}{{"focalX", "Focal point x", m.FocalX}, {"focalY", "Focal point y", m.FocalY}} {
		if math.IsNaN(f.value) || f.value < 0 || f.value > 1 {
			v.add(f.field, f.label+" must be a number from 0 to 1.")
		}
	}
	return v.err()
}

// prepareMedia keeps the file's facts as the upload stored them, whatever a
// client sent, and derives usable and the search text.
func prepareMedia(rec, old Record, w *Write) {
	m := rec.(*MediaItem)
	if old != nil {
		o := old.(*MediaItem)
		m.Width, m.Height, m.ContentType, m.Hash, m.Bytes, m.Variants = o.Width, o.Height, o.ContentType, o.Hash, o.Bytes, o.Variants
	}
	if m.Variants == nil {
		m.Variants = MediaVariants{}
	}
	m.Usable = m.AltText != "" || m.Decorative
	m.SearchText = SearchKey(m.Name + "\n" + m.AltText)
}

// MediaBlob is stored bytes: an original or a variant, by the SHA-256 of
// its content. Public blobs (variants) are served under /media/; the
// originals, which may carry metadata, never are.
type MediaBlob struct {
	Hash        string
	ContentType string
	Data        []byte
	Public      bool
}

// MediaFilter selects a page of the media library.
type MediaFilter struct {
	// Query keeps the items whose name or alt text holds it, in any case.
	Query string
	// UsableOnly keeps the items with alt text or marked decorative.
	UsableOnly    bool
	Offset, Limit int
}

// MediaService stores the bytes of the media library and finds its items
// in the ways the generic records do not.
type MediaService interface {
	// CreateMedia stores the blobs not stored yet and the item, with its
	// revision, in one transaction: an upload cut short (by an error or a
	// power cut) leaves neither. A blob stored already keeps its bytes,
	// and becomes public when the new one is. ECONFLICT, and nothing
	// stored, when an item of the same original exists.
	CreateMedia(ctx context.Context, item *MediaItem, blobs []*MediaBlob, w Write) (*MediaItem, error)
	// SweepMediaBlobs deletes the blobs that no item names, live or
	// deleted: neither an item of the library nor any revision of one
	// (which a restore could bring back) has them as its original or a
	// variant. It returns how many it deleted. Sweeps on several
	// instances at once, and uploads meanwhile, are safe.
	SweepMediaBlobs(ctx context.Context) (int, error)
	// FindMediaBlob returns the public blob with the hash; ENOTFOUND when
	// there is none.
	FindMediaBlob(ctx context.Context, hash string) (*MediaBlob, error)
	// ExportMediaBlob returns the blob with the hash, public or not: an
	// export of the content carries the items' originals, which are
	// never served. ENOTFOUND when there is none.
	ExportMediaBlob(ctx context.Context, hash string) (*MediaBlob, error)
	// FindMediaByHash returns the item of the original with the hash;
	// ENOTFOUND when there is none.
	FindMediaByHash(ctx context.Context, hash string) (*MediaItem, error)
	// FindMedia returns a page of the items, newest first, and how many
	// items the filter keeps in all.
	FindMedia(ctx context.Context, f MediaFilter) ([]*MediaItem, int, error)
}
