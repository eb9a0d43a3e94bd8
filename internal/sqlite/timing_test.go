package sqlite_test

import (
	"testing"

	"meridian/internal/storetest"
)

// BenchmarkLeadList times the inbox queries with 100,000 leads (make
// bench; go test -run '^$' -bench LeadList).
func BenchmarkLeadList(b *testing.B) {
	db := openAt(b, tempPath(b))
	storetest.FillLeads(b, db, `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 60) || ' seconds')`, "char(10)")
	storetest.BenchLeadList(b, db)
}
