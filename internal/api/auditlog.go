package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

const (
	defaultAuditPageSize = 50
	maxAuditPageSize     = 200
)

// auditFilter reads the log's filter from the query: user, action, from
// and to (dates, YYYY-MM-DD, both included, or RFC 3339 times), page and
// pageSize.
func auditFilter(q map[string][]string) (f site.AuditFilter, page, size int, err error) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	if err := site.CheckText(&struct {
		User   string `json:"user"`
		Action string `json:"action"`
	}{get("user"), get("action")}); err != nil {
		return f, 0, 0, err
	}
	f.Username, f.Action = get("user"), get("action")
	if len(f.Username) > 256 {
		return f, 0, 0, &site.Error{Code: site.EINVALID, Message: "The user must be at most 256 characters.", Fields: map[string]string{"user": "At most 256 characters."}}
	}
	if err := f.Validate(); err != nil {
		return f, 0, 0, err
	}
	for _, b := range []struct {
		key string
		t   *time.Time
		end bool
	}{{"from", &f.From, false}, {"to", &f.To, true}} {
		v := get(b.key)
		if v == "" {
			continue
		}
		if d, err := time.Parse(time.DateOnly, v); err == nil {
			if b.end {
				d = d.AddDate(0, 0, 1)
			}
			*b.t = d
		} else if t, err := time.Parse(time.RFC3339, v); err == nil {
			*b.t = t.UTC()
		} else {
			msg := "Give a date as YYYY-MM-DD."
			return f, 0, 0, &site.Error{Code: site.EINVALID, Message: "The " + b.key + " date is not a date: " + msg, Fields: map[string]string{b.key: msg}}
		}
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		msg := "The end date must not be before the start date."
		return f, 0, 0, &site.Error{Code: site.EINVALID, Message: msg, Fields: map[string]string{"to": msg}}
	}
	page, size = 1, defaultAuditPageSize
	if v := get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 1_000_000 {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1 to 1000000.")
		}
	}
	if v := get("pageSize"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > maxAuditPageSize {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page size must be a whole number from 1 to %d.", maxAuditPageSize)
		}
	}
	f.Offset, f.Limit = (page-1)*size, size
	return f, page, size, nil
}

// handleAuditLog answers a page of the audit log, or with ?format=csv every
// entry of the filter as a CSV file.
func (s *Server) handleAuditLog(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	format := q.Get("format")
	if format != "" && format != "csv" && format != "json" {
		return site.FieldError("format", "The format must be json or csv.")
	}
	f, page, size, err := auditFilter(q)
	if err != nil {
		return err
	}
	if format == "csv" {
		f.Offset, f.Limit = 0, 0
	}
	list, total, err := s.Store.FindAuditEntries(r.Context(), f)
	if err != nil {
		return err
	}
	if format != "csv" {
		httpx.WritePage(w, list, total, page, size)
		return nil
	}
	return s.exportCSV(w, r, s.datedFile("audit-log"), []string{"id", "at", "userId", "username", "address", "action", "target", "detail"}, func(row func(...string) error) error {
		for _, e := range list {
			uid := ""
			if e.UserID != nil {
				uid = strconv.FormatInt(*e.UserID, 10)
			}
			if err := row(strconv.FormatInt(e.ID, 10), e.At.Format(time.RFC3339), uid, e.Username, e.Addr, e.Action, e.Target, e.Detail); err != nil {
				return err
			}
		}
		return nil
	})
}

// handleLeadView answers one lead, for its details, and records the view.
func (s *Server) handleLeadView(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Lead")
	if err != nil {
		return err
	}
	l, err := s.Store.FindLeadByID(r.Context(), id)
	if err != nil {
		return err
	}
	// No entry, no data: a view that cannot be recorded is not answered.
	e := &site.AuditEntry{Action: site.AuditLeadView, Target: "contact-submissions/" + strconv.FormatInt(id, 10), Subject: l.Email}
	if err := s.Auth.Audit(r, e); err != nil {
		return err
	}
	s.showLead(r, l)
	httpx.WriteOK(w, l)
	return nil
}

// leadListDetail says which leads a list or an export held, without the
// search text (which may be someone's name or address).
func leadListDetail(f site.LeadFilter) string {
	parts := []string{"view inbox"}
	if f.Spam {
		parts[0] = "view spam"
	}
	if f.Status != "" {
		parts = append(parts, "status "+f.Status)
	}
	if f.Interest != "" {
		parts = append(parts, "interest "+f.Interest)
	}
	if f.Query != "" {
		parts = append(parts, "with a search")
	}
	return strings.Join(parts, ", ")
}
