package site

import "testing"

func TestHealthChecks(t *testing.T) {
	ids := func(checks []HealthCheck) (bad, good []string) {
		for _, c := range checks {
			if c.OK {
				good = append(good, c.ID)
			} else {
				bad = append(bad, c.ID)
			}
		}
		return bad, good
	}
	// Mail set up but no address to send to: no one is told.
	bad, _ := ids(HealthChecks(HealthFacts{Leads: LeadSettings{SMTPConfigured: true}}))
	if len(bad) != 1 || bad[0] != "lead-alerts" {
		t.Errorf("mail without addresses: problems %v, want lead-alerts only", bad)
	}
	// A verified administrator, or a taker of leads, is told of new leads.
	if bad, _ := ids(HealthChecks(HealthFacts{Leads: LeadSettings{SMTPConfigured: true}, StaffRecipients: 1})); len(bad) != 0 {
		t.Errorf("mail and a verified staff address: problems %v", bad)
	}
	// Addresses without mail: no one is told either, and mail is to set up.
	bad, _ = ids(HealthChecks(HealthFacts{Leads: LeadSettings{NotificationEmails: []string{"sales@example.com"}}}))
	if len(bad) != 2 || bad[0] != "lead-alerts" || bad[1] != "email" {
		t.Errorf("addresses without mail: %v", bad)
	}
	// A webhook tells of leads without mail.
	all := HealthChecks(HealthFacts{Leads: LeadSettings{WebhookURL: "https://hooks.example.com/x"}, MediaWithoutAlt: 3,
		PagesWithoutDescription: []string{"/a", "/b", "/c", "/d", "/e", "/f"}, FailingDeliveries: 1, LastDeliveryError: "550 mailbox unavailable",
		DiskFree: 9, DiskTotal: 100})
	bad, good := ids(all)
	if len(bad) != 5 || len(good) != 1 || good[0] != "lead-alerts" {
		t.Errorf("problems %v, fine %v", bad, good)
	}
	for _, c := range all {
		switch c.ID {
		case "alt-text":
			if c.Title != "3 images have no alt text" || c.Tab != "images" {
				t.Errorf("%+v", c)
			}
		case "meta-description":
			if c.Detail != "Search engines and link previews show the start of the page's text instead: /a, /b, /c, /d, /e, …." {
				t.Errorf("%q", c.Detail)
			}
		case "deliveries":
			if c.Title != "1 notification is failing" || c.Detail != "Last error: 550 mailbox unavailable" {
				t.Errorf("%+v", c)
			}
		}
	}
	if _, good := ids(HealthChecks(HealthFacts{DiskFree: 11, DiskTotal: 100})); len(good) != 4 {
		t.Errorf("11%% free: fine %v, want the disk among 4", good)
	}
	if got := FormatBytes(3 << 29); got != "1.5 GB" {
		t.Errorf("FormatBytes = %q", got)
	}
}
