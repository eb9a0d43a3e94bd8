package postgres_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"meridian/internal/postgres"
	"meridian/internal/site"
)

func TestMigrate(t *testing.T) {
	t.Parallel()
	t.Run("TwoInstancesStartingTogether", func(t *testing.T) {
		t.Parallel()
		dsn := testSchema(t)
		const n = 4
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := postgres.Open(context.Background(), dsn)
				if err == nil {
					db.Close()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("open %d: %v", i, err)
			}
		}
		if got, want := queryInt(t, dsn, "SELECT count(*) FROM schema_migrations"), migrationFiles(t); got != want {
			t.Errorf("applied migrations = %d, want %d", got, want)
		}
		if got, want := queryInt(t, dsn, "SELECT count(*) FROM site_settings"), 1; got != want {
			t.Errorf("settings rows = %d, want %d", got, want)
		}
		if got, want := queryInt(t, dsn, "SELECT count(*) FROM menu_items"), 4; got != want {
			t.Errorf("menu items = %d, want %d", got, want)
		}
		if got, want := queryInt(t, dsn, "SELECT count(*) FROM footer_links"), 18; got != want {
			t.Errorf("footer links = %d, want %d", got, want)
		}
	})

	t.Run("SeedShowsTheSpecSite", func(t *testing.T) {
		t.Parallel()
		db := openTestDB(t)
		ctx := context.Background()
		rec, err := db.FindRecord(ctx, site.Settings, site.SettingsID)
		if err != nil {
			t.Fatal(err)
		}
		s := rec.(*site.SiteSettings)
		if s.LogoText != site.DefaultCompanyName || s.LogoImageAlt != site.DefaultLogoImageAlt ||
			s.PrimaryColor != site.DefaultPrimaryColor || s.SecondaryColor != site.DefaultSecondaryColor || s.UseImageLogo {
			t.Errorf("settings = %+v, want the defaults", s)
		}
		menu, err := site.Find[site.MenuItem](ctx, db, site.MenuItems, site.ListFilter{ActiveOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, it := range menu {
			titles = append(titles, it.Title)
		}
		if got, want := titles, []string{"Home", "AI Solutions", "Benefits", "Testimonials"}; !slices.Equal(got, want) {
			t.Errorf("menu = %q, want %q", got, want)
		}
		footer, err := site.Find[site.FooterLink](ctx, db, site.FooterLinks, site.ListFilter{ActiveOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		perCategory := map[string]int{}
		for _, l := range footer {
			perCategory[l.Category]++
		}
		for cat, want := range map[string]int{"Solutions": 5, "Services": 5, "Company": 5, "Legal": 3} {
			if got := perCategory[cat]; got != want {
				t.Errorf("footer links of %s = %d, want %d", cat, got, want)
			}
		}
	})

	t.Run("ReopenKeepsAdminChanges", func(t *testing.T) {
		t.Parallel()
		dsn := testSchema(t)
		ctx := context.Background()
		db := openAt(t, dsn)
		rec, err := db.FindRecord(ctx, site.Settings, site.SettingsID)
		if err != nil {
			t.Fatal(err)
		}
		rec.(*site.SiteSettings).LogoText = "Acme"
		if _, err := db.UpdateRecord(ctx, site.Settings, rec, site.Write{}); err != nil {
			t.Fatal(err)
		}
		menu, err := db.FindRecords(ctx, site.MenuItems, site.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteRecord(ctx, site.MenuItems, site.RecordID(menu[0]), site.Write{}); err != nil {
			t.Fatal(err)
		}
		db.Close()

		db = openAt(t, dsn)
		rec, err = db.FindRecord(ctx, site.Settings, site.SettingsID)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := rec.(*site.SiteSettings).LogoText, "Acme"; got != want {
			t.Errorf("logo text after restart = %q, want %q", got, want)
		}
		if got, want := site.RecordVersion(rec), 2; got != want {
			t.Errorf("settings version after restart = %d, want %d", got, want)
		}
		menu, err = db.FindRecords(ctx, site.MenuItems, site.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(menu), 3; got != want {
			t.Errorf("menu items after restart = %d, want %d", got, want)
		}
	})

	t.Run("ErrBadURL", func(t *testing.T) {
		t.Parallel()
		dsn := strings.Replace(testSchema(t), "search_path=test_", "search_path=missing_", 1)
		if _, err := postgres.Open(context.Background(), dsn); err == nil {
			t.Error("Open on a search_path with no schema succeeded, want an error")
		}
	})
}

// migrationFiles is the number of migrations there are to apply.
func migrationFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("migrations")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sql") {
			n++
		}
	}
	return n
}

// Migration 0021 makes usernames unique regardless of case; a database
// whose users already clash stops it with their names, and starts once
// they are renamed.
func TestMigrateUsernameCase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := testSchema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	exec := func(sql string) {
		t.Helper()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	// The database as it was before the migration, with two users whose
	// names differ only in case.
	exec(`DROP INDEX users_username_lower; DELETE FROM schema_migrations WHERE version = 21;
		INSERT INTO users (id, username, password) OVERRIDING SYSTEM VALUE VALUES (3, 'admin', 'h'), (5, 'Admin', 'h'), (8, 'bob', 'h')`)
	_, err = postgres.Open(ctx, dsn)
	if err == nil || !strings.Contains(err.Error(), "differ only in case: admin (id 3), Admin (id 5). Rename") {
		t.Fatalf("open with clashing usernames: %v", err)
	}
	exec(`UPDATE users SET username = 'admin2' WHERE id = 5`)
	db = openAt(t, dsn)
	_, err = db.CreateUser(ctx, &site.User{Username: "BOB", PasswordHash: "h"})
	if site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("BOB beside bob: %v, want a conflict", err)
	}
}
