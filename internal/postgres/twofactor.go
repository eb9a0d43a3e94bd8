package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// SetPendingTOTP keeps a secret waiting for its first code.
func (db *DB) SetPendingTOTP(ctx context.Context, userID int64, secret string) error {
	tag, err := db.exec(ctx, `UPDATE users SET totp_pending = $2 WHERE id = $1`, userID, secret)
	if err != nil {
		return storeError("set pending totp", err)
	}
	return requireRow(tag, "User")
}

// EnableTOTP makes the pending secret the user's and replaces the recovery
// codes, in one transaction.
func (db *DB) EnableTOTP(ctx context.Context, userID int64, secret string, step int64, codeHashes []string, at time.Time) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET totp_secret = totp_pending, totp_pending = '', totp_enabled_at = $3, totp_last_step = $4
			WHERE id = $1 AND totp_pending = $2 AND totp_pending <> ''`, userID, secret, at.UTC(), step)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return site.Errorf(site.ECONFLICT, "This enrolment was replaced by another; scan the new QR code.")
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
	if err != nil {
		return storeError("enable totp", err)
	}
	return nil
}

// DisableTOTP forgets the user's secrets and recovery codes.
func (db *DB) DisableTOTP(ctx context.Context, userID int64) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET totp_secret = '', totp_pending = '', totp_enabled_at = NULL, totp_last_step = 0 WHERE id = $1`, userID)
		if err != nil {
			return err
		}
		if err := requireRow(tag, "User"); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID)
		return err
	})
	if err != nil {
		return storeError("disable totp", err)
	}
	return nil
}

// UseTOTPStep records step as the last used, if it is later than the last:
// one conditional update, so of two requests with one code only one passes.
func (db *DB) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	tag, err := db.pool.Exec(ctx, `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2`, userID, step)
	if err != nil {
		return false, storeError("use totp step", err)
	}
	return tag.RowsAffected() == 1, nil
}

// UseRecoveryCode marks the user's code of this hash used: one conditional
// update, so of two requests with one code only one passes.
func (db *DB) UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (site.RecoveryCodeUse, error) {
	tag, err := db.pool.Exec(ctx, `UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`, userID, hash, at.UTC())
	if err != nil {
		return site.RecoveryCodeUnknown, storeError("use recovery code", err)
	}
	if tag.RowsAffected() == 1 {
		return site.RecoveryCodeOK, nil
	}
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND code_hash = $2`, userID, hash).Scan(&n); err != nil {
		return site.RecoveryCodeUnknown, storeError("use recovery code", err)
	}
	if n > 0 {
		return site.RecoveryCodeUsed, nil
	}
	return site.RecoveryCodeUnknown, nil
}

// CountRecoveryCodes counts the user's unused recovery codes.
func (db *DB) CountRecoveryCodes(ctx context.Context, userID int64) (int, error) {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`, userID).Scan(&n); err != nil {
		return 0, storeError("count recovery codes", err)
	}
	return n, nil
}

// CreateLoginChallenge stores a challenge by the hash of its token.
func (db *DB) CreateLoginChallenge(ctx context.Context, c *site.LoginChallenge) error {
	if _, err := db.pool.Exec(ctx, `INSERT INTO login_challenges (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
		c.TokenHash, c.UserID, c.Purpose, c.ExpiresAt.UTC()); err != nil {
		return storeError("create login challenge", err)
	}
	return nil
}

// FindLoginChallenge returns the challenge with this token hash.
func (db *DB) FindLoginChallenge(ctx context.Context, hash string) (*site.LoginChallenge, error) {
	var c site.LoginChallenge
	err := db.pool.QueryRow(ctx, `SELECT token_hash, user_id, purpose, expires_at FROM login_challenges WHERE token_hash = $1`, hash).
		Scan(&c.TokenHash, &c.UserID, &c.Purpose, &c.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, site.Errorf(site.ENOTFOUND, "Challenge not found.")
	} else if err != nil {
		return nil, storeError("find login challenge", err)
	}
	return &c, nil
}

// DeleteLoginChallenge ends a challenge; false when it was gone already.
func (db *DB) DeleteLoginChallenge(ctx context.Context, hash string) (bool, error) {
	tag, err := db.pool.Exec(ctx, `DELETE FROM login_challenges WHERE token_hash = $1`, hash)
	if err != nil {
		return false, storeError("delete login challenge", err)
	}
	return tag.RowsAffected() == 1, nil
}

// DeleteExpiredLoginChallenges deletes the challenges ended by now.
func (db *DB) DeleteExpiredLoginChallenges(ctx context.Context, now time.Time) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM login_challenges WHERE expires_at <= $1`, now.UTC()); err != nil {
		return storeError("delete expired login challenges", err)
	}
	return nil
}

// GetSecuritySettings reads the sign-in rules.
func (db *DB) GetSecuritySettings(ctx context.Context) (*site.SecuritySettings, error) {
	var s site.SecuritySettings
	if err := db.pool.QueryRow(ctx, `SELECT require_two_factor FROM security_settings WHERE id = 1`).Scan(&s.RequireTwoFactor); err != nil {
		return nil, storeError("get security settings", err)
	}
	return &s, nil
}

// UpdateSecuritySettings replaces the sign-in rules.
func (db *DB) UpdateSecuritySettings(ctx context.Context, s *site.SecuritySettings) (*site.SecuritySettings, error) {
	if _, err := db.exec(ctx, `UPDATE security_settings SET require_two_factor = $1 WHERE id = 1`, s.RequireTwoFactor); err != nil {
		return nil, storeError("update security settings", err)
	}
	return db.GetSecuritySettings(ctx)
}

// ReplaceRecoveryCodes makes these hashes the user's recovery codes; the
// user's row is locked, so that two replacements at once leave one set.
func (db *DB) ReplaceRecoveryCodes(ctx context.Context, userID int64, codeHashes []string) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(&id); err != nil {
			return err
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
	if err != nil {
		return notFound("replace recovery codes", err, "User")
	}
	return nil
}

func replaceRecoveryCodes(ctx context.Context, tx pgx.Tx, userID int64, codeHashes []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, userID, codeHashes)
	return err
}
