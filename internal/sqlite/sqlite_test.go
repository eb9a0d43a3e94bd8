package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/internal/storetest"
	"meridian/internal/storetest/dbtest"
)

// openAt opens the database at path and closes it when the test ends.
func openAt(t testing.TB, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	return dbtest.Opened(t, db, err)
}

// tempPath is the path of a database in a directory of the test's own.
func tempPath(t testing.TB) string { return filepath.Join(t.TempDir(), "site.db") }

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) site.Store { return openAt(t, tempPath(t)) })
}

// A lead sent while the database closes is either written or refused as
// unavailable (503): its request never waits forever.
func TestLeadDuringClose(t *testing.T) {
	for i := range 20 {
		db, err := sqlite.Open(context.Background(), tempPath(t))
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 16)
		start := make(chan struct{})
		for j := range 16 {
			go func() {
				<-start
				_, _, err := db.CreateLead(context.Background(), &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: "Lovelace", Email: fmt.Sprintf("ada%d.%d@example.com", i, j), Company: "Analytical Engines"}})
				done <- err
			}()
		}
		close(start)
		db.Close()
		for range 16 {
			select {
			case err := <-done:
				if err != nil && site.ErrorCode(err) != site.EUNAVAILABLE {
					t.Fatalf("lead during close: %v, want success or EUNAVAILABLE", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("a lead sent during close never got an answer")
			}
		}
	}
}
