package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"meridian/internal/site"
)

const pageColumns = `id, title, slug, content, excerpt, meta_title, meta_description, status, template,
	featured_image, author_id, published_at, is_active, created_at, updated_at`

// nullTimeValue scans a nullable timestamp column into a *time.Time.
type nullTimeValue struct{ t **time.Time }

func (v nullTimeValue) Scan(src any) error {
	if src == nil {
		*v.t = nil
		return nil
	}
	var t time.Time
	if err := (timeValue{&t}).Scan(src); err != nil {
		return err
	}
	*v.t = &t
	return nil
}

func scanPage(r rowScanner) (*site.Page, error) {
	var p site.Page
	var author sql.NullInt64
	err := r.Scan(&p.ID, &p.Title, &p.Slug, &p.Content, &p.Excerpt, &p.MetaTitle, &p.MetaDescription, &p.Status, &p.Template,
		&p.FeaturedImage, &author, nullTimeValue{&p.PublishedAt}, &p.IsActive, timeValue{&p.CreatedAt}, timeValue{&p.UpdatedAt})
	if author.Valid {
		p.AuthorID = &author.Int64
	}
	return &p, err
}

func nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return formatTime(*t)
}

func slugTaken(slug string) error {
	return site.Errorf(site.ECONFLICT, "A page with the slug %q already exists.", slug)
}

// FindPages returns pages newest first.
func (db *DB) FindPages(ctx context.Context) ([]*site.Page, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+pageColumns+` FROM pages ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find pages: %w", err)
	}
	defer rows.Close()
	items := []*site.Page{}
	for rows.Next() {
		it, err := scanPage(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find pages: %w", err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// CreatePage stores a new page; a slug already taken is ECONFLICT.
func (db *DB) CreatePage(ctx context.Context, in *site.Page) (*site.Page, error) {
	var out *site.Page
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanPage(tx.QueryRowContext(ctx, `INSERT INTO pages (title, slug, content, excerpt, meta_title, meta_description,
			status, template, featured_image, author_id, published_at, is_active, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+pageColumns,
			in.Title, in.Slug, in.Content, in.Excerpt, in.MetaTitle, in.MetaDescription, in.Status, in.Template,
			in.FeaturedImage, in.AuthorID, nullTime(in.PublishedAt), boolInt(in.IsActive), now, now))
		return err
	})
	if isUnique(err) {
		return nil, slugTaken(in.Slug)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: create page: %w", err)
	}
	return out, nil
}

// UpdatePage replaces the page with in.ID; the author stays who created it.
func (db *DB) UpdatePage(ctx context.Context, in *site.Page) (*site.Page, error) {
	var out *site.Page
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanPage(tx.QueryRowContext(ctx, `UPDATE pages SET title = ?, slug = ?, content = ?, excerpt = ?, meta_title = ?,
			meta_description = ?, status = ?, template = ?, featured_image = ?, is_active = ?,
			published_at = CASE WHEN ? = 'published' THEN COALESCE(published_at, ?) ELSE published_at END,
			updated_at = ? WHERE id = ? RETURNING `+pageColumns,
			in.Title, in.Slug, in.Content, in.Excerpt, in.MetaTitle, in.MetaDescription, in.Status, in.Template,
			in.FeaturedImage, boolInt(in.IsActive), in.Status, formatTime(db.Now()), formatTime(db.Now()), in.ID))
		return err
	})
	if isUnique(err) {
		return nil, slugTaken(in.Slug)
	}
	if err != nil {
		return nil, notFound(err, "Page", "update page")
	}
	return out, nil
}

// DeletePage removes the page with id.
func (db *DB) DeletePage(ctx context.Context, id int64) error {
	return db.deleteRow(ctx, "pages", id, "Page")
}

// PublishPage marks the page published, stamping the first publication time.
func (db *DB) PublishPage(ctx context.Context, id int64) (*site.Page, error) {
	var out *site.Page
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanPage(tx.QueryRowContext(ctx, `UPDATE pages SET status = 'published', published_at = COALESCE(published_at, ?),
			updated_at = ? WHERE id = ? RETURNING `+pageColumns, now, now, id))
		return err
	})
	if err != nil {
		return nil, notFound(err, "Page", "publish page")
	}
	return out, nil
}
