package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const imageColumns = `id, name, url, alt_text, section, usage, created_at, updated_at`

func scanImage(r rowScanner) (*site.Image, error) {
	var it site.Image
	err := r.Scan(&it.ID, &it.Name, &it.URL, &it.AltText, &it.Section, &it.Usage, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt})
	return &it, err
}

// FindImages returns images newest first.
func (db *DB) FindImages(ctx context.Context) ([]*site.Image, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+imageColumns+` FROM website_images ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find images: %w", err)
	}
	defer rows.Close()
	items := []*site.Image{}
	for rows.Next() {
		it, err := scanImage(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find images: %w", err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// CreateImage stores a new image.
func (db *DB) CreateImage(ctx context.Context, in *site.Image) (*site.Image, error) {
	var out *site.Image
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanImage(tx.QueryRowContext(ctx, `INSERT INTO website_images (name, url, alt_text, section, usage, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING `+imageColumns, in.Name, in.URL, in.AltText, in.Section, in.Usage, now, now))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create image: %w", err)
	}
	return out, nil
}

// UpdateImage replaces the image with in.ID.
func (db *DB) UpdateImage(ctx context.Context, in *site.Image) (*site.Image, error) {
	var out *site.Image
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanImage(tx.QueryRowContext(ctx, `UPDATE website_images SET name = ?, url = ?, alt_text = ?, section = ?, usage = ?, updated_at = ?
			WHERE id = ? RETURNING `+imageColumns, in.Name, in.URL, in.AltText, in.Section, in.Usage, formatTime(db.Now()), in.ID))
		return err
	})
	if err != nil {
		return nil, notFound(err, "Image", "update image")
	}
	return out, nil
}

// DeleteImage removes the image with id.
func (db *DB) DeleteImage(ctx context.Context, id int64) error {
	return db.deleteRow(ctx, "website_images", id, "Image")
}
