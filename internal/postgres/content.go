package postgres

import (
	"context"

	"meridian/internal/site"
)

// FindContent returns every editable text, by section then key.
func (db *DB) FindContent(ctx context.Context) (out []*site.ContentItem, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findContent(ctx)
		return err
	})
	return out, err
}

func (db *DB) findContent(ctx context.Context) ([]*site.ContentItem, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, section, key, value, updated_at
		FROM website_content ORDER BY section, key`)
	if err != nil {
		return nil, storeError("find content", err)
	}
	defer rows.Close()
	items := []*site.ContentItem{}
	for rows.Next() {
		var it site.ContentItem
		if err := rows.Scan(&it.ID, &it.Section, &it.Key, &it.Value, &it.UpdatedAt); err != nil {
			return nil, storeError("find content", err)
		}
		items = append(items, &it)
	}
	if err := rows.Err(); err != nil {
		return nil, storeError("find content", err)
	}
	return items, nil
}

// UpsertContent creates the item with it.Section and it.Key, or replaces the
// value of the one that exists, in one statement.
func (db *DB) UpsertContent(ctx context.Context, it *site.ContentItem) (*site.ContentItem, error) {
	var saved site.ContentItem
	err := db.pool.QueryRow(ctx, `INSERT INTO website_content (section, key, value, updated_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (section, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
		RETURNING id, section, key, value, updated_at`,
		it.Section, it.Key, it.Value, db.now()).
		Scan(&saved.ID, &saved.Section, &saved.Key, &saved.Value, &saved.UpdatedAt)
	if err != nil {
		return nil, storeError("upsert content", err)
	}
	return &saved, nil
}
