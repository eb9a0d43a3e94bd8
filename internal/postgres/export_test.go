package postgres

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// PutOrphanMediaBlobs stores blobs without an item, as an upload cut off
// between the blobs and the item left them when they were two
// transactions: the state the sweep of blobs clears.
func (db *DB) PutOrphanMediaBlobs(ctx context.Context, blobs []*site.MediaBlob) error {
	return db.InTx(ctx, func(tx *sql.Tx) error { return db.PutMediaBlobs(ctx, tx, blobs, db.now()) })
}

// MediaBlobHashes returns the hashes of every stored blob, public or not.
func (db *DB) MediaBlobHashes(ctx context.Context) ([]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT hash FROM media_blobs ORDER BY hash`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
