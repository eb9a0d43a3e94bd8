package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const testimonialColumns = `id, name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at`

func scanTestimonial(r rowScanner) (*site.Testimonial, error) {
	var it site.Testimonial
	err := r.Scan(&it.ID, &it.Name, &it.Title, &it.Content, &it.Initials, &it.AvatarBg, &it.Order, &it.IsActive, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt})
	return &it, err
}

// FindTestimonials returns testimonials by order, then id.
func (db *DB) FindTestimonials(ctx context.Context, f site.ListFilter) ([]*site.Testimonial, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+testimonialColumns+` FROM cms_testimonials`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find testimonials: %w", err)
	}
	defer rows.Close()
	items := []*site.Testimonial{}
	for rows.Next() {
		it, err := scanTestimonial(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find testimonials: %w", err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// CreateTestimonial stores a new testimonial.
func (db *DB) CreateTestimonial(ctx context.Context, in *site.Testimonial) (*site.Testimonial, error) {
	var out *site.Testimonial
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanTestimonial(tx.QueryRowContext(ctx, `INSERT INTO cms_testimonials (name, title, content, initials, avatar_bg, "order", is_active, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+testimonialColumns,
			in.Name, in.Title, in.Content, in.Initials, in.AvatarBg, in.Order, boolInt(in.IsActive), now, now))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create testimonial: %w", err)
	}
	return out, nil
}

// UpdateTestimonial replaces the testimonial with in.ID.
func (db *DB) UpdateTestimonial(ctx context.Context, in *site.Testimonial) (*site.Testimonial, error) {
	var out *site.Testimonial
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanTestimonial(tx.QueryRowContext(ctx, `UPDATE cms_testimonials SET name = ?, title = ?, content = ?, initials = ?, avatar_bg = ?,
			"order" = ?, is_active = ?, updated_at = ? WHERE id = ? RETURNING `+testimonialColumns,
			in.Name, in.Title, in.Content, in.Initials, in.AvatarBg, in.Order, boolInt(in.IsActive), formatTime(db.Now()), in.ID))
		return err
	})
	if err != nil {
		return nil, notFound(err, "Testimonial", "update testimonial")
	}
	return out, nil
}

// DeleteTestimonial removes the testimonial with id.
func (db *DB) DeleteTestimonial(ctx context.Context, id int64) error {
	return db.deleteRow(ctx, "cms_testimonials", id, "Testimonial")
}
