package sqlite_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

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
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("open once renamed: %v", err)
	}
	defer db.Close()
	_, err = db.CreateUser(ctx, &site.User{Username: "BOB", PasswordHash: "h"})
	if site.ErrorCode(err) != site.ECONFLICT {
		t.Errorf("BOB beside bob: %v, want a conflict", err)
	}
}
