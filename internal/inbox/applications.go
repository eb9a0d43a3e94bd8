package inbox

import (
	"bytes"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// maxApplicationField bounds each text part of an application's body; the
// field's own limit (site.Application.Validate) is smaller.
const maxApplicationField = 16 << 10

// applicationAnswer is the answer 201 to an application.
type applicationAnswer struct {
	Message string `json:"message"`
}

// handleApplication takes an application to an open position, as
// multipart/form-data: positionId, firstName, lastName, email, phone, url,
// coverNote, consent (the wording agreed to), the spam signals of the lead
// form (website, fillMs) and the file cv. A body larger than an
// application may be is refused before it is read; nothing is stored of a
// refused one. Suspected spam is answered as an application is, and
// dropped.
func (s *Server) handleApplication(w http.ResponseWriter, r *http.Request) error {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return site.Errorf(site.EUNSUPPORTED, "Send the application as multipart/form-data, with the CV in a part named cv.")
	}
	tooLarge := site.Errorf(site.ETOOLARGE, "%s", site.MsgCVTooLarge)
	if r.ContentLength > site.MaxApplicationBytes {
		return tooLarge
	}
	r.Body = http.MaxBytesReader(w, r.Body, site.MaxApplicationBytes)
	mr, err := r.MultipartReader()
	if err != nil {
		return site.Errorf(site.EINVALID, "The request body is not valid multipart/form-data.")
	}
	fields := map[string]string{}
	a := site.Application{}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return tooLarge
		} else if err != nil {
			return site.Errorf(site.EINVALID, "The request body is not valid multipart/form-data.")
		}
		name := part.FormName()
		limit := int64(maxApplicationField)
		if name == "cv" {
			limit = site.MaxCVBytes + 1
			a.CVName = part.FileName()
		}
		b, err := io.ReadAll(io.LimitReader(part, limit))
		if errors.As(err, &maxErr) {
			return tooLarge
		} else if err != nil {
			return site.Errorf(site.EINVALID, "The request body is not valid multipart/form-data.")
		}
		if name == "cv" {
			a.CV = b
		} else if _, seen := fields[name]; !seen {
			fields[name] = string(b)
		}
	}
	a.PositionID, _ = strconv.ParseInt(strings.TrimSpace(fields["positionId"]), 10, 64)
	a.FirstName, a.LastName, a.Email = fields["firstName"], fields["lastName"], fields["email"]
	a.Phone, a.URL, a.CoverNote, a.ConsentText = fields["phone"], fields["url"], fields["coverNote"], fields["consent"]
	if a.PositionID <= 0 {
		return site.FieldError("positionId", "Choose the position you apply for.")
	}
	if err := a.Validate(); err != nil {
		return err
	}
	if err := s.allowForm(r, &s.applicationForm, "application", a.Email); err != nil {
		return err
	}
	var fillMs *int64
	if v, err := strconv.ParseFloat(fields["fillMs"], 64); err == nil {
		ms := int64(math.Max(math.Min(math.Floor(v), math.MaxInt32), math.MinInt32))
		fillMs = &ms
	}
	like := site.Lead{LeadFields: site.LeadFields{FirstName: a.FirstName, LastName: a.LastName, ProjectDetails: a.CoverNote}}
	if reason := site.SpamReason(&like, fields["website"], fillMs); reason != "" {
		s.Logger.InfoContext(r.Context(), "application dropped as spam", "reason", reason)
		httpx.WriteReceived(w, applicationAnswer{Message: site.MsgApplicationThanks})
		return nil
	}
	a.CreatedAt = s.Now()
	if _, err := s.Store.CreateApplication(r.Context(), &a); err != nil {
		return err
	}
	s.deliveryQueued()
	httpx.WriteReceived(w, applicationAnswer{Message: site.MsgApplicationThanks})
	return nil
}

// applicationFilter reads the filter of the list and the export:
// ?positionId= and ?status=.
func applicationFilter(r *http.Request) (site.ApplicationFilter, error) {
	q := r.URL.Query()
	var f site.ApplicationFilter
	if v := q.Get("positionId"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return f, site.FieldError("positionId", "positionId must be the id of a position.")
		}
		f.PositionID = id
	}
	if v := q.Get("status"); v != "" {
		if !validApplicationStatus(v) {
			return f, site.FieldError("status", applicationStatusMessage)
		}
		f.Status = v
	}
	return f, nil
}

// handleApplicationList answers the applications, newest first, of one
// position (?positionId=) and one status (?status=), or all.
func (s *Server) handleApplicationList(w http.ResponseWriter, r *http.Request) error {
	f, err := applicationFilter(r)
	if err != nil {
		return err
	}
	list, err := s.Store.FindApplications(r.Context(), f)
	return httpx.Reply(w, list, err)
}

// applicationCSVHeader names the columns of the applications' CSV.
var applicationCSVHeader = []string{"id", "position", "firstName", "lastName", "email", "phone", "url", "coverNote", "cvName", "cvSize", "status", "createdAt"}

// handleApplicationExport answers the applications of the filter as CSV,
// without their files; cells a spreadsheet would run as formulas are
// quoted as the lead export's are.
func (s *Server) handleApplicationExport(w http.ResponseWriter, r *http.Request) error {
	f, err := applicationFilter(r)
	if err != nil {
		return err
	}
	list, err := s.Store.FindApplications(r.Context(), f)
	if err != nil {
		return err
	}
	return s.WriteCSV(w, r, s.DatedFile("applications"), applicationCSVHeader, func(row func(...string) error) error {
		for _, a := range list {
			created := a.CreatedAt
			if err := row(strconv.FormatInt(a.ID, 10), a.PositionTitle, a.FirstName, a.LastName, a.Email, a.Phone, a.URL, a.CoverNote,
				a.CVName, strconv.Itoa(a.CVSize), a.Status, csvTime(&created)); err != nil {
				return err
			}
		}
		return nil
	})
}

const applicationStatusMessage = "Status must be one of new, screening, interview, offer, hired, rejected."

func validApplicationStatus(v string) bool {
	for _, s := range site.ApplicationStatuses {
		if s == v {
			return true
		}
	}
	return false
}

// handleApplicationCV answers the CV of an application as a download,
// never shown in the browser.
func (s *Server) handleApplicationCV(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Application")
	if err != nil {
		return err
	}
	a, err := s.Store.FindApplicationCV(r.Context(), id)
	if err != nil {
		return err
	}
	httpx.WriteDownload(w, r, a.CVName, a.CVType, time.Time{}, bytes.NewReader(a.CV))
	return nil
}

// applicationUpdate is the body of PUT /api/admin/applications/{id}.
type applicationUpdate struct {
	Status string `json:"status"`
}

// handleApplicationUpdate moves an application to another status, which
// its timeline records.
func (s *Server) handleApplicationUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Application")
	if err != nil {
		return err
	}
	var in applicationUpdate
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if !validApplicationStatus(in.Status) {
		return site.FieldError("status", applicationStatusMessage)
	}
	a, err := s.Store.SetApplicationStatus(r.Context(), id, in.Status, auth.Actor(r))
	return httpx.Reply(w, a, err)
}

// handleApplicationGet answers one application with its timeline, for its
// details; the CV is its own download.
func (s *Server) handleApplicationGet(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Application")
	if err != nil {
		return err
	}
	a, err := s.Store.FindApplication(r.Context(), id)
	return httpx.Reply(w, a, err)
}

func (s *Server) handleCareersSettingsGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetCareersSettings(r.Context())
	return httpx.Reply(w, st, err)
}

// handleCareersSettingsUpdate sets how long applications are kept.
func (s *Server) handleCareersSettingsUpdate(w http.ResponseWriter, r *http.Request) error {
	var in site.CareersSettings
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	st, err := s.Store.UpdateCareersSettings(r.Context(), &in)
	return httpx.Reply(w, st, err)
}
