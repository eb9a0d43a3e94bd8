package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const pageColumns = `id, title, slug, content, excerpt, meta_title, meta_description, status, template,
	featured_image, author_id, published_at, is_active, created_at, updated_at`

func scanPage(row pgx.Row) (*site.Page, error) {
	var p site.Page
	err := row.Scan(&p.ID, &p.Title, &p.Slug, &p.Content, &p.Excerpt, &p.MetaTitle, &p.MetaDescription, &p.Status, &p.Template,
		&p.FeaturedImage, &p.AuthorID, &p.PublishedAt, &p.IsActive, &p.CreatedAt, &p.UpdatedAt)
	return &p, err
}

func slugTaken(slug string) error {
	return site.Errorf(site.ECONFLICT, "A page with the slug %q already exists.", slug)
}

// FindPages returns pages newest first.
func (db *DB) FindPages(ctx context.Context) ([]*site.Page, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+pageColumns+` FROM pages ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, storeError("find pages", err)
	}
	pages, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Page, error) { return scanPage(r) })
	if err != nil {
		return nil, storeError("find pages", err)
	}
	return pages, nil
}

// CreatePage stores a new page; a slug already taken is ECONFLICT.
func (db *DB) CreatePage(ctx context.Context, p *site.Page) (*site.Page, error) {
	saved, err := scanPage(db.pool.QueryRow(ctx, `INSERT INTO pages
		(title, slug, content, excerpt, meta_title, meta_description, status, template,
		 featured_image, author_id, published_at, is_active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING `+pageColumns,
		p.Title, p.Slug, p.Content, p.Excerpt, p.MetaTitle, p.MetaDescription, p.Status, p.Template,
		p.FeaturedImage, p.AuthorID, p.PublishedAt, p.IsActive, db.now()))
	if isUnique(err) {
		return nil, slugTaken(p.Slug)
	}
	if err != nil {
		return nil, storeError("create page", err)
	}
	return saved, nil
}

// UpdatePage replaces the page with p.ID; ENOTFOUND when there is none, and
// ECONFLICT when its new slug is another page's. The author stays who created
// the page, and a page saved as published keeps its first publication time
// (or gets one now).
func (db *DB) UpdatePage(ctx context.Context, p *site.Page) (*site.Page, error) {
	saved, err := scanPage(db.pool.QueryRow(ctx, `UPDATE pages
		SET title = $2, slug = $3, content = $4, excerpt = $5, meta_title = $6, meta_description = $7,
			status = $8, template = $9, featured_image = $10, is_active = $11,
			published_at = CASE WHEN $8 = 'published' THEN COALESCE(published_at, $12) ELSE published_at END,
			updated_at = $12
		WHERE id = $1 RETURNING `+pageColumns,
		p.ID, p.Title, p.Slug, p.Content, p.Excerpt, p.MetaTitle, p.MetaDescription,
		p.Status, p.Template, p.FeaturedImage, p.IsActive, db.now()))
	if isUnique(err) {
		return nil, slugTaken(p.Slug)
	}
	if err != nil {
		return nil, notFound("update page", err, "Page")
	}
	return saved, nil
}

// DeletePage deletes the page with id; ENOTFOUND when there is none.
func (db *DB) DeletePage(ctx context.Context, id int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM pages WHERE id = $1`, id)
	if err != nil {
		return storeError("delete page", err)
	}
	return requireRow(tag, "Page")
}

// PublishPage sets the status of the page to published and stamps
// PublishedAt with the time of its first publication.
func (db *DB) PublishPage(ctx context.Context, id int64) (*site.Page, error) {
	now := db.now()
	saved, err := scanPage(db.pool.QueryRow(ctx, `UPDATE pages
		SET status = 'published', published_at = COALESCE(published_at, $2), updated_at = $2
		WHERE id = $1 RETURNING `+pageColumns, id, now))
	if err != nil {
		return nil, notFound("publish page", err, "Page")
	}
	return saved, nil
}
