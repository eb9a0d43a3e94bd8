package postgres_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// Restores of one deleted record at once, each from the version its
// delete left: one brings it back under its id, the others find it back
// and are conflicts, whichever of them ran first.
func TestRestoreAtOnce(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	it := as[site.MenuItem](db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Twice", URL: "/twice", IsActive: true}, admin))(t)
	if _, err := db.DeleteRecord(ctx, site.MenuItems, it.ID, admin); err != nil {
		t.Fatal(err)
	}
	deleted, err := db.FindDeleted(ctx, site.MenuItems)
	if err != nil || len(deleted) != 1 {
		t.Fatalf("deleted = %+v, %v", deleted, err)
	}
	const n = 4
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			_, errs[i] = db.RestoreRevision(ctx, site.MenuItems, it.ID, deleted[0].ID,
				site.Write{Actor: admin.Actor, Version: deleted[0].Version})
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		var c *site.Conflict
		switch {
		case err == nil:
			won++
		case errors.As(err, &c):
			if cur, ok := c.Current.(*site.MenuItem); !ok || cur.ID != it.ID {
				t.Errorf("conflict's current record = %+v, want the restored one", c.Current)
			}
		default:
			t.Errorf("restore at once: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("restores that won = %d, want 1", won)
	}
	revs, err := db.FindRevisions(ctx, site.MenuItems, it.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 3 || revs[0].Action != site.ActionRestore || revs[0].Version != 3 {
		t.Errorf("revisions = %d, latest %+v; want one restore at version 3 over the delete and the create", len(revs), revs[0])
	}
}

// A restore whose insert meets the row another transaction is bringing
// back waits for it, then is a conflict with that row, not a duplicate key.
func TestRestoreMeetsUncommittedRow(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	app := fmt.Sprintf("restoretest%d", time.Now().UnixNano())
	dsn := testSchema(t)
	db := openAt(t, dsn+"&application_name="+app)
	it := as[site.MenuItem](db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Mine", URL: "/mine", IsActive: true}, admin))(t)
	if _, err := db.DeleteRecord(ctx, site.MenuItems, it.ID, admin); err != nil {
		t.Fatal(err)
	}
	revs, err := db.FindRevisions(ctx, site.MenuItems, it.ID)
	if err != nil {
		t.Fatal(err)
	}

	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO menu_items (id, title, url) OVERRIDING SYSTEM VALUE VALUES ($1, 'Theirs', '/theirs')`, it.ID); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := db.RestoreRevision(ctx, site.MenuItems, it.ID, revs[0].ID, admin)
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
	if got, err := db.FindRevisions(ctx, site.MenuItems, it.ID); err != nil || len(got) != 2 {
		t.Errorf("revisions after the refused restore = %d, %v; want 2", len(got), err)
	}
}

// The settings' id is given, not an identity: restoring the deleted row
// needs no sequence, and brings back the one row under its id.
func TestRestoreSettings(t *testing.T) {
	t.Parallel()
	db := openTestDB(t)
	ctx := context.Background()
	s := as[site.SiteSettings](db.FindRecord(ctx, site.Settings, site.SettingsID))(t)
	s.LogoText = "Acme"
	as[site.SiteSettings](db.UpdateRecord(ctx, site.Settings, s, admin))(t)
	if _, err := db.DeleteRecord(ctx, site.Settings, site.SettingsID, admin); err != nil {
		t.Fatal(err)
	}
	_, err := db.FindRecord(ctx, site.Settings, site.SettingsID)
	wantCode(t, err, site.ENOTFOUND, "Site settings not found.")
	deleted, err := db.FindDeleted(ctx, site.Settings)
	if err != nil || len(deleted) != 1 {
		t.Fatalf("deleted settings = %+v, %v", deleted, err)
	}
	back := as[site.SiteSettings](db.RestoreRevision(ctx, site.Settings, site.SettingsID, deleted[0].ID, admin))(t)
	if back.ID != site.SettingsID || back.LogoText != "Acme" || back.Version != 4 {
		t.Errorf("restored = %+v, want Acme at version 4", back)
	}
}

// A write the store refuses leaves neither the record nor its history
// changed, and one it makes announces itself to the other instances.
func TestRecordWrites(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	dsn := testSchema(t)
	a, b := openAt(t, dsn), openAt(t, dsn)
	changed := make(chan struct{}, 10)
	w, err := b.ListenContentChanges(ctx, slog.New(slog.DiscardHandler), func() { changed <- struct{}{} })
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	p := as[site.Page](a.CreateRecord(ctx, site.Pages, &site.Page{Title: "A", Slug: "a", Content: "a", Status: site.PageDraft, Template: "default"}, admin))(t)
	waitFor(t, ctx, changed, "the notification of a created record")
	as[site.Page](a.CreateRecord(ctx, site.Pages, &site.Page{Title: "B", Slug: "b", Content: "b", Status: site.PageDraft, Template: "default"}, admin))(t)
	waitFor(t, ctx, changed, "the notification of a second record")

	taken := *p
	taken.Slug = "b"
	_, err = a.UpdateRecord(ctx, site.Pages, &taken, admin)
	wantCode(t, err, site.ECONFLICT, `A page with the slug "b" already exists.`)
	revs, err := a.FindRevisions(ctx, site.Pages, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 1 || revs[0].Action != site.ActionCreate {
		t.Errorf("revisions after a refused update = %+v, want the create alone", revs)
	}

	// A revision's data is the record as stored, which the API shows.
	var data site.Page
	if err := json.Unmarshal(revs[0].Data, &data); err != nil {
		t.Fatal(err)
	}
	if data.ID != p.ID || data.Slug != "a" || data.Version != 1 || !data.CreatedAt.Equal(p.CreatedAt) {
		t.Errorf("revision data = %+v, want the page as created", data)
	}
	if revs[0].UserID != nil || revs[0].Username != "admin" || !revs[0].CreatedAt.Equal(p.CreatedAt) {
		t.Errorf("revision = %+v, want admin, no user id, at the creation time", revs[0])
	}
}

// A page restored after its author's account was deleted comes back
// without an author, as the database left the pages that were there, and
// the revisions of that user keep their name.
func TestRestoreWithoutItsAuthor(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	dsn := testSchema(t)
	db := openAt(t, dsn)
	u, err := db.CreateUser(ctx, &site.User{Username: "leaver", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	by := site.Write{Actor: site.Actor{UserID: u.ID, Username: u.Username}}
	p := as[site.Page](db.CreateRecord(ctx, site.Pages, &site.Page{Title: "P", Slug: "p", Content: "p", Status: site.PageDraft, Template: "default"}, by))(t)
	q := as[site.Page](db.CreateRecord(ctx, site.Pages, &site.Page{Title: "Q", Slug: "q", Content: "q", Status: site.PageDraft, Template: "default"}, by))(t)
	if _, err := db.DeleteRecord(ctx, site.Pages, p.ID, by); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `DELETE FROM users WHERE id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}

	revs, err := db.FindRevisions(ctx, site.Pages, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 2 || revs[0].UserID != nil || revs[0].Username != "leaver" {
		t.Errorf("revisions = %+v, want the user's name without its id", revs)
	}
	back := as[site.Page](db.RestoreRevision(ctx, site.Pages, p.ID, revs[1].ID, admin))(t)
	if back.ID != p.ID || back.AuthorID != nil {
		t.Errorf("restored = %+v, want p without an author", back)
	}
	// A page that stayed lost its author with the account; restoring its
	// first state keeps it so.
	qrevs, err := db.FindRevisions(ctx, site.Pages, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := as[site.Page](db.RestoreRevision(ctx, site.Pages, q.ID, qrevs[0].ID, admin))(t); got.AuthorID != nil || got.Version != 2 {
		t.Errorf("restored = %+v, want q without an author at version 2", got)
	}
}
