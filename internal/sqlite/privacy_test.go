package sqlite_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"meridian/internal/site"
)

// TestErasureLeavesNoTrace erases a person and compacts the database: the
// address is then in neither the database file nor its write-ahead log,
// in any case of its letters, while the database is still open.
func TestErasureLeavesNoTrace(t *testing.T) {
	ctx := context.Background()
	path := tempPath(t)
	db := openAt(t, path)
	if _, err := db.UpdateLeadSettings(ctx, &site.LeadSettings{NotificationEmails: []string{"sales@example.com"}}); err != nil {
		t.Fatal(err)
	}
	const email = "erase.me.please@example.org"
	for i := range 3 {
		l := &site.Lead{FirstName: "Erin", LastName: "Ease", Email: email, Company: "Trace Ltd", ProjectDetails: string(rune('a' + i)),
			ConsentText: "I agree.", ConsentVersion: site.ConsentVersionOf("I agree.")}
		if _, _, err := db.CreateLead(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.AddAuditEntry(ctx, &site.AuditEntry{Action: site.AuditPrivacySearch, Username: "admin", Subject: email}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ClaimLoginAttempt(ctx, email, "192.0.2.1", db.Now(), site.DefaultLockoutPolicy); err != nil {
		t.Fatal(err)
	}
	holds := func() bool {
		found := false
		for _, f := range []string{path, path + "-wal"} {
			b, err := os.ReadFile(f)
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			found = found || bytes.Contains(bytes.ToLower(b), []byte(email))
		}
		return found
	}
	if !holds() {
		t.Fatal("the address is in neither file before the erasure: the check would prove nothing")
	}
	if _, err := db.ErasePersonalData(ctx, email); err != nil {
		t.Fatal(err)
	}
	if err := db.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	if holds() {
		t.Error("the address is still in the database's files after erasure and compaction")
	}
}
