package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"meridian/internal/site"
)

// TimingLeads is how many leads the timing of the inbox queries is
// measured with.
const TimingLeads = 100_000

// FillLeads stores TimingLeads leads in s in one statement, one a minute
// back from now, every 20th spam. ago is the database's expression of the
// time i minutes before now, newline its text of a line break.
func FillLeads(b *testing.B, s site.Store, ago, newline string) {
	b.Helper()
	start := time.Now()
	q := fmt.Sprintf(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
		INSERT INTO contact_submissions (first_name, last_name, email, company, ai_solution_interest, status, spam,
			project_details, created_at, updated_at, search_text)
		SELECT 'First' || i, 'Last' || i, 'lead' || i || '@example.com', 'Company ' || (i %% 5000),
			CASE i %% 4 WHEN 0 THEN 'nlp' WHEN 1 THEN 'consulting' WHEN 2 THEN 'machine-learning' ELSE '' END,
			CASE i %% 5 WHEN 0 THEN 'new' WHEN 1 THEN 'contacted' WHEN 2 THEN 'qualified' WHEN 3 THEN 'won' ELSE 'lost' END,
			i %% 20 = 0, 'We would like to automate the processing of invoices.', %[2]s, %[2]s,
			'first' || i || %[3]s || 'last' || i || %[3]s || 'lead' || i || '@example.com' || %[3]s || 'company ' || (i %% 5000)
		FROM n`, TimingLeads, ago, newline)
	inTx(b, s, func(tx *sql.Tx) error {
		_, err := tx.Exec(q)
		return err
	})
	b.Logf("inserted %d leads in %v", TimingLeads, time.Since(start).Round(time.Millisecond))
}

// BenchLeadList times the queries of the lead inbox on s, which holds
// TimingLeads leads, one sub-benchmark each, and fails when one matches
// nothing: a fast query that finds no lead measures nothing.
func BenchLeadList(b *testing.B, s site.Store) {
	b.ResetTimer()
	ctx := context.Background()
	if n, err := s.CountLeads(ctx); err != nil || n < TimingLeads {
		b.Fatalf("%d leads stored (%v), want %d", n, err, TimingLeads)
	}
	for _, tc := range []struct {
		name string
		run  func() (int, error)
	}{
		{"InboxPage1", func() (int, error) { return list(ctx, s, site.LeadFilter{Limit: 25}) }},
		{"InboxPage100", func() (int, error) { return list(ctx, s, site.LeadFilter{Limit: 25, Offset: 99 * 25}) }},
		{"InboxLastPage", func() (int, error) { return list(ctx, s, site.LeadFilter{Limit: 25, Offset: TimingLeads - 25}) }},
		{"SpamView", func() (int, error) { return list(ctx, s, site.LeadFilter{Spam: true, Limit: 25}) }},
		{"StatusFilter", func() (int, error) { return list(ctx, s, site.LeadFilter{Status: site.LeadWon, Limit: 25}) }},
		{"InterestFilter", func() (int, error) { return list(ctx, s, site.LeadFilter{Interest: "nlp", Limit: 25}) }},
		{"Search", func() (int, error) { return list(ctx, s, site.LeadFilter{Query: "company 42", Limit: 25}) }},
		{"SearchAndStatus", func() (int, error) {
			return list(ctx, s, site.LeadFilter{Query: "LAST9", Status: site.LeadNew, Limit: 25})
		}},
		{"Stats", func() (int, error) {
			st, err := s.LeadStats(ctx, time.Now())
			if err != nil {
				return 0, err
			}
			return st.Total, nil
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				n, err := tc.run()
				if err != nil {
					b.Fatal(err)
				}
				if n == 0 {
					b.Fatal("nothing matched")
				}
			}
		})
	}
}

// list runs one inbox query and returns its total.
func list(ctx context.Context, s site.Store, f site.LeadFilter) (int, error) {
	leads, total, err := s.FindLeads(ctx, f)
	if err == nil && total > 0 && len(leads) == 0 && f.Offset < total {
		return 0, site.Errorf(site.EINTERNAL, "a page within the total came back empty")
	}
	return total, err
}
