package postgres_test

import (
	"context"
	"testing"
	"time"

	"meridian/internal/storetest"
)

// BenchmarkLeadList times the inbox queries with 100,000 leads (make
// bench; go test -run '^$' -bench LeadList).
func BenchmarkLeadList(b *testing.B) {
	dsn := testSchema(b)
	db := openAt(b, dsn)
	ctx := context.Background()
	conn := connect(b, ctx, dsn)
	start := time.Now()
	// One lead a minute back from now; every 20th is spam.
	if _, err := conn.Exec(ctx, `INSERT INTO contact_submissions (first_name, last_name, email, company,
			ai_solution_interest, status, spam, project_details, created_at, updated_at, search_text)
		SELECT 'First' || i, 'Last' || i, 'lead' || i || '@example.com', 'Company ' || (i % 5000),
			(ARRAY['nlp', 'consulting', 'machine-learning', ''])[i % 4 + 1],
			(ARRAY['new', 'contacted', 'qualified', 'won', 'lost'])[i % 5 + 1],
			i % 20 = 0, 'We would like to automate the processing of invoices.',
			now() - i * interval '1 minute', now() - i * interval '1 minute',
			'first' || i || E'\n' || 'last' || i || E'\n' || 'lead' || i || '@example.com' || E'\n' || 'company ' || (i % 5000)
		FROM generate_series(1, $1::int) AS i`, storetest.TimingLeads); err != nil {
		b.Fatal(err)
	}
	// As autovacuum would after a load of this size: statistics, and the
	// visibility map that lets counts read the index alone.
	if _, err := conn.Exec(ctx, `VACUUM ANALYZE contact_submissions`); err != nil {
		b.Fatal(err)
	}
	b.Logf("inserted %d leads in %v", storetest.TimingLeads, time.Since(start).Round(time.Millisecond))
	b.ResetTimer()
	storetest.BenchLeadList(b, db)
}
