package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const userColumns = `id, username, password, is_admin, created_at`

func scanUser(row pgx.Row) (*site.User, error) {
	var u site.User
	err := row.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.IsAdmin, &u.CreatedAt)
	return &u, err
}

// CreateUser stores a new user; a username already taken is ECONFLICT.
func (db *DB) CreateUser(ctx context.Context, u *site.User) (*site.User, error) {
	saved, err := scanUser(db.pool.QueryRow(ctx, `INSERT INTO users (username, password, is_admin, created_at)
		VALUES ($1, $2, $3, $4) RETURNING `+userColumns,
		u.Username, u.PasswordHash, u.IsAdmin, db.now()))
	if isUnique(err) {
		return nil, site.Errorf(site.ECONFLICT, "The username %q is taken.", u.Username)
	}
	if err != nil {
		return nil, storeError("create user", err)
	}
	return saved, nil
}

// FindUserByUsername returns the user with exactly this username.
func (db *DB) FindUserByUsername(ctx context.Context, username string) (out *site.User, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findUserByUsername(ctx, username)
		return err
	})
	return out, err
}

func (db *DB) findUserByUsername(ctx context.Context, username string) (*site.User, error) {
	u, err := scanUser(db.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE username = $1`, username))
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

// SetPassword stores a new password hash and revokes every session of the
// user in the same transaction, so no session outlives the old password.
func (db *DB) SetPassword(ctx context.Context, userID int64, hash string) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET password = $2 WHERE id = $1`, userID, hash)
		if err != nil {
			return err
		}
		if err := requireRow(tag, "User"); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM admin_sessions WHERE user_id = $1`, userID)
		return err
	})
	if err != nil {
		return storeError("set password", err)
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
