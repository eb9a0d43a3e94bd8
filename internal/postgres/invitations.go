package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const invitationColumns = `id, token_hash, username, role, created_by, created_at, expires_at, used_at`

func scanInvitation(row pgx.Row) (*site.Invitation, error) {
	var inv site.Invitation
	err := row.Scan(&inv.ID, &inv.TokenHash, &inv.Username, &inv.Role, &inv.CreatedBy, &inv.CreatedAt, &inv.ExpiresAt, &inv.UsedAt)
	inv.CreatedAt, inv.ExpiresAt = inv.CreatedAt.UTC(), inv.ExpiresAt.UTC()
	if inv.UsedAt != nil {
		t := inv.UsedAt.UTC()
		inv.UsedAt = &t
	}
	return &inv, err
}

// invitationNotFound maps a missing invitation to its message.
func invitationNotFound(op string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s", site.InvitationUnknownMessage)
	}
	return storeError(op, err)
}

// CreateInvitation stores an invitation, replacing an expired unused one
// for the same username (in any case). A transaction-scoped lock on the
// username keeps two invitations for it, sent at once, from both being
// stored.
func (db *DB) CreateInvitation(ctx context.Context, in *site.Invitation) (*site.Invitation, error) {
	var out *site.Invitation
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('invitation:' || lower($1)))`, in.Username); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE lower(username) = lower($1)`, in.Username).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return site.Errorf(site.ECONFLICT, "The username %s is taken; choose another.", in.Username)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM invitations WHERE lower(username) = lower($1) AND used_at IS NULL AND expires_at <= $2`, in.Username, in.CreatedAt); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM invitations WHERE lower(username) = lower($1) AND used_at IS NULL`, in.Username).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return site.Errorf(site.ECONFLICT, "An invitation for %s is waiting already: send a new link from the list of invitations, or withdraw it first.", in.Username)
		}
		var err error
		out, err = scanInvitation(tx.QueryRow(ctx, `INSERT INTO invitations (token_hash, username, role, created_by, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+invitationColumns,
			in.TokenHash, in.Username, in.Role, in.CreatedBy, in.CreatedAt, in.ExpiresAt))
		if err != nil {
			return err
		}
		site.SetAuditID(ctx, out.ID)
		return nil
	})
	if err != nil {
		return nil, storeError("create invitation", err)
	}
	return out, nil
}

// FindInvitations lists the unused invitations, the newest first.
func (db *DB) FindInvitations(ctx context.Context) (out []*site.Invitation, err error) {
	err = db.retryOnConnError(ctx, func() error {
		rows, err := db.pool.Query(ctx, `SELECT `+invitationColumns+` FROM invitations WHERE used_at IS NULL ORDER BY created_at DESC, id DESC`)
		if err != nil {
			return err
		}
		defer rows.Close()
		out = []*site.Invitation{}
		for rows.Next() {
			inv, err := scanInvitation(rows)
			if err != nil {
				return err
			}
			out = append(out, inv)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, storeError("find invitations", err)
	}
	return out, nil
}

// FindInvitationByToken returns the invitation of this token hash.
func (db *DB) FindInvitationByToken(ctx context.Context, hash string) (out *site.Invitation, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = scanInvitation(db.pool.QueryRow(ctx, `SELECT `+invitationColumns+` FROM invitations WHERE token_hash = $1`, hash))
		return err
	})
	if err != nil {
		return nil, invitationNotFound("find invitation", err)
	}
	return out, nil
}

// RenewInvitation gives an unused invitation a new token and expiry.
func (db *DB) RenewInvitation(ctx context.Context, id int64, hash string, expiresAt time.Time) (*site.Invitation, error) {
	var out *site.Invitation
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		out, err = scanInvitation(tx.QueryRow(ctx, `UPDATE invitations SET token_hash = $2, expires_at = $3
			WHERE id = $1 AND used_at IS NULL RETURNING `+invitationColumns, id, hash, expiresAt))
		return err
	})
	if err != nil {
		return nil, invitationNotFound("renew invitation", err)
	}
	return out, nil
}

// DeleteInvitation withdraws an unused invitation.
func (db *DB) DeleteInvitation(ctx context.Context, id int64) error {
	tag, err := db.exec(ctx, `DELETE FROM invitations WHERE id = $1 AND used_at IS NULL`, id)
	if err != nil {
		return storeError("delete invitation", err)
	}
	return requireRow(tag, "Invitation")
}

// AcceptInvitation creates the invitation's user and marks it used; the
// invitation's row is locked, so that a link opened twice at once makes
// one user.
func (db *DB) AcceptInvitation(ctx context.Context, hash, passwordHash string, now time.Time) (*site.User, error) {
	var out *site.User
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		inv, err := scanInvitation(tx.QueryRow(ctx, `SELECT `+invitationColumns+` FROM invitations WHERE token_hash = $1 FOR UPDATE`, hash))
		if err != nil {
			return invitationNotFound("accept invitation", err)
		}
		if err := inv.Usable(now); err != nil {
			return err
		}
		var makerGone bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE username = $1 AND status <> 'active')`, inv.CreatedBy).Scan(&makerGone); err != nil {
			return err
		}
		if makerGone {
			return site.Errorf(site.ENOTFOUND, "%s", site.InvitationUnknownMessage)
		}
		out, err = scanUser(tx.QueryRow(ctx, `INSERT INTO users (username, password, role, status, created_at)
			VALUES ($1, $2, $3, 'active', $4) RETURNING `+userColumns, inv.Username, passwordHash, inv.Role, now))
		if isUnique(err) {
			return site.Errorf(site.ECONFLICT, "The username %s was taken since this invitation was sent. Ask an administrator for a new one.", inv.Username)
		} else if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE invitations SET used_at = $2 WHERE id = $1`, inv.ID, now)
		return err
	})
	if err != nil {
		return nil, storeError("accept invitation", err)
	}
	return out, nil
}
