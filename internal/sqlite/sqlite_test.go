package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

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
	menu, err := site.Find[site.MenuItem](context.Background(), db, site.MenuItems, site.ListFilter{})
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
	items, _ := site.Find[site.MenuItem](ctx, db, site.MenuItems, site.ListFilter{})
	if _, err := db.DeleteRecord(ctx, site.MenuItems, items[0].ID, site.Write{}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	items, _ = site.Find[site.MenuItem](ctx, db, site.MenuItems, site.ListFilter{})
	if len(items) != 3 {
		t.Errorf("menu items after reopen = %d, want 3", len(items))
	}
}

// A lead sent while the database closes is either written or refused as
// unavailable (503): its request never waits forever.
func TestLeadDuringClose(t *testing.T) {
	for i := range 20 {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 16)
		start := make(chan struct{})
		for j := range 16 {
			go func() {
				<-start
				_, _, err := db.CreateLead(context.Background(), &site.Lead{FirstName: "Ada", LastName: "Lovelace",
					Email: fmt.Sprintf("ada%d.%d@example.com", i, j), Company: "Analytical Engines"})
				done <- err
			}()
		}
		close(start)
		db.Close()
		for range 16 {
			select {
			case err := <-done:
				if err != nil && site.ErrorCode(err) != site.EUNAVAILABLE {
					t.Fatalf("lead during close: %v, want success or EUNAVAILABLE", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("a lead sent during close never got an answer")
			}
		}
	}
}
