package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

// assignOwner gives a new lead with the AI interest its owner, chosen by
// site.ChooseOwner among the active users who take leads, and moves the
// round on: the owner takes the next turn. nil when no one takes
// leads. The lock makes leads that arrive at once, on any instances, take
// turns, so that each sees the round the one before it moved.
func (s *Store) assignOwner(ctx context.Context, tx *sql.Tx, interest string) (*int64, error) {
	if err := s.d.Lock(ctx, tx, "lead owner", false); err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT id, username, role, lead_interests, lead_turn FROM users
		WHERE takes_leads = ? AND status = 'active' ORDER BY id`), s.d.Bool(true))
	if err != nil {
		return nil, err
	}
	type taker struct {
		site.LeadTaker
		role string
	}
	all, err := ScanAll(rows, func(r Row) (t taker, err error) {
		return t, r.Scan(&t.ID, &t.Username, &t.role, s.d.ScanList(&t.Interests), &t.Turn)
	})
	if err != nil {
		return nil, err
	}
	var takers []site.LeadTaker
	for _, t := range all {
		if site.MayTakeLeads(t.role) {
			takers = append(takers, t.LeadTaker)
		}
	}
	owner := site.ChooseOwner(takers, interest)
	if owner == nil {
		return nil, nil
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE users SET lead_turn = (SELECT MAX(lead_turn) + 1 FROM users) WHERE id = ?`), owner.ID); err != nil {
		return nil, err
	}
	return &owner.ID, nil
}

// checkOwner refuses (EINVALID, on ownerId) a user who cannot own a lead:
// unknown, disabled, or of a role that may not work on leads.
func (s *Store) checkOwner(ctx context.Context, tx *sql.Tx, id int64) error {
	var role, status string
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT role, status FROM users WHERE id = ?`), id).Scan(&role, &status)
	if err == sql.ErrNoRows || err == nil && (status != site.UserActive || !site.MayTakeLeads(role)) {
		return site.FieldError("ownerId", site.MsgOwnerUnknown)
	}
	return err
}

// recipients reads the lead e-mails' recipients of tx: the owner's (nil
// when ownerID is nil or its owner has no verified address) and the
// active administrators' with one.
func (s *Store) recipients(ctx context.Context, tx *sql.Tx, ownerID *int64) (*site.Recipient, []site.Recipient, error) {
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT `+userColumns+` FROM users WHERE status = 'active'
		AND email_verified_at IS NOT NULL AND email <> '' ORDER BY id`))
	if err != nil {
		return nil, nil, err
	}
	users, err := ScanAll(rows, s.scanUser)
	if err != nil {
		return nil, nil, err
	}
	var owner *site.Recipient
	var admins []site.Recipient
	for _, u := range users {
		if ownerID != nil && u.ID == *ownerID {
			owner = u.Recipient()
		}
		if u.IsAdmin() {
			admins = append(admins, *u.Recipient())
		}
	}
	return owner, admins, nil
}

// staffDeliveries plans the staff e-mails of lead l (site.StaffDeliveries).
func (s *Store) staffDeliveries(ctx context.Context, tx *sql.Tx, l *site.Lead, settings *site.LeadSettings) ([]site.Delivery, error) {
	owner, admins, err := s.recipients(ctx, tx, l.OwnerID)
	if err != nil {
		return nil, err
	}
	return site.StaffDeliveries(l, owner, admins, settings, l.CreatedAt), nil
}

// handOver tells a lead's new owner of it, at now, and gives them the
// reminder still to come; the former owner's is withdrawn.
func (s *Store) handOver(ctx context.Context, tx *sql.Tx, l *site.Lead, now time.Time) error {
	if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM lead_deliveries WHERE lead_id = ? AND kind = 'reminder'
		AND status = 'pending' AND claimed_until IS NULL`), l.ID); err != nil {
		return err
	}
	owner, _, err := s.recipients(ctx, tx, l.OwnerID)
	if err != nil || owner == nil {
		return err
	}
	settings, err := s.getLeadSettings(ctx, tx)
	if err != nil {
		return err
	}
	plan := []site.Delivery{}
	for _, d := range site.StaffDeliveries(l, owner, nil, settings, l.CreatedAt) {
		if d.Kind == site.KindOwner || d.Kind == site.KindReminder && l.FirstResponseAt == nil && d.NextAttemptAt.After(now) {
			plan = append(plan, d)
		}
	}
	_, err = s.queueDeliveries(ctx, tx, l.ID, plan, now)
	return err
}

// sameOwner reports whether a and b name the same owner, or none.
func sameOwner(a, b *int64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// withdrawReminders withdraws the reminder and the alert of lead id not
// yet sent: it is answered, and they have nothing to tell.
func (s *Store) withdrawReminders(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM lead_deliveries WHERE lead_id = ? AND kind IN ('reminder', 'overdue')
		AND status = 'pending' AND claimed_until IS NULL`), id)
	return err
}
