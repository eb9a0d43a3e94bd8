package storetest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/site"
)

// lead returns a valid lead of the given e-mail address.
func lead(email string) *site.Lead {
	return &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: "Lovelace", Email: email, Company: "Engines Ltd"}}
}

// create stores l and fails the test unless it was created.
func create(t *testing.T, s site.Store, l *site.Lead) *site.Lead {
	t.Helper()
	saved, created, err := s.CreateLead(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	if !created {
		t.Fatalf("lead %s was taken for a duplicate", l.Email)
	}
	return saved
}

// notify configures both notification channels.
func notify(t *testing.T, s site.Store) {
	t.Helper()
	must(s.UpdateLeadSettings(context.Background(), &site.LeadSettings{
		NotificationEmails: []string{"sales@example.com", "ceo@example.com"},
		WebhookURL:         "https://hooks.example.com/leads", WebhookSecret: "s3cret"}))(t)
}

func testLeads(t *testing.T, s site.Store) {
	ctx := context.Background()
	a := create(t, s, lead("ada@example.com"))
	b := create(t, s, &site.Lead{LeadFields: site.LeadFields{FirstName: "Bob", LastName: "M", Email: "bob@example.com", Company: "B", JobTitle: "cto", AISolutionInterest: "nlp", ProjectDetails: "Chatbot"}, Visit: site.Visit{Page: "/ai-journey", Referrer: "https://www.google.com/", UTMSource: "news", UTMMedium: "email", UTMCampaign: "spring", UTMTerm: "ai", UTMContent: "banner"}})
	recent(t, "createdAt", a.CreatedAt)
	if a.Status != site.LeadNew || a.Spam || !a.UpdatedAt.Equal(a.CreatedAt) {
		t.Errorf("new lead = %+v, want status new, not spam, updatedAt = createdAt", a)
	}
	if a.Deliveries == nil || len(a.Deliveries) != 0 {
		t.Errorf("deliveries without settings = %v, want an empty list", a.Deliveries)
	}
	leads, total := must2(s.FindLeads(ctx, site.LeadFilter{}))(t)
	if total != 2 || len(leads) != 2 || leads[0].ID != b.ID || leads[1].ID != a.ID {
		t.Fatalf("leads not newest first: total %d", total)
	}
	recent(t, "createdAt read back", leads[1].CreatedAt)
	got := leads[0]
	if got.ProjectDetails != "Chatbot" || got.JobTitle != "cto" || got.Page != "/ai-journey" ||
		got.Referrer != "https://www.google.com/" || got.UTMSource != "news" || got.UTMMedium != "email" ||
		got.UTMCampaign != "spring" || got.UTMTerm != "ai" || got.UTMContent != "banner" {
		t.Errorf("lead = %+v", got)
	}
	if n := must(s.CountLeads(ctx))(t); n != 2 {
		t.Errorf("count = %d", n)
	}
	one := must(s.FindLeadByID(ctx, b.ID))(t)
	if one.Email != "bob@example.com" || one.Deliveries == nil {
		t.Errorf("FindLeadByID = %+v", one)
	}
	_, err := s.FindLeadByID(ctx, b.ID+100)
	wantCode(t, err, site.ENOTFOUND)

	// With notifications configured, a lead gets one pending delivery per
	// channel; spam gets none.
	notify(t, s)
	c := create(t, s, lead("carl@example.com"))
	if len(c.Deliveries) != 2 {
		t.Fatalf("deliveries = %d, want 2", len(c.Deliveries))
	}
	mail, hook := c.Deliveries[0], c.Deliveries[1]
	if mail.Channel != site.ChannelEmail || mail.Target != "sales@example.com, ceo@example.com" ||
		mail.Status != site.DeliveryPending || mail.Attempts != 0 || mail.NextAttemptAt == nil || mail.SentAt != nil {
		t.Errorf("e-mail delivery = %+v", mail)
	}
	if hook.Channel != site.ChannelWebhook || hook.Target != "https://hooks.example.com/leads" {
		t.Errorf("webhook delivery = %+v", hook)
	}
	spam := lead("spam@example.com")
	spam.Spam, spam.SpamReason = true, "The hidden website field was filled in."
	sp := create(t, s, spam)
	if len(sp.Deliveries) != 0 || !sp.Spam || sp.SpamReason != spam.SpamReason {
		t.Errorf("spam lead = %+v, want flagged without deliveries", sp)
	}
	if got := must(s.FindLeadByID(ctx, c.ID))(t); len(got.Deliveries) != 2 || got.Deliveries[0].ID != mail.ID {
		t.Errorf("stored deliveries = %+v", got.Deliveries)
	}
}

// must2 is must for two results.
func must2[A, B any](a A, b B, err error) func(t *testing.T) (A, B) {
	return func(t *testing.T) (A, B) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a, b
	}
}

func testLeadDuplicates(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	first := create(t, s, lead("ada@example.com"))
	again, created, err := s.CreateLead(ctx, lead("ada@example.com"))
	if err != nil || created || again.ID != first.ID {
		t.Fatalf("repeat = %v, created %v, %v; want lead %d again", again, created, err, first.ID)
	}
	// Other details, or another address, make another lead.
	other := lead("ada@example.com")
	other.ProjectDetails = "Something else"
	create(t, s, other)
	create(t, s, lead("ada2@example.com"))
	if n := must(s.CountLeads(ctx))(t); n != 3 {
		t.Errorf("count = %d, want 3", n)
	}
	st := must(s.LeadStats(ctx, time.Now()))(t)
	if st.Total != 3 {
		t.Errorf("stats total = %d", st.Total)
	}
	// The repeat queued no second notification.
	claimed := must(s.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, nil, 100))(t)
	if len(claimed) != 6 {
		t.Errorf("claimed %d deliveries, want 6 (2 per lead)", len(claimed))
	}
}

func testLeadFilter(t *testing.T, s site.Store) {
	ctx := context.Background()
	people := []struct{ first, last, email, company, interest string }{
		{"Grace", "Hopper", "grace@navy.mil", "US Navy", "nlp"},
		{"Alan", "Turing", "alan@bletchley.uk", "Bletchley Park", "machine-learning"},
		{"Ada", "Lovelace", "ada@engines.co", "Analytical Engines", "nlp"},
		{"Edsger", "Dijkstra", "ewd@tue.nl", "100%_Structured", "consulting"},
	}
	ids := map[string]int64{}
	for _, p := range people {
		l := create(t, s, &site.Lead{LeadFields: site.LeadFields{FirstName: p.first, LastName: p.last, Email: p.email, Company: p.company, AISolutionInterest: p.interest}})
		ids[p.first] = l.ID
	}
	must(s.UpdateLead(ctx, ids["Alan"], site.LeadUpdate{Status: ptr(site.LeadWon)}))(t)
	must(s.UpdateLead(ctx, ids["Ada"], site.LeadUpdate{Spam: ptr(true)}))(t)
	names := func(f site.LeadFilter) string {
		t.Helper()
		list, total := must2(s.FindLeads(ctx, f))(t)
		var out []string
		for _, l := range list {
			out = append(out, l.FirstName)
		}
		return fmt.Sprintf("%d:%s", total, strings.Join(out, ","))
	}
	for _, tc := range []struct {
		name string
		f    site.LeadFilter
		want string
	}{
		{"Inbox", site.LeadFilter{}, "3:Edsger,Alan,Grace"},
		{"Spam", site.LeadFilter{Spam: true}, "1:Ada"},
		{"QueryLastNameAnyCase", site.LeadFilter{Query: "hOPPER"}, "1:Grace"},
		{"QueryEmail", site.LeadFilter{Query: "bletchley.uk"}, "1:Alan"},
		{"QueryCompany", site.LeadFilter{Query: "park"}, "1:Alan"},
		{"QueryFirstName", site.LeadFilter{Query: "edsg"}, "1:Edsger"},
		{"QueryWildcardsLiteral", site.LeadFilter{Query: "%_"}, "1:Edsger"},
		{"QueryUnderscoreLiteral", site.LeadFilter{Query: "a_"}, "0:"},
		{"Status", site.LeadFilter{Status: site.LeadWon}, "1:Alan"},
		{"Interest", site.LeadFilter{Interest: "nlp"}, "1:Grace"},
		{"InterestInSpam", site.LeadFilter{Interest: "nlp", Spam: true}, "1:Ada"},
		{"Page1", site.LeadFilter{Limit: 2}, "3:Edsger,Alan"},
		{"Page2", site.LeadFilter{Limit: 2, Offset: 2}, "3:Grace"},
		{"PastTheEnd", site.LeadFilter{Limit: 2, Offset: 10}, "3:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := names(tc.f); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	// Case is ignored beyond ASCII too.
	create(t, s, &site.Lead{LeadFields: site.LeadFields{FirstName: "Zoë", LastName: "Ünal", Email: "zoe@example.com", Company: "Øresund"}})
	if got := names(site.LeadFilter{Query: "üNAL"}); got != "1:Zoë" {
		t.Errorf("search üNAL = %s", got)
	}
	if got := names(site.LeadFilter{Query: "ØRESUND"}); got != "1:Zoë" {
		t.Errorf("search ØRESUND = %s", got)
	}
	var each []string
	err := s.EachLead(ctx, site.LeadFilter{Query: "a"}, func(l *site.Lead) error {
		each = append(each, l.FirstName)
		return nil
	})
	if err != nil || strings.Join(each, ",") != "Zoë,Edsger,Alan,Grace" {
		t.Errorf("EachLead = %v, %v", each, err)
	}
}

func ptr[T any](v T) *T { return &v }

func testLeadUpdate(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	spam := lead("bot@example.com")
	spam.Spam, spam.SpamReason = true, "The form was sent 5 ms after it was shown."
	l := create(t, s, spam)
	u := must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Status: ptr(site.LeadContacted), Notes: ptr("Called, left a message.")}))(t)
	if u.Status != site.LeadContacted || u.Notes != "Called, left a message." || !u.Spam || len(u.Deliveries) != 0 {
		t.Errorf("updated = %+v", u)
	}
	if u.UpdatedAt.Before(u.CreatedAt) {
		t.Errorf("updatedAt %v before createdAt %v", u.UpdatedAt, u.CreatedAt)
	}
	// Not spam: back to the inbox, and its notifications are queued.
	u = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Spam: ptr(false)}))(t)
	if u.Spam || u.SpamReason != "" || len(u.Deliveries) != 2 || u.Status != site.LeadContacted {
		t.Errorf("not spam = %+v with %d deliveries", u, len(u.Deliveries))
	}
	// Saying so again queues nothing more.
	u = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Spam: ptr(false)}))(t)
	if len(u.Deliveries) != 2 {
		t.Errorf("deliveries = %d after a second not-spam, want 2", len(u.Deliveries))
	}
	u = must(s.UpdateLead(ctx, l.ID, site.LeadUpdate{Spam: ptr(true)}))(t)
	if !u.Spam || u.SpamReason != site.SpamMarkedByStaff {
		t.Errorf("marked spam = %+v", u)
	}
	_, err := s.UpdateLead(ctx, l.ID+100, site.LeadUpdate{Notes: ptr("x")})
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.UpdateLead(ctx, l.ID, site.LeadUpdate{Status: ptr("archived")})
	if err == nil {
		t.Error("a status outside the list was stored")
	}
	if got := must(s.FindLeadByID(ctx, l.ID))(t); got.Status != site.LeadContacted {
		t.Errorf("status = %q after a refused update", got.Status)
	}
}

func testLeadResend(t *testing.T, s site.Store) {
	ctx := context.Background()
	l := create(t, s, lead("ada@example.com"))
	_, err := s.ResendLead(ctx, l.ID)
	wantCode(t, err, site.EINVALID)
	notify(t, s)
	r := must(s.ResendLead(ctx, l.ID))(t)
	if len(r.Deliveries) != 2 || r.Deliveries[0].Status != site.DeliveryPending {
		t.Errorf("resent = %+v", r.Deliveries)
	}
	r = must(s.ResendLead(ctx, l.ID))(t)
	if len(r.Deliveries) != 4 {
		t.Errorf("deliveries after a second resend = %d, want 4", len(r.Deliveries))
	}
	_, err = s.ResendLead(ctx, l.ID+100)
	wantCode(t, err, site.ENOTFOUND)
	spam := lead("bot@example.com")
	spam.Spam = true
	sp := create(t, s, spam)
	_, err = s.ResendLead(ctx, sp.ID)
	wantCode(t, err, site.EINVALID)
}

func testLeadStats(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC()
	for i, interest := range []string{"nlp", "nlp", "consulting", ""} {
		l := lead(fmt.Sprintf("p%d@example.com", i))
		l.AISolutionInterest = interest
		create(t, s, l)
	}
	spam := lead("bot@example.com")
	spam.Spam = true
	create(t, s, spam)
	st := must(s.LeadStats(ctx, now))(t)
	if len(st.Weeks) != site.StatsWeeks {
		t.Fatalf("weeks = %d", len(st.Weeks))
	}
	last := st.Weeks[site.StatsWeeks-1]
	if last.WeekStart != site.WeekStart(now).Format("2006-01-02") || last.Count != 4 {
		t.Errorf("current week = %+v, want %s with 4", last, site.WeekStart(now).Format("2006-01-02"))
	}
	if first := st.Weeks[0]; first.Count != 0 || first.WeekStart != site.WeekStart(now).AddDate(0, 0, -77).Format("2006-01-02") {
		t.Errorf("first week = %+v", first)
	}
	got := fmt.Sprint(st.ByInterest)
	if got != "[{nlp 2} { 1} {consulting 1}]" {
		t.Errorf("byInterest = %s", got)
	}
	if st.Total != 4 || st.NewCount != 4 || st.SpamCount != 1 || st.FailingDeliveries != 0 || st.LastDeliveryError != "" {
		t.Errorf("stats = %+v", st)
	}
	// Seen from next week, this week's leads are in the one before last.
	st = must(s.LeadStats(ctx, now.AddDate(0, 0, 7)))(t)
	if st.Weeks[site.StatsWeeks-2].Count != 4 || st.Weeks[site.StatsWeeks-1].Count != 0 {
		t.Errorf("weeks seen from next week = %+v", st.Weeks)
	}
}

func testLeadRetention(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	l := create(t, s, lead("ada@example.com"))
	if n := must(s.DeleteLeadsBefore(ctx, l.CreatedAt))(t); n != 0 {
		t.Errorf("deleted %d leads created at the cut, want 0", n)
	}
	if n := must(s.DeleteLeadsBefore(ctx, l.CreatedAt.Add(time.Millisecond)))(t); n != 1 {
		t.Errorf("deleted %d, want 1", n)
	}
	_, err := s.FindLeadByID(ctx, l.ID)
	wantCode(t, err, site.ENOTFOUND)
	// The deliveries went with the lead.
	if c := must(s.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, nil, 10))(t); len(c) != 0 {
		t.Errorf("%d deliveries of a deleted lead remain", len(c))
	}
}

func testLeadSettings(t *testing.T, s site.Store) {
	ctx := context.Background()
	st := must(s.GetLeadSettings(ctx))(t)
	if st.NotificationEmails == nil || len(st.NotificationEmails) != 0 || st.WebhookURL != "" || st.RetentionMonths != 0 {
		t.Errorf("default lead settings = %+v", st)
	}
	in := &site.LeadSettings{NotificationEmails: []string{"a@example.com", "b@example.com"},
		WebhookURL: "https://example.com/hook", WebhookSecret: "k", RetentionMonths: 24}
	got := must(s.UpdateLeadSettings(ctx, in))(t)
	if strings.Join(got.NotificationEmails, " ") != "a@example.com b@example.com" || got.WebhookURL != in.WebhookURL ||
		got.WebhookSecret != "k" || got.RetentionMonths != 24 {
		t.Errorf("saved = %+v", got)
	}
	if _, err := s.UpdateLeadSettings(ctx, &site.LeadSettings{RetentionMonths: 500}); err == nil {
		t.Error("a retention of 500 months was stored")
	}
	if got := must(s.GetLeadSettings(ctx))(t); got.RetentionMonths != 24 {
		t.Errorf("retention = %d after a refused update", got.RetentionMonths)
	}
	got = must(s.UpdateLeadSettings(ctx, &site.LeadSettings{}))(t)
	if len(got.NotificationEmails) != 0 || got.WebhookURL != "" {
		t.Errorf("cleared = %+v", got)
	}
}

// testLeadsAtOnce sends many leads at the same moment, one of them bad and
// some repeated: the bad one fails alone, each repeat is stored once.
func testLeadsAtOnce(t *testing.T, s site.Store) {
	ctx := context.Background()
	notify(t, s)
	const n = 60
	type result struct {
		l       *site.Lead
		created bool
		err     error
	}
	results := make([]result, n)
	atOnce(n, func(i int) error {
		l := lead(fmt.Sprintf("p%d@example.com", i%50)) // 10 repeats
		if i == 7 {
			// Refused by the database. An address of its own, or it could
			// be taken for a repeat of p7 and answered as one.
			l = lead("refused@example.com")
			l.Status = "archived"
		}
		saved, created, err := s.CreateLead(ctx, l)
		results[i] = result{saved, created, err}
		return err
	})
	created := 0
	for i, r := range results {
		switch {
		case i == 7:
			if r.err == nil {
				t.Errorf("a lead with status archived was stored")
			}
		case r.err != nil:
			t.Errorf("lead %d: %v", i, r.err)
		case r.created:
			created++
			if len(r.l.Deliveries) != 2 {
				t.Errorf("lead %d has %d deliveries", i, len(r.l.Deliveries))
			}
		}
	}
	// Every address but the refused one is stored once.
	if n := must(s.CountLeads(ctx))(t); n != 50 || created != 50 {
		t.Errorf("stored %d leads, %d answered as created; want 50", n, created)
	}
	claimed := must(s.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, nil, 1000))(t)
	if len(claimed) != 100 {
		t.Errorf("%d deliveries queued, want 100", len(claimed))
	}
}

// testLeadPageAgreesWithTotal lists leads while others arrive: the total
// always counts the same leads as the page shows, since both are read at
// one moment.
func testLeadPageAgreesWithTotal(t *testing.T, s site.Store) {
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, _, err := s.CreateLead(ctx, lead(fmt.Sprintf("w%d.%d@example.com", w, i))); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	defer func() { close(stop); wg.Wait() }()
	for i := 0; i < 300; i++ {
		leads, total, err := s.FindLeads(ctx, site.LeadFilter{Limit: 100000})
		if err != nil {
			t.Fatal(err)
		}
		if total != len(leads) {
			t.Fatalf("list %d: total %d, but the page holds %d leads", i, total, len(leads))
		}
	}
}
