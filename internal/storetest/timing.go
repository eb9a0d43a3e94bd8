package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"meridian/internal/site"
)

// TimingLeads is how many leads the timing of the inbox queries is
// measured with.
const TimingLeads = 100_000

// LogLeadListTiming runs the queries of the lead inbox on s, which holds
// TimingLeads leads, and logs how long each takes (the median of 5 runs).
// It asserts what the queries return, never how fast they are: timings
// depend on the machine.
func LogLeadListTiming(t *testing.T, s site.Store) {
	ctx := context.Background()
	if n := must(s.CountLeads(ctx))(t); n < TimingLeads {
		t.Fatalf("%d leads stored, want %d", n, TimingLeads)
	}
	for _, tc := range []struct {
		name string
		run  func() (int, error)
	}{
		{"inbox page 1", func() (int, error) { return list(ctx, s, site.LeadFilter{Limit: 25}) }},
		{"inbox page 100", func() (int, error) { return list(ctx, s, site.LeadFilter{Limit: 25, Offset: 99 * 25}) }},
		{"inbox last page", func() (int, error) { return list(ctx, s, site.LeadFilter{Limit: 25, Offset: TimingLeads - 25}) }},
		{"spam view", func() (int, error) { return list(ctx, s, site.LeadFilter{Spam: true, Limit: 25}) }},
		{"status filter", func() (int, error) { return list(ctx, s, site.LeadFilter{Status: site.LeadWon, Limit: 25}) }},
		{"interest filter", func() (int, error) { return list(ctx, s, site.LeadFilter{Interest: "nlp", Limit: 25}) }},
		{"search", func() (int, error) { return list(ctx, s, site.LeadFilter{Query: "company 42", Limit: 25}) }},
		{"search + status", func() (int, error) {
			return list(ctx, s, site.LeadFilter{Query: "LAST9", Status: site.LeadNew, Limit: 25})
		}},
		{"stats", func() (int, error) {
			st, err := s.LeadStats(ctx, time.Now())
			if err != nil {
				return 0, err
			}
			return st.Total, nil
		}},
	} {
		var times []time.Duration
		var total int
		for range 5 {
			start := time.Now()
			n, err := tc.run()
			times = append(times, time.Since(start))
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			total = n
		}
		if total == 0 {
			t.Errorf("%s: nothing matched", tc.name)
		}
		slices.Sort(times)
		t.Logf("%-16s %8.2f ms (median of 5; min %.2f ms), %d matching", tc.name,
			float64(times[2].Microseconds())/1000, float64(times[0].Microseconds())/1000, total)
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
