package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

// FindContent returns every editable text, by section then key.
func (db *DB) FindContent(ctx context.Context) ([]*site.ContentItem, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, section, key, value, updated_at
		FROM website_content ORDER BY section, key`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find content: %w", err)
	}
	defer rows.Close()
	items := []*site.ContentItem{}
	for rows.Next() {
		var it site.ContentItem
		if err := rows.Scan(&it.ID, &it.Section, &it.Key, &it.Value, timeValue{&it.UpdatedAt}); err != nil {
			return nil, fmt.Errorf("sqlite: find content: %w", err)
		}
		items = append(items, &it)
	}
	return items, rows.Err()
}

// UpsertContent creates the item or replaces the value of the one with the
// same section and key.
func (db *DB) UpsertContent(ctx context.Context, in *site.ContentItem) (*site.ContentItem, error) {
	var it site.ContentItem
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO website_content (section, key, value, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (section, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
			RETURNING id, section, key, value, updated_at`, in.Section, in.Key, in.Value, formatTime(db.Now())).
			Scan(&it.ID, &it.Section, &it.Key, &it.Value, timeValue{&it.UpdatedAt})
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: upsert content: %w", err)
	}
	return &it, nil
}
