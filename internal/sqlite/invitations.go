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

const invitationColumns = `id, token_hash, username, role, created_by, created_at, expires_at, used_at`

func scanInvitation(r rowScanner) (*site.Invitation, error) {
	var inv site.Invitation
	err := r.Scan(&inv.ID, &inv.TokenHash, &inv.Username, &inv.Role, &inv.CreatedBy, sqlstore.ScanTime(&inv.CreatedAt), sqlstore.ScanTime(&inv.ExpiresAt), sqlstore.ScanNullTime(&inv.UsedAt))
	return &inv, err
}

// invitationNotFound maps a missing invitation to its message.
func invitationNotFound(op string, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s", site.InvitationUnknownMessage)
	}
	return notFound(op, err, "Invitation")
}

// CreateInvitation stores an invitation, replacing an expired unused one
// for the same username (in any case).
func (db *DB) CreateInvitation(ctx context.Context, in *site.Invitation) (*site.Invitation, error) {
	var out *site.Invitation
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE lower(username) = lower(?)`, in.Username).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return site.Errorf(site.ECONFLICT, "The username %s is taken; choose another.", in.Username)
		}
		now := formatTime(in.CreatedAt)
		if _, err := tx.ExecContext(ctx, `DELETE FROM invitations WHERE lower(username) = lower(?) AND used_at IS NULL AND expires_at <= ?`, in.Username, now); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM invitations WHERE lower(username) = lower(?) AND used_at IS NULL`, in.Username).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return site.Errorf(site.ECONFLICT, "An invitation for %s is waiting already: send a new link from the list of invitations, or withdraw it first.", in.Username)
		}
		var err error
		out, err = scanInvitation(tx.QueryRowContext(ctx, `INSERT INTO invitations (token_hash, username, role, created_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING `+invitationColumns,
			in.TokenHash, in.Username, in.Role, in.CreatedBy, now, formatTime(in.ExpiresAt)))
		if err != nil {
			return err
		}
		site.SetAuditID(ctx, out.ID)
		return nil
	})
	if err != nil {
		return nil, notFound("create invitation", err, "Invitation")
	}
	return out, nil
}

// FindInvitations lists the unused invitations, the newest first.
func (db *DB) FindInvitations(ctx context.Context) ([]*site.Invitation, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+invitationColumns+` FROM invitations WHERE used_at IS NULL ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find invitations: %w", err)
	}
	defer rows.Close()
	out := []*site.Invitation{}
	for rows.Next() {
		inv, err := scanInvitation(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find invitations: %w", err)
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}

// FindInvitationByToken returns the invitation of this token hash.
func (db *DB) FindInvitationByToken(ctx context.Context, hash string) (*site.Invitation, error) {
	inv, err := scanInvitation(db.read.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM invitations WHERE token_hash = ?`, hash))
	if err != nil {
		return nil, invitationNotFound("find invitation", err)
	}
	return inv, nil
}

// RenewInvitation gives an unused invitation a new token and expiry.
func (db *DB) RenewInvitation(ctx context.Context, id int64, hash string, expiresAt time.Time) (*site.Invitation, error) {
	var out *site.Invitation
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanInvitation(tx.QueryRowContext(ctx, `UPDATE invitations SET token_hash = ?, expires_at = ?
			WHERE id = ? AND used_at IS NULL RETURNING `+invitationColumns, hash, formatTime(expiresAt), id))
		return err
	})
	if err != nil {
		return nil, invitationNotFound("renew invitation", err)
	}
	return out, nil
}

// DeleteInvitation withdraws an unused invitation.
func (db *DB) DeleteInvitation(ctx context.Context, id int64) error {
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM invitations WHERE id = ? AND used_at IS NULL`, id)
		if err != nil {
			return err
		}
		return requireRow(res, "Invitation")
	})
	if err != nil {
		return notFound("delete invitation", err, "Invitation")
	}
	return nil
}

// AcceptInvitation creates the invitation's user and marks it used.
func (db *DB) AcceptInvitation(ctx context.Context, hash, passwordHash string, now time.Time) (*site.User, error) {
	var out *site.User
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		inv, err := scanInvitation(tx.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM invitations WHERE token_hash = ?`, hash))
		if err != nil {
			return invitationNotFound("accept invitation", err)
		}
		if err := inv.Usable(now); err != nil {
			return err
		}
		var makerGone int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE username = ? AND status <> 'active'`, inv.CreatedBy).Scan(&makerGone); err != nil {
			return err
		}
		if makerGone > 0 {
			return site.Errorf(site.ENOTFOUND, "%s", site.InvitationUnknownMessage)
		}
		out, err = scanUser(tx.QueryRowContext(ctx, `INSERT INTO users (username, password, role, status, created_at)
			VALUES (?, ?, ?, 'active', ?) RETURNING `+userColumns, inv.Username, passwordHash, inv.Role, formatTime(now)))
		if isUnique(err) {
			return site.Errorf(site.ECONFLICT, "The username %s was taken since this invitation was sent. Ask an administrator for a new one.", inv.Username)
		} else if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE invitations SET used_at = ? WHERE id = ?`, formatTime(now), inv.ID)
		return err
	})
	if err != nil {
		return nil, notFound("accept invitation", err, "Invitation")
	}
	return out, nil
}
