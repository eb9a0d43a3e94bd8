package site

import (
	"context"
	"time"
)

// Preview links: how long one works unless told otherwise, and at most.
const (
	PreviewLinkDays    = 7
	MaxPreviewLinkDays = 30
)

// PreviewParam is the query parameter of a preview link, at the page's own
// address: /{slug}?preview={token}, /blog/{slug}?preview={token}.
const PreviewParam = "preview"

// PreviewLink lets someone without an account see a page as it is saved,
// published or not, until it expires or is revoked. Its token is kept only
// as its SHA-256 hash.
type PreviewLink struct {
	ID     int64 `json:"id"`
	PageID int64 `json:"pageId"`
	// CreatedBy is the username of who made it.
	CreatedBy string    `json:"createdBy"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	TokenHash string    `json:"-"`
}

// PreviewLinkURL is a preview link as its maker gets it, once: with the
// address that carries its token.
type PreviewLinkURL struct {
	PreviewLink
	URL string `json:"url"`
}

// PreviewLinkService stores preview links. An unknown, revoked or expired
// link is ENOTFOUND.
type PreviewLinkService interface {
	// CreatePreviewLink stores a link of an existing page (ENOTFOUND
	// otherwise), and forgets the page's expired ones.
	CreatePreviewLink(ctx context.Context, l *PreviewLink) (*PreviewLink, error)
	// FindPreviewLinks lists the page's links that work at now, the
	// newest first.
	FindPreviewLinks(ctx context.Context, pageID int64, now time.Time) ([]*PreviewLink, error)
	// FindPreviewLinkByToken returns the link of this token hash when it
	// works at now.
	FindPreviewLinkByToken(ctx context.Context, hash string, now time.Time) (*PreviewLink, error)
	// DeletePreviewLink revokes a link.
	DeletePreviewLink(ctx context.Context, id int64) error
}
