package site

import (
	"context"
	"time"
)

// ContentItem is one editable text of the public site, addressed by section
// and key (for example hero / main_title).
type ContentItem struct {
	ID        int64     `json:"id"`
	Section   string    `json:"section"`
	Key       string    `json:"key"`
	Value     string    `json:"value"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ContentService reads and changes editable texts.
type ContentService interface {
	FindContent(ctx context.Context) ([]*ContentItem, error)
	// UpsertContent creates or replaces the item with the same section and key.
	UpsertContent(ctx context.Context, it *ContentItem) (*ContentItem, error)
}
