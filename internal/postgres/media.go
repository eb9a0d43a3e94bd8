package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// The media library: its items are records of site.Media (records.go); the
// bytes of originals and variants are rows of media_blobs by content hash,
// which every instance reads.

// PutMediaBlobs stores each blob not stored yet, in one transaction; a
// stored one keeps its bytes and becomes public when the new one is. Two
// instances storing the same blob at once both succeed.
func (db *DB) PutMediaBlobs(ctx context.Context, blobs []*site.MediaBlob) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		at := db.now()
		for _, b := range blobs {
			if _, err := tx.Exec(ctx, `INSERT INTO media_blobs (hash, content_type, public, data, created_at)
				VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (hash) DO UPDATE SET public = true WHERE excluded.public AND NOT media_blobs.public`,
				b.Hash, b.ContentType, b.Public, b.Data, at); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return storeError("put media blobs", err)
	}
	return nil
}

// FindMediaBlob returns the public blob with hash; ENOTFOUND when there is
// none.
func (db *DB) FindMediaBlob(ctx context.Context, hash string) (out *site.MediaBlob, err error) {
	err = db.retryOnConnError(ctx, func() error {
		b := &site.MediaBlob{Hash: hash, Public: true}
		err := db.pool.QueryRow(ctx, `SELECT content_type, data FROM media_blobs WHERE hash = $1 AND public`, hash).
			Scan(&b.ContentType, &b.Data)
		if err != nil {
			return notFound("find media blob", err, "File")
		}
		out = b
		return nil
	})
	return out, err
}

// FindMediaByHash returns the item of the original with hash; ENOTFOUND
// when there is none.
func (db *DB) FindMediaByHash(ctx context.Context, hash string) (out *site.MediaItem, err error) {
	e := site.Media
	err = db.retryOnConnError(ctx, func() error {
		rec, err := scanRecord(e, db.pool.QueryRow(ctx, `SELECT `+columns(e.Fields())+` FROM media WHERE hash = $1`, hash))
		if err != nil {
			return notFound("find media by hash", err, e.Noun)
		}
		out = rec.(*site.MediaItem)
		return nil
	})
	return out, err
}

// FindMedia returns a page of the media library, newest first, and how
// many items the filter keeps, both from one snapshot.
func (db *DB) FindMedia(ctx context.Context, f site.MediaFilter) (out []*site.MediaItem, total int, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, total, err = db.findMedia(ctx, f)
		return err
	})
	return out, total, err
}

func (db *DB) findMedia(ctx context.Context, f site.MediaFilter) ([]*site.MediaItem, int, error) {
	e := site.Media
	var conds []string
	var args []any
	if f.Query != "" {
		args = append(args, site.SearchKey(f.Query))
		conds = append(conds, "strpos(search_text, $"+strconv.Itoa(len(args))+") > 0")
	}
	if f.UsableOnly {
		conds = append(conds, "usable")
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, 0, storeError("find media", err)
	}
	defer tx.Rollback(ctx)
	var total int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM media`+where, args...).Scan(&total); err != nil {
		return nil, 0, storeError("count media", err)
	}
	q := `SELECT ` + columns(e.Fields()) + ` FROM media` + where + ` ORDER BY ` + e.OrderBy
	if f.Limit > 0 {
		q += ` LIMIT ` + strconv.Itoa(f.Limit) + ` OFFSET ` + strconv.Itoa(f.Offset)
	}
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, 0, storeError("find media", err)
	}
	recs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.MediaItem, error) {
		rec, err := scanRecord(e, r)
		if err != nil {
			return nil, err
		}
		return rec.(*site.MediaItem), nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: find media: %w", err)
	}
	return recs, total, nil
}
