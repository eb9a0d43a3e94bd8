package sqlstore

import (
	"context"
	"database/sql"
	"strings"

	"meridian/internal/site"
)

// GetPageCheckSettings reads the checks of the page form switched off.
func (s *Store) GetPageCheckSettings(ctx context.Context) (*site.PageCheckSettings, error) {
	return retried(ctx, s, "get page check settings", "Page check settings", func() (*site.PageCheckSettings, error) {
		var off string
		if err := s.read.QueryRowContext(ctx, `SELECT switched_off FROM page_check_settings WHERE id = 1`).Scan(&off); err != nil {
			return nil, err
		}
		st := &site.PageCheckSettings{Checks: site.PageChecks, Off: []string{}}
		if off != "" {
			st.Off = strings.Split(off, "\n")
		}
		return st, nil
	})
}

// UpdatePageCheckSettings replaces the checks switched off.
func (s *Store) UpdatePageCheckSettings(ctx context.Context, st *site.PageCheckSettings) (*site.PageCheckSettings, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		return requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE page_check_settings SET switched_off = ? WHERE id = 1`), strings.Join(st.Off, "\n")))
	})
	if err != nil {
		return nil, s.Fail(ctx, "update page check settings", "Page check settings", err)
	}
	return s.GetPageCheckSettings(ctx)
}
