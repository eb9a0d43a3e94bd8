package outbox_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// staff makes an active user of role with a verified address; sales users
// take leads.
func staff(t *testing.T, s site.Store, name, role string) *site.User {
	t.Helper()
	ctx := context.Background()
	u, err := s.CreateUser(ctx, &site.User{Username: name, PasswordHash: "h", Role: role})
	if err != nil {
		t.Fatal(err)
	}
	if role == site.RoleSales {
		if u, err = s.UpdateUser(ctx, u.ID, site.UserChange{Role: role, Status: site.UserActive, TakesLeads: new(true)}); err != nil {
			t.Fatal(err)
		}
	}
	at := time.Now()
	if u, err = s.SetUserEmail(ctx, u.ID, site.EmailChange{Email: name + "@staff.example", VerifiedAt: &at}); err != nil {
		t.Fatal(err)
	}
	return u
}

// subjects are the To and Subject of each message received, in order.
func subjects(m *smtptest.Server) []string {
	var out []string
	for _, msg := range m.Messages() {
		out = append(out, strings.Join(msg.To, ",")+": "+msg.Header.Get("Subject"))
	}
	return out
}

// TestStaffMailsOnce: a new lead is mailed to its owner at once, the
// owner is reminded at half its response time and the administrators are
// alerted once it is overdue, each exactly once, however many workers
// look (a restart is a new worker); a lead answered in time sends neither.
func TestStaffMailsOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, s site.Store, again reopener) {
		ctx := context.Background()
		if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{ResponseHours: 2}); err != nil {
			t.Fatal(err)
		}
		staff(t, s, "boss", site.RoleAdmin)
		sam := staff(t, s, "sam", site.RoleSales)
		mailer := smtptest.Start(t)
		var now time.Time
		worker := func(st outbox.Store) *outbox.Worker {
			return &outbox.Worker{Store: st, Policy: fast, Now: func() time.Time { return now }, Logger: slog.New(slog.DiscardHandler),
				Mailer: &outbox.SMTP{Server: fixedServer(mailer), Timeout: 2 * time.Second}}
		}
		run := func(w *outbox.Worker) {
			for w.RunOnce(ctx) > 0 {
			}
		}
		late := createLeads(t, s, 1, "late")[0]
		answeredLead := createLeads(t, s, 1, "answered")[0]
		if late.OwnerName != "sam" || answeredLead.OwnerName != "sam" {
			t.Fatalf("owners = %q, %q", late.OwnerName, answeredLead.OwnerName)
		}
		start := time.Now()
		now = start
		run(worker(s))
		want := []string{"sam@staff.example: New lead for you: ", "sam@staff.example: New lead for you: "}
		check := func(when string) {
			t.Helper()
			got := subjects(mailer)
			if len(got) != len(want) {
				t.Fatalf("%s: mails %q, want %d like %q", when, got, len(want), want)
			}
			for i := range want {
				if !strings.HasPrefix(got[i], want[i]) {
					t.Errorf("%s: mail %d = %q, want %q…", when, i, got[i], want[i])
				}
			}
		}
		check("at once")

		// Sam answers one lead within the half hour.
		contacted := site.LeadContacted
		if _, err := s.UpdateLead(ctx, answeredLead.ID, site.LeadUpdate{Status: &contacted, By: site.Actor{UserID: sam.ID, Username: "sam"}}); err != nil {
			t.Fatal(err)
		}
		now = start.Add(61 * time.Minute)
		run(worker(s))
		want = append(want, "sam@staff.example: Reminder: ")
		check("at half time")
		// A restart, or a second instance, sends nothing again.
		second := again(t)
		run(worker(second))
		check("after a restart at half time")

		now = start.Add(121 * time.Minute)
		run(worker(second))
		want = append(want, "boss@staff.example: Overdue: ")
		check("once overdue")
		run(worker(s))
		check("after a restart once overdue")
		body := string(mailer.Messages()[3].Body)
		if !strings.Contains(body, "Its owner is sam.") || !strings.Contains(body, late.Email) {
			t.Errorf("overdue alert = %s", body)
		}
	})
}
