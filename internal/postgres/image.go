package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const imageColumns = `id, name, url, alt_text, section, usage, created_at, updated_at`

func scanImage(row pgx.Row) (*site.Image, error) {
	var img site.Image
	err := row.Scan(&img.ID, &img.Name, &img.URL, &img.AltText, &img.Section, &img.Usage, &img.CreatedAt, &img.UpdatedAt)
	return &img, err
}

// FindImages returns every image, newest first.
func (db *DB) FindImages(ctx context.Context) ([]*site.Image, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+imageColumns+` FROM website_images ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, storeError("find images", err)
	}
	images, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Image, error) { return scanImage(r) })
	if err != nil {
		return nil, storeError("find images", err)
	}
	return images, nil
}

// CreateImage stores a new image and returns it as saved.
func (db *DB) CreateImage(ctx context.Context, img *site.Image) (*site.Image, error) {
	saved, err := scanImage(db.pool.QueryRow(ctx, `INSERT INTO website_images
		(name, url, alt_text, section, usage, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING `+imageColumns,
		img.Name, img.URL, img.AltText, img.Section, img.Usage, db.now()))
	if err != nil {
		return nil, storeError("create image", err)
	}
	return saved, nil
}

// UpdateImage replaces the image with img.ID; ENOTFOUND when there is none.
func (db *DB) UpdateImage(ctx context.Context, img *site.Image) (*site.Image, error) {
	saved, err := scanImage(db.pool.QueryRow(ctx, `UPDATE website_images
		SET name = $2, url = $3, alt_text = $4, section = $5, usage = $6, updated_at = $7
		WHERE id = $1 RETURNING `+imageColumns,
		img.ID, img.Name, img.URL, img.AltText, img.Section, img.Usage, db.now()))
	if err != nil {
		return nil, notFound("update image", err, "Image")
	}
	return saved, nil
}

// DeleteImage deletes the image with id; ENOTFOUND when there is none.
func (db *DB) DeleteImage(ctx context.Context, id int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM website_images WHERE id = $1`, id)
	if err != nil {
		return storeError("delete image", err)
	}
	return requireRow(tag, "Image")
}
