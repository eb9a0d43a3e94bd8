package postgres_test

import (
	"context"
	"strings"
	"testing"

	"meridian/internal/postgres"
	"meridian/internal/site"
)

// Open fails on a search_path whose schema does not exist.
func TestOpenWithoutSchema(t *testing.T) {
	t.Parallel()
	dsn := strings.Replace(testSchema(t), "search_path=test_", "search_path=missing_", 1)
	if _, err := postgres.Open(context.Background(), dsn); err == nil {
		t.Error("Open on a search_path with no schema succeeded, want an error")
	}
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
	conn := connect(t, ctx, dsn)
	exec := func(sql string) {
		t.Helper()
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
