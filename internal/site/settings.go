package site

import (
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
	ID             int64     `json:"id" db:"id"`
	LogoText       string    `json:"logoText" db:"logo_text"`
	LogoImageURL   string    `json:"logoImageUrl" db:"logo_image_url"`
	LogoImageAlt   string    `json:"logoImageAlt" db:"logo_image_alt"`
	UseImageLogo   bool      `json:"useImageLogo" db:"use_image_logo"`
	PrimaryColor   string    `json:"primaryColor" db:"primary_color"`
	SecondaryColor string    `json:"secondaryColor" db:"secondary_color"`
	CreatedAt      time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt      time.Time `json:"updatedAt" db:"updated_at"`
	Version        int       `json:"version" db:"version"`
	// NewsletterInFooter shows the newsletter's sign-up in the footer of
	// every page, besides the one on /blog; off by default.
	NewsletterInFooter bool `json:"newsletterInFooter" db:"newsletter_in_footer"`
}

// PublicSettings is what visitors' pages get of the site settings (see
// PublicMenuItem).
type PublicSettings struct {
	LogoText       string `json:"logoText"`
	LogoImageURL   string `json:"logoImageUrl"`
	LogoImageAlt   string `json:"logoImageAlt"`
	UseImageLogo   bool   `json:"useImageLogo"`
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
	// NewsletterInFooter shows the newsletter's sign-up in the footer.
	NewsletterInFooter bool `json:"newsletterInFooter"`
}

// Public returns what visitors' pages get of them.
func (s *SiteSettings) Public() *PublicSettings {
	return &PublicSettings{LogoText: s.LogoText, LogoImageURL: s.LogoImageURL, LogoImageAlt: s.LogoImageAlt,
		UseImageLogo: s.UseImageLogo, PrimaryColor: s.PrimaryColor, SecondaryColor: s.SecondaryColor,
		NewsletterInFooter: s.NewsletterInFooter}
}
