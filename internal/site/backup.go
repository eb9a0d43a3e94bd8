package site

import (
	"context"
	"regexp"
	"time"
)

// Limits of the backup schedule.
const (
	// MaxBackupEveryHours is the longest interval of scheduled backups: a
	// week.
	MaxBackupEveryHours = 168
	MinBackupKeep       = 1
	MaxBackupKeep       = 100
)

// How the last scheduled backup ended (BackupSettings.LastStatus).
const (
	BackupNone    = ""
	BackupRunning = "running"
	BackupOK      = "ok"
	BackupFailed  = "failed"
)

// BackupStatuses are the values of BackupSettings.LastStatus.
var BackupStatuses = []string{BackupNone, BackupRunning, BackupOK, BackupFailed}

// BackupSettings are the schedule of the backups the server makes itself
// into its backup directory, and how the last of them went. The database
// keeps one row of them, which every instance reads.
type BackupSettings struct {
	// EveryHours is the interval of scheduled backups; 0 turns them off.
	EveryHours int `json:"everyHours"`
	// Keep is how many archives the directory keeps: after a scheduled
	// backup, the oldest beyond it are deleted.
	Keep int `json:"keep"`
	// LastRun is when the last scheduled backup was due and claimed; nil
	// before the first.
	LastRun *time.Time `json:"lastRun"`
	// LastStatus says how it ended: running, ok or failed.
	LastStatus string `json:"lastStatus" ts:"BackupStatus"`
	// LastMessage names the archive made, or says why none was.
	LastMessage string `json:"lastMessage"`
	// LastDone is when it ended.
	LastDone *time.Time `json:"lastDone"`
	// NextRun is when the next one is due: nil while the schedule is off.
	// Not stored.
	NextRun *time.Time `json:"nextRun"`
	// Available says whether this server has a backup directory, without
	// which it makes no backup; not stored.
	Available bool `json:"available"`
}

// BackupRules are the limits of the schedule, with the server's messages,
// which the admin's form checks too.
type BackupRules struct {
	MaxEveryHours int    `json:"maxEveryHours"`
	MinKeep       int    `json:"minKeep"`
	MaxKeep       int    `json:"maxKeep"`
	EveryHours    string `json:"everyHours"`
	Keep          string `json:"keep"`
}

// BackupForm is what the schedule asks of each field; Validate checks it.
var BackupForm = BackupRules{
	MaxEveryHours: MaxBackupEveryHours, MinKeep: MinBackupKeep, MaxKeep: MaxBackupKeep,
	EveryHours: "Back up every 0 to " + itoa(MaxBackupEveryHours) + " hours, as a whole number; 0 turns the schedule off.",
	Keep:       "Keep " + itoa(MinBackupKeep) + " to " + itoa(MaxBackupKeep) + " backups, as a whole number.",
}

// Validate checks the schedule.
func (s *BackupSettings) Validate() error {
	var v fieldErrors
	if s.EveryHours < 0 || s.EveryHours > MaxBackupEveryHours {
		v.add("everyHours", BackupForm.EveryHours)
	}
	if s.Keep < MinBackupKeep || s.Keep > MaxBackupKeep {
		v.add("keep", BackupForm.Keep)
	}
	return v.err()
}

// Every is the interval of the schedule; 0 when it is off.
func (s *BackupSettings) Every() time.Duration {
	return time.Duration(s.EveryHours) * time.Hour
}

// Due returns the time the next scheduled backup is due at, as of now: the
// last run's time plus the interval, so that the backups keep their hour;
// now when none ran yet or the site fell a whole interval behind (it was
// stopped). ok is false while the schedule is off.
func (s *BackupSettings) Due(now time.Time) (at time.Time, ok bool) {
	every := s.Every()
	if every <= 0 {
		return time.Time{}, false
	}
	if s.LastRun == nil {
		return now, true
	}
	next := s.LastRun.Add(every)
	if now.Sub(next) >= every {
		return now, true
	}
	return next, true
}

// Backup is one archive of the backup directory, as its manifest
// describes it.
type Backup struct {
	Name string `json:"name"`
	// Size is the archive's, in bytes.
	Size    int64     `json:"size"`
	Created time.Time `json:"created"`
	// Version is the build of the site that made it, Schema the number of
	// the database's last migration, Database "sqlite" or "postgres".
	Version  string       `json:"version"`
	Schema   int          `json:"schema"`
	Database string       `json:"database"`
	Counts   BackupCounts `json:"counts"`
	// Problem says why its manifest cannot be read (the file is damaged);
	// empty for a whole archive.
	Problem string `json:"problem,omitempty"`
}

// BackupCounts are the rows of a backup that people look for.
type BackupCounts struct {
	Leads int64 `json:"leads"`
	Pages int64 `json:"pages"`
	Media int64 `json:"media"`
	Users int64 `json:"users"`
}

// backupNameLayout is the time of an archive's name, in UTC.
const backupNameLayout = "20060102-150405"

var backupName = regexp.MustCompile(`^site-[0-9]{8}-[0-9]{6}\.tar\.gz$`)

// BackupName is the name of the archive of a backup made at t:
// site-YYYYMMDD-HHMMSS.tar.gz, in UTC.
func BackupName(t time.Time) string {
	return "site-" + t.UTC().Format(backupNameLayout) + ".tar.gz"
}

// ValidBackupName reports whether name is one BackupName makes: nothing
// else is read from or deleted in the backup directory.
func ValidBackupName(name string) bool {
	_, ok := BackupTime(name)
	return ok
}

// BackupTime is the time in the name of an archive that BackupName made;
// ok is false for any other name.
func BackupTime(name string) (t time.Time, ok bool) {
	if !backupName.MatchString(name) {
		return time.Time{}, false
	}
	t, err := time.Parse(backupNameLayout, name[len("site-"):len("site-")+len(backupNameLayout)])
	return t, err == nil
}

// BackupService keeps the backup schedule, one row.
type BackupService interface {
	// GetBackupSettings reads the schedule and its last run; NextRun and
	// Available are the caller's to fill in.
	GetBackupSettings(ctx context.Context) (*BackupSettings, error)
	// UpdateBackupSettings replaces the interval and the count kept; the
	// request's audit entry (WithPendingAudit) is written in the same
	// transaction.
	UpdateBackupSettings(ctx context.Context, s *BackupSettings) (*BackupSettings, error)
	// ClaimBackupRun takes the scheduled backup due at or before now for
	// the caller: it marks the run started at its due time and answers
	// true, or answers false when none is due (another instance took it,
	// or the schedule is off). Of instances that claim at once, one gets
	// it.
	ClaimBackupRun(ctx context.Context, now time.Time) (*BackupSettings, bool, error)
	// FinishBackupRun records how the run claimed at run ended: status ok
	// or failed, with the archive's name or what went wrong.
	FinishBackupRun(ctx context.Context, run time.Time, status, message string) error
}

// Complete fills in what is not stored: whether this server has a backup
// directory, and when the next scheduled backup is due as of now (none
// without a directory).
func (s *BackupSettings) Complete(now time.Time, available bool) *BackupSettings {
	s.Available, s.NextRun = available, nil
	if at, ok := s.Due(now); ok && available {
		s.NextRun = &at
	}
	return s
}
