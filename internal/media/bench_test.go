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
	benchUpload(b, twelveMP(), "photo.jpg", "image/jpeg", false)
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
	benchUpload(b, twelveMPAVIF(), "photo.avif", "image/avif", true)
}

// benchUpload times the work of one upload of data, a file called name of
// type mime, per iteration. With peak, each iteration starts from a
// garbage collection (not timed), and the most memory the Go runtime held
// from the system meanwhile is reported (peak-MB).
func benchUpload(b *testing.B, data []byte, name, mime string, peak bool) {
	Warm()
	p := NewProcessor(0)
	var most uint64
	b.SetBytes(int64(len(data)))
	if peak {
		debug.FreeOSMemory() // what making the file took
	}
	b.ResetTimer()
	for b.Loop() {
		if !peak {
			processWith(b, p, name, mime, data)
			continue
		}
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
		stop := watchPeak()
		processWith(b, p, name, mime, data)
		most = max(most, stop())
	}
	if peak {
		b.ReportMetric(float64(most)/(1<<20), "peak-MB")
	}
}

// watchPeak samples the memory the Go runtime holds from the system every
// 2 ms until the function it returns is called; that returns the most it
// saw.
func watchPeak() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	var peak uint64
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64()-sample[1].Value.Uint64())
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-watched
		return peak
	}
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
	var peak uint64
	for b.Loop() {
		runtime.GC()
		stop := watchPeak()
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
		peak = max(peak, stop())
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}
