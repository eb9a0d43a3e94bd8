package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"meridian/internal/site"
)

// The review of the pending drafts (approval mode: review requests,
// send-backs, comments) and their scheduled releases. Each write selects
// and locks its drafts as a publish does (selectDrafts).

// RequestDraftReview marks the selected drafts as waiting for review.
func (s *Store) RequestDraftReview(ctx context.Context, sel site.DraftSelection, w site.Write) ([]*site.ContentDraft, error) {
	w = s.stamp(w)
	return s.changeDrafts(ctx, "request draft review", sel, func(tx *sql.Tx, d *site.ContentDraft) (bool, error) {
		if d.InReview() {
			return false, nil
		}
		at := w.At
		d.ReviewRequestedAt, d.ReviewRequestedBy = &at, w.Actor.Username
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE content_drafts SET review_requested_at = ?, review_requested_by = ? WHERE id = ?`),
			s.d.Time(w.At), w.Actor.Username, d.ID)
		return true, err
	})
}

// SendBackDrafts takes the selected drafts out of review with a comment on
// each; it returns them with who asked for their review.
func (s *Store) SendBackDrafts(ctx context.Context, sel site.DraftSelection, comment string, w site.Write) ([]*site.ContentDraft, error) {
	w = s.stamp(w)
	return s.changeDrafts(ctx, "send back drafts", sel, func(tx *sql.Tx, d *site.ContentDraft) (bool, error) {
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE content_drafts SET review_requested_at = NULL, review_requested_by = '' WHERE id = ?`), d.ID); err != nil {
			return false, err
		}
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO draft_comments (draft_id, body, author, created_at) VALUES (?, ?, ?, ?)`),
			d.ID, comment, w.Actor.Username, s.d.Time(w.At))
		return true, err
	})
}

// changeDrafts runs change on each selected draft in one transaction and
// returns, with their comments, the drafts it changed (it says so), which
// the request's audit entry names.
func (s *Store) changeDrafts(ctx context.Context, op string, sel site.DraftSelection, change func(*sql.Tx, *site.ContentDraft) (bool, error)) ([]*site.ContentDraft, error) {
	var out []*site.ContentDraft
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		out = nil
		drafts, err := s.selectDrafts(ctx, tx, sel)
		if err != nil {
			return err
		}
		for _, d := range drafts {
			changed, err := change(tx, d)
			if err != nil {
				return err
			}
			if changed {
				out = append(out, d)
			}
		}
		ids, texts := draftNames(out)
		site.SetAuditWhat(ctx, ids, texts)
		return s.attachComments(ctx, tx, out)
	})
	if err != nil {
		return nil, s.Fail(ctx, op, site.DraftNoun, err)
	}
	return out, nil
}

// draftNames names drafts, for an audit entry: their ids, and their texts
// by section and key.
func draftNames(drafts []*site.ContentDraft) ([]int64, string) {
	ids := make([]int64, len(drafts))
	texts := make([]string, len(drafts))
	for i, d := range drafts {
		ids[i], texts[i] = d.ID, d.Label()
	}
	return ids, strings.Join(texts, ", ")
}

// AddDraftComment adds c to its draft; a reply to a reply answers the
// comment that one answers, so that a thread stays one level deep.
func (s *Store) AddDraftComment(ctx context.Context, c *site.DraftComment, w site.Write) (*site.DraftComment, error) {
	w = s.stamp(w)
	out := *c
	out.Author, out.CreatedAt, out.ResolvedAt, out.ResolvedBy = w.Actor.Username, w.At, nil, ""
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT 1 FROM content_drafts WHERE id = ?`+s.d.ForUpdate()), c.DraftID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return site.Errorf(site.ENOTFOUND, "%s", site.MsgDraftGone)
		} else if err != nil {
			return err
		}
		if c.ParentID != nil {
			parent, err := scanComment(tx.QueryRowContext(ctx, s.rebind(`SELECT `+commentColumns+` FROM draft_comments WHERE id = ? AND draft_id = ?`), *c.ParentID, c.DraftID))
			if errors.Is(err, sql.ErrNoRows) {
				return site.Errorf(site.ENOTFOUND, "%s", site.MsgCommentGone)
			} else if err != nil {
				return err
			}
			if parent.ParentID != nil {
				out.ParentID = parent.ParentID
			}
		}
		site.SetAuditWhat(ctx, []int64{c.DraftID}, "")
		return tx.QueryRowContext(ctx, s.rebind(`INSERT INTO draft_comments (draft_id, parent_id, body, author, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`),
			out.DraftID, out.ParentID, out.Body, out.Author, s.d.Time(out.CreatedAt)).Scan(&out.ID)
	})
	if err != nil {
		return nil, s.Fail(ctx, "add draft comment", "Comment", err)
	}
	return &out, nil
}

// ResolveDraftComment marks the comment id resolved, or open again.
func (s *Store) ResolveDraftComment(ctx context.Context, id int64, resolved bool, w site.Write) (*site.DraftComment, error) {
	w = s.stamp(w)
	var out site.DraftComment
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var at any
		by := ""
		if resolved {
			at, by = s.d.Time(w.At), w.Actor.Username
		}
		n, err := tx.ExecContext(ctx, s.rebind(`UPDATE draft_comments SET resolved_at = ?, resolved_by = ? WHERE id = ?`), at, by, id)
		if err != nil {
			return err
		}
		if k, err := n.RowsAffected(); err != nil {
			return err
		} else if k == 0 {
			return site.Errorf(site.ENOTFOUND, "%s", site.MsgCommentGone)
		}
		out, err = scanComment(tx.QueryRowContext(ctx, s.rebind(`SELECT `+commentColumns+` FROM draft_comments WHERE id = ?`), id))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "resolve draft comment", "Comment", err)
	}
	return &out, nil
}

// ScheduleDrafts sets or clears the release time of the selected drafts.
func (s *Store) ScheduleDrafts(ctx context.Context, sel site.DraftSelection, at *time.Time, w site.Write) ([]*site.ContentDraft, error) {
	w = s.stamp(w)
	var when any
	by := ""
	if at != nil {
		t := at.UTC().Truncate(s.d.Precision())
		at, when, by = &t, s.d.Time(t), w.Actor.Username
	}
	return s.changeDrafts(ctx, "schedule drafts", sel, func(tx *sql.Tx, d *site.ContentDraft) (bool, error) {
		d.PublishAt, d.ScheduledBy = at, by
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE content_drafts SET publish_at = ?, scheduled_by = ? WHERE id = ?`), when, by, d.ID)
		return true, err
	})
}

// PublishDueDrafts publishes the drafts whose release time has come. The
// drafts are read and locked first, so that of two instances at once the
// second waits and then finds them gone.
func (s *Store) PublishDueDrafts(ctx context.Context, now time.Time) (published *site.DraftsPublished, stale []*site.ContentDraft, err error) {
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		published, stale = &site.DraftsPublished{Published: []*site.ContentItem{}}, nil
		rows, err := tx.QueryContext(ctx, s.rebind(`SELECT `+draftColumns+draftFrom+` WHERE d.publish_at <= ? ORDER BY d.section, d.key`+s.lockDrafts()), s.d.Time(now))
		if err != nil {
			return err
		}
		due, err := ScanAll(rows, scanDraft)
		if err != nil {
			return err
		}
		if err := s.withRecords(ctx, tx, due); err != nil {
			return err
		}
		var current []*site.ContentDraft
		for _, d := range due {
			if !d.Stale() {
				current = append(current, d)
				continue
			}
			// Published, it would overwrite a live change its writer has
			// not seen: it waits, unscheduled, for someone to look.
			if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE content_drafts SET publish_at = NULL, scheduled_by = '' WHERE id = ?`), d.ID); err != nil {
				return err
			}
			stale = append(stale, d)
		}
		if len(current) == 0 {
			return nil
		}
		if err := s.deleteDrafts(ctx, tx, current); err != nil {
			return err
		}
		for _, d := range current {
			w := s.stamp(site.Write{At: now, Actor: site.Actor{Username: d.ScheduledBy}})
			if err := s.publishOne(ctx, tx, d, w, published); err != nil {
				return err
			}
		}
		ids, texts := draftNames(current)
		e := &site.AuditEntry{At: now, Username: current[0].ScheduledBy, Action: site.AuditDraftsPublish,
			Target: site.AuditTarget("drafts", ids), Detail: "Scheduled release: " + texts}
		return s.InsertAuditEntry(ctx, tx, e)
	})
	if err != nil {
		return nil, nil, s.Fail(ctx, "publish due drafts", site.DraftNoun, err)
	}
	return published, stale, nil
}
