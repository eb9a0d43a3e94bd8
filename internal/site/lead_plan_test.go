package site

import (
	"slices"
	"testing"
	"time"
)

func TestLeadRepeats(t *testing.T) {
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	lead := func() *Lead {
		return &Lead{LeadFields: LeadFields{Email: "ada@example.com", FirstName: "Ada", LastName: "Lovelace", Company: "Engines", AISolutionInterest: "agents", ProjectDetails: "A mill.", JobTitle: "CTO"}, Visit: Visit{Page: "/contact"}}
	}
	earlier := lead()
	earlier.CreatedAt = now.Add(-time.Minute)
	t.Run("SameDetailsWithinWindow", func(t *testing.T) {
		if !lead().Repeats(earlier, now) {
			t.Error("a copy sent a minute later is not a duplicate")
		}
	})
	t.Run("AtTheWindowsStart", func(t *testing.T) {
		e := lead()
		e.CreatedAt = now.Add(-DuplicateWindow)
		if !lead().Repeats(e, now) {
			t.Error("a copy sent exactly DuplicateWindow later is not a duplicate")
		}
	})
	t.Run("ErrAfterTheWindow", func(t *testing.T) {
		e := lead()
		e.CreatedAt = now.Add(-DuplicateWindow - time.Millisecond)
		if lead().Repeats(e, now) {
			t.Error("a copy sent after the window is a duplicate")
		}
	})
	t.Run("ErrOtherDetails", func(t *testing.T) {
		for name, change := range map[string]func(*Lead){
			"Email":     func(l *Lead) { l.Email = "ADA@example.com" },
			"FirstName": func(l *Lead) { l.FirstName = "Augusta" },
			"LastName":  func(l *Lead) { l.LastName = "King" },
			"Company":   func(l *Lead) { l.Company = "Mills" },
			"Interest":  func(l *Lead) { l.AISolutionInterest = "other" },
			"Details":   func(l *Lead) { l.ProjectDetails = "A loom." },
		} {
			l := lead()
			change(l)
			if l.Repeats(earlier, now) {
				t.Errorf("a lead with another %s is a duplicate", name)
			}
		}
	})
	t.Run("VisitDetailsDoNotCount", func(t *testing.T) {
		l := lead()
		l.JobTitle, l.Page, l.Referrer = "CEO", "/", "https://example.org/"
		if !l.Repeats(earlier, now) {
			t.Error("a copy from another page is not a duplicate")
		}
	})
}

func TestLeadInitialStatus(t *testing.T) {
	if got := (&Lead{}).InitialStatus(); got != LeadNew {
		t.Errorf("no status: got %q, want %q", got, LeadNew)
	}
	if got := (&Lead{Status: LeadWon}).InitialStatus(); got != LeadWon {
		t.Errorf("own status: got %q, want %q", got, LeadWon)
	}
}

func TestLeadDeliveries(t *testing.T) {
	both := &LeadSettings{NotificationEmails: []string{"a@example.com", "b@example.com"}, WebhookURL: "https://hooks.example.com/x"}
	none := &LeadSettings{NotificationEmails: []string{}}
	t.Run("OnePerChannel", func(t *testing.T) {
		got := NewLeadDeliveries(&Lead{}, both)
		want := []Delivery{
			{Kind: KindLead, Channel: ChannelEmail, Target: "a@example.com, b@example.com", Status: DeliveryPending},
			{Kind: KindLead, Channel: ChannelWebhook, Target: "https://hooks.example.com/x", Status: DeliveryPending},
		}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("got %+v, want %+v", got, want)
		}
	})
	t.Run("WebhookOnly", func(t *testing.T) {
		got := NewLeadDeliveries(&Lead{}, &LeadSettings{WebhookURL: "https://hooks.example.com/x"})
		if len(got) != 1 || got[0].Channel != ChannelWebhook {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("NoneForSpam", func(t *testing.T) {
		if got := NewLeadDeliveries(&Lead{Spam: true}, both); len(got) != 0 {
			t.Errorf("spam got %+v", got)
		}
	})
	t.Run("NoneWithoutChannels", func(t *testing.T) {
		if got := NewLeadDeliveries(&Lead{}, none); len(got) != 0 {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("Resend", func(t *testing.T) {
		if got, err := ResendDeliveries(&Lead{}, both); err != nil || len(got) != 2 {
			t.Errorf("got %+v, %v", got, err)
		}
	})
	t.Run("ErrResendSpam", func(t *testing.T) {
		if _, err := ResendDeliveries(&Lead{Spam: true}, both); ErrorCode(err) != EINVALID || ErrorMessage(err) != MsgResendSpam {
			t.Errorf("got %v", err)
		}
	})
	t.Run("ErrResendWithoutChannels", func(t *testing.T) {
		if _, err := ResendDeliveries(&Lead{}, none); ErrorCode(err) != EINVALID || ErrorMessage(err) != MsgNoChannels {
			t.Errorf("got %v", err)
		}
	})
}

// TestStaffDeliveries: someone hears of every lead at once, its owner or,
// while it has none or its owner has no verified address, each
// administrator; the reminder goes to an owner only; each administrator
// is alerted when the lead is overdue.
func TestStaffDeliveries(t *testing.T) {
	created := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	s := &LeadSettings{ResponseHours: 24}
	owner := &Recipient{UserID: 7, Email: "sam@staff.example"}
	admins := []Recipient{{UserID: 1, Email: "ann@staff.example"}, {UserID: 2, Email: "bob@staff.example"}}
	kinds := func(ds []Delivery) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Kind+" "+d.Target)
		}
		return out
	}
	ownerID := int64(7)
	for _, c := range []struct {
		name  string
		lead  *Lead
		owner *Recipient
		want  []string
	}{
		{"owner", &Lead{OwnerID: &ownerID}, owner, []string{"owner sam@staff.example", "reminder sam@staff.example", "overdue ann@staff.example", "overdue bob@staff.example"}},
		{"no owner", &Lead{}, nil, []string{"owner ann@staff.example", "owner bob@staff.example", "overdue ann@staff.example", "overdue bob@staff.example"}},
		{"owner without a verified address", &Lead{OwnerID: &ownerID}, nil, []string{"owner ann@staff.example", "owner bob@staff.example", "overdue ann@staff.example", "overdue bob@staff.example"}},
		{"spam", &Lead{Spam: true}, nil, nil},
	} {
		if got := kinds(StaffDeliveries(c.lead, c.owner, admins, s, created)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
