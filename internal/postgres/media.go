package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

// The media library: its items are records of site.Media (internal/sqlstore); the
// bytes of originals and variants are rows of media_blobs by content hash,
// which every instance reads.

// SweepMediaBlobs deletes the blobs no item names, live or deleted: not an
// item's original or variant (the hash in /media/{hash}.{ext}), nor one of
// any revision of the media library. It holds the media blobs lock alone,
// so that it waits for the uploads committing and they for it, and two
// sweeps at once run one after the other.
func (db *DB) SweepMediaBlobs(ctx context.Context) (int, error) {
	var n int64
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+lockKey+`)`, sqlstore.MediaBlobsLock); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM media_blobs WHERE hash NOT IN (SELECT h FROM (
			SELECT hash AS h FROM media
			UNION SELECT substr(v->>'url', 8, 64) FROM media, jsonb_array_elements(media.variants) AS v
			UNION SELECT data->>'hash' FROM revisions WHERE resource = 'media'
			UNION SELECT substr(v->>'url', 8, 64)
				FROM revisions, jsonb_array_elements(revisions.data->'variants') AS v WHERE revisions.resource = 'media') AS named WHERE h IS NOT NULL)`)
		n = tag.RowsAffected()
		return err
	})
	if err != nil {
		return 0, storeError("sweep media blobs", err)
	}
	return int(n), nil
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
		rec, err := sqlstore.ScanRecord(e, db.pool.QueryRow(ctx, `SELECT `+sqlstore.Columns(e.Fields())+` FROM media WHERE hash = $1`, hash))
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
	q := `SELECT ` + sqlstore.Columns(e.Fields()) + ` FROM media` + where + ` ORDER BY ` + e.OrderBy
	if f.Limit > 0 {
		q += ` LIMIT ` + strconv.Itoa(f.Limit) + ` OFFSET ` + strconv.Itoa(f.Offset)
	}
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, 0, storeError("find media", err)
	}
	recs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.MediaItem, error) {
		rec, err := sqlstore.ScanRecord(e, r)
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
