package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

const previewColumns = `id, page_id, token_hash, created_by, created_at, expires_at`

func scanPreviewLink(r Row) (*site.PreviewLink, error) {
	var l site.PreviewLink
	err := r.Scan(&l.ID, &l.PageID, &l.TokenHash, &l.CreatedBy, ScanTime(&l.CreatedAt), ScanTime(&l.ExpiresAt))
	return &l, err
}

// CreatePreviewLink stores a link of an existing page and forgets the
// page's expired ones.
func (s *Store) CreatePreviewLink(ctx context.Context, in *site.PreviewLink) (*site.PreviewLink, error) {
	var out *site.PreviewLink
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM pages WHERE id = ?`), in.PageID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return site.Errorf(site.ENOTFOUND, "Page not found.")
		}
		created := s.d.Time(in.CreatedAt.UTC())
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM preview_links WHERE page_id = ? AND expires_at <= ?`), in.PageID, created); err != nil {
			return err
		}
		var err error
		out, err = scanPreviewLink(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO preview_links (page_id, token_hash, created_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?) RETURNING `+previewColumns), in.PageID, in.TokenHash, in.CreatedBy, created, s.d.Time(in.ExpiresAt.UTC())))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "create preview link", "Page", err)
	}
	return out, nil
}

// FindPreviewLinks lists the page's links that work at now.
func (s *Store) FindPreviewLinks(ctx context.Context, pageID int64, now time.Time) ([]*site.PreviewLink, error) {
	out, err := queryAll(ctx, s, scanPreviewLink, `SELECT `+previewColumns+` FROM preview_links WHERE page_id = ? AND expires_at > ?
		ORDER BY created_at DESC, id DESC`, pageID, s.d.Time(now.UTC()))
	if err != nil {
		return nil, s.Fail(ctx, "find preview links", "Preview link", err)
	}
	return out, nil
}

// FindPreviewLinkByToken returns the link of this token hash when it works
// at now: unexpired, and made by a user who is not disabled.
func (s *Store) FindPreviewLinkByToken(ctx context.Context, hash string, now time.Time) (*site.PreviewLink, error) {
	out, err := queryOne(ctx, s, scanPreviewLink, `SELECT `+previewColumns+` FROM preview_links WHERE token_hash = ? AND expires_at > ?
		AND NOT EXISTS (SELECT 1 FROM users WHERE username = preview_links.created_by AND status <> 'active')`, hash, s.d.Time(now.UTC()))
	if err != nil {
		return nil, s.Fail(ctx, "find preview link", "Preview link", err)
	}
	return out, nil
}

// DeletePreviewLink revokes a link.
func (s *Store) DeletePreviewLink(ctx context.Context, id int64) error {
	return s.changeOne(ctx, "delete preview link", "Preview link", `DELETE FROM preview_links WHERE id = ?`, id)
}
