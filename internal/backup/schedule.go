package backup

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"meridian/internal/site"
)

// CheckEvery is how often the scheduler looks for a scheduled backup that
// is due.
const CheckEvery = time.Minute

// leftoverAge is how old what a stopped backup left in the directory must
// be before a scheduler deletes it: older than any backup still being made.
const leftoverAge = 24 * time.Hour

// Scheduler makes the scheduled backups (site.BackupSettings) into Dir.
// Every instance of a site runs one; the database gives each due backup to
// one of them (ClaimBackupRun).
type Scheduler struct {
	Dir    *Dir
	Store  site.BackupService
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Run makes each scheduled backup once it is due, looking every interval,
// until ctx ends. It first deletes what stopped backups left in the
// directory.
func (s *Scheduler) Run(ctx context.Context, every time.Duration) {
	if err := s.Dir.Sweep(leftoverAge, s.now()); err != nil {
		s.Logger.Warn("backups: cleaning the backup directory", "dir", s.Dir.Path, "err", err)
	}
	for {
		s.RunDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

// RunDue makes the scheduled backup when one is due and this instance
// claims it, then deletes the oldest archives beyond the number kept. It
// returns the archive made; nil when none was due or it failed, which it
// logs at error level and records for the admin.
func (s *Scheduler) RunDue(ctx context.Context) *site.Backup {
	st, claimed, err := s.Store.ClaimBackupRun(ctx, s.now())
	if err != nil {
		if ctx.Err() == nil {
			s.Logger.Error("backups: reading the schedule", "err", err)
		}
		return nil
	}
	if !claimed {
		return nil
	}
	run := *st.LastRun
	b, err := s.Dir.createWaiting(ctx)
	// The run's end is recorded even when the server is stopping.
	done := context.WithoutCancel(ctx)
	if err != nil {
		msg := "The backup failed: " + err.Error()
		if ctx.Err() != nil {
			msg = "The server stopped before the backup was finished."
			s.Logger.Warn("backups: scheduled backup stopped by the shutdown", "err", err)
		} else {
			s.Logger.Error("backups: scheduled backup failed", "dir", s.Dir.Path, "err", err)
		}
		if err := s.Store.FinishBackupRun(done, run, site.BackupFailed, clipMessage(msg)); err != nil {
			s.Logger.Error("backups: recording the failed backup", "err", err)
		}
		return nil
	}
	pruned, err := s.Dir.Prune(st.Keep)
	if err != nil {
		s.Logger.Error("backups: deleting old backups", "dir", s.Dir.Path, "err", err)
	}
	s.Logger.Info("backups: scheduled backup made", "name", b.Name, "size", b.Size, "deleted", len(pruned))
	if err := s.Store.FinishBackupRun(done, run, site.BackupOK, b.Name); err != nil {
		s.Logger.Error("backups: recording the backup", "err", err)
	}
	return b
}

// clipMessage bounds what the admin is told of a failure.
func clipMessage(msg string) string {
	if len(msg) <= 500 {
		return msg
	}
	return strings.ToValidUTF8(msg[:500], "") + "…"
}
