package postgres_test

import (
	"context"
	"log/slog"
	"testing"

	"meridian/internal/site"
)

// BenchmarkNotifyRoundTrip measures the time from one instance's write to
// the other instance's reaction.
func BenchmarkNotifyRoundTrip(b *testing.B) {
	dsn := testSchema(b)
	writer, reader := openAt(b, dsn), openAt(b, dsn)
	ctx := context.Background()
	changed := make(chan struct{}, 1)
	w, err := reader.ListenContentChanges(ctx, slog.New(slog.DiscardHandler), func() { changed <- struct{}{} })
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
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
