package api

import (
	"fmt"
	"net/http"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The privacy requests of a person, by the e-mail address they gave
// (administrators only). Each look, export and erasure is in the audit log;
// the entries of a look and an export name the address as their subject,
// which an erasure blanks, and the erasure's own entry holds only counts.

type privacyInput struct {
	Email string `json:"email"`
}

// handlePrivacyFind answers what is held about ?email=.
func (s *Server) handlePrivacyFind(w http.ResponseWriter, r *http.Request) error {
	email, err := site.NormalizeEmail(r.URL.Query().Get("email"))
	if err != nil {
		return err
	}
	return s.privacyAnswer(w, r, email, site.AuditPrivacySearch, false)
}

// privacyEmail reads the address of a privacy request's body.
func privacyEmail(w http.ResponseWriter, r *http.Request) (string, error) {
	var in privacyInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return "", err
	}
	return site.NormalizeEmail(in.Email)
}

// handlePrivacyExport answers what is held about the address as a JSON
// file to hand to the person.
func (s *Server) handlePrivacyExport(w http.ResponseWriter, r *http.Request) error {
	email, err := privacyEmail(w, r)
	if err != nil {
		return err
	}
	return s.privacyAnswer(w, r, email, site.AuditPrivacyExport, true)
}

func (s *Server) privacyAnswer(w http.ResponseWriter, r *http.Request, email, action string, file bool) error {
	data, err := s.Store.FindPersonalData(r.Context(), email)
	if err != nil {
		return err
	}
	e := &site.AuditEntry{Action: action, Subject: email,
		Detail: fmt.Sprintf("leads: %d, audit entries: %d", len(data.Leads), len(data.AuditEntries))}
	// No entry, no data.
	if err := s.Auth.Audit(r, e); err != nil {
		return err
	}
	if file {
		w.Header().Set("Content-Disposition", `attachment; filename="personal-data-`+s.Now().Format("2006-01-02")+`.json"`)
	}
	httpx.WriteOK(w, data)
	return nil
}

// handlePrivacyErase erases what is held about the address, records the
// erasure without the address, and compacts the database so that the
// address is in none of its files.
func (s *Server) handlePrivacyErase(w http.ResponseWriter, r *http.Request) error {
	email, err := privacyEmail(w, r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	erased, err := s.Store.ErasePersonalData(ctx, email)
	if err != nil {
		return err
	}
	e := &site.AuditEntry{Action: site.AuditPrivacyErase, Detail: fmt.Sprintf("leads: %d, notifications: %d, audit entries: %d, sign-in attempts: %d",
		erased.Leads, erased.Deliveries, erased.AuditEntries, erased.LoginAttempts)}
	if err := s.Auth.Audit(r, e); err != nil {
		s.LogFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
	if err := s.Store.Compact(ctx); err != nil {
		return err
	}
	httpx.WriteOK(w, erased)
	return nil
}
