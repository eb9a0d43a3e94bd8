package postgres_test

import (
	"context"
	"testing"

	"meridian/internal/site"
)

// BenchmarkNotifyRoundTrip measures the time from one instance's write to
// the other instance's reaction.
func BenchmarkNotifyRoundTrip(b *testing.B) {
	ctx := context.Background()
	_, writer, _, changed := twoInstances(b, ctx, nil)
	for b.Loop() {
		writeContent(b, ctx, writer)
		<-changed
	}
}

// BenchmarkLoadPageData measures what a page cache miss reads.
func BenchmarkLoadPageData(b *testing.B) {
	db := openTestDB(b)
	ctx := context.Background()
	for b.Loop() {
		if _, err := site.LoadPageData(ctx, db); err != nil {
			b.Fatal(err)
		}
	}
}
