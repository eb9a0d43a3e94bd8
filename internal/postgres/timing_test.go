package postgres_test

import (
	"context"
	"testing"

	"meridian/internal/storetest"
)

// BenchmarkLeadList times the inbox queries with 100,000 leads (make
// bench; go test -run '^$' -bench LeadList).
func BenchmarkLeadList(b *testing.B) {
	dsn := testSchema(b)
	db := openAt(b, dsn)
	storetest.FillLeads(b, db, "now() - i * interval '1 minute'", `E'\n'`)
	// As autovacuum would after a load of this size: statistics, and the
	// visibility map that lets counts read the index alone.
	ctx := context.Background()
	if _, err := connect(b, ctx, dsn).Exec(ctx, `VACUUM ANALYZE contact_submissions`); err != nil {
		b.Fatal(err)
	}
	storetest.BenchLeadList(b, db)
}
