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
}

// Store is every service of the site, as one database provides them.
type Store interface {
	SettingsService
	ContentService
	MenuService
	FooterService
	TestimonialService
	ImageService
	PageService
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
	GetSiteSettings(ctx context.Context) (*SiteSettings, error)
	FindContent(ctx context.Context) ([]*ContentItem, error)
	FindMenuItems(ctx context.Context, f ListFilter) ([]*MenuItem, error)
	FindFooterLinks(ctx context.Context, f ListFilter) ([]*FooterLink, error)
	FindTestimonials(ctx context.Context, f ListFilter) ([]*Testimonial, error)
	Ping(ctx context.Context) error
}

// ChangeNotifier is implemented by stores that several instances share: after
// a write that changes the public site, the instance that made it calls
// NotifyContentChanged, and every other instance moves its ContentVersion on.
type ChangeNotifier interface {
	NotifyContentChanged(ctx context.Context) error
}

// LoadPageData gathers the data of the public pages from the store.
func LoadPageData(ctx context.Context, s PublicReader) (*PageData, error) {
	settings, err := s.GetSiteSettings(ctx)
	if err != nil {
		return nil, fmt.Errorf("load settings: %w", err)
	}
	items, err := s.FindContent(ctx)
	if err != nil {
		return nil, fmt.Errorf("load content: %w", err)
	}
	active := ListFilter{ActiveOnly: true}
	menu, err := s.FindMenuItems(ctx, active)
	if err != nil {
		return nil, fmt.Errorf("load menu: %w", err)
	}
	footer, err := s.FindFooterLinks(ctx, active)
	if err != nil {
		return nil, fmt.Errorf("load footer: %w", err)
	}
	testimonials, err := s.FindTestimonials(ctx, active)
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
		Settings:     settings,
		Content:      content,
		Menu:         menu,
		Footer:       footer,
		Testimonials: testimonials,
	}, nil
}
