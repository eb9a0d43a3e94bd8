package sqlite_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

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
			if _, _, err := db.CreateLead(context.Background(), &site.Lead{LeadFields: site.LeadFields{FirstName: "A", LastName: "B", Email: fmt.Sprintf("b%d@example.com", i), Company: "C"}}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkAnalyticsFlush measures one instance's write of ten seconds of
// 5,000 page views a second, each from a new visitor (the load of make
// bench's item 9): 200,000 visitor marks. cpu-ms/flush is the process's
// CPU time of the write, which other work on the machine changes less
// than its duration.
func BenchmarkAnalyticsFlush(b *testing.B) {
	db := openAt(b, tempPath(b))
	ctx := context.Background()
	day := site.AnalyticsDay(time.Now())
	salt, err := db.AnalyticsSalt(ctx, day)
	if err != nil {
		b.Fatal(err)
	}
	v, flushes, cpu := 0, 0, int64(0)
	for b.Loop() {
		b.StopTimer()
		batch := &site.AnalyticsBatch{}
		for range 50_000 {
			v++
			id := site.VisitorID(salt, fmt.Sprint("198.51.100.", v), "Mozilla/5.0")
			for _, k := range [][2]string{{site.VisitorsSite, ""}, {site.VisitorsPage, "/about-us"}, {site.VisitorsSource, "google.com"}, {site.VisitorsDevice, site.DeviceDesktop}} {
				batch.Visitors = append(batch.Visitors, site.VisitorMark{Day: day, Kind: k[0], Key: k[1], Visitor: id})
			}
		}
		var before, after syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		b.StartTimer()
		if err := db.RecordAnalytics(ctx, batch); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		cpu += after.Utime.Nano() - before.Utime.Nano() + after.Stime.Nano() - before.Stime.Nano()
		flushes++
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu)/1e6/float64(flushes), "cpu-ms/flush")
}
