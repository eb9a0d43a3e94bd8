package sqlite_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"meridian/internal/site"
)

// BenchmarkCreateLead measures storing one lead durably, as POST
// /api/contact does, from 16 goroutines per core at once.
func BenchmarkCreateLead(b *testing.B) {
	db := openAt(b, tempPath(b))
	b.SetParallelism(16)
	var n atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			if _, _, err := db.CreateLead(context.Background(), &site.Lead{FirstName: "A", LastName: "B",
				Email: fmt.Sprintf("b%d@example.com", i), Company: "C"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
