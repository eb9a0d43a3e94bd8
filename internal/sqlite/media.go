package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

// The media library: its items are records of site.Media (internal/sqlstore); the
// bytes of originals and variants are rows of media_blobs by content hash.

// mediaBlobsNamed are the hashes of the blobs the items name, live or in
// their history: each item's and each media revision's original, and the
// hash in each variant's address (/media/{hash}.{ext}).
const mediaBlobsNamed = `
	SELECT hash AS h FROM media
	UNION SELECT substr(json_extract(v.value, '$.url'), 8, 64) FROM media, json_each(media.variants) AS v
	UNION SELECT json_extract(data, '$.hash') FROM revisions WHERE resource = 'media'
	UNION SELECT substr(json_extract(v.value, '$.url'), 8, 64)
		FROM revisions, json_each(revisions.data, '$.variants') AS v WHERE revisions.resource = 'media'`

// SweepMediaBlobs deletes the blobs no item names, live or deleted. One
// write transaction on the one write connection: an upload commits its
// blobs and item before or after it, never between.
func (db *DB) SweepMediaBlobs(ctx context.Context) (int, error) {
	var n int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM media_blobs WHERE hash NOT IN (SELECT h FROM (`+mediaBlobsNamed+`) WHERE h IS NOT NULL)`)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("sqlite: sweep media blobs: %w", err)
	}
	return int(n), nil
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
	rec, err := sqlstore.ScanRecord(e, db.read.QueryRowContext(ctx, `SELECT `+sqlstore.Columns(e.Fields())+` FROM `+sqlstore.Quote(e.Table)+` WHERE hash = ?`, hash))
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
	q := `SELECT ` + sqlstore.Columns(e.Fields()) + ` FROM media` + where + ` ORDER BY ` + e.OrderBy
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
		rec, err := sqlstore.ScanRecord(e, rows)
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
