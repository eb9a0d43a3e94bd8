package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"meridian/internal/site"
)

// The publishing setting and the pending drafts of the texts. A draft is
// its own row in content_drafts, which the public site never reads; a
// publish writes the drafts into website_content through the records'
// own writes (version, rules, revision), all in one transaction, so that
// the content version moves once and the other instances hear of it once.

// GetPublishingSettings reads the publishing mode.
func (s *Store) GetPublishingSettings(ctx context.Context) (*site.PublishingSettings, error) {
	return retried(ctx, s, "get publishing settings", "Publishing settings", func() (*site.PublishingSettings, error) {
		var st site.PublishingSettings
		err := s.read.QueryRowContext(ctx, `SELECT mode FROM publishing_settings WHERE id = 1`).Scan(&st.Mode)
		return &st, err
	})
}

// UpdatePublishingSettings replaces the publishing mode.
func (s *Store) UpdatePublishingSettings(ctx context.Context, st *site.PublishingSettings) (*site.PublishingSettings, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		return requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE publishing_settings SET mode = ? WHERE id = 1`), st.Mode))
	})
	if err != nil {
		return nil, s.Fail(ctx, "update publishing settings", "Publishing settings", err)
	}
	return s.GetPublishingSettings(ctx)
}

const draftColumns = `d.id, d.section, d.key, d.value, d.version, d.updated_at, d.updated_by, d.base, c.value,
	d.review_requested_at, d.review_requested_by, d.publish_at, d.scheduled_by, d.resource, d.record_id`

const draftFrom = ` FROM content_drafts d LEFT JOIN website_content c ON c.section = d.section AND c.key = d.key`

// scanDraft reads one row of draftColumns.
func scanDraft(r Row) (*site.ContentDraft, error) {
	var d site.ContentDraft
	var base, published sql.NullString
	if err := r.Scan(&d.ID, &d.Section, &d.Key, &d.Value, &d.Version, ScanTime(&d.UpdatedAt), &d.UpdatedBy, &base, &published,
		ScanNullTime(&d.ReviewRequestedAt), &d.ReviewRequestedBy, ScanNullTime(&d.PublishAt), &d.ScheduledBy, &d.Resource, &d.RecordID); err != nil {
		return nil, err
	}
	if base.Valid {
		d.Base = &base.String
	}
	if published.Valid {
		d.Published = &published.String
	}
	d.Comments = []site.DraftComment{}
	return &d, nil
}

// FindContentDrafts lists the pending drafts by section and key.
func (s *Store) FindContentDrafts(ctx context.Context) ([]*site.ContentDraft, error) {
	return retried(ctx, s, "find content drafts", site.DraftNoun, func() ([]*site.ContentDraft, error) {
		rows, err := s.read.QueryContext(ctx, `SELECT `+draftColumns+draftFrom+` ORDER BY d.section, d.key`)
		if err != nil {
			return nil, err
		}
		drafts, err := ScanAll(rows, scanDraft)
		if err != nil {
			return nil, err
		}
		if err := s.withRecords(ctx, s.read, drafts); err != nil {
			return nil, err
		}
		return drafts, s.attachComments(ctx, s.read, drafts)
	})
}

// FindContentDraft returns the pending draft id with its comments.
func (s *Store) FindContentDraft(ctx context.Context, id int64) (*site.ContentDraft, error) {
	d, err := retried(ctx, s, "find content draft", site.DraftNoun, func() (*site.ContentDraft, error) {
		d, err := scanDraft(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+draftColumns+draftFrom+` WHERE d.id = ?`), id))
		if err != nil {
			return nil, err
		}
		if err := s.withRecords(ctx, s.read, []*site.ContentDraft{d}); err != nil {
			return nil, err
		}
		return d, s.attachComments(ctx, s.read, []*site.ContentDraft{d})
	})
	if site.ErrorCode(err) == site.ENOTFOUND {
		return nil, site.Errorf(site.ENOTFOUND, "%s", site.MsgDraftGone)
	}
	return d, err
}

const commentColumns = `id, draft_id, parent_id, body, author, created_at, resolved_at, resolved_by`

// scanComment reads one row of commentColumns.
func scanComment(r Row) (site.DraftComment, error) {
	var c site.DraftComment
	var parent sql.NullInt64
	err := r.Scan(&c.ID, &c.DraftID, &parent, &c.Body, &c.Author, ScanTime(&c.CreatedAt), ScanNullTime(&c.ResolvedAt), &c.ResolvedBy)
	if parent.Valid {
		c.ParentID = &parent.Int64
	}
	return c, err
}

// attachComments reads the comments of drafts through q, oldest first.
func (s *Store) attachComments(ctx context.Context, q Querier, drafts []*site.ContentDraft) error {
	return attachRows(ctx, s, q, `SELECT `+commentColumns+` FROM draft_comments`, "draft_id", ` ORDER BY id`, drafts,
		func(d *site.ContentDraft) int64 { return d.ID }, scanComment,
		func(c site.DraftComment) int64 { return c.DraftID },
		func(d *site.ContentDraft, c site.DraftComment) { d.Comments = append(d.Comments, c) })
}

// draftConflict is the conflict of a draft write that met cur (nil: the
// draft is gone, published or discarded), with who saved it last.
func draftConflict(cur *site.ContentDraft) error {
	c := &site.Conflict{Noun: site.DraftNoun}
	if cur != nil {
		c.Current = cur
		c.Latest = &site.Revision{Username: cur.UpdatedBy, CreatedAt: cur.UpdatedAt, Version: cur.Version}
	}
	return c
}

// lockDrafts ends a SELECT of draftFrom that locks the drafts it reads:
// PostgreSQL locks no row of the nullable side of an outer join, so the
// lock names the drafts' table.
func (s *Store) lockDrafts() string {
	if s.d.ForUpdate() == "" {
		return ""
	}
	return ` FOR UPDATE OF d`
}

// lockDraft reads and locks the draft at (section, key) in tx; nil when
// there is none.
func (s *Store) lockDraft(ctx context.Context, tx *sql.Tx, section, key string) (*site.ContentDraft, error) {
	d, err := scanDraft(tx.QueryRowContext(ctx, s.rebind(`SELECT `+draftColumns+draftFrom+`
		WHERE d.section = ? AND d.key = ?`+s.lockDrafts()), section, key))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return d, err
}

// SaveContentDraft writes value as the pending draft of (section, key),
// guarded by w.Version (the draft's) or expectNone; a value equal to the
// published text's leaves no draft.
func (s *Store) SaveContentDraft(ctx context.Context, section, key, value string, w site.Write, expectNone bool) (*site.ContentDraft, error) {
	w = s.stamp(w)
	var out *site.ContentDraft
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		cur, err := s.lockDraft(ctx, tx, section, key)
		if err != nil {
			return err
		}
		switch {
		case cur != nil && (expectNone || (w.Version != 0 && w.Version != cur.Version)):
			return draftConflict(cur)
		case cur == nil && w.Version != 0:
			return draftConflict(nil)
		}
		var published sql.NullString
		err = tx.QueryRowContext(ctx, s.rebind(`SELECT value FROM website_content WHERE section = ? AND key = ?`), section, key).Scan(&published)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if published.Valid && published.String == value {
			// Back to the published text: nothing is pending.
			if cur != nil {
				if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM content_drafts WHERE id = ?`), cur.ID); err != nil {
					return err
				}
			}
			p := published.String
			out = &site.ContentDraft{Section: section, Key: key, Value: value, Published: &p, UpdatedAt: w.At, UpdatedBy: w.Actor.Username}
			return nil
		}
		var id int64
		if cur == nil {
			// A first draft of the same text by another editor meanwhile
			// wins; this one is then a conflict.
			err = tx.QueryRowContext(ctx, s.rebind(`INSERT INTO content_drafts (section, key, value, version, updated_at, updated_by, base)
				VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT (section, key) DO NOTHING RETURNING id`),
				section, key, value, s.d.Time(w.At), w.Actor.Username, published).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				again, aerr := s.lockDraft(ctx, tx, section, key)
				if aerr != nil {
					return aerr
				}
				return draftConflict(again)
			}
		} else {
			id = cur.ID
			err = requireRow(tx.ExecContext(ctx, s.rebind(`UPDATE content_drafts SET value = ?, version = version + 1, updated_at = ?, updated_by = ?, base = ?
				WHERE id = ?`), value, s.d.Time(w.At), w.Actor.Username, published, id))
		}
		if err != nil {
			return err
		}
		out, err = scanDraft(tx.QueryRowContext(ctx, s.rebind(`SELECT `+draftColumns+draftFrom+` WHERE d.id = ?`), id))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "save content draft", site.DraftNoun, err)
	}
	return out, nil
}

// selectDrafts locks and returns the drafts sel names in tx, by section
// and key; ENOTFOUND when one of its ids is no pending draft (published
// or discarded meanwhile).
func (s *Store) selectDrafts(ctx context.Context, tx *sql.Tx, sel site.DraftSelection) ([]*site.ContentDraft, error) {
	q, args := `SELECT `+draftColumns+draftFrom, []any(nil)
	if !sel.Everything() {
		if len(sel.IDs) == 0 {
			return nil, nil
		}
		// IDIn quotes its column, which may then have no table's name.
		q, args = q+` WHERE d.id IN (SELECT id FROM content_drafts WHERE `+s.d.IDIn("id", len(sel.IDs))+`)`, s.d.IDArgs(sel.IDs)
	}
	rows, err := tx.QueryContext(ctx, s.rebind(q+` ORDER BY d.section, d.key`+s.lockDrafts()), args...)
	if err != nil {
		return nil, err
	}
	drafts, err := ScanAll(rows, scanDraft)
	if err != nil {
		return nil, err
	}
	if err := s.withRecords(ctx, tx, drafts); err != nil {
		return nil, err
	}
	if !sel.Everything() {
		seen := map[int64]bool{}
		for _, d := range drafts {
			seen[d.ID] = true
		}
		for _, id := range sel.IDs {
			if !seen[id] {
				return nil, site.Errorf(site.ENOTFOUND, "A draft you chose was published or discarded by someone else: reload the list.")
			}
		}
	}
	return drafts, nil
}

// deleteDrafts deletes drafts in tx; the request's audit entry names them
// by id, and their texts by section and key.
func (s *Store) deleteDrafts(ctx context.Context, tx *sql.Tx, drafts []*site.ContentDraft) error {
	if len(drafts) == 0 {
		return nil
	}
	ids, texts := draftNames(drafts)
	site.SetAuditWhat(ctx, ids, texts)
	_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM content_drafts WHERE `+s.d.IDIn("id", len(ids))), s.d.IDArgs(ids)...)
	return err
}

// PublishContentDrafts writes the selected drafts over their published
// texts and records, as a save of each does (a text reset to its built-in
// copy comes back under its own id), and deletes them, in one transaction.
func (s *Store) PublishContentDrafts(ctx context.Context, sel site.DraftSelection, w site.Write) (*site.DraftsPublished, error) {
	w = s.stamp(w)
	w.Version = 0
	var out *site.DraftsPublished
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		out = &site.DraftsPublished{Published: []*site.ContentItem{}}
		drafts, err := s.selectDrafts(ctx, tx, sel)
		if err != nil {
			return err
		}
		if err := site.CheckDraftsCurrent(drafts); err != nil {
			return err
		}
		// Deleted first, so that the audit entry names the drafts rather
		// than the first text's record.
		if err := s.deleteDrafts(ctx, tx, drafts); err != nil {
			return err
		}
		for _, d := range drafts {
			if err := s.publishOne(ctx, tx, d, w, out); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.writeError(ctx, "publish content drafts", site.Content, nil, w.Actor.UserID, err)
	}
	return out, nil
}

// publishOne publishes d in tx, a text's draft or a record's, and counts
// it in out.
func (s *Store) publishOne(ctx context.Context, tx *sql.Tx, d *site.ContentDraft, w site.Write, out *site.DraftsPublished) error {
	if d.Resource != "" {
		changed, err := s.publishRecordDraft(ctx, tx, d, w)
		if changed {
			out.Records++
		}
		return err
	}
	it, err := s.publishDraft(ctx, tx, d, w)
	if it != nil {
		out.Published = append(out.Published, it)
	}
	return err
}

// publishDraft writes d over its text in tx: an update of the saved text,
// the deleted one brought back with the new value, or a new one; nil when
// the text already holds the draft's value.
func (s *Store) publishDraft(ctx context.Context, tx *sql.Tx, d *site.ContentDraft, w site.Write) (*site.ContentItem, error) {
	e := site.Content
	rec := &site.ContentItem{Section: d.Section, Key: d.Key, Value: d.Value}
	var id int64
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT id FROM website_content WHERE section = ? AND key = ?`), d.Section, d.Key).Scan(&id)
	switch {
	case err == nil:
		old, err := s.lockRecord(ctx, tx, e, id)
		if err != nil {
			return nil, err
		}
		if old.(*site.ContentItem).Value == d.Value {
			return nil, nil
		}
		rec.ID = id
		out, err := s.rewrite(ctx, tx, e, old, rec, w, site.ActionUpdate)
		if err != nil {
			return nil, err
		}
		return out.(*site.ContentItem), nil
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	gone, err := s.deletedTextIn(ctx, tx, d.Section, d.Key)
	if err != nil {
		return nil, err
	}
	var out site.Record
	if gone != nil {
		rec.ID = gone.RecordID
		w.Action = site.ActionUpdate
		out, err = s.recreate(ctx, tx, e, gone.RecordID, gone, rec, w)
	} else {
		out, err = s.createRecord(ctx, tx, e, rec, w)
	}
	if err != nil {
		return nil, err
	}
	return out.(*site.ContentItem), nil
}

// deletedTextIn returns, read in tx, the delete revision of the newest
// record of the text at (section, key) that a reset deleted, or nil: a
// text keeps one id and one history across resets (site.SaveContent).
func (s *Store) deletedTextIn(ctx context.Context, tx *sql.Tx, section, key string) (*site.Revision, error) {
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT `+revisionColumns+` FROM revisions r
		WHERE r.resource = ? AND r.action = '`+site.ActionDelete+`'
		  AND r.id = (SELECT MAX(l.id) FROM revisions l WHERE l.resource = r.resource AND l.record_id = r.record_id)
		  AND NOT EXISTS (SELECT 1 FROM website_content t WHERE t.id = r.record_id)
		ORDER BY r.id DESC`), site.Content.Name)
	if err != nil {
		return nil, err
	}
	revs, err := ScanAll(rows, scanRevision)
	if err != nil {
		return nil, err
	}
	for _, r := range revs {
		var c site.ContentItem
		if json.Unmarshal(r.Data, &c) == nil && c.Section == section && c.Key == key {
			return r, nil
		}
	}
	return nil, nil
}

// DiscardContentDrafts deletes the selected drafts.
func (s *Store) DiscardContentDrafts(ctx context.Context, sel site.DraftSelection) (int, error) {
	var n int
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		drafts, err := s.selectDrafts(ctx, tx, sel)
		if err != nil {
			return err
		}
		n = len(drafts)
		return s.deleteDrafts(ctx, tx, drafts)
	})
	if err != nil {
		return 0, s.Fail(ctx, "discard content drafts", site.DraftNoun, err)
	}
	return n, nil
}
