package site

import (
	"context"
	"fmt"
	"time"
)

// PageData is what every public page is rendered from: the server passes it
// to the React render and inlines it in the page for hydration. Keep in step
// with web/src/lib/site-data.ts. It holds what visitors see and nothing of
// the admin's bookkeeping (ids, versions, times of records), so that two
// sites of the same content serve the same pages to the byte.
type PageData struct {
	Settings     *PublicSettings              `json:"settings"`
	Content      map[string]map[string]string `json:"content"`
	Menu         []*PublicMenuItem            `json:"menu"`
	Footer       []*PublicFooterLink          `json:"footer"`
	Testimonials []*PublicTestimonial         `json:"testimonials"`
	// CaseStudies are the cards of the shown case studies, in order: /,
	// /case-studies and the service and solution pages show them.
	CaseStudies []*CaseStudyCard `json:"caseStudies"`
	// Media are the images of the media library that the data names
	// (MediaRef), by id; only usable ones.
	Media map[string]*PublicMedia `json:"media"`
	// Page is the published page whose address is being rendered; absent
	// on every other page.
	Page *PublicPage `json:"page,omitempty"`
	// Article is the published article whose address (/blog/{slug}) is
	// being rendered, with its neighbours; absent on every other page.
	Article *PublicArticle `json:"article,omitempty"`
	// Blog is the page of the blog's list being rendered (/blog); absent
	// on every other page. Only cards: no article's text.
	Blog *BlogList `json:"blog,omitempty"`
	// Careers are the open positions, on /careers and on the page of a
	// position (/careers/{slug}), which has its own with its description,
	// or its closed one; absent on every other page.
	Careers *Careers `json:"careers,omitempty"`
	// CaseStudy is the shown study whose page (/case-studies/{slug}) is
	// being rendered, with its story; absent on every other page.
	CaseStudy *PublicCaseStudy `json:"caseStudy,omitempty"`
	// WithdrawnStudy is the withdrawn study whose address (410) is being
	// rendered; absent on every other page.
	WithdrawnStudy *CaseStudyCard `json:"withdrawnStudy,omitempty"`
	// Preview is the banner of a preview of Page or Article (a preview
	// link, or staff at a draft's address); absent on every page as
	// visitors see it.
	Preview *PagePreview `json:"preview,omitempty"`
	// SettingsUpdatedAt is when the site settings last changed (the
	// feed's time when no article is newer); not sent.
	SettingsUpdatedAt time.Time `json:"-"`
	// Studies are every case study, shown or withdrawn, in order, for the
	// pages of the studies; not sent.
	Studies []*CaseStudy `json:"-"`
}

// CompanyName is the name page titles end with: the footer's company name,
// else the logo text. Keep in step with companyName in
// web/src/lib/site-data.ts.
func (d *PageData) CompanyName() string {
	if name := d.Content["footer"]["company_name"]; name != "" {
		return name
	}
	return d.LogoText()
}

// LogoText is the name the logo shows beside the brand mark.
func (d *PageData) LogoText() string {
	if d.Settings != nil && d.Settings.LogoText != "" {
		return d.Settings.LogoText
	}
	return DefaultCompanyName
}

// Store is every service of the site, as one database provides them.
type Store interface {
	RecordService
	MediaService
	LeadService
	ActivityService
	DeliveryService
	UserService
	SessionService
	LoginThrottleService
	TwoFactorService
	InvitationService
	PreviewLinkService
	NotFoundService
	RedirectHitService
	AuditService
	PrivacyService
	AnalyticsService
	MailSettingsService
	MeetingService
	PageCheckService
	PublishingService
	ACMECacheService
	SubscriberService
	ApplicationService
	BackupService
	Ping(ctx context.Context) error
	// CheckWrite commits a write of the heartbeat row: it fails, as every
	// write then does, while the database cannot save.
	CheckWrite(ctx context.Context) error
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
	studies, err := Find[CaseStudy](ctx, s, CaseStudies, ListFilter{})
	if err != nil {
		return nil, fmt.Errorf("load case studies: %w", err)
	}
	content := make(map[string]map[string]string)
	var refs []int64
	for _, it := range items {
		if content[it.Section] == nil {
			content[it.Section] = make(map[string]string)
		}
		content[it.Section][it.Key] = it.Value
		if id, ok := MediaRef(it.Value); ok {
			refs = append(refs, id)
		}
	}
	for _, t := range testimonials {
		if id, ok := MediaRef(t.Photo); ok {
			refs = append(refs, id)
		}
	}
	shown, _ := ShownStudies(studies)
	for _, st := range shown {
		// A study's page shows its second picture from the same media.
		for _, ref := range []string{st.Image, st.Picture} {
			if id, ok := MediaRef(ref); ok {
				refs = append(refs, id)
			}
		}
	}
	media, err := LoadPublicMedia(ctx, s, refs)
	if err != nil {
		return nil, err
	}
	d := &PageData{
		Media:             media,
		Settings:          settings.(*SiteSettings).Public(),
		SettingsUpdatedAt: settings.(*SiteSettings).UpdatedAt,
		Content:           content,
		Menu:              PublicMenu(menu),
		Footer:            make([]*PublicFooterLink, len(footer)),
		Testimonials:      make([]*PublicTestimonial, len(testimonials)),
		CaseStudies:       make([]*CaseStudyCard, len(shown)),
		Studies:           studies,
	}
	for i, st := range shown {
		d.CaseStudies[i] = st.Card()
	}
	for i, l := range footer {
		d.Footer[i] = l.Public()
	}
	for i, t := range testimonials {
		d.Testimonials[i] = t.Public()
	}
	return d, nil
}
