package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// rawDB opens the file at path beside the store, as an operator's tool
// would, with foreign keys enforced.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}

// The newest record deleted keeps its id: a plain INTEGER PRIMARY KEY
// would hand it to the next record, and its restore would then collide.
func TestDeletedIDNotReused(t *testing.T) {
	ctx := context.Background()
	db := open(t)
	it, err := db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Newest", URL: "/n", IsActive: true}, site.Write{})
	if err != nil {
		t.Fatal(err)
	}
	id := site.RecordID(it)
	if _, err := db.DeleteRecord(ctx, site.MenuItems, id, site.Write{}); err != nil {
		t.Fatal(err)
	}
	next, err := db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Next", URL: "/x", IsActive: true}, site.Write{})
	if err != nil {
		t.Fatal(err)
	}
	if site.RecordID(next) == id {
		t.Fatalf("a new record took the deleted id %d", id)
	}
	deleted, err := db.FindDeleted(ctx, site.MenuItems)
	if err != nil || len(deleted) != 1 {
		t.Fatalf("deleted = %v, %v", deleted, err)
	}
	back, err := db.RestoreRevision(ctx, site.MenuItems, id, deleted[0].ID, site.Write{})
	if err != nil || site.RecordID(back) != id {
		t.Fatalf("restored = %+v, %v; want id %d", back, err, id)
	}
}

// A deleted page comes back with its author and first publication; an
// author whose account is gone since is cleared, as deleting the account
// would have done to the page, rather than failing the restore.
func TestRestoreDeletedPage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, name := range []string{"kept", "gone"} {
		u, err := db.CreateUser(ctx, &site.User{Username: name, PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		w := site.Write{Actor: site.Actor{UserID: u.ID, Username: u.Username}}
		p, err := db.CreateRecord(ctx, site.Pages, &site.Page{Title: "T", Slug: name, Content: "c", Status: site.PagePublished, Template: "default"}, w)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteRecord(ctx, site.Pages, site.RecordID(p), w); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rawDB(t, path).Exec(`DELETE FROM users WHERE username = 'gone'`); err != nil {
		t.Fatal(err)
	}
	deleted, err := db.FindDeleted(ctx, site.Pages)
	if err != nil || len(deleted) != 2 {
		t.Fatalf("deleted = %v, %v", deleted, err)
	}
	restorer := site.Write{Actor: site.Actor{Username: "restorer"}}
	for _, rev := range deleted {
		rec, err := db.RestoreRevision(ctx, site.Pages, rev.RecordID, rev.ID, restorer)
		if err != nil {
			t.Fatalf("restore %d: %v", rev.RecordID, err)
		}
		p := rec.(*site.Page)
		if p.PublishedAt == nil || p.Version != 3 {
			t.Errorf("restored %+v, want its publication time, version 3", p)
		}
		if p.Slug == "kept" && (p.AuthorID == nil || *p.AuthorID != *rev.UserID) {
			t.Errorf("restored %+v, want author %d", p, *rev.UserID)
		}
		if p.Slug == "gone" && p.AuthorID != nil {
			t.Errorf("restored %+v, want no author", p)
		}
	}
}

// Migration 0007 rebuilds the tables of the records: every row keeps its
// id and values and starts at version 1.
func TestMigrateKeepsRecords(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	raw := rawDB(t, path)
	if _, err := raw.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for v, name := range []string{"0001_schema.sql", "0002_seed.sql", "0003_login_throttle.sql", "0004_lead_inbox.sql", "0005_lead_search.sql"} {
		body, err := os.ReadFile(filepath.Join("migrations", name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := raw.Exec(`INSERT INTO schema_migrations VALUES (?, '2024-01-01T00:00:00.000Z')`, v+1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := raw.Exec(`INSERT INTO users (id, username, password) VALUES (7, 'maria', 'h');
		INSERT INTO pages (id, title, slug, content, status, author_id, published_at, created_at, updated_at)
		VALUES (40, 'About', 'about', 'Hi', 'published', 7, '2024-02-01T10:00:00.000Z', '2024-01-01T10:00:00.000Z', '2024-02-01T10:00:00.000Z');
		UPDATE site_settings SET logo_text = 'Acme'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec, err := db.FindRecord(ctx, site.Pages, 40)
	if err != nil {
		t.Fatal(err)
	}
	p := rec.(*site.Page)
	if p.Slug != "about" || p.Version != 1 || p.AuthorID == nil || *p.AuthorID != 7 || p.PublishedAt == nil ||
		p.CreatedAt.Format("2006-01-02") != "2024-01-01" {
		t.Errorf("page after migration = %+v", p)
	}
	st, err := db.FindRecord(ctx, site.Settings, site.SettingsID)
	if err != nil || st.(*site.SiteSettings).LogoText != "Acme" || st.(*site.SiteSettings).Version != 1 {
		t.Errorf("settings after migration = %+v, %v", st, err)
	}
	menu, err := site.Find[site.MenuItem](ctx, db, site.MenuItems, site.ListFilter{})
	if err != nil || len(menu) != 4 || menu[0].Title != "Home" || menu[0].Version != 1 {
		t.Fatalf("menu after migration = %v, %v", menu, err)
	}
	// The sequence starts past the ids copied: the newest seeded item,
	// deleted, is not handed out again.
	last := menu[len(menu)-1].ID
	if _, err := db.DeleteRecord(ctx, site.MenuItems, last, site.Write{}); err != nil {
		t.Fatal(err)
	}
	next, err := db.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "New", URL: "/new", IsActive: true}, site.Write{})
	if err != nil || site.RecordID(next) <= last {
		t.Errorf("new item = %+v, %v; want an id above %d", next, err, last)
	}
	// The slug stays unique.
	_, err = db.CreateRecord(ctx, site.Pages, &site.Page{Title: "x", Slug: "about", Content: "x", Status: site.PageDraft, Template: "default"}, site.Write{})
	if site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("slug taken after migration: %v, want a conflict", err)
	}
}
