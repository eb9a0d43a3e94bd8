package site

import (
	"context"
	"strconv"
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

// Preview states: why visitors cannot see a page shown in a preview, or
// that they can.
const (
	PreviewDraft     = "draft"
	PreviewInactive  = "inactive"
	PreviewScheduled = "scheduled"
	PreviewLive      = "live"
)

// PreviewStates lists every preview state.
var PreviewStates = []string{PreviewDraft, PreviewInactive, PreviewScheduled, PreviewLive}

// PagePreview is what the banner at the top of a preview says
// (PageData.Preview): the page's state, and either the preview link's end
// or, for staff at the page's own address, the way to its form.
type PagePreview struct {
	State string `json:"state" ts:"PreviewState"`
	// PublishAt is when a scheduled page goes live.
	PublishAt *time.Time `json:"publishAt,omitempty"`
	// Shared says the page is shown through a preview link, which works
	// until ExpiresAt.
	Shared    bool       `json:"shared"`
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
	// EditURL is the page's form in the admin, for staff who may change it.
	EditURL string `json:"editUrl,omitempty"`
}

// NewPagePreview returns the banner of a preview of p at now, with its
// state: a draft, then an inactive page, then one scheduled for later;
// else visitors see it too.
func NewPagePreview(p *Page, now time.Time) *PagePreview {
	out := &PagePreview{State: PreviewLive}
	switch {
	case p.Status != PagePublished:
		out.State = PreviewDraft
	case !p.IsActive:
		out.State = PreviewInactive
	case p.Scheduled(now):
		out.State = PreviewScheduled
		at := p.PublishedAt.UTC()
		out.PublishAt = &at
	}
	return out
}

// PageFormURL is the address of page id's form in the admin.
func PageFormURL(id int64) string {
	return "/admin?tab=pages&edit=" + strconv.FormatInt(id, 10)
}

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
	// works at now and its maker is not disabled.
	FindPreviewLinkByToken(ctx context.Context, hash string, now time.Time) (*PreviewLink, error)
	// DeletePreviewLink revokes a link.
	DeletePreviewLink(ctx context.Context, id int64) error
}

// InvitationPath is the admin's page that accepts an invitation. The token
// follows in the fragment, which browsers send to no server and no Referer
// carries: it stays out of every log.
const InvitationPath = "/admin/invite"
