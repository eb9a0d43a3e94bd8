package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

const userColumns = `id, username, password, role, status, last_login_at, created_at, totp_secret, totp_pending, totp_enabled_at,
	totp_last_step, takes_leads, lead_interests, email, email_verified_at, publisher`

func (s *Store) scanUser(r Row) (*site.User, error) {
	var u site.User
	err := r.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.Role, &u.Status, ScanNullTime(&u.LastLoginAt), ScanTime(&u.CreatedAt),
		&u.TOTPSecret, &u.TOTPPending, ScanNullTime(&u.TOTPEnabledAt), &u.TOTPLastStep, &u.TakesLeads, s.d.ScanList(&u.LeadInterests),
		&u.Email, ScanNullTime(&u.EmailVerifiedAt), &u.Publisher)
	return &u, err
}

// now is the clock's time in UTC at the precision the store keeps, so
// that a value a write returns equals the one read back later.
func (s *Store) nowUTC() time.Time { return s.now().UTC().Truncate(s.d.Precision()) }

// execTx runs the statement q in a transaction of InTx's and returns how
// many rows it changed.
func (s *Store) execTx(ctx context.Context, q string, args ...any) (int64, error) {
	var n int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = affected(tx.ExecContext(ctx, s.rebind(q), args...))
		return err
	})
	return n, err
}

// affected is the count of rows a statement changed.
func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// changeOne runs the statement q in a transaction of its own; it must
// change a row: ENOTFOUND (what not found) when it changes none.
func (s *Store) changeOne(ctx context.Context, op, what, q string, args ...any) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error { return requireRow(tx.ExecContext(ctx, s.rebind(q), args...)) })
	if err != nil {
		return s.Fail(ctx, op, what, err)
	}
	return nil
}

// requireRow turns a statement that changed no row into sql.ErrNoRows,
// which Fail makes ENOTFOUND.
func requireRow(res sql.Result, err error) error {
	n, err := affected(res, err)
	if err == nil && n == 0 {
		return sql.ErrNoRows
	}
	return err
}

// isUnique reports whether err is a violated unique constraint.
func (s *Store) isUnique(err error) bool {
	v := s.d.Violation(err)
	return v != nil && v.Kind == Unique
}

// CreateUser stores a user (active, and an administrator when no role is
// given); a username already taken is ECONFLICT.
func (s *Store) CreateUser(ctx context.Context, in *site.User) (*site.User, error) {
	role, status := in.Role, in.Status
	if role == "" {
		role = site.RoleAdmin
	}
	if status == "" {
		status = site.UserActive
	}
	var out *site.User
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = s.scanUser(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO users (username, password, role, status, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING `+userColumns), in.Username, in.PasswordHash, role, status, s.d.Time(s.nowUTC())))
		if err != nil {
			return err
		}
		site.SetAuditID(ctx, out.ID)
		return nil
	})
	if s.isUnique(err) {
		return nil, site.Errorf(site.ECONFLICT, "The username %q is taken.", in.Username)
	}
	if err != nil {
		return nil, s.Fail(ctx, "create user", "User", err)
	}
	return out, nil
}

// findUser returns the one user the statement q finds.
func (s *Store) findUser(ctx context.Context, q string, arg any) (*site.User, error) {
	out, err := queryOne(ctx, s, s.scanUser, `SELECT `+userColumns+` FROM users WHERE `+q, arg)
	if err != nil {
		return nil, s.Fail(ctx, "find user", "User", err)
	}
	return out, nil
}

// FindUserByUsername returns the user with this username, in any case.
func (s *Store) FindUserByUsername(ctx context.Context, username string) (*site.User, error) {
	return s.findUser(ctx, `lower(username) = lower(?)`, username)
}

// FindUserByID returns the user with this id.
func (s *Store) FindUserByID(ctx context.Context, id int64) (*site.User, error) {
	return s.findUser(ctx, `id = ?`, id)
}

// FindUsers lists every user by username.
func (s *Store) FindUsers(ctx context.Context) ([]*site.User, error) {
	out, err := queryAll(ctx, s, s.scanUser, `SELECT `+userColumns+` FROM users ORDER BY lower(username), id`)
	if err != nil {
		return nil, s.Fail(ctx, "find users", "User", err)
	}
	return out, nil
}

// UpdateUser sets the role and status. The active administrators are read
// first, locked on a database of several writers (the one writer of SQLite
// is the lock there), so that two changes at once, on any instances,
// cannot take away the last two administrators together: the second
// waits, then sees the first's write. site.CheckLastAdmin decides.
func (s *Store) UpdateUser(ctx context.Context, id int64, ch site.UserChange) (*site.User, error) {
	var out *site.User
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id FROM users WHERE role = 'admin' AND status = 'active' ORDER BY id`+s.d.ForUpdate())
		if err != nil {
			return err
		}
		admins, err := ScanAll(rows, func(r Row) (id int64, err error) { return id, r.Scan(&id) })
		if err != nil {
			return err
		}
		if err := site.CheckLastAdmin(admins, id, ch); err != nil {
			return err
		}
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE users SET role = ?, status = ? WHERE id = ?`), ch.Role, ch.Status, id)); err != nil {
			return err
		}
		takes := ch.TakesLeads
		if !site.MayTakeLeads(ch.Role) {
			takes = new(false)
		}
		if takes != nil {
			if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE users SET takes_leads = ? WHERE id = ?`), s.d.Bool(*takes), id); err != nil {
				return err
			}
		}
		if ch.LeadInterests != nil {
			if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE users SET lead_interests = ? WHERE id = ?`), s.d.List(ch.LeadInterests), id); err != nil {
				return err
			}
		}
		publisher := ch.Publisher
		if !site.RoleMay(ch.Role, site.PermContent) {
			publisher = new(false)
		}
		if publisher != nil {
			if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE users SET publisher = ? WHERE id = ?`), s.d.Bool(*publisher), id); err != nil {
				return err
			}
		}
		// What the user opened to others closes with their account, and with
		// the role that let them open it: their sessions, the invitations
		// they sent, their preview links and their calendar feed.
		type stmt struct {
			q    string
			args []any
		}
		var closing []stmt
		if ch.Status == site.UserDisabled {
			closing = append(closing, stmt{`DELETE FROM admin_sessions WHERE user_id = ? AND id <> ?`, []any{id, ch.KeepSession}})
		}
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermUsers) {
			closing = append(closing, stmt{`DELETE FROM invitations WHERE used_at IS NULL AND created_by = (SELECT username FROM users WHERE id = ?)`, []any{id}})
		}
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermContent) {
			closing = append(closing, stmt{`DELETE FROM preview_links WHERE created_by = (SELECT username FROM users WHERE id = ?)`, []any{id}})
		}
		if ch.Status == site.UserDisabled || !site.RoleMay(ch.Role, site.PermLeads) {
			closing = append(closing, stmt{`UPDATE users SET calendar_feed = '' WHERE id = ?`, []any{id}})
		}
		for _, c := range closing {
			if _, err := tx.ExecContext(ctx, s.rebind(c.q), c.args...); err != nil {
				return err
			}
		}
		out, err = s.scanUser(tx.QueryRowContext(ctx, s.rebind(`SELECT `+userColumns+` FROM users WHERE id = ?`), id))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update user", "User", err)
	}
	return out, nil
}

// SetPassword stores a new password hash and revokes every session of the
// user but keep in the same transaction, so that no other session
// outlives the old password.
func (s *Store) SetPassword(ctx context.Context, userID int64, hash string, keep int64) error {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE users SET password = ? WHERE id = ?`), hash, userID)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM admin_sessions WHERE user_id = ? AND id <> ?`), userID, keep)
		return err
	})
	if err != nil {
		return s.Fail(ctx, "set password", "User", err)
	}
	return nil
}

// SetUserEmail sets the user's address, verified or waiting for its link.
func (s *Store) SetUserEmail(ctx context.Context, id int64, ch site.EmailChange) (*site.User, error) {
	var out *site.User
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = s.scanUser(tx.QueryRowContext(ctx, s.rebind(`UPDATE users SET email = ?, email_verified_at = ?, email_token = ?,
			email_token_expires_at = ? WHERE id = ? RETURNING `+userColumns), ch.Email, s.nullTime(ch.VerifiedAt), ch.TokenHash,
			s.nullTime(ch.ExpiresAt), id))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "set user e-mail", "User", err)
	}
	return out, nil
}

// VerifyUserEmail verifies the address waiting for the link of hash, once.
func (s *Store) VerifyUserEmail(ctx context.Context, hash string, now time.Time) (*site.User, error) {
	var out *site.User
	now = now.UTC().Truncate(s.d.Precision())
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = s.scanUser(tx.QueryRowContext(ctx, s.rebind(`UPDATE users SET email_verified_at = ?, email_token = '',
			email_token_expires_at = NULL WHERE email_token = ? AND email_token <> '' AND email_token_expires_at > ?
			RETURNING `+userColumns), s.d.Time(now), hash, s.d.Time(now)))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "verify user e-mail", "User", err)
	}
	return out, nil
}

// RecordLogin sets the user's last sign-in.
func (s *Store) RecordLogin(ctx context.Context, userID int64, at time.Time) error {
	if _, err := s.execTx(ctx, `UPDATE users SET last_login_at = ? WHERE id = ?`, s.d.Time(at.UTC()), userID); err != nil {
		return s.Fail(ctx, "record login", "User", err)
	}
	return nil
}

// CountUsers counts every user.
func (s *Store) CountUsers(ctx context.Context) (n int, err error) {
	err = s.retry(ctx, func() error {
		return s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	})
	if err != nil {
		return 0, s.Fail(ctx, "count users", "User", err)
	}
	return n, nil
}
