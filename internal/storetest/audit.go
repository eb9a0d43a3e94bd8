package storetest

import (
	"context"
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
