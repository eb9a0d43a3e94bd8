package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const footerColumns = `id, category, title, url, "order", is_active, created_at, updated_at`

func scanFooterLink(row pgx.Row) (*site.FooterLink, error) {
	var l site.FooterLink
	err := row.Scan(&l.ID, &l.Category, &l.Title, &l.URL, &l.Order, &l.IsActive, &l.CreatedAt, &l.UpdatedAt)
	return &l, err
}

// FindFooterLinks returns footer links by order, then id.
func (db *DB) FindFooterLinks(ctx context.Context, f site.ListFilter) ([]*site.FooterLink, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+footerColumns+` FROM footer_links`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, storeError("find footer links", err)
	}
	links, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.FooterLink, error) { return scanFooterLink(r) })
	if err != nil {
		return nil, storeError("find footer links", err)
	}
	return links, nil
}

// CreateFooterLink stores a new footer link and returns it as saved.
func (db *DB) CreateFooterLink(ctx context.Context, l *site.FooterLink) (*site.FooterLink, error) {
	saved, err := scanFooterLink(db.pool.QueryRow(ctx, `INSERT INTO footer_links (category, title, url, "order", is_active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING `+footerColumns,
		l.Category, l.Title, l.URL, l.Order, l.IsActive, db.now()))
	if err != nil {
		return nil, storeError("create footer link", err)
	}
	return saved, nil
}

// UpdateFooterLink replaces the link with l.ID; ENOTFOUND when there is none.
func (db *DB) UpdateFooterLink(ctx context.Context, l *site.FooterLink) (*site.FooterLink, error) {
	saved, err := scanFooterLink(db.pool.QueryRow(ctx, `UPDATE footer_links
		SET category = $2, title = $3, url = $4, "order" = $5, is_active = $6, updated_at = $7
		WHERE id = $1 RETURNING `+footerColumns,
		l.ID, l.Category, l.Title, l.URL, l.Order, l.IsActive, db.now()))
	if err != nil {
		return nil, notFound("update footer link", err, "Footer link")
	}
	return saved, nil
}

// DeleteFooterLink deletes the link with id; ENOTFOUND when there is none.
func (db *DB) DeleteFooterLink(ctx context.Context, id int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM footer_links WHERE id = $1`, id)
	if err != nil {
		return storeError("delete footer link", err)
	}
	return requireRow(tag, "Footer link")
}
