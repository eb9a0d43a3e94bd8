package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

func testLeadConsent(t *testing.T, s site.Store) {
	ctx := context.Background()
	in := lead("consent@example.com")
	in.ConsentText, in.ConsentVersion = "I agree to the privacy policy.", site.ConsentVersionOf("I agree to the privacy policy.")
	got := create(t, s, in)
	if got.ConsentText != in.ConsentText || got.ConsentVersion != in.ConsentVersion || len(got.ConsentVersion) != 16 {
		t.Errorf("created = %q %q", got.ConsentText, got.ConsentVersion)
	}
	read := must(s.FindLeadByID(ctx, got.ID))(t)
	if read.ConsentText != in.ConsentText || read.ConsentVersion != in.ConsentVersion {
		t.Errorf("read = %q %q", read.ConsentText, read.ConsentVersion)
	}
	plain := create(t, s, lead("plain@example.com"))
	if plain.ConsentText != "" || plain.ConsentVersion != "" {
		t.Errorf("lead without consent = %q %q", plain.ConsentText, plain.ConsentVersion)
	}
}

func testPrivacy(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	ada := lead("Ada@Example.com")
	ada.ConsentText = "I agree."
	first := create(t, s, ada)
	second := lead("ada@example.com")
	second.Company = "Another"
	second = create(t, s, second)
	must(s.UpdateLead(ctx, second.ID, site.LeadUpdate{Notes: ptr("Called Ada at ada@example.com")}))(t)
	other := create(t, s, lead("bob@example.com"))
	at := time.Now().UTC()
	admin := int64(1)
	for _, e := range []*site.AuditEntry{
		{At: at, UserID: &admin, Username: "admin", Action: site.AuditLeadView, Target: "contact-submissions/1", Subject: "ada@example.com"},
		{At: at, Username: "ADA@example.com", Action: site.AuditSignInFailed, Detail: "wrong username or password", Subject: "ada@example.com"},
		{At: at, UserID: &admin, Username: "admin", Action: site.AuditLeadView, Target: "contact-submissions/3", Subject: "bob@example.com"},
	} {
		if err := s.AddAuditEntry(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	must(s.ClaimLoginAttempt(ctx, "ada@example.com", "192.0.2.1", at, site.DefaultLockoutPolicy))(t)

	t.Run("Find", func(t *testing.T) {
		got := must(s.FindPersonalData(ctx, "ada@example.com"))(t)
		if len(got.Leads) != 2 || got.Leads[0].ID != second.ID || got.Leads[1].ID != first.ID {
			t.Fatalf("leads = %v, want both of Ada's, newest first", got.Leads)
		}
		if got.Leads[0].Notes == "" || len(got.Leads[0].Deliveries) != 2 || got.Leads[1].ConsentText != "I agree." {
			t.Errorf("lead = %+v, want its notes, deliveries and consent", got.Leads[0])
		}
		if len(got.AuditEntries) != 2 || got.LoginAttempts != 1 {
			t.Errorf("audit entries = %d, login attempts = %d; want 2 and 1", len(got.AuditEntries), got.LoginAttempts)
		}
	})
	t.Run("Erase", func(t *testing.T) {
		got := must(s.ErasePersonalData(ctx, "ada@example.com"))(t)
		want := site.Erasure{Leads: 2, Deliveries: 4, AuditEntries: 2, LoginAttempts: 1}
		if *got != want {
			t.Errorf("erased %+v, want %+v", *got, want)
		}
		if _, err := s.FindLeadByID(ctx, first.ID); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("erased lead: %v", err)
		}
		after := must(s.FindPersonalData(ctx, "ada@example.com"))(t)
		if len(after.Leads) != 0 || len(after.AuditEntries) != 0 || after.LoginAttempts != 0 {
			t.Errorf("after erasure: %+v", after)
		}
		entries, _ := must2(s.FindAuditEntries(ctx, site.AuditFilter{}))(t)
		if len(entries) != 3 {
			t.Fatalf("entries = %d, want 3 (blanked, not deleted)", len(entries))
		}
		for _, e := range entries {
			if e.Username == "ADA@example.com" || e.Detail != "" && e.Subject == "" && e.Action == site.AuditSignInFailed {
				t.Errorf("entry still names Ada: %+v", e)
			}
		}
		if must(s.FindLeadByID(ctx, other.ID))(t).Email != "bob@example.com" {
			t.Error("another person's lead changed")
		}
		bob := must(s.FindPersonalData(ctx, "bob@example.com"))(t)
		if len(bob.Leads) != 1 || len(bob.AuditEntries) != 1 {
			t.Errorf("bob's data = %+v, want untouched", bob)
		}
		if err := s.Compact(ctx); err != nil {
			t.Fatal(err)
		}
	})
}
