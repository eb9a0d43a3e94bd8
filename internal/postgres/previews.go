package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const previewColumns = `id, page_id, token_hash, created_by, created_at, expires_at`

func scanPreviewLink(row pgx.Row) (*site.PreviewLink, error) {
	var l site.PreviewLink
	err := row.Scan(&l.ID, &l.PageID, &l.TokenHash, &l.CreatedBy, &l.CreatedAt, &l.ExpiresAt)
	l.CreatedAt, l.ExpiresAt = l.CreatedAt.UTC(), l.ExpiresAt.UTC()
	return &l, err
}

// CreatePreviewLink stores a link of an existing page and forgets the
// page's expired ones.
func (db *DB) CreatePreviewLink(ctx context.Context, in *site.PreviewLink) (*site.PreviewLink, error) {
	var out *site.PreviewLink
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM pages WHERE id = $1`, in.PageID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return site.Errorf(site.ENOTFOUND, "Page not found.")
		}
		if _, err := tx.Exec(ctx, `DELETE FROM preview_links WHERE page_id = $1 AND expires_at <= $2`, in.PageID, in.CreatedAt); err != nil {
			return err
		}
		var err error
		out, err = scanPreviewLink(tx.QueryRow(ctx, `INSERT INTO preview_links (page_id, token_hash, created_by, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING `+previewColumns, in.PageID, in.TokenHash, in.CreatedBy, in.CreatedAt, in.ExpiresAt))
		return err
	})
	if err != nil {
		return nil, storeError("create preview link", err)
	}
	return out, nil
}

// FindPreviewLinks lists the page's links that work at now.
func (db *DB) FindPreviewLinks(ctx context.Context, pageID int64, now time.Time) (out []*site.PreviewLink, err error) {
	err = db.retryOnConnError(ctx, func() error {
		rows, err := db.pool.Query(ctx, `SELECT `+previewColumns+` FROM preview_links WHERE page_id = $1 AND expires_at > $2
			ORDER BY created_at DESC, id DESC`, pageID, now)
		if err != nil {
			return err
		}
		defer rows.Close()
		out = []*site.PreviewLink{}
		for rows.Next() {
			l, err := scanPreviewLink(rows)
			if err != nil {
				return err
			}
			out = append(out, l)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, storeError("find preview links", err)
	}
	return out, nil
}

// FindPreviewLinkByToken returns the link of this token hash when it works
// at now.
func (db *DB) FindPreviewLinkByToken(ctx context.Context, hash string, now time.Time) (out *site.PreviewLink, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = scanPreviewLink(db.pool.QueryRow(ctx, `SELECT `+previewColumns+` FROM preview_links WHERE token_hash = $1 AND expires_at > $2
			AND NOT EXISTS (SELECT 1 FROM users WHERE username = preview_links.created_by AND status <> 'active')`, hash, now))
		return err
	})
	if err != nil {
		return nil, notFound("find preview link", err, "Preview link")
	}
	return out, nil
}

// DeletePreviewLink revokes a link.
func (db *DB) DeletePreviewLink(ctx context.Context, id int64) error {
	tag, err := db.exec(ctx, `DELETE FROM preview_links WHERE id = $1`, id)
	if err != nil {
		return storeError("delete preview link", err)
	}
	return requireRow(tag, "Preview link")
}
