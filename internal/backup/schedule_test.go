package backup

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
)

// schedule sets the backup schedule of store.
func schedule(t *testing.T, store site.Store, everyHours, keep int) {
	t.Helper()
	if _, err := store.UpdateBackupSettings(context.Background(), &site.BackupSettings{EveryHours: everyHours, Keep: keep}); err != nil {
		t.Fatal(err)
	}
}

// A due backup is made once, at its hour of each interval; after it the
// oldest archives beyond the number kept are deleted, and the admin reads
// how it went.
func TestSchedulerMakesDueBackups(t *testing.T) {
	eachSite(t, func(t *testing.T, s testSite) {
		store := s.open(t)
		ctx := context.Background()
		start := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
		now := start
		sch := &Scheduler{Dir: &Dir{Path: s.dir, Source: s.src}, Store: store, Logger: slog.New(slog.DiscardHandler),
			Now: func() time.Time { return now }}

		// Off: nothing is due.
		if b := sch.RunDue(ctx); b != nil {
			t.Fatalf("made %s with the schedule off", b.Name)
		}
		schedule(t, store, 24, 2)
		var made []string
		for day := range 4 {
			now = start.Add(time.Duration(day)*24*time.Hour + time.Duration(day)*time.Minute)
			b := sch.RunDue(ctx)
			if b == nil {
				t.Fatalf("day %d: no backup made", day)
			}
			made = append(made, b.Name)
			// Once per interval: not again the same day.
			now = now.Add(23 * time.Hour)
			if again := sch.RunDue(ctx); again != nil {
				t.Fatalf("day %d: a second backup %s within the interval", day, again.Name)
			}
			st, err := store.GetBackupSettings(ctx)
			if err != nil {
				t.Fatal(err)
			}
			// The runs keep the hour of the first: 03:00 each day, though
			// the check came a few minutes late.
			if want := start.Add(time.Duration(day) * 24 * time.Hour); st.LastStatus != site.BackupOK || st.LastMessage != b.Name ||
				st.LastRun == nil || !st.LastRun.Equal(want) || st.LastDone == nil {
				t.Errorf("day %d: settings %+v; want ok, %s, run at %v", day, st, b.Name, want)
			}
		}
		list, err := sch.Dir.List()
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].Name != made[3] || list[1].Name != made[2] {
			t.Errorf("kept %v; want the newest two of %v", names(list), made)
		}
	})
}

func names(list []*site.Backup) []string {
	var out []string
	for _, b := range list {
		out = append(out, b.Name)
	}
	return out
}

// A scheduled backup that fails is logged at error level and recorded for
// the admin's card, and deletes no older backup.
func TestSchedulerFailure(t *testing.T) {
	eachSite(t, func(t *testing.T, s testSite) {
		store := s.open(t)
		ctx := context.Background()
		var log bytes.Buffer
		now := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
		sch := &Scheduler{Dir: &Dir{Path: s.dir, Source: s.src}, Store: store, Logger: slog.New(slog.NewTextHandler(&log, nil)),
			Now: func() time.Time { return now }}
		schedule(t, store, 1, 1)
		if sch.RunDue(ctx) == nil {
			t.Fatal("no first backup")
		}
		// The database can no longer be read.
		sch.Dir.Source = Source{DataDir: t.TempDir(), Version: "test"}
		now = now.Add(time.Hour)
		if b := sch.RunDue(ctx); b != nil {
			t.Fatalf("made %s from no database", b.Name)
		}
		st, err := store.GetBackupSettings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.LastStatus != site.BackupFailed || !strings.Contains(st.LastMessage, "The backup failed: no database at") || st.LastDone == nil {
			t.Errorf("settings %+v; want the failure", st)
		}
		if !strings.Contains(log.String(), "level=ERROR") || !strings.Contains(log.String(), "scheduled backup failed") {
			t.Errorf("log: %s", log.String())
		}
		if list, _ := sch.Dir.List(); len(list) != 1 {
			t.Errorf("after a failure the directory holds %v; want the earlier backup", names(list))
		}
	})
}

// Two instances on one database, sharing the backup directory, make one
// backup per interval between them, however they meet the due time.
func TestSchedulerTwoInstances(t *testing.T) {
	eachSite(t, func(t *testing.T, s testSite) {
		ctx := context.Background()
		a, b := s.open(t), s.open(t)
		schedule(t, a, 6, 10)
		start := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		now := start
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		instances := []*Scheduler{
			{Dir: &Dir{Path: s.dir, Source: s.src}, Store: a, Logger: slog.New(slog.DiscardHandler), Now: clock},
			{Dir: &Dir{Path: s.dir, Source: s.src}, Store: b, Logger: slog.New(slog.DiscardHandler), Now: clock},
		}
		for period := range 3 {
			mu.Lock()
			now = start.Add(time.Duration(period) * 6 * time.Hour)
			mu.Unlock()
			made := make([]*site.Backup, 2*len(instances))
			var wg sync.WaitGroup
			for i := range made {
				wg.Go(func() { made[i] = instances[i%2].RunDue(ctx) })
			}
			wg.Wait()
			n := 0
			for _, m := range made {
				if m != nil {
					n++
				}
			}
			if n != 1 {
				t.Errorf("period %d: %d backups made; want 1", period, n)
			}
		}
		if list, err := instances[0].Dir.List(); err != nil || len(list) != 3 {
			t.Errorf("the directory holds %v, %v; want 3 backups", names(list), err)
		}
	})
}
