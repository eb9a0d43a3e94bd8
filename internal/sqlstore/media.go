package sqlstore

import (
	"context"
	"database/sql"
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
