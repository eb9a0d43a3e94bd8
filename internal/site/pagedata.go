package site

import (
	"context"
	"fmt"
)

// PageData is what every public page is rendered from: the server passes it
// to the React render and inlines it in the page for hydration. Keep in step
// with web/src/lib/site-data.ts.
type PageData struct {
	Settings     *SiteSettings                `json:"settings"`
	Content      map[string]map[string]string `json:"content"`
	Menu         []*MenuItem                  `json:"menu"`
	Footer       []*FooterLink                `json:"footer"`
	Testimonials []*Testimonial               `json:"testimonials"`
	// Page is the published page whose address is being rendered; absent
	// on every other page.
	Page *PublicPage `json:"page,omitempty"`
}

// Store is every service of the site, as one database provides them.
type Store interface {
	RecordService
	MediaService
	LeadService
	DeliveryService
	UserService
	SessionService
	LoginThrottleService
	Ping(ctx context.Context) error
	Close() error
}

// PublicReader is what the public pages read.
type PublicReader interface {
	FindRecords(ctx context.Context, e *Entity, f ListFilter) ([]Record, error)
	FindRecord(ctx context.Context, e *Entity, id int64) (Record, error)
	Ping(ctx context.Context) error
}

// LoadPageData gathers the data of the public pages from the store.
func LoadPageData(ctx context.Context, s PublicReader) (*PageData, error) {
	settings, err := s.FindRecord(ctx, Settings, SettingsID)
	if err != nil {
		return nil, fmt.Errorf("load settings: %w", err)
	}
	items, err := Find[ContentItem](ctx, s, Content, ListFilter{})
	if err != nil {
		return nil, fmt.Errorf("load content: %w", err)
	}
	active := ListFilter{ActiveOnly: true}
	menu, err := Find[MenuItem](ctx, s, MenuItems, active)
	if err != nil {
		return nil, fmt.Errorf("load menu: %w", err)
	}
	footer, err := Find[FooterLink](ctx, s, FooterLinks, active)
	if err != nil {
		return nil, fmt.Errorf("load footer: %w", err)
	}
	testimonials, err := Find[Testimonial](ctx, s, Testimonials, active)
	if err != nil {
		return nil, fmt.Errorf("load testimonials: %w", err)
	}
	content := make(map[string]map[string]string)
	for _, it := range items {
		if content[it.Section] == nil {
			content[it.Section] = make(map[string]string)
		}
		content[it.Section][it.Key] = it.Value
	}
	return &PageData{
		Settings:     settings.(*SiteSettings),
		Content:      content,
		Menu:         menu,
		Footer:       footer,
		Testimonials: testimonials,
	}, nil
}
