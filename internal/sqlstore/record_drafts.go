package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"meridian/internal/site"
)

// The pending drafts of records: a row of content_drafts each, beside the
// texts' (no section; the key "resource/id"), so that the Publish panel
// lists, reviews, schedules, publishes and discards them with the texts'
// drafts, in the same transactions. The value is the drafted record as
// JSON, the base the record as stored when the draft was last saved; a
// publish writes the draft over the record through the record's own
// update (version, rules, redirects, revision), and refuses it when the
// record moved on since its base.

// SaveRecordDraft keeps rec as the pending draft of its record of e when
// the entity holds drafts of that record (site.Entity.Drafted), and
// updates the record live otherwise. w.Version, when set, guards the
// record as for a live update; a second save replaces the draft.
func (s *Store) SaveRecordDraft(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, *site.ContentDraft, error) {
	op := "save draft of " + e.Name
	if err := checkRecord(e, rec); err != nil {
		return nil, nil, fmt.Errorf("%s: %s: %w", s.name, op, err)
	}
	w = s.stamp(w)
	var live site.Record
	var out *site.ContentDraft
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		live, out = nil, nil
		// The record's lock orders two saves of its draft one after the
		// other, as it orders two updates.
		old, err := s.lockRecord(ctx, tx, e, site.RecordID(rec))
		if err != nil {
			return err
		}
		if e.Drafted == nil || !e.Drafted(old) {
			live, err = s.rewrite(ctx, tx, e, old, rec, w, site.ActionUpdate)
			return err
		}
		if err := s.checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		// The draft is the record as the update would write it, judged by
		// the same rules (a menu item's parent), so that a draft that
		// could not be published is refused now.
		pw := w
		if err := s.prepare(ctx, tx, e, rec, old, &pw); err != nil {
			return err
		}
		value, err := draftValue(e, rec, old)
		if err != nil {
			return err
		}
		out, err = s.putRecordDraft(ctx, tx, e, old, value, w)
		return err
	})
	if err != nil {
		return nil, nil, s.writeError(ctx, op, e, rec, w.Actor.UserID, err)
	}
	return live, out, nil
}

// CreateRecordDraft stores rec as a new record of e that visitors do not
// see yet: the record is created hidden (its active column false) and rec,
// as asked, becomes its pending draft, so that publishing the draft shows
// it and discarding it leaves it hidden. A record asked for hidden, or of
// an entity with no active column or no drafts, is created as
// CreateRecord would.
func (s *Store) CreateRecordDraft(ctx context.Context, e *site.Entity, rec site.Record, w site.Write) (site.Record, *site.ContentDraft, error) {
	active, ok := fieldByColumn(e, e.ActiveColumn)
	shown := ok && reflect.ValueOf(rec).Elem().Field(active.Index).Bool()
	if e.Drafted == nil || !shown || !e.Drafted(rec) {
		out, err := s.CreateRecord(ctx, e, rec, w)
		return out, nil, err
	}
	op := "create draft of " + e.Name
	if err := checkRecord(e, rec); err != nil {
		return nil, nil, fmt.Errorf("%s: %s: %w", s.name, op, err)
	}
	w = s.stamp(w)
	var created site.Record
	var out *site.ContentDraft
	err := s.InTx(ctx, func(tx *sql.Tx) (err error) {
		hidden := e.New()
		reflect.ValueOf(hidden).Elem().Set(reflect.ValueOf(rec).Elem())
		reflect.ValueOf(hidden).Elem().Field(active.Index).SetBool(false)
		if created, err = s.createRecord(ctx, tx, e, hidden, w); err != nil {
			return err
		}
		pw := w
		if err := s.prepare(ctx, tx, e, rec, created, &pw); err != nil {
			return err
		}
		value, err := draftValue(e, rec, created)
		if err != nil {
			return err
		}
		out, err = s.putRecordDraft(ctx, tx, e, created, value, w)
		return err
	})
	if err != nil {
		return nil, nil, s.writeError(ctx, op, e, rec, w.Actor.UserID, err)
	}
	return created, out, nil
}

// DeleteRecordDraft keeps the delete of the record id of e as its pending
// draft when the entity holds drafts of it, and deletes it at once
// otherwise (the answer is then the record as it was). w.Version, when
// set, guards the record as for a live delete.
func (s *Store) DeleteRecordDraft(ctx context.Context, e *site.Entity, id int64, w site.Write) (site.Record, *site.ContentDraft, error) {
	w = s.stamp(w)
	var old site.Record
	var out *site.ContentDraft
	err := s.InTx(ctx, func(tx *sql.Tx) (err error) {
		out = nil
		if old, err = s.lockRecord(ctx, tx, e, id); err != nil {
			return err
		}
		if err := s.checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		if e.Drafted == nil || !e.Drafted(old) {
			return s.deleteRecord(ctx, tx, e, old, w)
		}
		out, err = s.putRecordDraft(ctx, tx, e, old, site.DeletionDraft, w)
		return err
	})
	if err != nil {
		return nil, nil, s.writeError(ctx, "save draft of "+e.Name, e, old, w.Actor.UserID, err)
	}
	if out != nil {
		return nil, out, nil
	}
	return old, nil, nil
}

// draftValue is rec, an update of old, as its draft keeps it: with the
// fields the stores set taken from old.
func draftValue(e *site.Entity, rec, old site.Record) (string, error) {
	keepGenerated(e, rec, old)
	value, err := json.Marshal(rec)
	return string(value), err
}

// putRecordDraft writes value (the record as drafted, or DeletionDraft)
// as the pending draft of old (the record as stored, locked), replacing
// any it had, inside tx; a value equal to old leaves none (the answer has
// id 0).
func (s *Store) putRecordDraft(ctx context.Context, tx *sql.Tx, e *site.Entity, old site.Record, value string, w site.Write) (*site.ContentDraft, error) {
	// The write's audit entry says the website is unchanged yet.
	site.SetAuditDetail(ctx, site.AuditAsDraft)
	id := site.RecordID(old)
	base, err := json.Marshal(old)
	if err != nil {
		return nil, err
	}
	key := site.RecordDraftKey(e, id)
	var draftID int64
	err = tx.QueryRowContext(ctx, s.rebind(`SELECT id FROM content_drafts WHERE section = '' AND key = ?`+s.d.ForUpdate()), key).Scan(&draftID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if value == string(base) {
		// Back to the published record: nothing is pending.
		if draftID != 0 {
			if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM content_drafts WHERE id = ?`), draftID); err != nil {
				return nil, err
			}
		}
		b := string(base)
		return &site.ContentDraft{Key: key, Resource: e.Name, RecordID: &id, Value: b, Published: &b, Base: &b,
			UpdatedAt: w.At, UpdatedBy: w.Actor.Username, Comments: []site.DraftComment{}}, nil
	}
	if draftID == 0 {
		err = tx.QueryRowContext(ctx, s.rebind(`INSERT INTO content_drafts (section, key, value, version, updated_at, updated_by, base, resource, record_id)
			VALUES ('', ?, ?, 1, ?, ?, ?, ?, ?) RETURNING id`),
			key, value, s.d.Time(w.At), w.Actor.Username, string(base), e.Name, id).Scan(&draftID)
	} else {
		err = requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE content_drafts SET value = ?, version = version + 1, updated_at = ?, updated_by = ?, base = ?
			WHERE id = ?`), value, s.d.Time(w.At), w.Actor.Username, string(base), draftID))
	}
	if err != nil {
		return nil, err
	}
	out, err := scanDraft(tx.QueryRowContext(ctx, s.rebind(`SELECT `+draftColumns+draftFrom+` WHERE d.id = ?`), draftID))
	if err != nil {
		return nil, err
	}
	p := string(base)
	out.Published = &p
	return out, s.attachComments(ctx, tx, []*site.ContentDraft{out})
}

// keepGenerated gives rec the fields of old that the stores set (id,
// version, times), so that a draft reads as the record it changes.
func keepGenerated(e *site.Entity, rec, old site.Record) {
	to, from := reflect.ValueOf(rec).Elem(), reflect.ValueOf(old).Elem()
	for _, f := range e.Fields() {
		if f.Generated {
			to.Field(f.Index).Set(from.Field(f.Index))
		}
	}
}

// withRecords gives each record's draft among drafts its record as stored
// now, read through q (nil when it was deleted since).
func (s *Store) withRecords(ctx context.Context, q Querier, drafts []*site.ContentDraft) error {
	for _, d := range drafts {
		if d.Resource == "" || d.RecordID == nil {
			continue
		}
		e := site.Entities[d.Resource]
		if e == nil {
			return fmt.Errorf("draft %d: no resource %q", d.ID, d.Resource)
		}
		rec, err := s.findRecord(ctx, q, e, *d.RecordID, "")
		if site.ErrorCode(err) == site.ENOTFOUND {
			d.Published = nil
			continue
		} else if err != nil {
			return err
		}
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		p := string(b)
		d.Published = &p
	}
	return nil
}

// publishRecordDraft writes the record's draft d over its record in tx, as
// an update of it; it reports whether the record changed. A record that
// moved on since the draft's base (or was deleted) is a conflict.
func (s *Store) publishRecordDraft(ctx context.Context, tx *sql.Tx, d *site.ContentDraft, w site.Write) (bool, error) {
	e := site.Entities[d.Resource]
	if e == nil || d.RecordID == nil {
		return false, fmt.Errorf("draft %d: no resource %q", d.ID, d.Resource)
	}
	old, err := s.lockRecord(ctx, tx, e, *d.RecordID)
	if site.ErrorCode(err) == site.ENOTFOUND {
		d.Published = nil
		return false, site.CheckDraftsCurrent([]*site.ContentDraft{d})
	} else if err != nil {
		return false, err
	}
	now, err := json.Marshal(old)
	if err != nil {
		return false, err
	}
	p := string(now)
	d.Published = &p
	if err := site.CheckDraftsCurrent([]*site.ContentDraft{d}); err != nil {
		return false, err
	}
	if d.Value == p {
		return false, nil
	}
	if d.Deletes() {
		w.Version = site.RecordVersion(old)
		return true, s.deleteRecord(ctx, tx, e, old, w)
	}
	rec := e.New()
	if err := json.Unmarshal([]byte(d.Value), rec); err != nil {
		return false, fmt.Errorf("draft %d: %w", d.ID, err)
	}
	if err := rec.Validate(); err != nil {
		return false, err
	}
	w.Version = site.RecordVersion(old)
	_, err = s.rewrite(ctx, tx, e, old, rec, w, site.ActionUpdate)
	return err == nil, err
}
