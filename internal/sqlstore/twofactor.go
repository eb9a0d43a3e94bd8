package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

// SetPendingTOTP keeps a secret waiting for its first code.
func (s *Store) SetPendingTOTP(ctx context.Context, userID int64, secret string) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		return requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE users SET totp_pending = ? WHERE id = ?`), secret, userID))
	})
	if err != nil {
		return s.Fail(ctx, "set pending totp", "User", err)
	}
	return nil
}

// EnableTOTP makes the pending secret the user's and replaces the recovery
// codes, in one transaction. ECONFLICT when the pending secret is no
// longer secret: another enrolment replaced it.
func (s *Store) EnableTOTP(ctx context.Context, userID int64, secret string, step int64, codeHashes []string, at time.Time) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		n, err := affected(tx.ExecContext(ctx, s.rebind(`UPDATE users SET totp_secret = totp_pending, totp_pending = '', totp_enabled_at = ?, totp_last_step = ?
			WHERE id = ? AND totp_pending = ? AND totp_pending <> ''`), s.d.Time(at.UTC()), step, userID, secret))
		if err != nil {
			return err
		}
		if n == 0 {
			return site.Errorf(site.ECONFLICT, "This enrolment was replaced by another; scan the new QR code.")
		}
		return s.replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
	if err != nil {
		return s.Fail(ctx, "enable totp", "User", err)
	}
	return nil
}

// DisableTOTP forgets the user's secrets and recovery codes.
func (s *Store) DisableTOTP(ctx context.Context, userID int64) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE users SET totp_secret = '', totp_pending = '', totp_enabled_at = NULL, totp_last_step = 0 WHERE id = ?`), userID)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM recovery_codes WHERE user_id = ?`), userID)
		return err
	})
	if err != nil {
		return s.Fail(ctx, "disable totp", "User", err)
	}
	return nil
}

// UseTOTPStep records step as the last used, if it is later than the last;
// false when it is not (a code used already).
func (s *Store) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	n, err := s.execTx(ctx, `UPDATE users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, userID, step)
	if err != nil {
		return false, s.Fail(ctx, "use totp step", "User", err)
	}
	return n == 1, nil
}

// UseRecoveryCode marks the user's code of this hash used, once.
func (s *Store) UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (site.RecoveryCodeUse, error) {
	out := site.RecoveryCodeUnknown
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		n, err := affected(tx.ExecContext(ctx, s.rebind(`UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`),
			s.d.Time(at.UTC()), userID, hash))
		if err != nil {
			return err
		}
		if n == 1 {
			out = site.RecoveryCodeOK
			return nil
		}
		var known int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND code_hash = ?`), userID, hash).Scan(&known); err != nil {
			return err
		}
		if known > 0 {
			out = site.RecoveryCodeUsed
		}
		return nil
	})
	if err != nil {
		return site.RecoveryCodeUnknown, s.Fail(ctx, "use recovery code", "User", err)
	}
	return out, nil
}

// CountRecoveryCodes counts the user's unused recovery codes.
func (s *Store) CountRecoveryCodes(ctx context.Context, userID int64) (n int, err error) {
	err = s.retry(ctx, func() error {
		return s.read.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL`), userID).Scan(&n)
	})
	if err != nil {
		return 0, s.Fail(ctx, "count recovery codes", "User", err)
	}
	return n, nil
}

// ReplaceRecoveryCodes makes these hashes the user's recovery codes.
func (s *Store) ReplaceRecoveryCodes(ctx context.Context, userID int64, codeHashes []string) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT id FROM users WHERE id = ?`+s.d.ForUpdate()), userID).Scan(&id); err != nil {
			return err
		}
		return s.replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
	if err != nil {
		return s.Fail(ctx, "replace recovery codes", "User", err)
	}
	return nil
}

func (s *Store) replaceRecoveryCodes(ctx context.Context, tx *sql.Tx, userID int64, codeHashes []string) error {
	if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM recovery_codes WHERE user_id = ?`), userID); err != nil {
		return err
	}
	for _, h := range codeHashes {
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`), userID, h); err != nil {
			return err
		}
	}
	return nil
}

// CreateLoginChallenge stores a challenge by the hash of its token.
func (s *Store) CreateLoginChallenge(ctx context.Context, c *site.LoginChallenge) error {
	if _, err := s.execTx(ctx, `INSERT INTO login_challenges (token_hash, user_id, purpose, expires_at) VALUES (?, ?, ?, ?)`,
		c.TokenHash, c.UserID, c.Purpose, s.d.Time(c.ExpiresAt.UTC())); err != nil {
		return s.Fail(ctx, "create login challenge", "Challenge", err)
	}
	return nil
}

// FindLoginChallenge returns the challenge with this token hash.
func (s *Store) FindLoginChallenge(ctx context.Context, hash string) (*site.LoginChallenge, error) {
	var c site.LoginChallenge
	err := s.retry(ctx, func() error {
		return s.read.QueryRowContext(ctx, s.rebind(`SELECT token_hash, user_id, purpose, expires_at FROM login_challenges WHERE token_hash = ?`), hash).
			Scan(&c.TokenHash, &c.UserID, &c.Purpose, ScanTime(&c.ExpiresAt))
	})
	if err != nil {
		return nil, s.Fail(ctx, "find login challenge", "Challenge", err)
	}
	return &c, nil
}

// DeleteLoginChallenge ends a challenge; false when it was gone already.
func (s *Store) DeleteLoginChallenge(ctx context.Context, hash string) (bool, error) {
	n, err := s.execTx(ctx, `DELETE FROM login_challenges WHERE token_hash = ?`, hash)
	if err != nil {
		return false, s.Fail(ctx, "delete login challenge", "Challenge", err)
	}
	return n == 1, nil
}

// DeleteExpiredLoginChallenges deletes the challenges ended by now.
func (s *Store) DeleteExpiredLoginChallenges(ctx context.Context, now time.Time) error {
	if _, err := s.execTx(ctx, `DELETE FROM login_challenges WHERE expires_at <= ?`, s.d.Time(now.UTC())); err != nil {
		return s.Fail(ctx, "delete expired login challenges", "Challenge", err)
	}
	return nil
}

// GetSecuritySettings reads the sign-in rules.
func (s *Store) GetSecuritySettings(ctx context.Context) (*site.SecuritySettings, error) {
	var st site.SecuritySettings
	err := s.retry(ctx, func() error {
		return s.read.QueryRowContext(ctx, `SELECT require_two_factor FROM security_settings WHERE id = 1`).Scan(&st.RequireTwoFactor)
	})
	if err != nil {
		return nil, s.Fail(ctx, "get security settings", "Security settings", err)
	}
	return &st, nil
}

// UpdateSecuritySettings replaces the sign-in rules.
func (s *Store) UpdateSecuritySettings(ctx context.Context, st *site.SecuritySettings) (*site.SecuritySettings, error) {
	if _, err := s.execTx(ctx, `UPDATE security_settings SET require_two_factor = ? WHERE id = 1`, s.d.Bool(st.RequireTwoFactor)); err != nil {
		return nil, s.Fail(ctx, "update security settings", "Security settings", err)
	}
	return s.GetSecuritySettings(ctx)
}
