// Package dbtest opens the databases that tests of more than one store run
// on: a SQLite file always, and a PostgreSQL schema when TEST_DATABASE_URL
// is set.
package dbtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// Database is one kind of database a test runs on.
type Database struct {
	// Name is the subtest's name: sqlite or postgres.
	Name string
	// New makes an empty, migrated database for the test and returns how
	// to open it: each call opens a handle of its own, as an instance of
	// the site does, closed when the test ends.
	New func(t *testing.T) func(t *testing.T) site.Store
	// Located is New that also tells where the database is, as a server
	// is told, for tests of what reads it apart from the store (a backup).
	Located func(t *testing.T) (Location, func(t *testing.T) site.Store)
}

// Location is where a database of a test is: the data directory of a
// SQLite file site.db, or the URL of a PostgreSQL schema.
type Location struct {
	DataDir string
	URL     string
}

// Databases lists SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
func Databases() []Database {
	list := []Database{located("sqlite", func(t *testing.T) (Location, func(t *testing.T) site.Store) {
		dir := t.TempDir()
		return Location{DataDir: dir}, func(t *testing.T) site.Store {
			db, err := sqlite.Open(context.Background(), filepath.Join(dir, "site.db"))
			return Opened(t, db, err)
		}
	})}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		list = append(list, located("postgres", func(t *testing.T) (Location, func(t *testing.T) site.Store) {
			dsn := pgtest.Schema(t)
			return Location{URL: dsn}, func(t *testing.T) site.Store {
				db, err := postgres.Open(context.Background(), dsn)
				return Opened(t, db, err)
			}
		}))
	}
	return list
}

// located is the database name made by at.
func located(name string, at func(t *testing.T) (Location, func(t *testing.T) site.Store)) Database {
	return Database{Name: name, Located: at, New: func(t *testing.T) func(t *testing.T) site.Store {
		_, open := at(t)
		return open
	}}
}

// Each runs test once on each database, in a subtest of the database's
// name, with a new database and how to open it.
func Each(t *testing.T, test func(t *testing.T, open func(t *testing.T) site.Store)) {
	t.Helper()
	for _, d := range Databases() {
		t.Run(d.Name, func(t *testing.T) { test(t, d.New(t)) })
	}
}

// Opened returns db, the store Open returned with err: it fails the test
// when the store did not open, and closes it when the test ends.
func Opened[S interface{ Close() error }](t testing.TB, db S, err error) S {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
