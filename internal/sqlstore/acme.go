package sqlstore

import (
	"context"
	"database/sql"
)

// GetACMECache reads the data stored under key, as stored.
func (s *Store) GetACMECache(ctx context.Context, key string) ([]byte, error) {
	return retried(ctx, s, "get acme cache", "ACME cache entry", func() (data []byte, err error) {
		err = s.read.QueryRowContext(ctx, s.rebind(`SELECT data FROM acme_cache WHERE key = ?`), key).Scan(&data)
		return data, err
	})
}

// PutACMECache stores data under key, in place of what was there.
func (s *Store) PutACMECache(ctx context.Context, key string, data []byte) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO acme_cache (key, data, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (key) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`), key, data, s.d.Time(s.nowUTC()))
		return err
	})
	if err != nil {
		return s.Fail(ctx, "put acme cache", "ACME cache entry", err)
	}
	return nil
}

// DeleteACMECache removes key; a key not there is no error.
func (s *Store) DeleteACMECache(ctx context.Context, key string) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM acme_cache WHERE key = ?`), key)
		return err
	})
	if err != nil {
		return s.Fail(ctx, "delete acme cache", "ACME cache entry", err)
	}
	return nil
}
