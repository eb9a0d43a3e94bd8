package sqlite

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

// addRevision appends the revision of a write of rec. version is the
// record's version after the write, one more than rec's for a delete.
func addRevision(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record, version int, action string, w site.Write) error {
	site.SetAuditID(ctx, site.RecordID(rec))
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	var user any
	if w.Actor.UserID != 0 {
		user = w.Actor.UserID
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO revisions (resource, record_id, version, action, data, user_id, username, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, e.Name, site.RecordID(rec), version, action, string(data), user, w.Actor.Username, formatTime(w.At))
	return err
}

// RestoreRevision writes the state of one revision of the record id of e
// as its next version: over the record when it exists, or re-creating it
// under its id and with its creation time when it was deleted. The ids
// are AUTOINCREMENT (migration 0007), so a deleted id is never taken by a
// new record and the re-creation cannot collide.
func (db *DB) RestoreRevision(ctx context.Context, e *site.Entity, id, revisionID int64, w site.Write) (site.Record, error) {
	w = db.stamp(w)
	var rec, out site.Record
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		rev, err := scanRevision(tx.QueryRowContext(ctx, `SELECT `+revisionColumns+` FROM revisions WHERE id = ?`, revisionID))
		if errors.Is(err, sql.ErrNoRows) {
			return site.Errorf(site.ENOTFOUND, "Revision not found.")
		}
		if err != nil {
			return err
		}
		if rev.Resource != e.Name || rev.RecordID != id {
			return site.Errorf(site.ENOTFOUND, "Revision not found.")
		}
		rec = e.New()
		if err := json.Unmarshal(rev.Data, rec); err != nil {
			return fmt.Errorf("revision %d: %w", rev.ID, err)
		}
		site.SetRecordID(rec, id)
		old, err := findRecord(ctx, tx, e, id)
		if site.ErrorCode(err) == site.ENOTFOUND {
			// Deleted: the rules see the record as it was, not as a new
			// one, so that a page keeps its author and first publication.
			latest, err := latestRevision(ctx, tx, e, id)
			if err != nil {
				return err
			}
			was := e.New()
			if err := json.Unmarshal(rev.Data, was); err != nil {
				return fmt.Errorf("revision %d: %w", rev.ID, err)
			}
			if e.Prepare != nil {
				e.Prepare(rec, was, &w)
			}
			if err := clearDanglingRefs(ctx, tx, e, rec); err != nil {
				return err
			}
			created := time.Time{}
			if f, ok := fieldByColumn(e, "created_at"); ok {
				created = *site.FieldValue(rec, f).(*time.Time)
			}
			if created.IsZero() {
				created = w.At
			}
			version := latest.Version + 1
			if out, err = insertRecord(ctx, tx, e, rec, id, version, created, w.At); err != nil {
				return err
			}
			if err := moveRedirects(ctx, tx, e, nil, out, w.At); err != nil {
				return err
			}
			return addRevision(ctx, tx, e, out, version, action(w, site.ActionRestore), w)
		}
		if err != nil {
			return err
		}
		if err := checkVersion(ctx, tx, e, old, w); err != nil {
			return err
		}
		if e.Prepare != nil {
			e.Prepare(rec, old, &w)
		}
		if err := clearDanglingRefs(ctx, tx, e, rec); err != nil {
			return err
		}
		version := site.RecordVersion(old) + 1
		if out, err = updateRecord(ctx, tx, e, id, rec, version, w.At); err != nil {
			return err
		}
		if err := moveRedirects(ctx, tx, e, old, out, w.At); err != nil {
			return err
		}
		return addRevision(ctx, tx, e, out, version, action(w, site.ActionRestore), w)
	})
	if err != nil {
		return nil, writeError(e, rec, err, "restore revision")
	}
	return out, nil
}

// clearDanglingRefs sets to NULL each reference of rec, restored from a
// revision, whose row has been deleted since and whose foreign key says ON
// DELETE SET NULL: what the database would have done had the record been
// there, where writing the old value back would fail the constraint (a page
// whose author's account was deleted).
func clearDanglingRefs(ctx context.Context, tx *sql.Tx, e *site.Entity, rec site.Record) error {
	rows, err := tx.QueryContext(ctx, `SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list(?)`, e.Table)
	if err != nil {
		return err
	}
	type ref struct{ table, from, to string }
	var refs []ref
	for rows.Next() {
		var r ref
		var to sql.NullString
		var onDelete string
		if err := rows.Scan(&r.table, &r.from, &to, &onDelete); err != nil {
			rows.Close()
			return err
		}
		if onDelete != "SET NULL" {
			continue
		}
		r.to = "rowid"
		if to.Valid {
			r.to = to.String
		}
		refs = append(refs, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range refs {
		f, ok := fieldByColumn(e, r.from)
		if !ok || f.Type.Kind() != reflect.Pointer {
			continue
		}
		v := fieldArg(rec, f)
		if v == nil {
			continue
		}
		var exists bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+quote(r.table)+` WHERE `+quote(r.to)+` = ?)`, v).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			reflect.ValueOf(rec).Elem().Field(f.Index).SetZero()
		}
	}
	return nil
}

const revisionColumns = `id, resource, record_id, version, action, data, user_id, username, created_at`

func scanRevision(r rowScanner) (*site.Revision, error) {
	var rev site.Revision
	var data string
	var user sql.NullInt64
	if err := r.Scan(&rev.ID, &rev.Resource, &rev.RecordID, &rev.Version, &rev.Action, &data, &user, &rev.Username, timeValue{&rev.CreatedAt}); err != nil {
		return nil, err
	}
	rev.Data = json.RawMessage(data)
	if user.Valid {
		rev.UserID = &user.Int64
	}
	return &rev, nil
}

// scanRevisions reads every row of rows, as an empty list when there are none.
func scanRevisions(rows *sql.Rows) ([]*site.Revision, error) {
	defer rows.Close()
	revs := []*site.Revision{}
	for rows.Next() {
		rev, err := scanRevision(rows)
		if err != nil {
			return nil, err
		}
		revs = append(revs, rev)
	}
	return revs, rows.Err()
}

// latestRevision returns the latest revision of the record id of e; nil
// when it has none (a record older than the history).
func latestRevision(ctx context.Context, q querier, e *site.Entity, id int64) (*site.Revision, error) {
	rev, err := scanRevision(q.QueryRowContext(ctx, `SELECT `+revisionColumns+` FROM revisions
		WHERE resource = ? AND record_id = ? ORDER BY id DESC LIMIT 1`, e.Name, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return rev, err
}

// FindRevisions returns the revisions of the record id of e, newest first
// (in the order of the writes: w.At comes from the caller and need not
// grow); an empty list for a record without history.
func (db *DB) FindRevisions(ctx context.Context, e *site.Entity, id int64) ([]*site.Revision, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+revisionColumns+` FROM revisions
		WHERE resource = ? AND record_id = ? ORDER BY id DESC`, e.Name, id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find revisions: %w", err)
	}
	revs, err := scanRevisions(rows)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find revisions: %w", err)
	}
	return revs, nil
}

// FindDeleted returns, for each record of e that does not exist now and
// whose latest revision is its delete, that revision, newest first. A
// record restored or deleted again since has a later revision, so an
// earlier delete of it never shows.
func (db *DB) FindDeleted(ctx context.Context, e *site.Entity) ([]*site.Revision, error) {
	// The action is a literal, not a parameter: only then can SQLite use
	// the partial index of the deletes.
	rows, err := db.read.QueryContext(ctx, `SELECT `+revisionColumns+` FROM revisions r
		WHERE r.resource = ? AND r.action = '`+site.ActionDelete+`'
		  AND r.id = (SELECT MAX(l.id) FROM revisions l WHERE l.resource = r.resource AND l.record_id = r.record_id)
		  AND NOT EXISTS (SELECT 1 FROM `+quote(e.Table)+` t WHERE t.id = r.record_id)
		ORDER BY r.id DESC`, e.Name)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find deleted: %w", err)
	}
	revs, err := scanRevisions(rows)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find deleted: %w", err)
	}
	return revs, nil
}
