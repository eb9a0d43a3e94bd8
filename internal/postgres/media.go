package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// The media library: its items are records of site.Media (records.go); the
// bytes of originals and variants are rows of media_blobs by content hash,
// which every instance reads.

// mediaBlobsLock is the advisory lock (of the schema) between uploads,
// which take it shared, and the sweep of blobs, which takes it alone: a
// sweep never sees the blobs of an upload whose item it cannot see yet.
const mediaBlobsLock = `hashtextextended(current_schema() || ' media blobs', 0)`

// CreateMedia stores the blobs not stored yet and the item, with its
// revision, in one transaction; a stored blob keeps its bytes and becomes
// public when the new one is. Two instances storing the same blob at once
// both succeed.
func (db *DB) CreateMedia(ctx context.Context, item *site.MediaItem, blobs []*site.MediaBlob, w site.Write) (*site.MediaItem, error) {
	e := site.Media
	db.stamp(&w)
	var out site.Record
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock_shared(`+mediaBlobsLock+`)`); err != nil {
			return err
		}
		if err := putMediaBlobs(ctx, tx, blobs, w.At); err != nil {
			return err
		}
		out, err = createRecord(ctx, tx, e, item, w)
		return err
	})
	if err != nil {
		return nil, recordError("create media", e, item, err)
	}
	return out.(*site.MediaItem), nil
}

// putMediaBlobs stores each blob not stored yet inside tx.
func putMediaBlobs(ctx context.Context, tx pgx.Tx, blobs []*site.MediaBlob, at time.Time) error {
	for _, b := range blobs {
		if _, err := tx.Exec(ctx, `INSERT INTO media_blobs (hash, content_type, public, data, created_at)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (hash) DO UPDATE SET public = true WHERE excluded.public AND NOT media_blobs.public`,
			b.Hash, b.ContentType, b.Public, b.Data, at); err != nil {
			return err
		}
	}
	return nil
}

// SweepMediaBlobs deletes the blobs no item names, live or deleted: not an
// item's original or variant (the hash in /media/{hash}.{ext}), nor one of
// any revision of the media library. It holds the media blobs lock alone,
// so that it waits for the uploads committing and they for it, and two
// sweeps at once run one after the other.
func (db *DB) SweepMediaBlobs(ctx context.Context) (int, error) {
	var n int64
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+mediaBlobsLock+`)`); err != nil {
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
