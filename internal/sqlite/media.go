package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"meridian/internal/site"
)

// The media library: its items are records of site.Media (records.go); the
// bytes of originals and variants are rows of media_blobs by content hash.

// PutMediaBlobs stores each blob not stored yet, in one transaction; a
// stored one keeps its bytes and becomes public when the new one is.
func (db *DB) PutMediaBlobs(ctx context.Context, blobs []*site.MediaBlob) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		at := formatTime(db.Now())
		for _, b := range blobs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO media_blobs (hash, content_type, public, data, created_at)
				VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (hash) DO UPDATE SET public = 1 WHERE excluded.public = 1 AND media_blobs.public = 0`,
				b.Hash, b.ContentType, boolInt(b.Public), b.Data, at); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: put media blobs: %w", err)
	}
	return nil
}

// FindMediaBlob returns the public blob with hash; ENOTFOUND when there is
// none.
func (db *DB) FindMediaBlob(ctx context.Context, hash string) (*site.MediaBlob, error) {
	b := &site.MediaBlob{Hash: hash, Public: true}
	err := db.read.QueryRowContext(ctx, `SELECT content_type, data FROM media_blobs WHERE hash = ? AND public = 1`, hash).
		Scan(&b.ContentType, &b.Data)
	if err != nil {
		return nil, notFound("find media blob", err, "File")
	}
	return b, nil
}

// FindMediaByHash returns the item of the original with hash; ENOTFOUND
// when there is none.
func (db *DB) FindMediaByHash(ctx context.Context, hash string) (*site.MediaItem, error) {
	e := site.Media
	rec, err := scanRecord(e, db.read.QueryRowContext(ctx, `SELECT `+columns(e)+` FROM `+quote(e.Table)+` WHERE hash = ?`, hash))
	if err != nil {
		return nil, notFound("find media by hash", err, e.Noun)
	}
	return rec.(*site.MediaItem), nil
}

// FindMedia returns a page of the media library, newest first, and how
// many items the filter keeps. The count and the page are read in one
// transaction, so that they agree.
func (db *DB) FindMedia(ctx context.Context, f site.MediaFilter) ([]*site.MediaItem, int, error) {
	e := site.Media
	var conds []string
	var args []any
	if f.Query != "" {
		conds = append(conds, "instr(search_text, ?) > 0")
		args = append(args, site.SearchKey(f.Query))
	}
	if f.UsableOnly {
		conds = append(conds, "usable = 1")
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: find media: %w", err)
	}
	defer tx.Rollback()
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM media`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("sqlite: count media: %w", err)
	}
	q := `SELECT ` + columns(e) + ` FROM media` + where + ` ORDER BY ` + e.OrderBy
	if f.Limit > 0 {
		q += ` LIMIT ` + strconv.Itoa(f.Limit) + ` OFFSET ` + strconv.Itoa(f.Offset)
	}
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: find media: %w", err)
	}
	defer rows.Close()
	out := []*site.MediaItem{}
	for rows.Next() {
		rec, err := scanRecord(e, rows)
		if err != nil {
			return nil, 0, fmt.Errorf("sqlite: find media: %w", err)
		}
		out = append(out, rec.(*site.MediaItem))
	}
	if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("sqlite: find media: %w", err)
	}
	return out, total, nil
}
