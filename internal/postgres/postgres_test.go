package postgres_test

import (
	"context"
	"testing"

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

// TestStore runs the behavioural suite every store must pass.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) site.Store { return openTestDB(t) })
}
