package sqlite_test

import (
	"testing"
	"time"

	"meridian/internal/storetest"
)

// BenchmarkLeadList times the inbox queries with 100,000 leads (make
// bench; go test -run '^$' -bench LeadList).
func BenchmarkLeadList(b *testing.B) {
	path := tempPath(b)
	db := openAt(b, path)
	raw := rawDB(b, path)
	start := time.Now()
	// One lead a minute back from now; every 20th is spam.
	if _, err := raw.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO contact_submissions (first_name, last_name, email, company, ai_solution_interest, status, spam,
			project_details, created_at, updated_at, search_text)
		SELECT 'First' || i, 'Last' || i, 'lead' || i || '@example.com', 'Company ' || (i % 5000),
			CASE i % 4 WHEN 0 THEN 'nlp' WHEN 1 THEN 'consulting' WHEN 2 THEN 'machine-learning' ELSE '' END,
			CASE i % 5 WHEN 0 THEN 'new' WHEN 1 THEN 'contacted' WHEN 2 THEN 'qualified' WHEN 3 THEN 'won' ELSE 'lost' END,
			i % 20 = 0, 'We would like to automate the processing of invoices.',
			strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 60) || ' seconds'),
			strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 60) || ' seconds'),
			'first' || i || char(10) || 'last' || i || char(10) || 'lead' || i || '@example.com' || char(10) || 'company ' || (i % 5000)
		FROM n`, storetest.TimingLeads); err != nil {
		b.Fatal(err)
	}
	b.Logf("inserted %d leads in %v", storetest.TimingLeads, time.Since(start).Round(time.Millisecond))
	b.ResetTimer()
	storetest.BenchLeadList(b, db)
}
