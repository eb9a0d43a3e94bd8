package sqlstore

import (
	"context"
	"database/sql"

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
