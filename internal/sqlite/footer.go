package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const footerColumns = `id, category, title, url, "order", is_active, created_at, updated_at`

func scanFooterLink(r rowScanner) (*site.FooterLink, error) {
	var it site.FooterLink
	err := r.Scan(&it.ID, &it.Category, &it.Title, &it.URL, &it.Order, &it.IsActive, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt})
	return &it, err
}

// FindFooterLinks returns footer links by order, then id.
func (db *DB) FindFooterLinks(ctx context.Context, f site.ListFilter) ([]*site.FooterLink, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+footerColumns+` FROM footer_links`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find footer links: %w", err)
	}
	defer rows.Close()
	items := []*site.FooterLink{}
	for rows.Next() {
		it, err := scanFooterLink(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find footer links: %w", err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// CreateFooterLink stores a new footer link.
func (db *DB) CreateFooterLink(ctx context.Context, in *site.FooterLink) (*site.FooterLink, error) {
	var out *site.FooterLink
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanFooterLink(tx.QueryRowContext(ctx, `INSERT INTO footer_links (category, title, url, "order", is_active, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING `+footerColumns, in.Category, in.Title, in.URL, in.Order, boolInt(in.IsActive), now, now))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create footer link: %w", err)
	}
	return out, nil
}

// UpdateFooterLink replaces the footer link with in.ID.
func (db *DB) UpdateFooterLink(ctx context.Context, in *site.FooterLink) (*site.FooterLink, error) {
	var out *site.FooterLink
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanFooterLink(tx.QueryRowContext(ctx, `UPDATE footer_links SET category = ?, title = ?, url = ?, "order" = ?, is_active = ?, updated_at = ?
			WHERE id = ? RETURNING `+footerColumns, in.Category, in.Title, in.URL, in.Order, boolInt(in.IsActive), formatTime(db.Now()), in.ID))
		return err
	})
	if err != nil {
		return nil, notFound(err, "Footer link", "update footer link")
	}
	return out, nil
}

// DeleteFooterLink removes the footer link with id.
func (db *DB) DeleteFooterLink(ctx context.Context, id int64) error {
	return db.deleteRow(ctx, "footer_links", id, "Footer link")
}
