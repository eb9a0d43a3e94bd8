package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlstore"
)

const userColumns = `id, username, password, role, status, last_login_at, created_at, totp_secret, totp_pending, totp_enabled_at, totp_last_step`

func scanUser(r rowScanner) (*site.User, error) {
	var u site.User
	err := r.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.Role, &u.Status, sqlstore.ScanNullTime(&u.LastLoginAt), sqlstore.ScanTime(&u.CreatedAt),
		&u.TOTPSecret, &u.TOTPPending, sqlstore.ScanNullTime(&u.TOTPEnabledAt), &u.TOTPLastStep)
	return &u, err
}

// CreateUser stores a user (active, and an administrator when no role is
// given); a username already taken is ECONFLICT.
func (db *DB) CreateUser(ctx context.Context, in *site.User) (*site.User, error) {
	role, status := in.Role, in.Status
	if role == "" {
		role = site.RoleAdmin
	}
	if status == "" {
		status = site.UserActive
	}
	var out *site.User
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanUser(tx.QueryRowContext(ctx, `INSERT INTO users (username, password, role, status, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING `+userColumns, in.Username, in.PasswordHash, role, status, formatTime(db.Now())))
		if err != nil {
			return err
		}
		site.SetAuditID(ctx, out.ID)
		return nil
	})
	if isUnique(err) {
		return nil, site.Errorf(site.ECONFLICT, "The username %q is taken.", in.Username)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: create user: %w", err)
	}
	return out, nil
}

// FindUserByUsername returns the user with this username, in any case.
func (db *DB) FindUserByUsername(ctx context.Context, username string) (*site.User, error) {
	u, err := scanUser(db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE lower(username) = lower(?)`, username))
	if err != nil {
		return nil, notFound("find user", err, "User")
	}
	return u, nil
}

// FindUserByID returns the user with this id.
func (db *DB) FindUserByID(ctx context.Context, id int64) (*site.User, error) {
	u, err := scanUser(db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if err != nil {
		return nil, notFound("find user", err, "User")
	}
	return u, nil
}

// FindUsers lists every user by username.
func (db *DB) FindUsers(ctx context.Context) ([]*site.User, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+userColumns+` FROM users ORDER BY username COLLATE NOCASE, id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find users: %w", err)
	}
	defer rows.Close()
	out := []*site.User{}
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find users: %w", err)
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// UpdateUser sets the role and status; the one write connection makes the
// check of the remaining administrators and the write one step.
func (db *DB) UpdateUser(ctx context.Context, id int64, ch site.UserChange) (*site.User, error) {
	var out *site.User
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		if ch.Role != site.RoleAdmin || ch.Status != site.UserActive {
			var others int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = 'admin' AND status = 'active' AND id <> ?`, id).Scan(&others); err != nil {
				return err
			}
			var was int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE id = ? AND role = 'admin' AND status = 'active'`, id).Scan(&was); err != nil {
				return err
			}
			if was == 1 && others == 0 {
				return site.Errorf(site.ECONFLICT, "%s", site.LastAdminMessage)
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET role = ?, status = ? WHERE id = ?`, ch.Role, ch.Status, id)
		if err != nil {
			return err
		}
		if err := requireRow(res, "User"); err != nil {
			return err
		}
		// What the user opened to others closes with their account, and with
		// the role that let them open it: their sessions, the invitations
		// they sent and their preview links.
		var closing []string
		if ch.Status == site.UserDisabled {
			closing = append(closing, `DELETE FROM admin_sessions WHERE user_id = ?1 AND id <> ?2`)
		}
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermUsers) {
			closing = append(closing, `DELETE FROM invitations WHERE used_at IS NULL AND created_by = (SELECT username FROM users WHERE id = ?1)`)
		}
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermContent) {
			closing = append(closing, `DELETE FROM preview_links WHERE created_by = (SELECT username FROM users WHERE id = ?1)`)
		}
		for _, q := range closing {
			if _, err := tx.ExecContext(ctx, q, id, ch.KeepSession); err != nil {
				return err
			}
		}
		out, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
		return err
	})
	if err != nil {
		return nil, notFound("update user", err, "User")
	}
	return out, nil
}

// SetPassword stores a new password hash and revokes every session of the
// user but keep in the same transaction.
func (db *DB) SetPassword(ctx context.Context, userID int64, hash string, keep int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password = ? WHERE id = ?`, hash, userID)
		if err != nil {
			return err
		}
		if err := requireRow(res, "User"); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE user_id = ? AND id <> ?`, userID, keep)
		return err
	})
	if err != nil {
		return notFound("set password", err, "User")
	}
	return nil
}

// RecordLogin sets the user's last sign-in.
func (db *DB) RecordLogin(ctx context.Context, userID int64, at time.Time) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE users SET last_login_at = ? WHERE id = ?`, formatTime(at), userID)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: record login: %w", err)
	}
	return nil
}

// CountUsers counts every user.
func (db *DB) CountUsers(ctx context.Context) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count users: %w", err)
	}
	return n, nil
}
