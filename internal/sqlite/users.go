package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const userColumns = `id, username, password, is_admin, created_at`

func scanUser(r rowScanner) (*site.User, error) {
	var u site.User
	err := r.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.IsAdmin, timeValue{&u.CreatedAt})
	return &u, err
}

// CreateUser stores a user; a username already taken is ECONFLICT.
func (db *DB) CreateUser(ctx context.Context, in *site.User) (*site.User, error) {
	var out *site.User
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanUser(tx.QueryRowContext(ctx, `INSERT INTO users (username, password, is_admin, created_at)
			VALUES (?, ?, ?, ?) RETURNING `+userColumns, in.Username, in.PasswordHash, boolInt(in.IsAdmin), formatTime(db.Now())))
		return err
	})
	if isUnique(err) {
		return nil, site.Errorf(site.ECONFLICT, "The username %q is taken.", in.Username)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: create user: %w", err)
	}
	return out, nil
}

// FindUserByUsername returns the user with this username.
func (db *DB) FindUserByUsername(ctx context.Context, username string) (*site.User, error) {
	u, err := scanUser(db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE username = ?`, username))
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

// SetPassword stores a new password hash and revokes every session of the
// user in the same transaction.
func (db *DB) SetPassword(ctx context.Context, userID int64, hash string) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password = ? WHERE id = ?`, hash, userID)
		if err != nil {
			return err
		}
		if err := requireRow(res, "User"); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM admin_sessions WHERE user_id = ?`, userID)
		return err
	})
	if err != nil {
		return notFound("set password", err, "User")
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
