package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

func activeClause(f site.ListFilter) string {
	if f.ActiveOnly {
		return " WHERE is_active"
	}
	return ""
}

const menuColumns = `id, title, url, "order", is_active, created_at, updated_at`

func scanMenuItem(row pgx.Row) (*site.MenuItem, error) {
	var it site.MenuItem
	err := row.Scan(&it.ID, &it.Title, &it.URL, &it.Order, &it.IsActive, &it.CreatedAt, &it.UpdatedAt)
	return &it, err
}

// FindMenuItems returns menu items by order, then id.
func (db *DB) FindMenuItems(ctx context.Context, f site.ListFilter) ([]*site.MenuItem, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+menuColumns+` FROM menu_items`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, storeError("find menu items", err)
	}
	items, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.MenuItem, error) { return scanMenuItem(r) })
	if err != nil {
		return nil, storeError("find menu items", err)
	}
	return items, nil
}

// CreateMenuItem stores a new menu item and returns it as saved.
func (db *DB) CreateMenuItem(ctx context.Context, it *site.MenuItem) (*site.MenuItem, error) {
	now := db.now()
	saved, err := scanMenuItem(db.pool.QueryRow(ctx, `INSERT INTO menu_items (title, url, "order", is_active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $5) RETURNING `+menuColumns,
		it.Title, it.URL, it.Order, it.IsActive, now))
	if err != nil {
		return nil, storeError("create menu item", err)
	}
	return saved, nil
}

// UpdateMenuItem replaces the item with it.ID; ENOTFOUND when there is none.
func (db *DB) UpdateMenuItem(ctx context.Context, it *site.MenuItem) (*site.MenuItem, error) {
	saved, err := scanMenuItem(db.pool.QueryRow(ctx, `UPDATE menu_items
		SET title = $2, url = $3, "order" = $4, is_active = $5, updated_at = $6
		WHERE id = $1 RETURNING `+menuColumns,
		it.ID, it.Title, it.URL, it.Order, it.IsActive, db.now()))
	if err != nil {
		return nil, notFound("update menu item", err, "Menu item")
	}
	return saved, nil
}

// DeleteMenuItem deletes the item with id; ENOTFOUND when there is none.
func (db *DB) DeleteMenuItem(ctx context.Context, id int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM menu_items WHERE id = $1`, id)
	if err != nil {
		return storeError("delete menu item", err)
	}
	return requireRow(tag, "Menu item")
}
