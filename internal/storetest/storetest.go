// Package storetest is the behavioural test suite that every implementation
// of site.Store must pass. A store's own tests call Run with a function that
// opens a fresh, migrated and seeded store.
package storetest

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
)

// Opener returns a fresh store, migrated and seeded, closed when t ends.
type Opener func(t *testing.T) site.Store

// Run runs every behaviour of the suite against stores made by open.
func Run(t *testing.T, open Opener) {
	for _, tc := range []struct {
		name string
		fn   func(t *testing.T, s site.Store)
	}{
		{"Seed", testSeed},
		{"Settings", testSettings},
		{"Content", testContent},
		{"MenuItems", testMenuItems},
		{"MenuTree", testMenuTree},
		{"FooterLinks", testFooterLinks},
		{"Testimonials", testTestimonials},
		{"Images", testImages},
		{"Pages", testPages},
		{"PublishedPages", testPublishedPages},
		{"ListColumns", testListColumns},
		{"ReadingTime", testReadingTime},
		{"PageBody", testPageBody},
		{"Articles", testArticles},
		{"PreviewLinks", testPreviewLinks},
		{"Scheduling", testScheduling},
		{"Positions", testPositions},
		{"CaseStudies", testCaseStudies},
		{"Applications", testApplications},
		{"ApplicationActivity", testApplicationActivity},
		{"Redirects", testRedirects},
		{"RedirectChains", testRedirectChains},
		{"NotFound", testNotFound},
		{"RedirectHits", testRedirectHits},
		{"AnalyticsSalt", testAnalyticsSalt},
		{"Analytics", testAnalytics},
		{"LeadVisit", testLeadVisit},
		{"PageRestore", testPageRestore},
		{"Revisions", testRevisions},
		{"ChangedTime", testChangedTime},
		{"RestoreAtOnce", testRestoreAtOnce},
		{"Conflicts", testConflicts},
		{"ConstraintMessages", testConstraintMessages},
		{"Media", testMedia},
		{"MediaBlobs", testMediaBlobs},
		{"MediaUploadOneTransaction", testMediaUploadOneTransaction},
		{"MediaSweep", testMediaSweep},
		{"Leads", testLeads},
		{"LeadDuplicates", testLeadDuplicates},
		{"LeadsAtOnce", testLeadsAtOnce},
		{"LeadFilter", testLeadFilter},
		{"LeadPageAgreesWithTotal", testLeadPageAgreesWithTotal},
		{"LeadUpdate", testLeadUpdate},
		{"LeadActivity", testLeadActivity},
		{"LeadResend", testLeadResend},
		{"LeadStats", testLeadStats},
		{"LeadRetention", testLeadRetention},
		{"LeadSettings", testLeadSettings},
		{"LeadOwners", testLeadOwners},
		{"LeadOwnersAtOnce", testLeadOwnersAtOnce},
		{"ResponseClock", testResponseClock},
		{"MailSettings", testMailSettings},
		{"ACMECache", testACMECache},
		{"PageCheckSettings", testPageCheckSettings},
		{"PublishingSettings", testPublishingSettings},
		{"ContentDrafts", testContentDrafts},
		{"DraftReview", testDraftReview},
		{"DraftRelease", testDraftRelease},
		{"RecordDrafts", testRecordDrafts},
		{"Outbox", testOutbox},
		{"OutboxBackoff", testOutboxBackoff},
		{"Users", testUsers},
		{"Sessions", testSessions},
		{"UserRoles", testUserRoles},
		{"Invitations", testInvitations},
		{"InvitationAcceptedAtOnce", testInvitationAcceptedAtOnce},
		{"MakerDisabled", testMakerDisabled},
		{"UsernameCase", testUsernameCase},
		{"LoginThrottle", testLoginThrottle},
		{"LoginClaimsAtOnce", testLoginClaimsAtOnce},
		{"LoginHourlyClaimsAtOnce", testLoginHourlyClaimsAtOnce},
		{"AuditLog", testAuditLog},
		{"AuditInWriteTransaction", testAuditInWriteTransaction},
		{"LeadConsent", testLeadConsent},
		{"Privacy", testPrivacy},
		{"Availability", testAvailability},
		{"Meetings", testMeetings},
		{"MeetingsAtOnce", testMeetingsAtOnce},
		{"MeetingTimeline", testMeetingTimeline},
		{"MeetingFilter", testMeetingFilter},
		{"CalendarFeed", testCalendarFeed},
		{"Subscribers", testSubscribers},
		{"SubscribersAtOnce", testSubscribersAtOnce},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

// must returns v, after failing the test when err is set:
// must(s.FindPages(ctx))(t).
func must[T any](v T, err error) func(t *testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := site.ErrorCode(err); err == nil || got != code {
		t.Fatalf("error = %v (code %q), want code %q", err, got, code)
	}
}

// atOnce runs fn(0) to fn(n-1) at once and returns their errors.
func atOnce(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = fn(i) })
	}
	wg.Wait()
	return errs
}

// noneFailed fails the test with each error of errs.
func noneFailed(t *testing.T, what string, errs []error) {
	t.Helper()
	for _, err := range errs {
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
}

// oneWon fails the test unless exactly one of the writes at once whose
// errors are errs succeeded and every other is a conflict, and returns the
// conflicts.
func oneWon(t *testing.T, what string, errs []error) []*site.Conflict {
	t.Helper()
	won := 0
	var lost []*site.Conflict
	for _, err := range errs {
		var c *site.Conflict
		switch {
		case err == nil:
			won++
		case errors.As(err, &c):
			lost = append(lost, c)
		default:
			t.Errorf("%s: %v", what, err)
		}
	}
	if won != 1 || len(lost) != len(errs)-1 {
		t.Errorf("%s: %d won, %d conflicts; want one to win and the others to be conflicts", what, won, len(lost))
	}
	return lost
}

// wantError is wantCode, and the message the client is shown.
func wantError(t *testing.T, err error, code, message string) {
	t.Helper()
	wantCode(t, err, code)
	if got := site.ErrorMessage(err); got != message {
		t.Errorf("message = %q, want %q", got, message)
	}
}

// sqlStore is what the suite reaches past site.Store on a store written
// over database/sql: a transaction of its own, to make states the site's
// services never make (an account deleted by hand, blobs an interrupted
// upload left) and to look at rows they do not show.
type sqlStore interface {
	InTx(ctx context.Context, fn func(tx *sql.Tx) error) error
	PutMediaBlobs(ctx context.Context, tx *sql.Tx, blobs []*site.MediaBlob, at time.Time) error
}

// inTx runs fn in a transaction of s, failing the test on an error.
func inTx(t testing.TB, s site.Store, fn func(tx *sql.Tx) error) {
	t.Helper()
	if err := s.(sqlStore).InTx(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

// recent reports whether ts is a UTC time within a minute of now.
func recent(t *testing.T, what string, ts time.Time) {
	t.Helper()
	if ts.Location() != time.UTC {
		t.Errorf("%s: location %v, want UTC", what, ts.Location())
	}
	if d := time.Since(ts); d < -time.Minute || d > time.Minute {
		t.Errorf("%s = %v, not around now", what, ts)
	}
}

func testContent(t *testing.T, s site.Store) {
	ctx := context.Background()
	alice := site.Write{Actor: site.Actor{Username: "alice"}}
	save := func(section, key, value string, w site.Write, expectNone bool) (*site.ContentItem, error) {
		return site.SaveContent(ctx, s, &site.ContentItem{Section: section, Key: key, Value: value}, w, expectNone)
	}
	a := must(save("hero", "main_title", "One", alice, true))(t)
	b := must(save("hero", "main_title", "Two", site.Write{Actor: alice.Actor, Version: a.Version}, false))(t)
	if a.ID != b.ID || b.Value != "Two" || b.Version != a.Version+1 {
		t.Errorf("the second save made a second row, lost the value or kept the version: %+v then %+v", a, b)
	}
	recent(t, "updatedAt", b.UpdatedAt)
	must(save("footer", "company_name", "Acme", alice, false))(t)
	items := must(site.Find[site.ContentItem](ctx, s, site.Content, site.ListFilter{}))(t)
	if len(items) != 2 || items[0].Section != "footer" || items[1].Value != "Two" {
		t.Errorf("content = %+v", items)
	}

	// An editor who started from version 1, or from the built-in copy,
	// does not overwrite Two: the conflict carries it and who saved it.
	for _, tc := range []struct {
		name       string
		w          site.Write
		expectNone bool
	}{
		{"StaleVersion", site.Write{Actor: site.Actor{Username: "bob"}, Version: a.Version}, false},
		{"ExpectedNone", site.Write{Actor: site.Actor{Username: "bob"}}, true},
	} {
		_, err := save("hero", "main_title", "Bob's", tc.w, tc.expectNone)
		var c *site.Conflict
		if !errors.As(err, &c) || c.Current == nil || c.Current.(*site.ContentItem).Value != "Two" ||
			c.Latest == nil || c.Latest.Username != "alice" {
			t.Errorf("%s: error = %v (%+v), want a conflict with Two by alice", tc.name, err, c)
		}
	}

	// Reset to the built-in copy: a delete, in the history, after which a
	// save from the old version is a conflict.
	must(s.DeleteRecord(ctx, site.Content, b.ID, site.Write{Actor: alice.Actor, Version: b.Version}))(t)
	_, err := save("hero", "main_title", "Three", site.Write{Version: b.Version}, false)
	var c *site.Conflict
	if !errors.As(err, &c) || c.Current != nil {
		t.Errorf("save after a reset = %v, want a conflict with no current text", err)
	}
	if n := len(must(s.FindRevisions(ctx, site.Content, b.ID))(t)); n != 3 {
		t.Errorf("the refused save wrote to the history: %d revisions, want 3", n)
	}
	if items := find[site.ContentItem](t, s, site.Content, site.ListFilter{Equal: map[string]string{"section": "hero"}}); len(items) != 0 {
		t.Errorf("the refused save brought the text back: %+v", items)
	}

	// A save from the built-in copy brings the text back under its id,
	// with the new value: one text, one history across the reset.
	bob := site.Write{Actor: site.Actor{Username: "bob"}}
	three := must(save("hero", "main_title", "Three", bob, true))(t)
	if three.ID != b.ID || three.Value != "Three" || !three.CreatedAt.Equal(a.CreatedAt) {
		t.Errorf("text saved after a reset = %+v, want id %d with the new value and its first creation time", three, b.ID)
	}
	revs := must(s.FindRevisions(ctx, site.Content, b.ID))(t)
	var actions []string
	for _, r := range revs {
		actions = append(actions, r.Action)
	}
	if got, want := strings.Join(actions, " "), "update restore delete update create"; got != want {
		t.Fatalf("history of the text saved after its reset: %s, want %s", got, want)
	}
	if revs[0].Version != three.Version || revs[0].Username != "bob" || revs[1].Username != "bob" {
		t.Errorf("the save after the reset: %+v, %+v; want bob's, the last at version %d", revs[0], revs[1], three.Version)
	}
	var back site.ContentItem
	if err := json.Unmarshal(revs[0].Data, &back); err != nil || back.Value != "Three" {
		t.Errorf("newest revision's data = %s, want Three", revs[0].Data)
	}
	if items := find[site.ContentItem](t, s, site.Content, site.ListFilter{Equal: map[string]string{"section": "hero"}}); len(items) != 1 || items[0].Value != "Three" {
		t.Errorf("saved texts of hero after the save = %+v, want Three alone", items)
	}
	if d := must(s.FindDeleted(ctx, site.Content))(t); len(d) != 0 {
		t.Errorf("the text is still recently deleted: %+v", d)
	}
	// The editor who still saw the built-in copy meets bob's text.
	_, err = save("hero", "main_title", "Alice's", alice, true)
	if !errors.As(err, &c) || c.Current == nil || c.Current.(*site.ContentItem).Value != "Three" || c.Latest == nil || c.Latest.Username != "bob" {
		t.Errorf("second save from the built-in copy = %v, want a conflict with bob's Three", err)
	}
	// Every reset and save goes on in the same history; the SPEC's
	// clients (no version) bring it back too.
	must(s.DeleteRecord(ctx, site.Content, b.ID, alice))(t)
	four := must(save("hero", "main_title", "Four", site.Write{Actor: alice.Actor}, false))(t)
	if four.ID != b.ID || four.Version != three.Version+3 {
		t.Errorf("second save after a reset = %+v, want id %d at version %d", four, b.ID, three.Version+3)
	}

	// A text saved anew while its old record was deleted (before texts
	// kept one history) holds its place: the old one is not brought back
	// over it, by a restore (a message, not a failure) or by a save.
	must(s.DeleteRecord(ctx, site.Content, b.ID, alice))(t)
	gone := must(s.FindDeleted(ctx, site.Content))(t)
	newer := createRec[site.ContentItem](t, s, site.Content, &site.ContentItem{Section: "hero", Key: "main_title", Value: "Newer"})
	_, err = s.RestoreRevision(ctx, site.Content, b.ID, gone[0].ID, alice)
	wantCode(t, err, site.ECONFLICT)
	if msg := site.ErrorMessage(err); !strings.Contains(msg, "saved again since it was reset") {
		t.Errorf("restore over a newer text: message %q", msg)
	}
	five := must(save("hero", "main_title", "Five", site.Write{Actor: alice.Actor, Version: newer.Version}, false))(t)
	if five.ID != newer.ID {
		t.Errorf("save = %+v, want the newer text %d", five, newer.ID)
	}

	// Of two saves from the built-in copy at once of a reset text, one
	// brings it back with its value and the other meets it.
	must(s.DeleteRecord(ctx, site.Content, newer.ID, alice))(t)
	values := []string{"Left", "Right"}
	lost := oneWon(t, "two saves at once", atOnce(2, func(i int) error {
		_, err := save("hero", "main_title", values[i], site.Write{Actor: site.Actor{Username: values[i]}}, true)
		return err
	}))
	if len(lost) == 1 && lost[0].Current == nil {
		t.Errorf("the save that lost met no text: %+v", lost[0])
	}
	items = find[site.ContentItem](t, s, site.Content, site.ListFilter{Equal: map[string]string{"section": "hero"}})
	if len(items) != 1 || (items[0].Value != "Left" && items[0].Value != "Right") {
		t.Errorf("texts after two saves at once = %+v, want the winner's value", items)
	}
}

func testUsers(t *testing.T, s site.Store) {
	ctx := context.Background()
	u := must(s.CreateUser(ctx, &site.User{Username: "alice", PasswordHash: "h1", Role: site.RoleAdmin}))(t)
	_, err := s.CreateUser(ctx, &site.User{Username: "alice", PasswordHash: "h2"})
	wantError(t, err, site.ECONFLICT, `The username "alice" is taken.`)
	got := must(s.FindUserByUsername(ctx, "alice"))(t)
	if got.ID != u.ID || got.PasswordHash != "h1" || !got.IsAdmin() || got.Status != site.UserActive || got.LastLoginAt != nil {
		t.Errorf("found = %+v", got)
	}
	_, err = s.FindUserByUsername(ctx, "bob")
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.FindUserByID(ctx, 12345)
	wantCode(t, err, site.ENOTFOUND)
	sess := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "abc", ExpiresAt: time.Now().Add(time.Hour)}))(t)
	if err := s.SetPassword(ctx, u.ID, "h3", 0); err != nil {
		t.Fatal(err)
	}
	if got := must(s.FindUserByID(ctx, u.ID))(t); got.PasswordHash != "h3" {
		t.Errorf("hash = %q", got.PasswordHash)
	}
	_, err = s.FindSessionByTokenHash(ctx, sess.TokenHash)
	wantCode(t, err, site.ENOTFOUND)
	wantCode(t, s.SetPassword(ctx, 98765, "h", 0), site.ENOTFOUND)
	if n := must(s.CountUsers(ctx))(t); n != 1 {
		t.Errorf("users = %d", n)
	}
	at := time.Now().UTC().Truncate(time.Millisecond)
	if err := s.RecordLogin(ctx, u.ID, at); err != nil {
		t.Fatal(err)
	}
	if got := must(s.FindUserByID(ctx, u.ID))(t); got.LastLoginAt == nil || !got.LastLoginAt.Equal(at) {
		t.Errorf("last login = %v, want %v", got.LastLoginAt, at)
	}
}

// testUserRoles: roles and statuses, the last active administrator kept,
// and a disabled user's sessions ended in the same write.
func testUserRoles(t *testing.T, s site.Store) {
	ctx := context.Background()
	admin := must(s.CreateUser(ctx, &site.User{Username: "Zoe", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	ed := must(s.CreateUser(ctx, &site.User{Username: "ed", PasswordHash: "h", Role: site.RoleEditor}))(t)
	if ed.Role != site.RoleEditor || ed.Status != site.UserActive {
		t.Errorf("created = %+v", ed)
	}
	list := must(s.FindUsers(ctx))(t)
	if len(list) != 2 || list[0].Username != "ed" || list[1].Username != "Zoe" {
		t.Errorf("users = %+v", list)
	}
	// The only administrator can be neither demoted nor disabled.
	for _, ch := range []site.UserChange{{Role: site.RoleEditor, Status: site.UserActive}, {Role: site.RoleAdmin, Status: site.UserDisabled}} {
		_, err := s.UpdateUser(ctx, admin.ID, ch)
		wantCode(t, err, site.ECONFLICT)
	}
	sess := must(s.CreateSession(ctx, &site.Session{UserID: ed.ID, TokenHash: "ed-1", UserAgent: "Firefox/1", ExpiresAt: time.Now().Add(time.Hour)}))(t)
	if got := must(s.FindSessionByTokenHash(ctx, "ed-1"))(t); got.UserAgent != "Firefox/1" {
		t.Errorf("user agent = %q", got.UserAgent)
	}
	got := must(s.UpdateUser(ctx, ed.ID, site.UserChange{Role: site.RoleAdmin, Status: site.UserActive}))(t)
	if got.Role != site.RoleAdmin {
		t.Errorf("updated = %+v", got)
	}
	// With two, one may go; then the other is the last again.
	must(s.UpdateUser(ctx, admin.ID, site.UserChange{Role: site.RoleSales, Status: site.UserDisabled}))(t)
	_, err := s.UpdateUser(ctx, ed.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserActive})
	wantCode(t, err, site.ECONFLICT)
	must(s.FindSessionByTokenHash(ctx, sess.TokenHash))(t)
	must(s.UpdateUser(ctx, admin.ID, site.UserChange{Role: site.RoleAdmin, Status: site.UserActive}))(t)
	must(s.UpdateUser(ctx, ed.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserDisabled}))(t)
	_, err = s.FindSessionByTokenHash(ctx, sess.TokenHash)
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.UpdateUser(ctx, 98765, site.UserChange{Role: site.RoleEditor, Status: site.UserActive})
	wantCode(t, err, site.ENOTFOUND)
}

func testSessions(t *testing.T, s site.Store) {
	ctx := context.Background()
	u := must(s.CreateUser(ctx, &site.User{Username: "bob", PasswordHash: "h"}))(t)
	now := time.Now().UTC().Truncate(time.Millisecond)
	a := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-a", ExpiresAt: now.Add(time.Hour), CreatedAt: now, LastSeenAt: now}))(t)
	b := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-b", ExpiresAt: now.Add(-time.Second), CreatedAt: now, LastSeenAt: now}))(t)
	got := must(s.FindSessionByTokenHash(ctx, "hash-a"))(t)
	if got.ID != a.ID || got.UserID != u.ID || !got.ExpiresAt.Equal(now.Add(time.Hour)) || !got.LastSeenAt.Equal(now) {
		t.Errorf("found = %+v", got)
	}
	// By its id, expired or not.
	if got := must(s.FindSession(ctx, b.ID))(t); got.TokenHash != "hash-b" || got.UserID != u.ID || !got.ExpiresAt.Equal(now.Add(-time.Second)) {
		t.Errorf("found by id = %+v", got)
	}
	_, err := s.FindSession(ctx, b.ID+1000)
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.CreateSession(ctx, &site.Session{UserID: 999999, TokenHash: "hash-z", ExpiresAt: now.Add(time.Hour)})
	wantCode(t, err, site.EINVALID)
	later := now.Add(5 * time.Minute)
	if err := s.TouchSession(ctx, a.ID, later); err != nil {
		t.Fatal(err)
	}
	if got := must(s.FindSessionByTokenHash(ctx, "hash-a"))(t); !got.LastSeenAt.Equal(later) {
		t.Errorf("lastSeen = %v, want %v", got.LastSeenAt, later)
	}
	if err := s.DeleteExpiredSessions(ctx, now); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindSessionByTokenHash(ctx, b.TokenHash)
	wantCode(t, err, site.ENOTFOUND)
	must(s.FindSessionByTokenHash(ctx, "hash-a"))(t)
	if err := s.DeleteSession(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindSessionByTokenHash(ctx, "hash-a")
	wantCode(t, err, site.ENOTFOUND)
	c := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-c", ExpiresAt: now.Add(time.Hour), LastSeenAt: now}))(t)
	d := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-d", ExpiresAt: now.Add(time.Hour), LastSeenAt: later}))(t)
	e := must(s.CreateSession(ctx, &site.Session{UserID: u.ID, TokenHash: "hash-e", ExpiresAt: now.Add(time.Hour), LastSeenAt: now.Add(time.Minute)}))(t)
	other := must(s.CreateUser(ctx, &site.User{Username: "carol", PasswordHash: "h"}))(t)
	theirs := must(s.CreateSession(ctx, &site.Session{UserID: other.ID, TokenHash: "hash-f", ExpiresAt: now.Add(time.Hour)}))(t)
	list := must(s.FindUserSessions(ctx, u.ID))(t)
	if len(list) != 3 || list[0].ID != d.ID || list[1].ID != e.ID || list[2].ID != c.ID {
		t.Errorf("sessions = %+v", list)
	}
	// One user cannot end another's session by its id.
	wantCode(t, s.DeleteUserSession(ctx, u.ID, theirs.ID), site.ENOTFOUND)
	if err := s.DeleteUserSession(ctx, u.ID, e.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUserSessions(ctx, u.ID, d.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.FindSessionByTokenHash(ctx, "hash-c")
	wantCode(t, err, site.ENOTFOUND)
	must(s.FindSessionByTokenHash(ctx, "hash-d"))(t)
	must(s.FindSessionByTokenHash(ctx, "hash-f"))(t)
	if err := s.DeleteUserSessions(ctx, u.ID, 0); err != nil {
		t.Fatal(err)
	}
	if list := must(s.FindUserSessions(ctx, u.ID))(t); len(list) != 0 {
		t.Errorf("sessions left = %+v", list)
	}
}

// claimer claims login attempts and fails the test on an error.
func claimer(t *testing.T, s site.Store) func(username, addr string, at time.Time) *site.LoginClaim {
	return func(username, addr string, at time.Time) *site.LoginClaim {
		t.Helper()
		return must(s.ClaimLoginAttempt(context.Background(), username, addr, at, site.DefaultLockoutPolicy))(t)
	}
}

func testLoginThrottle(t *testing.T, s site.Store) {
	ctx := context.Background()
	claim := claimer(t, s)
	now := time.Now().UTC().Truncate(time.Millisecond)
	// lockOut claims the five attempts that start a lockout at at.
	lockOut := func(at time.Time) *site.LoginClaim {
		t.Helper()
		var last *site.LoginClaim
		seen := map[int64]bool{}
		for i := 1; i <= site.MaxLoginFailures; i++ {
			last = claim("admin", "10.0.0.1", at)
			if !last.Allowed || last.Attempt == 0 || seen[last.Attempt] {
				t.Fatalf("attempt %d = %+v, want allowed with an attempt of its own", i, last)
			}
			seen[last.Attempt] = true
		}
		return last
	}
	t.Run("FifthAttemptLocks", func(t *testing.T) {
		lockOut(now)
		if c := claim("admin", "10.0.0.1", now.Add(time.Second)); c.Allowed || !c.RetryAt.Equal(now.Add(15*time.Minute)) {
			t.Errorf("sixth attempt = %+v, want refused until %v", c, now.Add(15*time.Minute))
		}
		if c := claim("admin", "10.0.0.2", now); !c.Allowed {
			t.Errorf("another address = %+v, want allowed", c)
		}
		if c := claim("other", "10.0.0.1", now); !c.Allowed {
			t.Errorf("another username = %+v, want allowed", c)
		}
	})
	later := now.Add(15 * time.Minute)
	t.Run("NextLockoutLonger", func(t *testing.T) {
		lockOut(later)
		if c := claim("admin", "10.0.0.1", later); c.Allowed || !c.RetryAt.Equal(later.Add(30*time.Minute)) {
			t.Errorf("after the second lockout = %+v, want refused until %v", c, later.Add(30*time.Minute))
		}
	})
	later = later.Add(30 * time.Minute)
	t.Run("SuccessResets", func(t *testing.T) {
		last := lockOut(later)
		if err := s.ResetLoginThrottle(ctx, "admin", "10.0.0.1", last.Attempt); err != nil {
			t.Fatal(err)
		}
		// A success forgets the lockouts too: the next lasts 15 minutes.
		lockOut(later)
		if c := claim("admin", "10.0.0.1", later); c.Allowed || !c.RetryAt.Equal(later.Add(15*time.Minute)) {
			t.Errorf("after a success and 5 claims = %+v, want refused until %v", c, later.Add(15*time.Minute))
		}
	})
	t.Run("HourlyLimit", func(t *testing.T) {
		first := now.Add(time.Minute)
		var attempts []int64
		for i := 0; i < site.MaxHourlyLoginFailures; i++ {
			c := claim("editor", fmt.Sprintf("192.0.2.%d", i/4), first.Add(time.Duration(i)*time.Second))
			if !c.Allowed {
				t.Fatalf("attempt %d refused: %+v", i+1, c)
			}
			attempts = append(attempts, c.Attempt)
		}
		at := first.Add(10 * time.Minute)
		if c := claim("editor", "198.51.100.1", at); c.Allowed || !c.RetryAt.Equal(first.Add(time.Hour)) {
			t.Errorf("attempt 101 = %+v, want refused until %v", c, first.Add(time.Hour))
		}
		// A success is no failure: it frees its place in the hour.
		if err := s.ResetLoginThrottle(ctx, "editor", "192.0.2.24", attempts[99]); err != nil {
			t.Fatal(err)
		}
		if c := claim("editor", "198.51.100.1", at); !c.Allowed {
			t.Errorf("after a success = %+v, want allowed", c)
		}
		if c := claim("editor", "198.51.100.2", first.Add(time.Hour)); !c.Allowed {
			t.Errorf("when the oldest failure is an hour old = %+v, want allowed", c)
		}
		if c := claim("admin", "198.51.100.1", at); !c.Allowed {
			t.Errorf("another username = %+v, want allowed", c)
		}
	})
}

// claimAtOnce claims n attempts for username at once, the ith from
// addr(i), and returns those allowed and the times of those refused.
func claimAtOnce(t *testing.T, s site.Store, n int, username string, addr func(i int) string, at time.Time) (int, []time.Time) {
	t.Helper()
	claims := make([]*site.LoginClaim, n)
	errs := atOnce(n, func(i int) (err error) {
		claims[i], err = s.ClaimLoginAttempt(context.Background(), username, addr(i), at, site.DefaultLockoutPolicy)
		return err
	})
	allowed := 0
	var refused []time.Time
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("claim %d: %v", i, errs[i])
		}
		if claims[i].Allowed {
			allowed++
		} else {
			refused = append(refused, claims[i].RetryAt)
		}
	}
	return allowed, refused
}

// Attempts claimed at once for one pair: five are allowed, the fifth starts
// the lockout, and the rest are refused until its end.
func testLoginClaimsAtOnce(t *testing.T, s site.Store) {
	now := time.Now().UTC().Truncate(time.Millisecond)
	allowed, refused := claimAtOnce(t, s, 40, "admin", func(int) string { return "10.0.0.1" }, now)
	if allowed != site.MaxLoginFailures {
		t.Errorf("allowed = %d of 40, want %d", allowed, site.MaxLoginFailures)
	}
	for _, r := range refused {
		if !r.Equal(now.Add(15 * time.Minute)) {
			t.Errorf("refused until %v, want %v", r, now.Add(15*time.Minute))
			break
		}
	}
}

// Attempts for one username claimed at once from many addresses: exactly
// the hourly limit is allowed.
func testLoginHourlyClaimsAtOnce(t *testing.T, s site.Store) {
	now := time.Now().UTC().Truncate(time.Millisecond)
	allowed, _ := claimAtOnce(t, s, 150, "admin", func(i int) string { return fmt.Sprintf("192.0.2.%d", i%50) }, now)
	if allowed != site.MaxHourlyLoginFailures {
		t.Errorf("allowed = %d of 150, want %d", allowed, site.MaxHourlyLoginFailures)
	}
}
