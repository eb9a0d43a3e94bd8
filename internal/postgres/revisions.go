package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const revisionColumns = `id, resource, record_id, version, action, data, user_id, username, created_at`

// scanRevision reads one row of revisionColumns.
func scanRevision(row pgx.Row) (*site.Revision, error) {
	var r site.Revision
	var data []byte
	if err := row.Scan(&r.ID, &r.Resource, &r.RecordID, &r.Version, &r.Action, &data, &r.UserID, &r.Username, &r.CreatedAt); err != nil {
		return nil, err
	}
	r.Data = json.RawMessage(data)
	return &r, nil
}

// collectRevisions reads every row of revisionColumns; an empty list, not
// nil, when there is none, so that the API sends [].
func collectRevisions(rows pgx.Rows) ([]*site.Revision, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Revision, error) { return scanRevision(r) })
}

// FindRevisions returns the revisions of the record of e with id, newest
// first; none (an empty list) for a record older than the history.
func (db *DB) FindRevisions(ctx context.Context, e *site.Entity, id int64) (out []*site.Revision, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findRevisions(ctx, e, id)
		return err
	})
	return out, err
}

func (db *DB) findRevisions(ctx context.Context, e *site.Entity, id int64) ([]*site.Revision, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+revisionColumns+` FROM revisions
		WHERE resource = $1 AND record_id = $2 ORDER BY id DESC`, e.Name, id)
	if err != nil {
		return nil, storeError("find revisions", err)
	}
	revs, err := collectRevisions(rows)
	if err != nil {
		return nil, storeError("find revisions", err)
	}
	return revs, nil
}

// FindDeleted returns, for each record of e that does not exist now and
// whose latest revision is its delete, that revision, newest first. A row
// deleted without a revision (before the history, or by hand) has none to
// restore from, and is left out.
func (db *DB) FindDeleted(ctx context.Context, e *site.Entity) (out []*site.Revision, err error) {
	err = db.retryOnConnError(ctx, func() error {
		out, err = db.findDeleted(ctx, e)
		return err
	})
	return out, err
}

func (db *DB) findDeleted(ctx context.Context, e *site.Entity) ([]*site.Revision, error) {
	// From the deletes (the partial index revisions_deleted), keep those
	// that no later revision of the record follows and whose row is gone.
	rows, err := db.pool.Query(ctx, `SELECT `+revisionColumns+` FROM revisions r
		WHERE r.resource = $1 AND r.action = 'delete'
			AND NOT EXISTS (SELECT 1 FROM revisions n WHERE n.resource = r.resource AND n.record_id = r.record_id AND n.id > r.id)
			AND NOT EXISTS (SELECT 1 FROM `+quote(e.Table)+` t WHERE t."id" = r.record_id)
		ORDER BY r.id DESC`, e.Name)
	if err != nil {
		return nil, storeError("find deleted "+e.Name, err)
	}
	revs, err := collectRevisions(rows)
	if err != nil {
		return nil, storeError("find deleted "+e.Name, err)
	}
	return revs, nil
}

// RestoreRevision brings the record of e with id back to the state of its
// revision revisionID, as a new version and a revision of its own. A record
// that exists keeps its creation time and is guarded by w.Version; a
// deleted one is created again under its own id, with its creation time.
// ENOTFOUND when the revision is not one of the record's.
func (db *DB) RestoreRevision(ctx context.Context, e *site.Entity, id, revisionID int64, w site.Write) (site.Record, error) {
	db.stamp(&w)
	var rec, out site.Record
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rev, err := scanRevision(tx.QueryRow(ctx, `SELECT `+revisionColumns+` FROM revisions
			WHERE id = $1 AND resource = $2 AND record_id = $3`, revisionID, e.Name, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return site.Errorf(site.ENOTFOUND, "Revision not found.")
		}
		if err != nil {
			return err
		}
		// A revision written before a field existed leaves that field at
		// the default of a new record.
		if rec, err = decodeRecord(e, rev); err != nil {
			return err
		}
		site.SetRecordID(rec, id)
		cur, err := lockRecord(ctx, tx, e, id)
		if err != nil {
			return err
		}
		if cur != nil {
			if err := checkVersion(ctx, tx, e, cur, w); err != nil {
				return err
			}
			if e.Prepare != nil {
				e.Prepare(rec, cur, &w)
			}
			if err := clearDanglingRefs(ctx, tx, e, rec); err != nil {
				return err
			}
			if out, err = updateRow(ctx, tx, e, id, rec, w); err != nil {
				return err
			}
			if err := moveRedirects(ctx, tx, e, cur, out, w.At); err != nil {
				return err
			}
			return addRevision(ctx, tx, e, out, site.RecordVersion(out), action(w, site.ActionRestore), w)
		}

		// The record is deleted. Its rules see it as it was last stored
		// (a page keeps its author and first publication), and its
		// version goes on from its history's, the delete counting as one.
		if e.Prepare != nil {
			last, err := decodeRecord(e, rev)
			if err != nil {
				return err
			}
			e.Prepare(rec, last, &w)
		}
		if err := clearDanglingRefs(ctx, tx, e, rec); err != nil {
			return err
		}
		latest, err := latestRevision(ctx, tx, e, id)
		if err != nil {
			return err
		}
		version := latest.Version + 1 // rev is one of the record's: latest is not nil
		fields := clientFields(e)
		args := []any{id}
		params := []string{"$1"}
		for _, f := range fields {
			args = append(args, fieldArg(rec, f))
			params = append(params, fmt.Sprintf("$%d", len(args)))
		}
		args = append(args, version, createdAt(e, rec, w.At), w.At)
		n := len(args)
		// OVERRIDING SYSTEM VALUE puts the old id into an identity column;
		// its sequence has long passed it, so no new record can take it.
		// Should another restore of the record have committed meanwhile,
		// its row wins and this write is a conflict, not a duplicate key.
		out, err = scanRecord(e, tx.QueryRow(ctx, `INSERT INTO `+quote(e.Table)+` ("id", `+columns(fields)+`, "version", "created_at", "updated_at")
			OVERRIDING SYSTEM VALUE
			VALUES (`+strings.Join(params, ", ")+fmt.Sprintf(", $%d, $%d, $%d", n-2, n-1, n)+`)
			ON CONFLICT ("id") DO NOTHING RETURNING `+columns(e.Fields()), args...))
		if errors.Is(err, pgx.ErrNoRows) {
			return conflictWith(ctx, tx, e, id)
		}
		if err != nil {
			return err
		}
		if err := moveRedirects(ctx, tx, e, nil, out, w.At); err != nil {
			return err
		}
		return addRevision(ctx, tx, e, out, site.RecordVersion(out), action(w, site.ActionRestore), w)
	})
	if err != nil {
		return nil, recordError("restore "+e.Name, e, rec, err)
	}
	return out, nil
}

// clearDanglingRefs sets to NULL each reference of rec, restored from a
// revision, whose row has been deleted since and whose foreign key says ON
// DELETE SET NULL: what the database did to the record's row, had it been
// there, where writing the old value back would fail the constraint (a page
// whose author's account was deleted). The referenced rows that remain are
// locked as the constraint's own check would, so that none goes before the
// write commits.
func clearDanglingRefs(ctx context.Context, tx pgx.Tx, e *site.Entity, rec site.Record) error {
	rows, err := tx.Query(ctx, `SELECT a.attname, c.confrelid::regclass::text, fa.attname
		FROM pg_constraint c
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
		JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
		WHERE c.contype = 'f' AND c.conrelid = $1::regclass AND c.confdeltype = 'n' AND cardinality(c.conkey) = 1`,
		quote(e.Table))
	if err != nil {
		return err
	}
	type ref struct{ column, table, to string }
	refs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ref, error) {
		var x ref
		err := r.Scan(&x.column, &x.table, &x.to)
		return x, err
	})
	if err != nil {
		return err
	}
	for _, r := range refs {
		for _, f := range e.Fields() {
			if f.Column != r.column || f.Type.Kind() != reflect.Pointer {
				continue
			}
			v := reflect.ValueOf(site.FieldValue(rec, f)).Elem()
			if v.IsNil() {
				continue
			}
			// The referenced table's name comes quoted from regclass.
			err := tx.QueryRow(ctx, `SELECT 1 FROM `+r.table+` WHERE `+quote(r.to)+` = $1 FOR KEY SHARE`, v.Interface()).Scan(new(int))
			if errors.Is(err, pgx.ErrNoRows) {
				v.SetZero()
				continue
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// latestRevision returns the newest revision of the record of e with id;
// nil when it has none.
func latestRevision(ctx context.Context, q querier, e *site.Entity, id int64) (*site.Revision, error) {
	rev, err := scanRevision(q.QueryRow(ctx, `SELECT `+revisionColumns+` FROM revisions
		WHERE resource = $1 AND record_id = $2 ORDER BY id DESC LIMIT 1`, e.Name, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return rev, err
}

// addRevision appends the revision of a write of rec (the record as stored
// after it, or as it was for a delete) at version.
func addRevision(ctx context.Context, tx pgx.Tx, e *site.Entity, rec site.Record, version int, action string, w site.Write) error {
	site.SetAuditID(ctx, site.RecordID(rec))
	data, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encode %s: %w", e.Name, err)
	}
	var userID *int64
	if w.Actor.UserID != 0 {
		userID = &w.Actor.UserID
	}
	_, err = tx.Exec(ctx, `INSERT INTO revisions (resource, record_id, version, action, data, user_id, username, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		e.Name, site.RecordID(rec), version, action, data, userID, w.Actor.Username, w.At)
	return err
}

// decodeRecord returns the record of e that rev's data holds, over the
// defaults of a new one.
func decodeRecord(e *site.Entity, rev *site.Revision) (site.Record, error) {
	rec := e.New()
	if err := json.Unmarshal(rev.Data, rec); err != nil {
		return nil, fmt.Errorf("decode revision %d: %w", rev.ID, err)
	}
	return rec, nil
}

// createdAt returns the creation time rec carries, or at when it has none.
func createdAt(e *site.Entity, rec site.Record, at time.Time) time.Time {
	if t, ok := columnValue(e, rec, "created_at").(time.Time); ok && !t.IsZero() {
		return t.UTC()
	}
	return at
}
