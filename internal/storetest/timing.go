package storetest

import (
	"context"
	"testing"
	"time"

	"meridian/internal/site"
)

// TimingLeads is how many leads the timing of the inbox queries is
// measured with.
const TimingLeads = 100_000

// BenchLeadList times the queries of the lead inbox on s, which holds
// TimingLeads leads, one sub-benchmark each, and fails when one matches
// nothing: a fast query that finds no lead measures nothing.
func BenchLeadList(b *testing.B, s site.Store) {
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
