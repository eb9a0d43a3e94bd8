package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

const activityColumns = `id, lead_id, kind, user_id, username, text, from_value, to_value, created_at, updated_at`

// scanActivity reads one row of activityColumns.
func scanActivity(r Row) (*site.LeadActivity, error) {
	a := &site.LeadActivity{}
	var uid sql.NullInt64
	if err := r.Scan(&a.ID, &a.LeadID, &a.Kind, &uid, &a.Username, &a.Text, &a.From, &a.To,
		ScanTime(&a.CreatedAt), ScanTime(&a.UpdatedAt)); err != nil {
		return nil, err
	}
	if uid.Valid {
		a.UserID = &uid.Int64
	}
	return a, nil
}

// insertActivity adds the entry a, written at now, in tx.
func (s *Store) insertActivity(ctx context.Context, tx *sql.Tx, a *site.LeadActivity, now time.Time) (*site.LeadActivity, error) {
	return scanActivity(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO lead_activity (lead_id, kind, user_id, username, text,
		from_value, to_value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+activityColumns),
		a.LeadID, a.Kind, a.UserID, a.Username, a.Text, a.From, a.To, s.d.Time(now), s.d.Time(now)))
}

// attachActivity reads the timelines of leads, newest first, in one query.
// Only the answers about one lead carry them.
func (s *Store) attachActivity(ctx context.Context, q Querier, leads []*site.Lead) error {
	if len(leads) == 0 {
		return nil
	}
	byID := make(map[int64]*site.Lead, len(leads))
	ids := make([]int64, len(leads))
	for i, l := range leads {
		l.Activity = []*site.LeadActivity{}
		byID[l.ID] = l
		ids[i] = l.ID
	}
	rows, err := q.QueryContext(ctx, s.rebind(`SELECT `+activityColumns+` FROM lead_activity WHERE `+
		s.d.IDIn("lead_id", len(ids))+` ORDER BY id DESC`), s.d.IDArgs(ids)...)
	if err != nil {
		return err
	}
	list, err := ScanAll(rows, scanActivity)
	for _, a := range list {
		l := byID[a.LeadID]
		l.Activity = append(l.Activity, a)
	}
	return err
}

// author is the user id of by as the user_id column takes it: nil for
// the site itself.
func author(by site.Actor) *int64 {
	if by.UserID == 0 {
		return nil
	}
	id := by.UserID
	return &id
}

// AddLeadActivity adds an entry staff wrote to a lead.
func (s *Store) AddLeadActivity(ctx context.Context, leadID int64, in site.ActivityInput, by site.Actor, now time.Time) (*site.LeadActivity, error) {
	if now.IsZero() {
		now = s.now()
	}
	now = now.UTC().Truncate(s.d.Precision())
	var out *site.LeadActivity
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		// The lead must be there, and stay until the entry is in.
		l, err := s.scanLead(tx.QueryRowContext(ctx, s.rebind(`SELECT `+leadColumns+` FROM contact_submissions WHERE id = ?`+s.d.ForUpdate()), leadID))
		if err != nil {
			return err
		}
		if out, err = s.insertActivity(ctx, tx, &site.LeadActivity{LeadID: leadID, Kind: in.Kind, UserID: author(by),
			Username: by.Username, Text: in.Text}, now); err != nil {
			return err
		}
		if !l.RespondsWith(by.UserID, in.Kind) {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE contact_submissions SET first_response_at = ? WHERE id = ?`), s.d.Time(now), leadID); err != nil {
			return err
		}
		return s.withdrawReminders(ctx, tx, leadID)
	})
	if err != nil {
		return nil, s.Fail(ctx, "add lead activity", "Lead", err)
	}
	return out, nil
}

// UpdateLeadActivity changes the text of an entry its author may still
// edit.
func (s *Store) UpdateLeadActivity(ctx context.Context, leadID, id int64, text string, by site.Actor, now time.Time) (*site.LeadActivity, error) {
	if now.IsZero() {
		now = s.now()
	}
	now = now.UTC().Truncate(s.d.Precision())
	var out *site.LeadActivity
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		a, err := scanActivity(tx.QueryRowContext(ctx, s.rebind(`SELECT `+activityColumns+` FROM lead_activity
			WHERE id = ? AND lead_id = ?`+s.d.ForUpdate()), id, leadID))
		if err != nil {
			return err
		}
		if err := a.CheckEdit(by.UserID, now); err != nil {
			return err
		}
		out, err = scanActivity(tx.QueryRowContext(ctx, s.rebind(`UPDATE lead_activity SET text = ?, updated_at = ?
			WHERE id = ? RETURNING `+activityColumns), text, s.d.Time(now), id))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update lead activity", "Activity entry", err)
	}
	return out, nil
}

// DeleteLeadActivity deletes an entry of a lead.
func (s *Store) DeleteLeadActivity(ctx context.Context, leadID, id int64) error {
	return s.changeOne(ctx, "delete lead activity", "Activity entry", `DELETE FROM lead_activity WHERE id = ? AND lead_id = ?`, id, leadID)
}
