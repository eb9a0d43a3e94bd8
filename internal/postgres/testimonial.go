package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const testimonialColumns = `id, name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at`

func scanTestimonial(row pgx.Row) (*site.Testimonial, error) {
	var t site.Testimonial
	err := row.Scan(&t.ID, &t.Name, &t.Title, &t.Content, &t.Initials, &t.AvatarBg, &t.Order, &t.IsActive, &t.CreatedAt, &t.UpdatedAt)
	return &t, err
}

// FindTestimonials returns testimonials by order, then id.
func (db *DB) FindTestimonials(ctx context.Context, f site.ListFilter) ([]*site.Testimonial, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+testimonialColumns+` FROM cms_testimonials`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, storeError("find testimonials", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Testimonial, error) { return scanTestimonial(r) })
	if err != nil {
		return nil, storeError("find testimonials", err)
	}
	return list, nil
}

// CreateTestimonial stores a new testimonial and returns it as saved.
func (db *DB) CreateTestimonial(ctx context.Context, t *site.Testimonial) (*site.Testimonial, error) {
	saved, err := scanTestimonial(db.pool.QueryRow(ctx, `INSERT INTO cms_testimonials
		(name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING `+testimonialColumns,
		t.Name, t.Title, t.Content, t.Initials, t.AvatarBg, t.Order, t.IsActive, db.now()))
	if err != nil {
		return nil, storeError("create testimonial", err)
	}
	return saved, nil
}

// UpdateTestimonial replaces the testimonial with t.ID; ENOTFOUND when there
// is none.
func (db *DB) UpdateTestimonial(ctx context.Context, t *site.Testimonial) (*site.Testimonial, error) {
	saved, err := scanTestimonial(db.pool.QueryRow(ctx, `UPDATE cms_testimonials
		SET name = $2, title = $3, content = $4, initials = $5, avatar_bg = $6, "order" = $7, is_active = $8, updated_at = $9
		WHERE id = $1 RETURNING `+testimonialColumns,
		t.ID, t.Name, t.Title, t.Content, t.Initials, t.AvatarBg, t.Order, t.IsActive, db.now()))
	if err != nil {
		return nil, notFound("update testimonial", err, "Testimonial")
	}
	return saved, nil
}

// DeleteTestimonial deletes the testimonial with id; ENOTFOUND when there is
// none.
func (db *DB) DeleteTestimonial(ctx context.Context, id int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM cms_testimonials WHERE id = $1`, id)
	if err != nil {
		return storeError("delete testimonial", err)
	}
	return requireRow(tag, "Testimonial")
}
