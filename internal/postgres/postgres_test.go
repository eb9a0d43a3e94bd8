package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/storetest"
	"meridian/internal/storetest/dbtest"
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
	return dbtest.Opened(t, db, err)
}

// openTestDB opens a store on a fresh schema of its own.
func openTestDB(t testing.TB) *postgres.DB {
	t.Helper()
	return openAt(t, testSchema(t))
}

// connect opens a connection of its own to the schema of dsn, beside the
// store's pool, closed when the test ends.
func connect(t testing.TB, ctx context.Context, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// openNamed opens a store on a fresh schema whose connections carry an
// application name of their own, by which pg_stat_activity finds them,
// and returns it with that name and a connection of the test's own to the
// schema.
func openNamed(t testing.TB, ctx context.Context, prefix string) (*postgres.DB, string, *pgx.Conn) {
	t.Helper()
	app := fmt.Sprintf("%s%d", prefix, time.Now().UnixNano())
	dsn := testSchema(t)
	return openAt(t, dsn+"&application_name="+app), app, connect(t, ctx, dsn)
}

// TestStore runs the behavioural suite every store must pass.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) site.Store { return openTestDB(t) })
}
