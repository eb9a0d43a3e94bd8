package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

// getBackupSettings reads the backup schedule and its last run through q.
func (s *Store) getBackupSettings(ctx context.Context, q Querier) (*site.BackupSettings, error) {
	var b site.BackupSettings
	err := q.QueryRowContext(ctx, `SELECT every_hours, keep, last_run, last_status, last_message, last_done
		FROM backup_settings WHERE id = 1`).Scan(&b.EveryHours, &b.Keep, ScanNullTime(&b.LastRun), &b.LastStatus,
		&b.LastMessage, ScanNullTime(&b.LastDone))
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// GetBackupSettings reads the backup schedule and its last run.
func (s *Store) GetBackupSettings(ctx context.Context) (*site.BackupSettings, error) {
	return retried(ctx, s, "get backup settings", "Backup settings", func() (*site.BackupSettings, error) {
		return s.getBackupSettings(ctx, s.read)
	})
}

// UpdateBackupSettings replaces the interval and the count of backups
// kept; the last run stays.
func (s *Store) UpdateBackupSettings(ctx context.Context, b *site.BackupSettings) (*site.BackupSettings, error) {
	var out *site.BackupSettings
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE backup_settings SET every_hours = ?, keep = ? WHERE id = 1`),
			b.EveryHours, b.Keep)); err != nil {
			return err
		}
		var err error
		out, err = s.getBackupSettings(ctx, tx)
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update backup settings", "Backup settings", err)
	}
	return out, nil
}

// ClaimBackupRun takes the scheduled backup due at or before now. The
// update names the run it read as the last one: of instances that read the
// same row and claim at once, the first update changes it and the others
// find it changed (PostgreSQL evaluates the condition again on the row the
// first committed; SQLite has one writer at a time).
func (s *Store) ClaimBackupRun(ctx context.Context, now time.Time) (*site.BackupSettings, bool, error) {
	var out *site.BackupSettings
	claimed := false
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		b, err := s.getBackupSettings(ctx, tx)
		if err != nil {
			return err
		}
		due, on := b.Due(now)
		if !on || due.After(now) {
			out = b
			return nil
		}
		due = due.UTC().Truncate(s.d.Precision())
		q := `UPDATE backup_settings SET last_run = ?, last_status = ?, last_message = '', last_done = NULL
			WHERE id = 1 AND every_hours = ? AND `
		args := []any{s.d.Time(due), site.BackupRunning, b.EveryHours}
		if b.LastRun == nil {
			q += `last_run IS NULL`
		} else {
			q += `last_run = ?`
			args = append(args, s.d.Time(*b.LastRun))
		}
		n, err := affected(tx.ExecContext(ctx, s.rebind(q), args...))
		if err != nil || n == 0 {
			out = b
			return err
		}
		claimed = true
		out, err = s.getBackupSettings(ctx, tx)
		return err
	})
	if err != nil {
		return nil, false, s.Fail(ctx, "claim backup run", "Backup settings", err)
	}
	return out, claimed, nil
}

// FinishBackupRun records the end of the run claimed at run, unless a
// later run was claimed since.
func (s *Store) FinishBackupRun(ctx context.Context, run time.Time, status, message string) error {
	_, err := s.execTx(ctx, `UPDATE backup_settings SET last_status = ?, last_message = ?, last_done = ?
		WHERE id = 1 AND last_run = ?`, status, message, s.d.Time(s.nowUTC()), s.d.Time(run.UTC().Truncate(s.d.Precision())))
	if err != nil {
		return s.Fail(ctx, "finish backup run", "Backup settings", err)
	}
	return nil
}
