package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"meridian/internal/site"
)

// MediaBlobsLock is the lock between uploads, which take it shared, and
// the sweep of blobs, which takes it alone: a sweep never sees the blobs
// of an upload whose item it cannot see yet.
const MediaBlobsLock = "media blobs"

// CreateMedia stores the blobs not stored yet and the item, with its
// revision, in one transaction; a stored blob keeps its bytes and becomes
// public when the new one is. Two writers storing the same blob at once
// both succeed.
func (s *Store) CreateMedia(ctx context.Context, item *site.MediaItem, blobs []*site.MediaBlob, w site.Write) (*site.MediaItem, error) {
	e := site.Media
	w = s.stamp(w)
	var out site.Record
	err := s.InTx(ctx, func(tx *sql.Tx) (err error) {
		if err := s.d.Lock(ctx, tx, MediaBlobsLock, true); err != nil {
			return err
		}
		if err := s.PutMediaBlobs(ctx, tx, blobs, w.At); err != nil {
			return err
		}
		out, err = s.createRecord(ctx, tx, e, item, w)
		return err
	})
	if err != nil {
		return nil, s.writeError(ctx, "create media", e, item, w.Actor.UserID, err)
	}
	return out.(*site.MediaItem), nil
}

// PutMediaBlobs stores each blob not stored yet inside tx.
func (s *Store) PutMediaBlobs(ctx context.Context, tx *sql.Tx, blobs []*site.MediaBlob, at time.Time) error {
	q := s.rebind(`INSERT INTO media_blobs (hash, content_type, public, data, created_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (hash) DO UPDATE SET public = ? WHERE excluded.public = ? AND media_blobs.public = ?`)
	for _, b := range blobs {
		if _, err := tx.ExecContext(ctx, q, b.Hash, b.ContentType, s.d.Bool(b.Public), b.Data, s.d.Time(at),
			s.d.Bool(true), s.d.Bool(true), s.d.Bool(false)); err != nil {
			return err
		}
	}
	return nil
}

// SweepMediaBlobs deletes the blobs no item names, live or deleted. It
// holds the media blobs lock alone (the one writer of SQLite is the lock
// there), so that it waits for the uploads committing and they for it,
// and two sweeps at once run one after the other.
func (s *Store) SweepMediaBlobs(ctx context.Context) (int, error) {
	var n int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.d.Lock(ctx, tx, MediaBlobsLock, false); err != nil {
			return err
		}
		var err error
		n, err = affected(tx.ExecContext(ctx, `DELETE FROM media_blobs WHERE hash NOT IN (SELECT h FROM (`+s.d.MediaBlobsNamed()+`) AS named WHERE h IS NOT NULL)`))
		return err
	})
	if err != nil {
		return 0, s.Fail(ctx, "sweep media blobs", "File", err)
	}
	return int(n), nil
}

// FindMediaBlob returns the public blob with hash; ENOTFOUND when there is
// none.
func (s *Store) FindMediaBlob(ctx context.Context, hash string) (*site.MediaBlob, error) {
	return retried(ctx, s, "find media blob", "File", func() (*site.MediaBlob, error) {
		b := &site.MediaBlob{Hash: hash, Public: true}
		return b, s.read.QueryRowContext(ctx, s.rebind(`SELECT content_type, data FROM media_blobs WHERE hash = ? AND public = ?`), hash, s.d.Bool(true)).
			Scan(&b.ContentType, &b.Data)
	})
}

// ExportMediaBlob returns the blob with hash, public or not; ENOTFOUND
// when there is none.
func (s *Store) ExportMediaBlob(ctx context.Context, hash string) (*site.MediaBlob, error) {
	return retried(ctx, s, "export media blob", "File", func() (*site.MediaBlob, error) {
		b := &site.MediaBlob{Hash: hash}
		return b, s.read.QueryRowContext(ctx, s.rebind(`SELECT content_type, public, data FROM media_blobs WHERE hash = ?`), hash).
			Scan(&b.ContentType, &b.Public, &b.Data)
	})
}

// FindMediaByHash returns the item of the original with hash; ENOTFOUND
// when there is none.
func (s *Store) FindMediaByHash(ctx context.Context, hash string) (*site.MediaItem, error) {
	e := site.Media
	return retried(ctx, s, "find media by hash", e.Noun, func() (*site.MediaItem, error) {
		rec, err := ScanRecord(e, s.read.QueryRowContext(ctx, s.rebind(`SELECT `+Columns(e.Fields())+` FROM `+Quote(e.Table)+` WHERE hash = ?`), hash))
		if err != nil {
			return nil, err
		}
		return rec.(*site.MediaItem), nil
	})
}

// FindMedia returns a page of the media library, newest first, and how
// many items the filter keeps, both from one snapshot.
func (s *Store) FindMedia(ctx context.Context, f site.MediaFilter) ([]*site.MediaItem, int, error) {
	e := site.Media
	var conds []string
	var args []any
	if f.Query != "" {
		conds = append(conds, s.d.Contains("search_text"))
		args = append(args, site.SearchKey(f.Query))
	}
	if f.UsableOnly {
		conds = append(conds, "usable = ?")
		args = append(args, s.d.Bool(true))
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	q := `SELECT ` + Columns(e.Fields()) + ` FROM ` + Quote(e.Table) + where + ` ORDER BY ` + e.OrderBy
	if f.Limit > 0 {
		q += ` LIMIT ` + strconv.Itoa(f.Limit) + ` OFFSET ` + strconv.Itoa(f.Offset)
	}
	return findPage(ctx, s, "find media", e.Noun, `SELECT COUNT(*) FROM `+Quote(e.Table)+where, q, args, func(r Row) (*site.MediaItem, error) {
		rec, err := ScanRecord(e, r)
		m, _ := rec.(*site.MediaItem)
		return m, err
	})
}
