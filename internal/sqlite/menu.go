package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const menuColumns = `id, title, url, "order", is_active, created_at, updated_at`

func scanMenuItem(r rowScanner) (*site.MenuItem, error) {
	var it site.MenuItem
	err := r.Scan(&it.ID, &it.Title, &it.URL, &it.Order, &it.IsActive, timeValue{&it.CreatedAt}, timeValue{&it.UpdatedAt})
	return &it, err
}

// FindMenuItems returns menu items by order, then id.
func (db *DB) FindMenuItems(ctx context.Context, f site.ListFilter) ([]*site.MenuItem, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+menuColumns+` FROM menu_items`+activeClause(f)+` ORDER BY "order", id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find menu items: %w", err)
	}
	defer rows.Close()
	items := []*site.MenuItem{}
	for rows.Next() {
		it, err := scanMenuItem(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find menu items: %w", err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// CreateMenuItem stores a new menu item.
func (db *DB) CreateMenuItem(ctx context.Context, in *site.MenuItem) (*site.MenuItem, error) {
	var out *site.MenuItem
	now := formatTime(db.Now())
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanMenuItem(tx.QueryRowContext(ctx, `INSERT INTO menu_items (title, url, "order", is_active, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING `+menuColumns, in.Title, in.URL, in.Order, boolInt(in.IsActive), now, now))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create menu item: %w", err)
	}
	return out, nil
}

// UpdateMenuItem replaces the menu item with in.ID.
func (db *DB) UpdateMenuItem(ctx context.Context, in *site.MenuItem) (*site.MenuItem, error) {
	var out *site.MenuItem
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanMenuItem(tx.QueryRowContext(ctx, `UPDATE menu_items SET title = ?, url = ?, "order" = ?, is_active = ?, updated_at = ?
			WHERE id = ? RETURNING `+menuColumns, in.Title, in.URL, in.Order, boolInt(in.IsActive), formatTime(db.Now()), in.ID))
		return err
	})
	if err != nil {
		return nil, notFound(err, "Menu item", "update menu item")
	}
	return out, nil
}

// DeleteMenuItem removes the menu item with id.
func (db *DB) DeleteMenuItem(ctx context.Context, id int64) error {
	return db.deleteRow(ctx, "menu_items", id, "Menu item")
}

// deleteRow removes the row id of table; ENOTFOUND when there is none.
func (db *DB) deleteRow(ctx context.Context, table string, id int64, what string) error {
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE id = ?`, id)
		if err != nil {
			return err
		}
		return mustAffect(res, what)
	})
	if err != nil {
		return notFound(err, what, "delete from "+table)
	}
	return nil
}
