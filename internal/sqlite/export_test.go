package sqlite

import (
	"context"
	"database/sql"

	"meridian/internal/site"
)

// PutOrphanMediaBlobs stores blobs without an item, as an upload cut off
// between the blobs and the item left them when they were two
// transactions: the state the sweep of blobs clears.
func (db *DB) PutOrphanMediaBlobs(ctx context.Context, blobs []*site.MediaBlob) error {
	return db.InTx(ctx, func(tx *sql.Tx) error { return db.PutMediaBlobs(ctx, tx, blobs, db.Now()) })
}

// MediaBlobHashes returns the hashes of every stored blob, public or not.
func (db *DB) MediaBlobHashes(ctx context.Context) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT hash FROM media_blobs ORDER BY hash`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}
