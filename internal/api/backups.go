package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The backups of the admin: the archives of the server's backup directory
// (backup.Dir), listed, made at once, downloaded and deleted, and the
// schedule of those the server makes itself. Without a directory (a
// PostgreSQL site started without -backup-dir) the list is empty and none
// can be made.

// errBackupsOff answers a backup asked of a server without a backup
// directory.
var errBackupsOff = site.Errorf(site.ECONFLICT,
	"Backups are off on this server: start it with -backup-dir (SITE_BACKUP_DIR), a directory every instance shares.")

// backupSettingsInput is the body of PUT /api/admin/backup-settings.
type backupSettingsInput struct {
	EveryHours int `json:"everyHours"`
	Keep       int `json:"keep"`
}

func (s *Server) handleBackupList(w http.ResponseWriter, r *http.Request) error {
	list := []*site.Backup{}
	if s.Backups != nil {
		var err error
		if list, err = s.Backups.List(); err != nil {
			return err
		}
	}
	httpx.WritePage(w, list, len(list), 1, max(len(list), 1))
	return nil
}

// handleBackupCreate makes a backup at once and answers it (201). It goes
// on when the client leaves, so that what it began ends as an archive, not
// as a loss; one at a time per instance (409 while another is made).
func (s *Server) handleBackupCreate(w http.ResponseWriter, r *http.Request) error {
	if s.Backups == nil {
		return errBackupsOff
	}
	// A large site takes longer than the server's write timeout.
	http.NewResponseController(w).SetWriteDeadline(time.Time{})
	b, err := s.Backups.Create(context.WithoutCancel(r.Context()))
	if err != nil {
		if site.ErrorCode(err) == site.ECONFLICT {
			return err
		}
		s.LogFailure(r, "backup failed", "err", err)
		return httpx.RetryAfter(site.Errorf(site.EUNAVAILABLE, "The backup was not made: %v", err), time.Minute)
	}
	s.audit(r, &site.AuditEntry{Action: site.AuditBackupCreate, Target: "backups/" + b.Name, Detail: backupDetail(b)})
	httpx.WriteCreated(w, b)
	return nil
}

// handleBackupDownload answers an archive as a file to save, and records
// who took it: it holds every lead and the secret key.
func (s *Server) handleBackupDownload(w http.ResponseWriter, r *http.Request) error {
	if s.Backups == nil {
		return errNoBackup
	}
	name := r.PathValue("name")
	f, st, err := s.Backups.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	// No entry, no data: a download that cannot be recorded is not sent.
	if err := s.Auth.Audit(r, &site.AuditEntry{Action: site.AuditBackupDownload, Target: "backups/" + name}); err != nil {
		return err
	}
	// A large archive takes longer than the server's write timeout.
	http.NewResponseController(w).SetWriteDeadline(time.Time{})
	httpx.WriteDownload(w, r, name, "application/gzip", st.ModTime(), f)
	return nil
}

func (s *Server) handleBackupDelete(w http.ResponseWriter, r *http.Request) error {
	if s.Backups == nil {
		return errNoBackup
	}
	name := r.PathValue("name")
	if err := s.Backups.Delete(name); err != nil {
		return err
	}
	s.audit(r, &site.AuditEntry{Action: site.AuditBackupDelete, Target: "backups/" + name})
	httpx.WriteNoContent(w)
	return nil
}

// errNoBackup answers a backup's address on a server without backups.
var errNoBackup = site.Errorf(site.ENOTFOUND, "There is no such backup.")

// audit records the entry of a backup made or deleted, which the handler
// writes itself after the fact (no store write carries it); a failure is
// logged, as the file is made or gone already.
func (s *Server) audit(r *http.Request, e *site.AuditEntry) {
	if err := s.Auth.Audit(r, e); err != nil {
		s.LogFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
}

// backupDetail says what a backup holds, for the audit log.
func backupDetail(b *site.Backup) string {
	return fmt.Sprintf("%s; %d leads, %d pages, %d media items, %d users", site.FormatBytes(b.Size), b.Counts.Leads, b.Counts.Pages, b.Counts.Media, b.Counts.Users)
}

func (s *Server) handleBackupSettingsGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetBackupSettings(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteOK(w, st.Complete(s.Now(), s.Backups != nil))
	return nil
}

func (s *Server) handleBackupSettingsUpdate(w http.ResponseWriter, r *http.Request) error {
	var in backupSettingsInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	st := &site.BackupSettings{EveryHours: in.EveryHours, Keep: in.Keep}
	if err := st.Validate(); err != nil {
		return err
	}
	st, err := s.Store.UpdateBackupSettings(r.Context(), st)
	if err != nil {
		return err
	}
	httpx.WriteOK(w, st.Complete(s.Now(), s.Backups != nil))
	return nil
}
