package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

const previewColumns = `id, page_id, token_hash, created_by, created_at, expires_at`

func scanPreviewLink(r rowScanner) (*site.PreviewLink, error) {
	var l site.PreviewLink
	err := r.Scan(&l.ID, &l.PageID, &l.TokenHash, &l.CreatedBy, sqlstore.ScanTime(&l.CreatedAt), sqlstore.ScanTime(&l.ExpiresAt))
	return &l, err
}

// CreatePreviewLink stores a link of an existing page and forgets the
// page's expired ones.
func (db *DB) CreatePreviewLink(ctx context.Context, in *site.PreviewLink) (*site.PreviewLink, error) {
	var out *site.PreviewLink
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pages WHERE id = ?`, in.PageID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return site.Errorf(site.ENOTFOUND, "Page not found.")
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM preview_links WHERE page_id = ? AND expires_at <= ?`, in.PageID, formatTime(in.CreatedAt)); err != nil {
			return err
		}
		var err error
		out, err = scanPreviewLink(tx.QueryRowContext(ctx, `INSERT INTO preview_links (page_id, token_hash, created_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?) RETURNING `+previewColumns, in.PageID, in.TokenHash, in.CreatedBy, formatTime(in.CreatedAt), formatTime(in.ExpiresAt)))
		return err
	})
	if err != nil {
		return nil, notFound("create preview link", err, "Page")
	}
	return out, nil
}

// FindPreviewLinks lists the page's links that work at now.
func (db *DB) FindPreviewLinks(ctx context.Context, pageID int64, now time.Time) ([]*site.PreviewLink, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+previewColumns+` FROM preview_links WHERE page_id = ? AND expires_at > ?
		ORDER BY created_at DESC, id DESC`, pageID, formatTime(now))
	if err != nil {
		return nil, fmt.Errorf("sqlite: find preview links: %w", err)
	}
	defer rows.Close()
	out := []*site.PreviewLink{}
	for rows.Next() {
		l, err := scanPreviewLink(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find preview links: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// FindPreviewLinkByToken returns the link of this token hash when it works
// at now.
func (db *DB) FindPreviewLinkByToken(ctx context.Context, hash string, now time.Time) (*site.PreviewLink, error) {
	l, err := scanPreviewLink(db.read.QueryRowContext(ctx, `SELECT `+previewColumns+` FROM preview_links WHERE token_hash = ? AND expires_at > ?
		AND NOT EXISTS (SELECT 1 FROM users WHERE username = preview_links.created_by AND status <> 'active')`, hash, formatTime(now)))
	if err != nil {
		return nil, notFound("find preview link", err, "Preview link")
	}
	return l, nil
}

// DeletePreviewLink revokes a link.
func (db *DB) DeletePreviewLink(ctx context.Context, id int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM preview_links WHERE id = ?`, id)
		if err != nil {
			return err
		}
		return requireRow(res, "Preview link")
	})
	if err != nil {
		return notFound("delete preview link", err, "Preview link")
	}
	return nil
}
