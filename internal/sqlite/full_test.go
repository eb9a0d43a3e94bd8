package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"meridian/internal/site"
)

// TestDiskFull: a write SQLite refuses with SQLITE_FULL, as on a full
// disk (here: the file may not grow past max_page_count), is
// site.CannotSave, on the lead form's batched path as on every other, and
// the health check's write fails with it.
func TestDiskFull(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Below the file's size, SQLite sets the file's size: it may not grow.
	if _, err := db.write.ExecContext(ctx, `PRAGMA max_page_count = 1`); err != nil {
		t.Fatal(err)
	}
	// More pages than a new database holds free (the tables migrations
	// rebuilt leave a few): the text needs new pages.
	long := strings.Repeat("A long story of a project. ", 1000)
	const msg = "The site cannot save right now; please try again in a few minutes."
	check := func(what string, err error) {
		t.Helper()
		if site.ErrorCode(err) != site.EUNAVAILABLE || site.ErrorMessage(err) != msg {
			t.Errorf("%s: %v, want EUNAVAILABLE %q", what, err, msg)
		}
		if !strings.Contains(err.Error(), "full") {
			t.Errorf("%s: %v, want the cause kept for the log", what, err)
		}
	}
	_, _, err = db.CreateLead(ctx, &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Company: "Engines", ProjectDetails: long}})
	check("lead", err)
	_, err = db.CreateRecord(ctx, site.Testimonials, &site.Testimonial{Name: "Ada", Title: "Engineer", Content: long, Initials: "AL", AvatarBg: "#123456"}, site.Write{})
	check("record", err)
}
