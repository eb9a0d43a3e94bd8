package postgres_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/storetest"
)

// testSchema returns the URL of a fresh schema of the test's own.
func testSchema(t testing.TB) string {
	t.Helper()
	return pgtest.Schema(t)
}

// openAt opens a store on the schema of dsn and closes it when the test ends.
func openAt(t testing.TB, dsn string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// openTestDB opens a store on a fresh schema of its own.
func openTestDB(t testing.TB) *postgres.DB {
	t.Helper()
	return openAt(t, testSchema(t))
}

// query runs sql on the schema of dsn and returns the one integer it yields,
// to look at the rows themselves rather than through the store.
func queryInt(t testing.TB, dsn, sql string, args ...any) int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// TestStore runs the behavioural suite every store must pass.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) site.Store { return openTestDB(t) })
}
