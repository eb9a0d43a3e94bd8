package sqlstore

import (
	"context"
	"database/sql"

	"meridian/internal/site"
)

// getMailSettings reads the saved mail settings through q.
func (s *Store) getMailSettings(ctx context.Context, q Querier) (*site.MailSettings, error) {
	var m site.MailSettings
	err := q.QueryRowContext(ctx, `SELECT host, port, username, password, from_address, tls, updated_at
		FROM mail_settings WHERE id = 1`).Scan(&m.Host, &m.Port, &m.Username, &m.Password, &m.From, &m.TLS, ScanNullTime(&m.UpdatedAt))
	if err != nil {
		return nil, err
	}
	m.PasswordSet = m.Password != ""
	return &m, nil
}

// GetMailSettings reads the saved mail settings, the password as stored.
func (s *Store) GetMailSettings(ctx context.Context) (*site.MailSettings, error) {
	return retried(ctx, s, "get mail settings", "Mail settings", func() (*site.MailSettings, error) {
		return s.getMailSettings(ctx, s.read)
	})
}

// UpdateMailSettings replaces the saved mail settings, the password as
// given.
func (s *Store) UpdateMailSettings(ctx context.Context, m *site.MailSettings) (*site.MailSettings, error) {
	var out *site.MailSettings
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE mail_settings SET host = ?, port = ?, username = ?,
			password = ?, from_address = ?, tls = ?, updated_at = ? WHERE id = 1`), m.Host, m.Port, m.Username,
			m.Password, m.From, m.TLS, s.d.Time(s.now()))); err != nil {
			return err
		}
		var err error
		out, err = s.getMailSettings(ctx, tx)
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update mail settings", "Mail settings", err)
	}
	return out, nil
}
