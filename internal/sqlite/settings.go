package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const settingsColumns = `id, logo_text, logo_image_url, logo_image_alt, use_image_logo,
	primary_color, secondary_color, created_at, updated_at`

func scanSettings(r rowScanner) (*site.SiteSettings, error) {
	var s site.SiteSettings
	err := r.Scan(&s.ID, &s.LogoText, &s.LogoImageURL, &s.LogoImageAlt, &s.UseImageLogo,
		&s.PrimaryColor, &s.SecondaryColor, timeValue{&s.CreatedAt}, timeValue{&s.UpdatedAt})
	return &s, err
}

// GetSiteSettings returns the settings row, which the seed migration creates.
func (db *DB) GetSiteSettings(ctx context.Context) (*site.SiteSettings, error) {
	s, err := scanSettings(db.read.QueryRowContext(ctx, `SELECT `+settingsColumns+` FROM site_settings ORDER BY id LIMIT 1`))
	if err != nil {
		return nil, fmt.Errorf("sqlite: get site settings: %w", err)
	}
	return s, nil
}

// UpdateSiteSettings replaces the editable fields of the settings row,
// creating the row if an operator removed it.
func (db *DB) UpdateSiteSettings(ctx context.Context, in *site.SiteSettings) (*site.SiteSettings, error) {
	var out *site.SiteSettings
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO site_settings (id, created_at, updated_at)
			SELECT 1, ?, ? WHERE NOT EXISTS (SELECT 1 FROM site_settings)`, now, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE site_settings SET logo_text = ?, logo_image_url = ?, logo_image_alt = ?,
			use_image_logo = ?, primary_color = ?, secondary_color = ?, updated_at = ?
			WHERE id = (SELECT MIN(id) FROM site_settings)`,
			in.LogoText, in.LogoImageURL, in.LogoImageAlt, boolInt(in.UseImageLogo), in.PrimaryColor, in.SecondaryColor, now); err != nil {
			return err
		}
		var err error
		out, err = scanSettings(tx.QueryRowContext(ctx, `SELECT `+settingsColumns+` FROM site_settings ORDER BY id LIMIT 1`))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: update site settings: %w", err)
	}
	return out, nil
}
