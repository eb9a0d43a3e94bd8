package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"meridian/internal/site"
)

const invitationColumns = `id, token_hash, username, role, created_by, created_at, expires_at, used_at, email, mailed_at`

func scanInvitation(r Row) (*site.Invitation, error) {
	var inv site.Invitation
	err := r.Scan(&inv.ID, &inv.TokenHash, &inv.Username, &inv.Role, &inv.CreatedBy, ScanTime(&inv.CreatedAt), ScanTime(&inv.ExpiresAt), ScanNullTime(&inv.UsedAt),
		&inv.Email, ScanNullTime(&inv.MailedAt))
	return &inv, err
}

// invitationFail maps the error of op: no invitation is the one message
// of an invitation that cannot be used.
func (s *Store) invitationFail(ctx context.Context, op string, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return site.Errorf(site.ENOTFOUND, "%s", site.InvitationUnknownMessage)
	}
	return s.Fail(ctx, op, "Invitation", err)
}

// CreateInvitation stores an invitation, replacing an expired unused one
// for the same username (in any case). The lock of the username keeps two
// invitations for it sent at once, on any instances, from both being
// stored.
func (s *Store) CreateInvitation(ctx context.Context, in *site.Invitation) (*site.Invitation, error) {
	var out *site.Invitation
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.d.Lock(ctx, tx, "invitation:"+strings.ToLower(in.Username), false); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM users WHERE lower(username) = lower(?)`), in.Username).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return site.Errorf(site.ECONFLICT, "The username %s is taken; choose another.", in.Username)
		}
		now := s.d.Time(in.CreatedAt.UTC())
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM invitations WHERE lower(username) = lower(?) AND used_at IS NULL AND expires_at <= ?`), in.Username, now); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM invitations WHERE lower(username) = lower(?) AND used_at IS NULL`), in.Username).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return site.Errorf(site.ECONFLICT, "An invitation for %s is waiting already: send a new link from the list of invitations, or withdraw it first.", in.Username)
		}
		var err error
		out, err = scanInvitation(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO invitations (token_hash, username, role, created_by, created_at,
			expires_at, email) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING `+invitationColumns),
			in.TokenHash, in.Username, in.Role, in.CreatedBy, now, s.d.Time(in.ExpiresAt.UTC()), in.Email))
		if err != nil {
			return err
		}
		site.SetAuditID(ctx, out.ID)
		return nil
	})
	if err != nil {
		return nil, s.Fail(ctx, "create invitation", "Invitation", err)
	}
	return out, nil
}

// FindInvitations lists the unused invitations, the newest first.
func (s *Store) FindInvitations(ctx context.Context) ([]*site.Invitation, error) {
	out, err := queryAll(ctx, s, scanInvitation, `SELECT `+invitationColumns+` FROM invitations WHERE used_at IS NULL ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, s.Fail(ctx, "find invitations", "Invitation", err)
	}
	return out, nil
}

// FindInvitationByToken returns the invitation of this token hash.
func (s *Store) FindInvitationByToken(ctx context.Context, hash string) (*site.Invitation, error) {
	out, err := queryOne(ctx, s, scanInvitation, `SELECT `+invitationColumns+` FROM invitations WHERE token_hash = ?`, hash)
	if err != nil {
		return nil, s.invitationFail(ctx, "find invitation", err)
	}
	return out, nil
}

// RenewInvitation gives an unused invitation a new token and expiry.
func (s *Store) RenewInvitation(ctx context.Context, id int64, hash string, expiresAt time.Time) (*site.Invitation, error) {
	var out *site.Invitation
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanInvitation(tx.QueryRowContext(ctx, s.rebind(`UPDATE invitations SET token_hash = ?, expires_at = ?,
			mailed_at = NULL WHERE id = ? AND used_at IS NULL RETURNING `+invitationColumns), hash, s.d.Time(expiresAt.UTC()), id))
		return err
	})
	if err != nil {
		return nil, s.invitationFail(ctx, "renew invitation", err)
	}
	return out, nil
}

// MarkInvitationMailed records when the link of invitation id was mailed.
func (s *Store) MarkInvitationMailed(ctx context.Context, id int64, at time.Time) (*site.Invitation, error) {
	var out *site.Invitation
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanInvitation(tx.QueryRowContext(ctx, s.rebind(`UPDATE invitations SET mailed_at = ? WHERE id = ? AND used_at IS NULL
			RETURNING `+invitationColumns), s.d.Time(at.UTC().Truncate(s.d.Precision())), id))
		return err
	})
	if err != nil {
		return nil, s.invitationFail(ctx, "mark invitation mailed", err)
	}
	return out, nil
}

// DeleteInvitation withdraws an unused invitation.
func (s *Store) DeleteInvitation(ctx context.Context, id int64) error {
	return s.changeOne(ctx, "delete invitation", "Invitation", `DELETE FROM invitations WHERE id = ? AND used_at IS NULL`, id)
}

// AcceptInvitation creates the invitation's user and marks it used. The
// invitation is locked, so that two acceptances at once make one user.
func (s *Store) AcceptInvitation(ctx context.Context, hash, passwordHash string, now time.Time) (*site.User, error) {
	var out *site.User
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		inv, err := scanInvitation(tx.QueryRowContext(ctx, s.rebind(`SELECT `+invitationColumns+` FROM invitations WHERE token_hash = ?`+s.d.ForUpdate()), hash))
		if err != nil {
			return s.invitationFail(ctx, "accept invitation", err)
		}
		if err := inv.Usable(now); err != nil {
			return err
		}
		var makerGone int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM users WHERE username = ? AND status <> 'active'`), inv.CreatedBy).Scan(&makerGone); err != nil {
			return err
		}
		if makerGone > 0 {
			return site.Errorf(site.ENOTFOUND, "%s", site.InvitationUnknownMessage)
		}
		at := s.d.Time(now.UTC())
		out, err = s.scanUser(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO users (username, password, role, status, created_at,
			email, email_verified_at) VALUES (?, ?, ?, 'active', ?, ?, ?) RETURNING `+userColumns), inv.Username, passwordHash, inv.Role, at,
			inv.Email, s.nullTime(inv.MailedAt)))
		if s.isUnique(err) {
			return site.Errorf(site.ECONFLICT, "The username %s was taken since this invitation was sent. Ask an administrator for a new one.", inv.Username)
		} else if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.rebind(`UPDATE invitations SET used_at = ? WHERE id = ?`), at, inv.ID)
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "accept invitation", "Invitation", err)
	}
	return out, nil
}
