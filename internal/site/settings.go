package site

import (
	"context"
	"time"
)

// Default values of the site settings (SPEC section 3 and 9).
const (
	DefaultCompanyName    = "Meridian AI"
	DefaultLogoImageAlt   = "Company Logo"
	DefaultPrimaryColor   = "#2563eb"
	DefaultSecondaryColor = "#1e40af"
)

// SiteSettings is the one row of logo and brand settings.
type SiteSettings struct {
	ID             int64     `json:"id"`
	LogoText       string    `json:"logoText"`
	LogoImageURL   string    `json:"logoImageUrl"`
	LogoImageAlt   string    `json:"logoImageAlt"`
	UseImageLogo   bool      `json:"useImageLogo"`
	PrimaryColor   string    `json:"primaryColor"`
	SecondaryColor string    `json:"secondaryColor"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// SettingsService reads and changes the site settings.
type SettingsService interface {
	GetSiteSettings(ctx context.Context) (*SiteSettings, error)
	// UpdateSiteSettings replaces the editable fields and returns the saved row.
	UpdateSiteSettings(ctx context.Context, s *SiteSettings) (*SiteSettings, error)
}
