package postgres_test

import (
	"errors"
	"testing"
	"time"

	"meridian/internal/site"
)

// A restore whose insert meets the row another transaction is bringing
// back waits for it, then is a conflict with that row, not a duplicate key.
func TestRestoreMeetsUncommittedRow(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	db, app, conn := openNamed(t, ctx, "restoretest")
	admin := site.Write{Actor: site.Actor{Username: "admin"}}
	it, err := db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Mine", URL: "/mine", IsActive: true}, admin)
	if err != nil {
		t.Fatal(err)
	}
	id := site.RecordID(it)
	if _, err := db.DeleteRecord(ctx, site.MenuItems, id, admin); err != nil {
		t.Fatal(err)
	}
	revs, err := db.FindRevisions(ctx, site.MenuItems, id)
	if err != nil {
		t.Fatal(err)
	}

	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO menu_items (id, title, url) OVERRIDING SYSTEM VALUE VALUES ($1, 'Theirs', '/theirs')`, id); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := db.RestoreRevision(ctx, site.MenuItems, id, revs[0].ID, admin)
		done <- err
	}()
	for {
		var waiting int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE application_name = $1 AND wait_event_type = 'Lock'`, app).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("restore returned %v before the other transaction ended", err)
		case <-ctx.Done():
			t.Fatal("the restore never waited for the other transaction")
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	err = <-done
	var c *site.Conflict
	if !errors.As(err, &c) || site.ErrorCode(err) != site.ECONFLICT {
		t.Fatalf("restore = %v, want a conflict", err)
	}
	if cur, ok := c.Current.(*site.MenuItem); !ok || cur.Title != "Theirs" {
		t.Errorf("conflict's current record = %+v, want theirs", c.Current)
	}
	if got, err := db.FindRevisions(ctx, site.MenuItems, id); err != nil || len(got) != 2 {
		t.Errorf("revisions after the refused restore = %d, %v; want 2", len(got), err)
	}
}
