package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

// SetPendingTOTP keeps a secret waiting for its first code.
func (db *DB) SetPendingTOTP(ctx context.Context, userID int64, secret string) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET totp_pending = ? WHERE id = ?`, secret, userID)
		if err != nil {
			return err
		}
		return requireRow(res, "User")
	})
	if err != nil {
		return notFound("set pending totp", err, "User")
	}
	return nil
}

// EnableTOTP makes the pending secret the user's and replaces the recovery
// codes, in one transaction.
func (db *DB) EnableTOTP(ctx context.Context, userID int64, secret string, step int64, codeHashes []string, at time.Time) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET totp_secret = totp_pending, totp_pending = '', totp_enabled_at = ?, totp_last_step = ?
			WHERE id = ? AND totp_pending = ? AND totp_pending <> ''`, formatTime(at), step, userID, secret)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return site.Errorf(site.ECONFLICT, "This enrolment was replaced by another; scan the new QR code.")
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
	if err != nil {
		return notFound("enable totp", err, "User")
	}
	return nil
}

// DisableTOTP forgets the user's secrets and recovery codes.
func (db *DB) DisableTOTP(ctx context.Context, userID int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET totp_secret = '', totp_pending = '', totp_enabled_at = NULL, totp_last_step = 0 WHERE id = ?`, userID)
		if err != nil {
			return err
		}
		if err := requireRow(res, "User"); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID)
		return err
	})
	if err != nil {
		return notFound("disable totp", err, "User")
	}
	return nil
}

// UseTOTPStep records step as the last used, if it is later than the last.
func (db *DB) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	var n int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, userID, step)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return false, fmt.Errorf("sqlite: use totp step: %w", err)
	}
	return n == 1, nil
}

// UseRecoveryCode marks the user's code of this hash used.
func (db *DB) UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (site.RecoveryCodeUse, error) {
	out := site.RecoveryCodeUnknown
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var used sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT used_at FROM recovery_codes WHERE user_id = ? AND code_hash = ?`, userID, hash).Scan(&used)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		if used.Valid {
			out = site.RecoveryCodeUsed
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ?`, formatTime(at), userID, hash); err != nil {
			return err
		}
		out = site.RecoveryCodeOK
		return nil
	})
	if err != nil {
		return site.RecoveryCodeUnknown, fmt.Errorf("sqlite: use recovery code: %w", err)
	}
	return out, nil
}

// CountRecoveryCodes counts the user's unused recovery codes.
func (db *DB) CountRecoveryCodes(ctx context.Context, userID int64) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count recovery codes: %w", err)
	}
	return n, nil
}

// CreateLoginChallenge stores a challenge by the hash of its token.
func (db *DB) CreateLoginChallenge(ctx context.Context, c *site.LoginChallenge) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO login_challenges (token_hash, user_id, purpose, expires_at) VALUES (?, ?, ?, ?)`,
			c.TokenHash, c.UserID, c.Purpose, formatTime(c.ExpiresAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: create login challenge: %w", err)
	}
	return nil
}

// FindLoginChallenge returns the challenge with this token hash.
func (db *DB) FindLoginChallenge(ctx context.Context, hash string) (*site.LoginChallenge, error) {
	var c site.LoginChallenge
	err := db.read.QueryRowContext(ctx, `SELECT token_hash, user_id, purpose, expires_at FROM login_challenges WHERE token_hash = ?`, hash).
		Scan(&c.TokenHash, &c.UserID, &c.Purpose, sqlstore.ScanTime(&c.ExpiresAt))
	if err != nil {
		return nil, notFound("find login challenge", err, "Challenge")
	}
	return &c, nil
}

// DeleteLoginChallenge ends a challenge; false when it was gone already.
func (db *DB) DeleteLoginChallenge(ctx context.Context, hash string) (bool, error) {
	var n int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE token_hash = ?`, hash)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return false, fmt.Errorf("sqlite: delete login challenge: %w", err)
	}
	return n == 1, nil
}

// DeleteExpiredLoginChallenges deletes the challenges ended by now.
func (db *DB) DeleteExpiredLoginChallenges(ctx context.Context, now time.Time) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE expires_at <= ?`, formatTime(now))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete expired login challenges: %w", err)
	}
	return nil
}

// GetSecuritySettings reads the sign-in rules.
func (db *DB) GetSecuritySettings(ctx context.Context) (*site.SecuritySettings, error) {
	var s site.SecuritySettings
	if err := db.read.QueryRowContext(ctx, `SELECT require_two_factor FROM security_settings WHERE id = 1`).Scan(&s.RequireTwoFactor); err != nil {
		return nil, fmt.Errorf("sqlite: get security settings: %w", err)
	}
	return &s, nil
}

// UpdateSecuritySettings replaces the sign-in rules.
func (db *DB) UpdateSecuritySettings(ctx context.Context, s *site.SecuritySettings) (*site.SecuritySettings, error) {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE security_settings SET require_two_factor = ? WHERE id = 1`, boolInt(s.RequireTwoFactor))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: update security settings: %w", err)
	}
	return db.GetSecuritySettings(ctx)
}

// ReplaceRecoveryCodes makes these hashes the user's recovery codes.
func (db *DB) ReplaceRecoveryCodes(ctx context.Context, userID int64, codeHashes []string) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return site.Errorf(site.ENOTFOUND, "User not found.")
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
	if err != nil {
		return notFound("replace recovery codes", err, "User")
	}
	return nil
}

func replaceRecoveryCodes(ctx context.Context, tx *sql.Tx, userID int64, codeHashes []string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	for _, h := range codeHashes {
		if _, err := tx.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`, userID, h); err != nil {
			return err
		}
	}
	return nil
}
