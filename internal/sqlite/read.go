package sqlite

import (
	"context"
	"fmt"

	"meridian/internal/site"
)

var _ site.PublicReader = (*DB)(nil)

// GetSiteSettings returns the settings row, which the seed migration creates.
func (db *DB) GetSiteSettings(ctx context.Context) (*site.SiteSettings, error) {
	var s site.SiteSettings
	err := db.read.QueryRowContext(ctx, `SELECT id, logo_text, logo_image_url, logo_image_alt, use_image_logo,
		primary_color, secondary_color, created_at, updated_at FROM site_settings ORDER BY id LIMIT 1`).
		Scan(&s.ID, &s.LogoText, &s.LogoImageURL, &s.LogoImageAlt, &s.UseImageLogo,
			&s.PrimaryColor, &s.SecondaryColor, timeValue{&s.CreatedAt}, timeValue{&s.UpdatedAt})
	if err != nil {
		return nil, fmt.Errorf("sqlite: get site settings: %w", err)
	}
	return &s, nil
}

// FindContent returns every editable text, by section then key.
func (db *DB) FindContent(ctx context.Context) ([]*site.ContentItem, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, section, key, value, updated_at
		FROM website_content ORDER BY section, key`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find content: %w", err)
	}
	defer rows.Close()
	items := []*site.ContentItem{}
	for rows.Next() {
		var it site.ContentItem
		if err := rows.Scan(&it.ID, &it.Section, &it.Key, &it.Value, timeValue{&it.UpdatedAt}); err != nil {
			return nil, fmt.Errorf("sqlite: find content: %w", err)
		}
		items = append(items, &it)
	}
	return items, rows.Err()
}

func activeClause(f site.ListFilter) string {
	if f.ActiveOnly {
		return " WHERE is_active = 1"
	}
	return ""
}

// FindMenuItems returns menu items by order, then id.
func (db *DB) FindMenuItems(ctx context.Context, f site.ListFilter) ([]*site.MenuItem, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, title, url, "order", is_active, created_at, updated_at
		FROM menu_items`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find menu items: %w", err)
	}
	defer rows.Close()
	items := []*site.MenuItem{}
	for rows.Next() {
		var it site.MenuItem
		if err := rows.Scan(&it.ID, &it.Title, &it.URL, &it.Order, &it.IsActive, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt}); err != nil {
			return nil, fmt.Errorf("sqlite: find menu items: %w", err)
		}
		items = append(items, &it)
	}
	return items, rows.Err()
}

// FindFooterLinks returns footer links by order, then id.
func (db *DB) FindFooterLinks(ctx context.Context, f site.ListFilter) ([]*site.FooterLink, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, category, title, url, "order", is_active, created_at, updated_at
		FROM footer_links`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find footer links: %w", err)
	}
	defer rows.Close()
	items := []*site.FooterLink{}
	for rows.Next() {
		var it site.FooterLink
		if err := rows.Scan(&it.ID, &it.Category, &it.Title, &it.URL, &it.Order, &it.IsActive, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt}); err != nil {
			return nil, fmt.Errorf("sqlite: find footer links: %w", err)
		}
		items = append(items, &it)
	}
	return items, rows.Err()
}

// FindTestimonials returns testimonials by order, then id.
func (db *DB) FindTestimonials(ctx context.Context, f site.ListFilter) ([]*site.Testimonial, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at
		FROM cms_testimonials`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find testimonials: %w", err)
	}
	defer rows.Close()
	items := []*site.Testimonial{}
	for rows.Next() {
		var it site.Testimonial
		if err := rows.Scan(&it.ID, &it.Name, &it.Title, &it.Content, &it.Initials, &it.AvatarBg, &it.Order, &it.IsActive, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt}); err != nil {
			return nil, fmt.Errorf("sqlite: find testimonials: %w", err)
		}
		items = append(items, &it)
	}
	return items, rows.Err()
}
