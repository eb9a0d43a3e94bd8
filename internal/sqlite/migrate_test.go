package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// rawDB opens the file at path beside the store, as an operator's tool
// would, with foreign keys enforced.
func rawDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}

// Migration 0021 makes usernames unique regardless of case; a database
// whose users already clash stops it with their names, and starts once
// they are renamed.
func TestMigrateUsernameCase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// The database as it was before the migration, with two users whose
	// names differ only in case.
	raw := rawDB(t, path)
	if _, err := raw.Exec(`DROP INDEX users_username_lower; DELETE FROM schema_migrations WHERE version = 21;
		INSERT INTO users (id, username, password) VALUES (3, 'admin', 'h'), (5, 'Admin', 'h'), (8, 'bob', 'h')`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	_, err = sqlite.Open(ctx, path)
	if err == nil || !strings.Contains(err.Error(), "differ only in case: admin (id 3), Admin (id 5). Rename") {
		t.Fatalf("open with clashing usernames: %v", err)
	}
	raw = rawDB(t, path)
	if _, err := raw.Exec(`UPDATE users SET username = 'admin2' WHERE id = 5`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db = openAt(t, path)
	_, err = db.CreateUser(ctx, &site.User{Username: "BOB", PasswordHash: "h"})
	if site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("BOB beside bob: %v, want a conflict", err)
	}
}

// Migration 0007 rebuilds the tables of the records: every row keeps its
// id and values and starts at version 1.
func TestMigrateKeepsRecords(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	raw := migratedBefore(t, path, 6)
	if _, err := raw.Exec(`INSERT INTO users (id, username, password) VALUES (7, 'maria', 'h');
		INSERT INTO pages (id, title, slug, content, status, author_id, published_at, created_at, updated_at)
		VALUES (40, 'About', 'about', 'Hi', 'published', 7, '2024-02-01T10:00:00.000Z', '2024-01-01T10:00:00.000Z', '2024-02-01T10:00:00.000Z');
		UPDATE site_settings SET logo_text = 'Acme'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := openAt(t, path)
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
	if err != nil || len(menu) == 0 || menu[0].Title != "Home" || menu[0].Version != 1 {
		t.Fatalf("menu after migration = %v, %v", menu, err)
	}
	// The four seeded items, unchanged, got their dropdowns (and Company).
	if public := site.PublicMenu(menu); len(public) != 5 || len(public[1].Children) != 10 || public[4].Title != "Company" {
		t.Errorf("public menu after migration = %+v", public)
	}
	// The sequence starts past the ids copied: the newest seeded item,
	// deleted, is not handed out again.
	var last int64
	for _, m := range menu {
		last = max(last, m.ID)
	}
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

// Migration 0034 rebuilds the outbox so that a row may be a newsletter
// subscriber's: every row of a lead keeps its id and each value, and the
// ids go on past them.
func TestMigrateNewsletterKeepsDeliveries(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	raw := migratedBefore(t, path, 34)
	if _, err := raw.Exec(`INSERT INTO contact_submissions (id, first_name, last_name, email, company, created_at, updated_at)
			VALUES (5, 'Ada', 'Lovelace', 'ada@example.com', 'Engines', '2024-03-01T10:00:00.000Z', '2024-03-01T10:00:00.000Z');
		INSERT INTO lead_deliveries (id, lead_id, kind, channel, target, status, attempts, last_error, next_attempt_at,
			last_attempt_at, created_at, manage_token)
			VALUES (9, 5, 'lead', 'webhook', 'https://hooks.example.com/x', 'retrying', 3, '503 Service Unavailable',
			'2024-03-01T11:00:00.000Z', '2024-03-01T10:30:00.000Z', '2024-03-01T10:00:00.000Z', 'tok')`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := openAt(t, path)
	l, err := db.FindLeadByID(ctx, 5)
	if err != nil || len(l.Deliveries) != 1 {
		t.Fatalf("lead after migration = %+v, %v", l, err)
	}
	d := l.Deliveries[0]
	if d.ID != 9 || d.LeadID != 5 || d.SubscriberID != nil || d.Kind != site.KindLead || d.Channel != site.ChannelWebhook ||
		d.Target != "https://hooks.example.com/x" || d.Status != site.DeliveryRetrying || d.Attempts != 3 ||
		d.LastError != "503 Service Unavailable" || d.NextAttemptAt == nil || d.ManageToken != "tok" {
		t.Errorf("delivery after migration = %+v", d)
	}
	if _, err := db.Subscribe(ctx, &site.SignUp{Email: "new@example.com", ConfirmToken: "c", UnsubscribeToken: "u"}); err != nil {
		t.Fatal(err)
	}
	subs, _, err := db.FindSubscribers(ctx, site.SubscriberFilter{})
	if err != nil || len(subs) != 1 || len(subs[0].Deliveries) != 1 || subs[0].Deliveries[0].ID <= 9 {
		t.Errorf("a subscriber's delivery after migration = %+v, %v", subs, err)
	}
}

// A menu someone changed gets no dropdowns from the migration that gives
// the default menu its own: it stays as it was.
func TestMigrateMenuChildrenKeepsEditedMenu(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	raw := migratedBefore(t, path, 38)
	if _, err := raw.Exec(`UPDATE menu_items SET title = 'Why us' WHERE url = '/#benefits'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := openAt(t, path)
	menu, err := site.Find[site.MenuItem](ctx, db, site.MenuItems, site.ListFilter{})
	if err != nil || len(menu) != 4 || menu[2].Title != "Why us" {
		t.Fatalf("menu after migration = %v, %v; want the four items as edited", menu, err)
	}
}

// migratedBefore opens the SQLite file at path raw, with the migrations
// before version applied and recorded as a site of that schema has them.
func migratedBefore(t *testing.T, path string, version int) *sql.DB {
	t.Helper()
	raw := rawDB(t, path)
	if _, err := raw.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join("migrations", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		var v int
		fmt.Sscanf(filepath.Base(name), "%d_", &v)
		if v >= version {
			continue
		}
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := raw.Exec(`INSERT INTO schema_migrations VALUES (?, '2024-01-01T00:00:00.000Z')`, v); err != nil {
			t.Fatal(err)
		}
	}
	return raw
}
