package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"meridian/internal/site"
)

// A timeline is the table of one kind of record's activity entries: a
// lead's or an application's. Both tables have the same columns but the
// one of their record's id, and every read and write of an entry goes
// through the functions below.
type timeline struct {
	table string
	// owner is the column of the record's id.
	owner string
}

var (
	leadEntries        = timeline{table: "lead_activity", owner: "lead_id"}
	applicationEntries = timeline{table: "application_activity", owner: "application_id"}
)

// columns are the entry's columns, in the order scanEntry reads them.
func (tl timeline) columns() string {
	return `id, ` + tl.owner + `, kind, user_id, username, text, from_value, to_value, created_at, updated_at`
}

// entry is an entry of any timeline as stored: its id, its record's, its
// kind and the rest.
type entry struct {
	id, owner int64
	kind      string
	site.ActivityEntry
}

func (e *entry) lead() *site.LeadActivity {
	return &site.LeadActivity{ID: e.id, LeadID: e.owner, Kind: e.kind, ActivityEntry: e.ActivityEntry}
}

func (e *entry) application() *site.ApplicationActivity {
	return &site.ApplicationActivity{ID: e.id, ApplicationID: e.owner, Kind: e.kind, ActivityEntry: e.ActivityEntry}
}

// scanEntry reads one row of a timeline's columns.
func scanEntry(r Row) (*entry, error) {
	e := &entry{}
	var uid sql.NullInt64
	if err := r.Scan(&e.id, &e.owner, &e.kind, &uid, &e.Username, &e.Text, &e.From, &e.To,
		ScanTime(&e.CreatedAt), ScanTime(&e.UpdatedAt)); err != nil {
		return nil, err
	}
	if uid.Valid {
		e.UserID = &uid.Int64
	}
	return e, nil
}

// insertEntry adds the entry e of kind to the timeline of record owner,
// written at now, in tx.
func (s *Store) insertEntry(ctx context.Context, tx *sql.Tx, tl timeline, owner int64, kind string, e site.ActivityEntry, now time.Time) (*entry, error) {
	return scanEntry(tx.QueryRowContext(ctx, s.rebind(`INSERT INTO `+tl.table+` (`+tl.owner+`, kind, user_id, username, text,
		from_value, to_value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+tl.columns()),
		owner, kind, e.UserID, e.Username, e.Text, e.From, e.To, s.d.Time(now), s.d.Time(now)))
}

// attachEntries reads the timelines of owners, newest first, in one query,
// and gives each entry to its record through add. Only the answers about
// one record carry them.
func attachEntries[T any](ctx context.Context, s *Store, q Querier, tl timeline, owners []T, id func(T) int64, add func(T, *entry)) error {
	return attachRows(ctx, s, q, `SELECT `+tl.columns()+` FROM `+tl.table, tl.owner, ` ORDER BY id DESC`, owners, id,
		scanEntry, func(e *entry) int64 { return e.owner }, add)
}

// attachRows reads, in one query, the rows of from (a SELECT and its FROM)
// whose column holds the id of one of owners, in order, and gives each row
// to its owner through add.
func attachRows[T, C any](ctx context.Context, s *Store, q Querier, from, column, order string, owners []T, id func(T) int64,
	scan func(Row) (C, error), ownerOf func(C) int64, add func(T, C)) error {
	if len(owners) == 0 {
		return nil
	}
	byID := make(map[int64]T, len(owners))
	ids := make([]int64, len(owners))
	for i, o := range owners {
		ids[i] = id(o)
		byID[ids[i]] = o
	}
	rows, err := q.QueryContext(ctx, s.rebind(from+` WHERE `+s.d.IDIn(column, len(ids))+order), s.d.IDArgs(ids)...)
	if err != nil {
		return err
	}
	list, err := ScanAll(rows, scan)
	for _, c := range list {
		add(byID[ownerOf(c)], c)
	}
	return err
}

// updateEntryText changes the text of entry id of record owner, at now,
// when the timeline's rules allow the user by.
func (s *Store) updateEntryText(ctx context.Context, tl timeline, rules site.Timeline, owner, id int64, text string, by site.Actor, now time.Time) (*entry, error) {
	if now.IsZero() {
		now = s.now()
	}
	now = now.UTC().Truncate(s.d.Precision())
	var out *entry
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		e, err := scanEntry(tx.QueryRowContext(ctx, s.rebind(`SELECT `+tl.columns()+` FROM `+tl.table+`
			WHERE id = ? AND `+tl.owner+` = ?`+s.d.ForUpdate()), id, owner))
		if err != nil {
			return err
		}
		if err := rules.CheckEdit(e.kind, &e.ActivityEntry, by.UserID, now); err != nil {
			return err
		}
		out, err = scanEntry(tx.QueryRowContext(ctx, s.rebind(`UPDATE `+tl.table+` SET text = ?, updated_at = ?
			WHERE id = ? RETURNING `+tl.columns()), text, s.d.Time(now), id))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "update "+tl.table, "Activity entry", err)
	}
	return out, nil
}

// insertActivity adds the lead's entry a, written at now, in tx.
func (s *Store) insertActivity(ctx context.Context, tx *sql.Tx, a *site.LeadActivity, now time.Time) (*site.LeadActivity, error) {
	e, err := s.insertEntry(ctx, tx, leadEntries, a.LeadID, a.Kind, a.ActivityEntry, now)
	if err != nil {
		return nil, err
	}
	return e.lead(), nil
}

// attachActivity reads the timelines of leads, newest first, in one query.
// Only the answers about one lead carry them.
func (s *Store) attachActivity(ctx context.Context, q Querier, leads []*site.Lead) error {
	for _, l := range leads {
		l.Activity = []*site.LeadActivity{}
	}
	return attachEntries(ctx, s, q, leadEntries, leads, func(l *site.Lead) int64 { return l.ID },
		func(l *site.Lead, e *entry) { l.Activity = append(l.Activity, e.lead()) })
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
		e := site.By(by)
		e.Text = in.Text
		if out, err = s.insertActivity(ctx, tx, &site.LeadActivity{LeadID: leadID, Kind: in.Kind, ActivityEntry: e}, now); err != nil {
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
	e, err := s.updateEntryText(ctx, leadEntries, site.LeadTimeline, leadID, id, text, by, now)
	if err != nil {
		return nil, err
	}
	return e.lead(), nil
}

// DeleteLeadActivity deletes an entry of a lead.
func (s *Store) DeleteLeadActivity(ctx context.Context, leadID, id int64) error {
	return s.changeOne(ctx, "delete lead activity", "Activity entry", `DELETE FROM lead_activity WHERE id = ? AND lead_id = ?`, id, leadID)
}
