package media

import (
	"context"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"meridian/internal/media/mediatest"
)

// twelveMP is a 4000×3000 photo as a JPEG file, made once.
var twelveMP = sync.OnceValue(func() []byte {
	return mediatest.JPEG(&testing.B{}, mediatest.Photo(4000, 3000))
})

// BenchmarkProcess12MP is the work of one upload of a 12-megapixel JPEG:
// header check, decode, and the twelve variants (six widths in WebP and
// JPEG). The target is under 3 s.
func BenchmarkProcess12MP(b *testing.B) {
	data := twelveMP()
	Warm()
	p := NewProcessor(0)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		processWith(b, p, "photo.jpg", "image/jpeg", data)
	}
}

// twelveMPAVIF is the same photo as an AVIF file, made once: encoding it
// takes some 20 s (libaom in WebAssembly), which is not timed.
var twelveMPAVIF = sync.OnceValue(func() []byte {
	return mediatest.AVIF(&testing.B{}, mediatest.Photo(4000, 3000))
})

// BenchmarkProcess12MPAVIF is the work of one upload of a 12-megapixel
// AVIF: header check, decode, and the twelve variants (WebP and JPEG). It
// reports the most memory the Go runtime held from the system meanwhile
// (peak-MB).
func BenchmarkProcess12MPAVIF(b *testing.B) {
	data := twelveMPAVIF()
	Warm()
	p := NewProcessor(0)
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	held := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64() - sample[1].Value.Uint64()
	}
	var peak uint64
	b.SetBytes(int64(len(data)))
	debug.FreeOSMemory() // what encoding the file took
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
		done := make(chan struct{})
		watched := make(chan struct{})
		go func() {
			defer close(watched)
			for {
				peak = max(peak, held())
				select {
				case <-done:
					return
				case <-time.After(2 * time.Millisecond):
				}
			}
		}()
		processWith(b, p, "photo.avif", "image/avif", data)
		close(done)
		<-watched
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

// BenchmarkStages times the parts of one 12-megapixel upload apart.
func BenchmarkStages(b *testing.B) {
	data := twelveMP()
	Warm()
	info, _ := Inspect("photo.jpg", "", data, DefaultLimits)
	src, _ := decode(JPEG, data)
	base := scaleTo(src, 2048, 1536)
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			decode(JPEG, data)
		}
	})
	b.Run("scale-to-2048", func(b *testing.B) {
		for b.Loop() {
			scaleTo(src, 2048, 1536)
		}
	})
	_ = info
	for _, f := range []Format{JPEG, WebP, PNG} {
		b.Run("encode-2048-"+string(f), func(b *testing.B) {
			for b.Loop() {
				if _, err := encode(base, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTenUploadsAtOnce runs ten 12-megapixel uploads at once and
// reports the most memory the Go runtime held from the system meanwhile
// (peak-MB; the target is under 300 MB) beside the time they all took.
func BenchmarkTenUploadsAtOnce(b *testing.B) {
	data := twelveMP()
	Warm()
	p := NewProcessor(0)
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	held := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64() - sample[1].Value.Uint64()
	}
	var peak uint64
	for b.Loop() {
		runtime.GC()
		done := make(chan struct{})
		watched := make(chan struct{})
		go func() {
			defer close(watched)
			for {
				peak = max(peak, held())
				select {
				case <-done:
					return
				case <-time.After(2 * time.Millisecond):
				}
			}
		}()
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				buf := append([]byte{}, data...) // each upload holds its own file
				info, err := Inspect("photo.jpg", "image/jpeg", buf, DefaultLimits)
				if err != nil {
					b.Error(err)
					return
				}
				if _, err := p.Process(context.Background(), info, buf); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
		close(done)
		<-watched
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}
