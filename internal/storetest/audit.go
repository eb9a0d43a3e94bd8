package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"meridian/internal/site"
)

func testAuditLog(t *testing.T, s site.Store) {
	ctx := context.Background()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	uid := int64(1)
	add := func(at time.Time, user, action, target string) *site.AuditEntry {
		t.Helper()
		e := &site.AuditEntry{At: at, Username: user, Addr: "192.0.2.7", Action: action, Target: target, Detail: "d", Subject: " Lead@Example.COM "}
		if user == "admin" {
			e.UserID = &uid
		}
		if err := s.AddAuditEntry(ctx, e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	first := add(base, "admin", site.AuditSignIn, "")
	add(base.Add(time.Hour), "maria@example.com", site.AuditSignInFailed, "")
	add(base.Add(2*time.Hour), "admin", site.ActionUpdate, "menu-items/3")
	add(base.Add(48*time.Hour), "ADMIN", site.AuditLeadView, "contact-submissions/9")

	t.Run("Stored", func(t *testing.T) {
		if first.ID == 0 || first.Subject != "lead@example.com" {
			t.Fatalf("added = %+v, want an id and the subject lower-cased", first)
		}
		got, total := must2(s.FindAuditEntries(ctx, site.AuditFilter{}))(t)
		if total != 4 || len(got) != 4 {
			t.Fatalf("total = %d, len = %d, want 4", total, len(got))
		}
		if got[0].Action != site.AuditLeadView || got[3].Action != site.AuditSignIn {
			t.Errorf("order = %s ... %s, want newest first", got[0].Action, got[3].Action)
		}
		last := got[3]
		if !last.At.Equal(base) || last.UserID == nil || *last.UserID != 1 || last.Addr != "192.0.2.7" || last.Username != "admin" {
			t.Errorf("entry = %+v", last)
		}
		if got[2].UserID != nil {
			t.Errorf("failed sign-in user id = %v, want none", *got[2].UserID)
		}
	})
	t.Run("Filters", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			f    site.AuditFilter
			want int
		}{
			{"UserAnyCase", site.AuditFilter{Username: "admin"}, 3},
			{"Action", site.AuditFilter{Action: site.AuditSignInFailed}, 1},
			{"From", site.AuditFilter{From: base.Add(time.Hour)}, 3},
			{"To", site.AuditFilter{To: base.Add(time.Hour)}, 1},
			{"Range", site.AuditFilter{From: base.Add(time.Hour), To: base.Add(3 * time.Hour)}, 2},
			{"UserAndAction", site.AuditFilter{Username: "admin", Action: site.ActionUpdate}, 1},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, total := must2(s.FindAuditEntries(ctx, tc.f))(t)
				if total != tc.want || len(got) != tc.want {
					t.Errorf("total = %d, len = %d, want %d", total, len(got), tc.want)
				}
			})
		}
	})
	t.Run("Paged", func(t *testing.T) {
		got, total := must2(s.FindAuditEntries(ctx, site.AuditFilter{Offset: 1, Limit: 2}))(t)
		if total != 4 || len(got) != 2 || got[0].Action != site.ActionUpdate || got[1].Action != site.AuditSignInFailed {
			t.Fatalf("page = %d entries of %d: %v", len(got), total, got)
		}
	})
	t.Run("Retention", func(t *testing.T) {
		n := must(s.DeleteAuditEntriesBefore(ctx, base.Add(90*time.Minute)))(t)
		if n != 2 {
			t.Errorf("deleted = %d, want 2", n)
		}
		_, total := must2(s.FindAuditEntries(ctx, site.AuditFilter{}))(t)
		if total != 2 {
			t.Errorf("left = %d, want 2", total)
		}
	})
}

// testAuditInWriteTransaction: a request's pending audit entry is added in
// the transaction of its write, so that the two are stored together or
// not at all.
func testAuditInWriteTransaction(t *testing.T, s site.Store) {
	ctx := context.Background()
	u := must(s.CreateUser(ctx, &site.User{Username: "root", PasswordHash: "x", Role: site.RoleAdmin, Status: site.UserActive}))(t)
	uid := u.ID
	pending := func(action, target string, waitID bool) *site.PendingAudit {
		return site.NewPendingAudit(site.AuditEntry{UserID: &uid, Username: "root", Addr: "192.0.2.7", Action: action, Target: target}, waitID)
	}
	entries := func(t *testing.T) []*site.AuditEntry {
		t.Helper()
		list, _ := must2(s.FindAuditEntries(ctx, site.AuditFilter{}))(t)
		return list
	}
	menuItems := func(t *testing.T) int {
		t.Helper()
		return len(must(s.FindRecords(ctx, site.MenuItems, site.ListFilter{}))(t))
	}
	item := func(title string) *site.MenuItem {
		return &site.MenuItem{Title: title, URL: "/" + title, IsActive: true}
	}

	t.Run("CreateTakesItsID", func(t *testing.T) {
		p := pending(site.ActionCreate, "menu-items", true)
		wctx := site.WithPendingAudit(ctx, p)
		rec := must(s.CreateRecord(wctx, site.MenuItems, item("pricing"), site.Write{}))(t)
		want := fmt.Sprintf("menu-items/%d", site.RecordID(rec))
		list := entries(t)
		if !p.Written() || len(list) != 1 || list[0].Target != want || list[0].Action != site.ActionCreate || list[0].Username != "root" {
			t.Fatalf("written %v, entries %+v, want one create of %s", p.Written(), list, want)
		}
		// Once written, a later write of the same request adds none.
		must(s.UpdateRecord(wctx, site.MenuItems, rec, site.Write{}))(t)
		if n := len(entries(t)); n != 1 {
			t.Errorf("entries after a second write = %d, want 1", n)
		}
	})
	t.Run("FailedInsertRollsTheWriteBack", func(t *testing.T) {
		before, items := len(entries(t)), menuItems(t)
		p := pending("no-such-action", "menu-items", true)
		if _, err := s.CreateRecord(site.WithPendingAudit(ctx, p), site.MenuItems, item("blog"), site.Write{}); err == nil {
			t.Fatal("a write whose entry cannot be added succeeded")
		}
		if p.Written() || len(entries(t)) != before || menuItems(t) != items {
			t.Errorf("written %v, entries %d (was %d), menu items %d (was %d): want the write rolled back",
				p.Written(), len(entries(t)), before, menuItems(t), items)
		}
	})
	t.Run("WriteThatChangedNothingAddsNone", func(t *testing.T) {
		before := len(entries(t))
		p := pending(site.AuditTwoFactorDisable, fmt.Sprintf("users/%d", uid), false)
		// A step not later than the last used (0) is refused, and changes
		// no row.
		if ok := must(s.UseTOTPStep(site.WithPendingAudit(ctx, p), uid, 0))(t); ok {
			t.Fatal("step 0 accepted")
		}
		if p.Written() || len(entries(t)) != before {
			t.Errorf("written %v, entries %d, want none added", p.Written(), len(entries(t))-before)
		}
	})
	t.Run("OwnEntryLeavesThePendingOne", func(t *testing.T) {
		before := len(entries(t))
		p := pending(site.ActionDelete, "menu-items/1", false)
		e := &site.AuditEntry{Action: site.AuditLeadView, Target: "contact-submissions/1"}
		if err := s.AddAuditEntry(site.WithPendingAudit(ctx, p), e); err != nil {
			t.Fatal(err)
		}
		if p.Written() || len(entries(t)) != before+1 {
			t.Errorf("written %v, entries added %d, want the own one only", p.Written(), len(entries(t))-before)
		}
	})
}
