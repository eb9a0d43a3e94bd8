package sqlite_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/internal/storetest"
)

func open(t *testing.T) site.Store {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, open)
}

// Two processes starting together must apply each migration once: the
// seed rows would otherwise appear twice.
func TestConcurrentOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db, err := sqlite.Open(context.Background(), path)
			if err != nil {
				errs <- err
				return
			}
			db.Close()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	menu, err := db.FindMenuItems(context.Background(), site.ListFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(menu) != 4 {
		t.Errorf("menu items = %d, want 4 (seed applied once)", len(menu))
	}
}

// Reopening keeps an admin's changes: seeding does not run again.
func TestReopenKeepsChanges(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	items, _ := db.FindMenuItems(ctx, site.ListFilter{})
	if err := db.DeleteMenuItem(ctx, items[0].ID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	items, _ = db.FindMenuItems(ctx, site.ListFilter{})
	if len(items) != 3 {
		t.Errorf("menu items after reopen = %d, want 3", len(items))
	}
}
