package api

import (
	"net/http"
	"net/url"
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
func auditFilter(q url.Values) (f site.AuditFilter, page, size int, err error) {
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
	if page, size, err = httpx.PageOf(q, defaultAuditPageSize, maxAuditPageSize); err != nil {
		return f, 0, 0, err
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
	return s.WriteCSV(w, r, s.DatedFile("audit-log"), []string{"id", "at", "userId", "username", "address", "action", "target", "detail"}, func(row func(...string) error) error {
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
