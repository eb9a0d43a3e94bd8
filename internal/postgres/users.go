package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const userColumns = `id, username, password, role, status, last_login_at, created_at, totp_secret, totp_pending, totp_enabled_at, totp_last_step`

func scanUser(row pgx.Row) (*site.User, error) {
	var u site.User
	err := row.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.Role, &u.Status, &u.LastLoginAt, &u.CreatedAt,
		&u.TOTPSecret, &u.TOTPPending, &u.TOTPEnabledAt, &u.TOTPLastStep)
	return &u, err
}

// CreateUser stores a new user (active, and an administrator when no role
// is given); a username already taken is ECONFLICT.
func (db *DB) CreateUser(ctx context.Context, u *site.User) (*site.User, error) {
	role, status := u.Role, u.Status
	if role == "" {
		role = site.RoleAdmin
	}
	if status == "" {
		status = site.UserActive
	}
	var saved *site.User
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		saved, err = scanUser(tx.QueryRow(ctx, `INSERT INTO users (username, password, role, status, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING `+userColumns,
			u.Username, u.PasswordHash, role, status, db.now()))
		if err != nil {
			return err
		}
		site.SetAuditID(ctx, saved.ID)
		return nil
	})
	if isUnique(err) {
		return nil, site.Errorf(site.ECONFLICT, "The username %q is taken.", u.Username)
	}
	if err != nil {
		return nil, storeError("create user", err)
	}
	return saved, nil
}

// FindUserByUsername returns the user with this username, in any case.
func (db *DB) FindUserByUsername(ctx context.Context, username string) (out *site.User, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findUserByUsername(ctx, username)
		return err
	})
	return out, err
}

func (db *DB) findUserByUsername(ctx context.Context, username string) (*site.User, error) {
	u, err := scanUser(db.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE lower(username) = lower($1)`, username))
	if err != nil {
		return nil, notFound("find user", err, "User")
	}
	return u, nil
}

// FindUserByID returns the user with id.
func (db *DB) FindUserByID(ctx context.Context, id int64) (out *site.User, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findUserByID(ctx, id)
		return err
	})
	return out, err
}

func (db *DB) findUserByID(ctx context.Context, id int64) (*site.User, error) {
	u, err := scanUser(db.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return nil, notFound("find user", err, "User")
	}
	return u, nil
}

// FindUsers lists every user by username.
func (db *DB) FindUsers(ctx context.Context) ([]*site.User, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+userColumns+` FROM users ORDER BY lower(username), id`)
	if err != nil {
		return nil, storeError("find users", err)
	}
	defer rows.Close()
	out := []*site.User{}
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, storeError("find users", err)
		}
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		return nil, storeError("find users", err)
	}
	return out, nil
}

// UpdateUser sets the role and status. The active administrators' rows are
// locked first, so that two changes at once (on any instances) cannot take
// away the last two administrators together: the second waits, then sees
// the first's write.
func (db *DB) UpdateUser(ctx context.Context, id int64, ch site.UserChange) (*site.User, error) {
	var out *site.User
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM users WHERE role = 'admin' AND status = 'active' ORDER BY id FOR UPDATE`)
		if err != nil {
			return err
		}
		admins, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		if ch.Role != site.RoleAdmin || ch.Status != site.UserActive {
			if len(admins) == 1 && admins[0] == id {
				return site.Errorf(site.ECONFLICT, "%s", site.LastAdminMessage)
			}
		}
		tag, err := tx.Exec(ctx, `UPDATE users SET role = $2, status = $3 WHERE id = $1`, id, ch.Role, ch.Status)
		if err != nil {
			return err
		}
		if err := requireRow(tag, "User"); err != nil {
			return err
		}
		// What the user opened to others closes with their account, and with
		// the role that let them open it: their sessions, the invitations
		// they sent and their preview links.
		if ch.Status == site.UserDisabled {
			if _, err := tx.Exec(ctx, `DELETE FROM admin_sessions WHERE user_id = $1 AND id <> $2`, id, ch.KeepSession); err != nil {
				return err
			}
		}
		var closing []string
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermUsers) {
			closing = append(closing, `DELETE FROM invitations WHERE used_at IS NULL AND created_by = (SELECT username FROM users WHERE id = $1)`)
		}
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermContent) {
			closing = append(closing, `DELETE FROM preview_links WHERE created_by = (SELECT username FROM users WHERE id = $1)`)
		}
		for _, q := range closing {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		out, err = scanUser(tx.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
		return err
	})
	if err != nil {
		return nil, notFound("update user", err, "User")
	}
	return out, nil
}

// SetPassword stores a new password hash and revokes every session of the
// user but keep in the same transaction, so no other session outlives the
// old password.
func (db *DB) SetPassword(ctx context.Context, userID int64, hash string, keep int64) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET password = $2 WHERE id = $1`, userID, hash)
		if err != nil {
			return err
		}
		if err := requireRow(tag, "User"); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM admin_sessions WHERE user_id = $1 AND id <> $2`, userID, keep)
		return err
	})
	if err != nil {
		return storeError("set password", err)
	}
	return nil
}

// RecordLogin sets the user's last sign-in.
func (db *DB) RecordLogin(ctx context.Context, userID int64, at time.Time) error {
	if _, err := db.pool.Exec(ctx, `UPDATE users SET last_login_at = $2 WHERE id = $1`, userID, at.UTC()); err != nil {
		return storeError("record login", err)
	}
	return nil
}

// CountUsers returns how many users are stored.
func (db *DB) CountUsers(ctx context.Context) (int, error) {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil {
		return 0, storeError("count users", err)
	}
	return n, nil
}
