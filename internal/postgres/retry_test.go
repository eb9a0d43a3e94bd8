package postgres_test

import (
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
)

// Connections the server closes under the pool (a restart, a proxy, an
// administrator) cost no visitor a failed request: reads and lead inserts
// are tried once more on a live connection.
func TestDroppedConnections(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	db, app, admin := openNamed(t, ctx, "droptest")

	calls := []struct {
		name string
		call func() error
	}{
		{"FindRecord", func() error { _, err := db.FindRecord(ctx, site.Settings, site.SettingsID); return err }},
		{"FindRecords", func() error { _, err := db.FindRecords(ctx, site.MenuItems, site.ListFilter{}); return err }},
		{"FindRecordsActive", func() error {
			_, err := db.FindRecords(ctx, site.Testimonials, site.ListFilter{ActiveOnly: true})
			return err
		}},
		{"FindRevisions", func() error { _, err := db.FindRevisions(ctx, site.MenuItems, 1); return err }},
		{"FindDeleted", func() error { _, err := db.FindDeleted(ctx, site.Pages); return err }},
		{"FindLeads", func() error { _, _, err := db.FindLeads(ctx, site.LeadFilter{Limit: 25}); return err }},
		{"CreateLead", func() error {
			_, _, err := db.CreateLead(ctx, &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Company: "Engines Ltd"}})
			return err
		}},
		{"FindUserByUsername", func() error {
			if _, err := db.FindUserByUsername(ctx, "nobody"); site.ErrorCode(err) != site.ENOTFOUND {
				return err
			}
			return nil
		}},
	}
	// Each operation meets a pool whose every connection the server has
	// closed.
	for round := range 2 {
		for _, c := range calls {
			var wg sync.WaitGroup
			for range 4 {
				wg.Go(func() { db.FindLeads(ctx, site.LeadFilter{Limit: 1}) })
			}
			wg.Wait()
			var killed int
			if err := admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
				WHERE application_name = $1`, app).Scan(&killed); err != nil {
				t.Fatal(err)
			}
			if killed == 0 {
				t.Fatal("no connection of the pool was found to terminate")
			}
			for {
				var left int
				if err := admin.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&left); err != nil {
					t.Fatal(err)
				}
				if left == 0 {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			if err := c.call(); err != nil {
				t.Errorf("round %d: %s after the connections dropped: %v", round, c.name, err)
			}
		}
	}
	var leads int
	if err := admin.QueryRow(ctx, `SELECT count(*) FROM contact_submissions WHERE email = 'ada@example.com'`).Scan(&leads); err != nil {
		t.Fatal(err)
	}
	if leads != 1 {
		t.Errorf("leads stored = %d, want 1 (the repeats are duplicates)", leads)
	}
}
