package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"meridian/internal/site"
)

const revisionColumns = `id, resource, record_id, version, action, data, user_id, username, created_at`

// scanRevision reads one row of revisionColumns.
func scanRevision(r Row) (*site.Revision, error) {
	var rev site.Revision
	var data []byte
	if err := r.Scan(&rev.ID, &rev.Resource, &rev.RecordID, &rev.Version, &rev.Action, &data, &rev.UserID, &rev.Username, ScanTime(&rev.CreatedAt)); err != nil {
		return nil, err
	}
	rev.Data = json.RawMessage(data)
	return &rev, nil
}

// addRevision appends the revision of a write of rec (the record as stored
// after it, or as it was for a delete) at version, the record's version
// after the write.
func (s *Store) addRevision(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record, version int, action string, w site.Write) error {
	site.SetAuditID(ctx, site.RecordID(rec))
	data, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encode %s: %w", e.Name, err)
	}
	var user any
	if w.Actor.UserID != 0 {
		user = w.Actor.UserID
	}
	_, err = tx.ExecContext(ctx, s.rebind(`INSERT INTO revisions (resource, record_id, version, action, data, user_id, username, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), e.Name, site.RecordID(rec), version, action, string(data), user, w.Actor.Username, s.d.Time(w.At))
	return err
}

// latestRevision returns the latest revision of the record id of e; nil
// when it has none (a record older than the history).
func (s *Store) latestRevision(ctx context.Context, q Querier, e *site.Entity, id int64) (*site.Revision, error) {
	rev, err := scanRevision(q.QueryRowContext(ctx, s.rebind(`SELECT `+revisionColumns+` FROM revisions
		WHERE resource = ? AND record_id = ? ORDER BY id DESC LIMIT 1`), e.Name, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return rev, err
}

// FindRevisions returns the revisions of the record id of e, newest first
// (in the order of the writes: w.At comes from the caller and need not
// grow); an empty list for a record without history.
func (s *Store) FindRevisions(ctx context.Context, e *site.Entity, id int64) ([]*site.Revision, error) {
	return s.findRevisions(ctx, "find revisions", s.rebind(`SELECT `+revisionColumns+` FROM revisions
		WHERE resource = ? AND record_id = ? ORDER BY id DESC`), e.Name, id)
}

// findRevisions reads the revisions that query q with args selects.
func (s *Store) findRevisions(ctx context.Context, op, q string, args ...any) ([]*site.Revision, error) {
	return retried(ctx, s, op, "Revision", func() ([]*site.Revision, error) {
		rows, err := s.read.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, err
		}
		return ScanAll(rows, scanRevision)
	})
}

// FindDeleted returns, for each record of e that does not exist now and
// whose latest revision is its delete, that revision, newest first. A
// record restored or deleted again since has a later revision, so an
// earlier delete of it never shows; a row deleted without a revision
// (before the history, or by hand) has none to restore from, and is left
// out.
func (s *Store) FindDeleted(ctx context.Context, e *site.Entity) ([]*site.Revision, error) {
	// The action is a literal, not a parameter: only then can the
	// databases use the partial index of the deletes.
	q := s.rebind(`SELECT ` + revisionColumns + ` FROM revisions r
		WHERE r.resource = ? AND r.action = '` + site.ActionDelete + `'
		  AND r.id = (SELECT MAX(l.id) FROM revisions l WHERE l.resource = r.resource AND l.record_id = r.record_id)
		  AND NOT EXISTS (SELECT 1 FROM ` + Quote(e.Table) + ` t WHERE t.id = r.record_id)
		ORDER BY r.id DESC`)
	return s.findRevisions(ctx, "find deleted "+e.Name, q, e.Name)
}

// decodeRecord returns the record of e that rev's data holds, over the
// defaults of a new one: a revision written before a field existed leaves
// that field at the default of a new record.
func decodeRecord(e *site.Entity, rev *site.Revision) (site.Record, error) {
	rec := e.New()
	if err := json.Unmarshal(rev.Data, rec); err != nil {
		return nil, fmt.Errorf("decode revision %d: %w", rev.ID, err)
	}
	return rec, nil
}

// RestoreRevision writes the state of one revision of the record id of e
// as its next version and a revision of its own: over the record when it
// exists, guarded by w.Version, or re-creating it under its id and with
// its creation time when it was deleted. A deleted id is never taken by a
// new record (SQLite's ids are AUTOINCREMENT, PostgreSQL's sequence has
// passed it), so the re-creation can only meet another restore of the
// record, which is a conflict. ENOTFOUND when the revision is not one of
// the record's.
func (s *Store) RestoreRevision(ctx context.Context, e *site.Entity, id, revisionID int64, w site.Write) (site.Record, error) {
	w = s.stamp(w)
	var rec, out site.Record
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		rev, err := scanRevision(tx.QueryRowContext(ctx, s.rebind(`SELECT `+revisionColumns+` FROM revisions
			WHERE id = ? AND resource = ? AND record_id = ?`), revisionID, e.Name, id))
		if errors.Is(err, sql.ErrNoRows) {
			return site.Errorf(site.ENOTFOUND, "Revision not found.")
		}
		if err != nil {
			return err
		}
		if rec, err = decodeRecord(e, rev); err != nil {
			return err
		}
		site.SetRecordID(rec, id)
		old, err := s.lockRecord(ctx, tx, e, id)
		if site.ErrorCode(err) == site.ENOTFOUND {
			out, err = s.recreate(ctx, tx, e, id, rev, rec, w)
			return err
		}
		if err != nil {
			return err
		}
		out, err = s.rewrite(ctx, tx, e, old, rec, w, site.ActionRestore)
		return err
	})
	if err != nil {
		return nil, s.writeError(ctx, "restore "+e.Name, e, rec, w.Actor.UserID, err)
	}
	return out, nil
}

// recreate stores rec, the state of rev, as the deleted record id of e
// again, inside tx. Its rules see it as it was last stored (a page keeps
// its author and first publication), and its version goes on from its
// history's, the delete counting as one.
func (s *Store) recreate(ctx context.Context, tx *sql.Tx, e *site.Entity, id int64, rev *site.Revision, rec site.Record, w site.Write) (site.Record, error) {
	was, err := decodeRecord(e, rev)
	if err != nil {
		return nil, err
	}
	if err := s.prepare(ctx, tx, e, rec, was, &w); err != nil {
		return nil, err
	}
	if err := s.clearDanglingRefs(ctx, tx, e, rec); err != nil {
		return nil, err
	}
	latest, err := s.latestRevision(ctx, tx, e, id)
	if err != nil {
		return nil, err
	}
	version := latest.Version + 1 // rev is one of the record's: latest is not nil
	created := time.Time{}
	if f, ok := fieldByColumn(e, "created_at"); ok {
		created = *site.FieldValue(rec, f).(*time.Time)
	}
	if created.IsZero() {
		created = w.At
	}
	out, err := s.insertRecord(ctx, tx, e, rec, id, version, created.UTC(), recordTime(w))
	if errors.Is(err, sql.ErrNoRows) {
		// Another restore of the record committed meanwhile: its row
		// wins, and this write is a conflict, not a duplicate key.
		return nil, s.conflictWith(ctx, tx, e, id)
	}
	if err != nil {
		return nil, err
	}
	return out, s.written(ctx, tx, e, nil, out, version, action(w, site.ActionRestore), w)
}

// conflictWith returns the *site.Conflict of a write that met the record of
// e with id written by another transaction meanwhile.
func (s *Store) conflictWith(ctx context.Context, tx *sql.Tx, e *site.Entity, id int64) error {
	cur, err := s.findRecord(ctx, tx, e, id, "")
	if err != nil && site.ErrorCode(err) != site.ENOTFOUND {
		return err
	}
	latest, err := s.latestRevision(ctx, tx, e, id)
	if err != nil {
		return err
	}
	return &site.Conflict{Noun: e.Noun, Current: cur, Latest: latest}
}

// clearDanglingRefs sets to NULL each reference of rec, restored from a
// revision, whose row has been deleted since and whose foreign key says ON
// DELETE SET NULL: what the database did to the record's row, had it been
// there, where writing the old value back would fail the constraint (a page
// whose author's account was deleted). The referenced rows that remain are
// kept from being deleted until the write commits, as the constraint's own
// check would.
func (s *Store) clearDanglingRefs(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record) error {
	refs, err := s.d.References(ctx, tx, e.Table)
	if err != nil {
		return err
	}
	for _, r := range refs {
		f, ok := fieldByColumn(e, r.Column)
		if !r.SetNull || !ok || f.Type.Kind() != reflect.Pointer {
			continue
		}
		v := s.fieldArg(rec, f)
		if v == nil {
			continue
		}
		ok, err := s.exists(ctx, tx, r, v, s.d.ForKeyShare())
		if err != nil {
			return err
		}
		if !ok {
			reflect.ValueOf(rec).Elem().Field(f.Index).SetZero()
		}
	}
	return nil
}
