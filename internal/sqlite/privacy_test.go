package sqlite_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

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
		l := &site.Lead{LeadFields: site.LeadFields{FirstName: "Erin", LastName: "Ease", Email: email, Company: "Trace Ltd", ProjectDetails: string(rune('a' + i))}, ConsentText: "I agree.", ConsentVersion: site.ConsentVersionOf("I agree.")}
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
	holds := func() bool { return filesHold(t, path, email) }
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

// filesHold reports whether the database at path, or its write-ahead log,
// holds text in any case of its letters.
func filesHold(t *testing.T, path, text string) bool {
	t.Helper()
	found := false
	for _, f := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		found = found || bytes.Contains(bytes.ToLower(b), []byte(strings.ToLower(text)))
	}
	return found
}

// TestErasureLeavesNoTraceOfASubscriber: the newsletter's subscriber of an
// address, with its confirmation e-mail (whose outbox row names the
// address and keeps the links' tokens) and its webhook, is gone from the
// database's files after an erasure, as a lead is.
func TestErasureLeavesNoTraceOfASubscriber(t *testing.T) {
	ctx := context.Background()
	path := tempPath(t)
	db := openAt(t, path)
	if _, err := db.UpdateNewsletterSettings(ctx, &site.NewsletterSettings{WebhookURL: "https://mail.example.com/hook", WebhookSecret: "k"}); err != nil {
		t.Fatal(err)
	}
	const email = "only.a.reader@example.net"
	const confirm, unsubscribe = "confirm-token-of-the-reader", "unsubscribe-token-of-the-reader"
	if _, err := db.Subscribe(ctx, &site.SignUp{Email: email, Source: "/blog", ConfirmToken: confirm, UnsubscribeToken: unsubscribe}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ConfirmSubscription(ctx, site.HashToken(confirm)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{email, confirm, unsubscribe} {
		if !filesHold(t, path, s) {
			t.Fatalf("%s is in neither file before the erasure: the check would prove nothing", s)
		}
	}
	erased, err := db.ErasePersonalData(ctx, email)
	if err != nil || erased.Subscribers != 1 || erased.Deliveries != 2 {
		t.Fatalf("erased %+v, %v", erased, err)
	}
	if err := db.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{email, confirm, unsubscribe, site.HashToken(unsubscribe)} {
		if filesHold(t, path, s) {
			t.Errorf("%s is still in the database's files after erasure and compaction", s)
		}
	}
}

// TestErasureLeavesNoTraceOfAnApplication: an application, its CV and the
// notes recruiters wrote about it are gone from the database's files
// after an erasure, as a lead is.
func TestErasureLeavesNoTraceOfAnApplication(t *testing.T) {
	ctx := context.Background()
	path := tempPath(t)
	db := openAt(t, path)
	positions, err := site.Find[site.Position](ctx, db, site.Positions, site.OpenPositionsFilter)
	if err != nil {
		t.Fatal(err)
	}
	const email = "applicant.to.forget@example.net"
	const cv = "%PDF-1.4 the curriculum of the applicant to forget"
	const note = "Spoke to the referee: remember the salary of 91,234 a year"
	a := &site.Application{PositionID: positions[0].ID, FirstName: "Ivo", LastName: "Forgotten", Email: email,
		CV: []byte(cv), CVName: "cv.pdf", ConsentText: "I agree."}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	saved, err := db.CreateApplication(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddApplicationActivity(ctx, saved.ID, site.ActivityInput{Kind: site.ActivityNote, Text: note}, site.Actor{Username: "rita"}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{email, cv, note} {
		if !filesHold(t, path, s) {
			t.Fatalf("%q is in neither file before the erasure: the check would prove nothing", s)
		}
	}
	erased, err := db.ErasePersonalData(ctx, email)
	if err != nil || erased.Applications != 1 {
		t.Fatalf("erased %+v, %v", erased, err)
	}
	if err := db.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{email, cv, note} {
		if filesHold(t, path, s) {
			t.Errorf("%q is still in the database's files after erasure and compaction", s)
		}
	}
}
