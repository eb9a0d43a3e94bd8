package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const settingsColumns = `id, logo_text, logo_image_url, logo_image_alt, use_image_logo,
	primary_color, secondary_color, created_at, updated_at`

func scanSettings(row pgx.Row) (*site.SiteSettings, error) {
	var s site.SiteSettings
	err := row.Scan(&s.ID, &s.LogoText, &s.LogoImageURL, &s.LogoImageAlt, &s.UseImageLogo,
		&s.PrimaryColor, &s.SecondaryColor, &s.CreatedAt, &s.UpdatedAt)
	return &s, err
}

// GetSiteSettings returns the settings row, which the seed migration creates.
func (db *DB) GetSiteSettings(ctx context.Context) (*site.SiteSettings, error) {
	s, err := scanSettings(db.pool.QueryRow(ctx, `SELECT `+settingsColumns+` FROM site_settings ORDER BY id LIMIT 1`))
	if err != nil {
		return nil, notFound("get site settings", err, "Site settings")
	}
	return s, nil
}

// UpdateSiteSettings replaces the editable fields of the settings row and
// returns the saved row. Should the row be gone, it is created again.
func (db *DB) UpdateSiteSettings(ctx context.Context, s *site.SiteSettings) (*site.SiteSettings, error) {
	now := db.now()
	saved, err := scanSettings(db.pool.QueryRow(ctx, `INSERT INTO site_settings
		(id, logo_text, logo_image_url, logo_image_alt, use_image_logo, primary_color, secondary_color, created_at, updated_at)
		VALUES (COALESCE((SELECT min(id) FROM site_settings), 1), $1, $2, $3, $4, $5, $6, $7, $7)
		ON CONFLICT (id) DO UPDATE SET logo_text = EXCLUDED.logo_text, logo_image_url = EXCLUDED.logo_image_url,
			logo_image_alt = EXCLUDED.logo_image_alt, use_image_logo = EXCLUDED.use_image_logo,
			primary_color = EXCLUDED.primary_color, secondary_color = EXCLUDED.secondary_color,
			updated_at = EXCLUDED.updated_at
		RETURNING `+settingsColumns,
		s.LogoText, s.LogoImageURL, s.LogoImageAlt, s.UseImageLogo, s.PrimaryColor, s.SecondaryColor, now))
	if err != nil {
		return nil, storeError("update site settings", err)
	}
	return saved, nil
}
