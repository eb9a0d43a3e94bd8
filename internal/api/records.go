package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The handlers of every resource (site.Entities): one list, create, update,
// delete, history, restore and recently deleted, driven by the entity. The
// special cases (publishing a page, the settings' one row) are extra
// actions beside them.

// recordWrite is the write of a record the request asks for, from version
// (0: any): by its user, judged at the site's own hosts.
func (s *Server) recordWrite(r *http.Request, version int) site.Write {
	return site.Write{Actor: auth.Actor(r), Version: version, Hosts: s.hosts(r)}
}

// ifMatch reads the version a client started from in If-Match ("3" or 3);
// 0 when there is none. A value that is not a version is refused.
func ifMatch(r *http.Request) (int, error) {
	v := strings.TrimSpace(r.Header.Get("If-Match"))
	if v == "" || v == "*" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.Trim(strings.TrimPrefix(v, "W/"), `"`))
	if err != nil || n < 1 {
		return 0, site.Errorf(site.EINVALID, "If-Match must hold the version of the record, such as \"3\".")
	}
	return n, nil
}

// recordChanged moves the content version on after a write of an entity
// visitors see.
func (s *Server) recordChanged(r *http.Request, e *site.Entity) {
	if e.Public {
		s.contentChanged()
	}
}

// recordFrom decodes a record of e from the body and checks it. The fields
// the server sets are dropped first, whatever their value: a client may
// send back what it read. The body's version, or If-Match, is the version
// the client started from.
func (s *Server) recordFrom(w http.ResponseWriter, r *http.Request, e *site.Entity) (site.Record, int, error) {
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &raw); err != nil {
		return nil, 0, err
	}
	for _, f := range e.Fields() {
		if f.Server && f.Column != "version" {
			delete(raw, f.JSON)
		}
	}
	if err := checkTimes(e, raw); err != nil {
		return nil, 0, err
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, 0, err
	}
	rec := e.New()
	if err := httpx.DecodeBody(bytes.NewReader(b), rec); err != nil {
		return nil, 0, err
	}
	version := site.RecordVersion(rec)
	if v, err := ifMatch(r); err != nil {
		return nil, 0, err
	} else if v != 0 {
		version = v
	}
	err = s.checkRecord(e, rec)
	if err == nil {
		err = site.CheckMediaRefs(r.Context(), s.Store, e, rec)
	}
	if rd, ok := rec.(*site.Redirect); ok && err == nil {
		err = s.checkRedirectSource(r.Context(), rd)
	}
	if err != nil {
		return nil, 0, err
	}
	return rec, version, nil
}

// checkTimes refuses a time field of e that a client may write (a page's
// publishedAt) when the body gives it in another form than RFC 3339,
// naming the field; the decoder's own error would not.
func checkTimes(e *site.Entity, raw map[string]json.RawMessage) error {
	for _, f := range e.Fields() {
		if f.Server || (f.Type != reflect.TypeFor[time.Time]() && f.Type != reflect.TypeFor[*time.Time]()) {
			continue
		}
		v, ok := raw[f.JSON]
		if !ok || string(v) == "null" {
			continue
		}
		var s string
		if json.Unmarshal(v, &s) == nil {
			if _, err := time.Parse(time.RFC3339, s); err == nil {
				continue
			}
		}
		return site.FieldError(f.JSON, httpx.FieldLabel(f.JSON)+" must be a date and time with its offset, such as 2026-05-01T09:00:00Z.")
	}
	return nil
}

// checkRecord applies the rules of e to rec: its own Validate, then those
// that need the site's routes.
func (s *Server) checkRecord(e *site.Entity, rec site.Record) error {
	if err := rec.Validate(); err != nil {
		return err
	}
	if e.CheckRoutes != nil {
		return e.CheckRoutes(rec, s.Pages.Routes())
	}
	return nil
}

func (s *Server) handleRecordList(e *site.Entity) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		list, err := s.Store.FindRecords(r.Context(), e, site.ListFilter{})
		if err == nil && e == site.Redirects {
			err = s.withRedirectHits(r.Context(), list)
		}
		if err != nil {
			return err
		}
		httpx.WriteOK(w, list)
		return nil
	}
}

func (s *Server) handleRecordCreate(e *site.Entity) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		rec, _, err := s.recordFrom(w, r, e)
		if err != nil {
			return err
		}
		if draft, err := s.wantsRecordDraft(r, e); err != nil {
			return err
		} else if draft {
			return s.createRecordDraft(w, r, e, rec)
		}
		out, err := s.Store.CreateRecord(r.Context(), e, rec, s.recordWrite(r, 0))
		if err != nil {
			return err
		}
		s.recordChanged(r, e)
		if rd, ok := out.(*site.Redirect); ok {
			// The address answers now: it is no longer one to mend.
			if err := s.Hits.Forget(r.Context(), rd.Source); err != nil {
				s.Logger.ErrorContext(r.Context(), "not-found log: forget failed", "path", rd.Source, "err", err)
			}
		}
		httpx.WriteCreated(w, out)
		return nil
	}
}

// handleRecordUpdate replaces the record with the path's id; fixedID, when
// not 0, is the id of an entity of one row (the site settings).
func (s *Server) handleRecordUpdate(e *site.Entity, fixedID int64) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id := fixedID
		if id == 0 {
			var err error
			if id, err = httpx.PathID(r, e.Noun); err != nil {
				return err
			}
		}
		rec, version, err := s.recordFrom(w, r, e)
		if err != nil {
			return err
		}
		site.SetRecordID(rec, id)
		if draft, err := s.wantsRecordDraft(r, e); err != nil {
			return err
		} else if draft {
			return s.saveRecordDraft(w, r, e, rec, version)
		}
		out, err := s.Store.UpdateRecord(r.Context(), e, rec, s.recordWrite(r, version))
		if err != nil {
			return err
		}
		s.recordChanged(r, e)
		httpx.WriteOK(w, out)
		return nil
	}
}

// saveRecordDraft keeps rec, an update asked for with X-Publish: draft in a
// mode that keeps drafts, as its record's pending draft: visitors see the
// record as it is until the draft is published. The answer is the record as
// drafted, in the shape of an update's, with X-Publish: draft; a record the
// entity holds no draft of (a page not published) is updated live.
func (s *Server) saveRecordDraft(w http.ResponseWriter, r *http.Request, e *site.Entity, rec site.Record, version int) error {
	live, draft, err := s.Store.SaveRecordDraft(r.Context(), e, rec, s.recordWrite(r, version))
	if err != nil {
		return err
	}
	if live != nil {
		s.recordChanged(r, e)
		httpx.WriteOK(w, live)
		return nil
	}
	w.Header().Set(site.PublishDraftHeader, "draft")
	httpx.WriteOK(w, json.RawMessage(draft.Value))
	return nil
}

// createRecordDraft creates rec, asked for with X-Publish: draft in a mode
// that keeps drafts, hidden from visitors until its draft is published.
// The answer is the record as drafted (with its id and version), in the
// shape of a create's, with X-Publish: draft; a record the entity holds no
// draft of (asked for hidden) is created as it is.
func (s *Server) createRecordDraft(w http.ResponseWriter, r *http.Request, e *site.Entity, rec site.Record) error {
	created, draft, err := s.Store.CreateRecordDraft(r.Context(), e, rec, s.recordWrite(r, 0))
	if err != nil {
		return err
	}
	s.recordChanged(r, e)
	if draft == nil {
		httpx.WriteCreated(w, created)
		return nil
	}
	w.Header().Set(site.PublishDraftHeader, "draft")
	httpx.WriteCreated(w, json.RawMessage(draft.Value))
	return nil
}

// deleteRecordDraft keeps a delete asked for with X-Publish: draft, in a
// mode that keeps drafts, as the record's pending draft: visitors see the
// record until the draft is published. The answer is a delete's, with
// X-Publish: draft; a record the entity holds no draft of (a page not
// published) is deleted at once.
func (s *Server) deleteRecordDraft(w http.ResponseWriter, r *http.Request, e *site.Entity, id int64, version int) error {
	_, draft, err := s.Store.DeleteRecordDraft(r.Context(), e, id, s.recordWrite(r, version))
	if err != nil {
		return err
	}
	if draft != nil {
		w.Header().Set(site.PublishDraftHeader, "draft")
	} else {
		s.recordChanged(r, e)
	}
	httpx.WriteDone(w)
	return nil
}

func (s *Server) handleRecordDelete(e *site.Entity) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, e.Noun)
		if err != nil {
			return err
		}
		version, err := ifMatch(r)
		if err != nil {
			return err
		}
		if draft, err := s.wantsRecordDraft(r, e); err != nil {
			return err
		} else if draft {
			return s.deleteRecordDraft(w, r, e, id, version)
		}
		if _, err := s.Store.DeleteRecord(r.Context(), e, id, s.recordWrite(r, version)); err != nil {
			return err
		}
		s.recordChanged(r, e)
		httpx.WriteDone(w)
		return nil
	}
}

func (s *Server) handleRevisionList(e *site.Entity) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, e.Noun)
		if err != nil {
			return err
		}
		list, err := s.Store.FindRevisions(r.Context(), e, id)
		return httpx.Reply(w, list, err)
	}
}

func (s *Server) handleDeletedList(e *site.Entity) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		list, err := s.Store.FindDeleted(r.Context(), e)
		return httpx.Reply(w, list, err)
	}
}

// handleRevisionRestore brings a record back to one of its revisions; it
// re-creates a deleted record. If-Match guards a record that exists.
func (s *Server) handleRevisionRestore(e *site.Entity) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, e.Noun)
		if err != nil {
			return err
		}
		rev, err := httpx.IDParam(r, "revisionId", "Revision")
		if err != nil {
			return err
		}
		version, err := ifMatch(r)
		if err != nil {
			return err
		}
		out, err := s.Store.RestoreRevision(r.Context(), e, id, rev, s.recordWrite(r, version))
		if err != nil {
			return err
		}
		s.recordChanged(r, e)
		httpx.WriteOK(w, out)
		return nil
	}
}

// handleSettingsGet answers the one row of site settings.
func (s *Server) handleSettingsGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.FindRecord(r.Context(), site.Settings, site.SettingsID)
	return httpx.Reply(w, st, err)
}

// handlePagePublish publishes a page as it is stored; the first
// publication time is stamped by the page's rules.
func (s *Server) handlePagePublish(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, site.Pages.Noun)
	if err != nil {
		return err
	}
	version, err := ifMatch(r)
	if err != nil {
		return err
	}
	rec, err := s.Store.FindRecord(r.Context(), site.Pages, id)
	if err != nil {
		return err
	}
	p := rec.(*site.Page)
	if version == 0 {
		// Publishing what was read just now: a write in between is not
		// a conflict the client could have seen.
		version = p.Version
	}
	p.Status = site.PagePublished
	// A page saved before its slug became a route of the site is not
	// published until it is renamed.
	if err := p.CheckRoutes(s.Pages.Routes()); err != nil {
		return err
	}
	out, err := s.Store.UpdateRecord(r.Context(), site.Pages, p, site.Write{Actor: auth.Actor(r), Action: site.ActionPublish, Version: version})
	if err != nil {
		return err
	}
	s.recordChanged(r, site.Pages)
	httpx.WriteOK(w, out)
	return nil
}
