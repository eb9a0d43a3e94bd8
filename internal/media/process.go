package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"runtime/debug"
	"sync"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
)

// Widths are the widths of the responsive variants: those narrower than
// the image are made, and one at the image's own width when it is not
// wider than the last (160 serves the small portraits, shown 80 px wide on
// screens of two device pixels a CSS pixel).
var Widths = []int{160, 320, 640, 960, 1280, 1600, 2048}

// VariantWidths returns the widths of the variants of an image w pixels
// wide, narrowest first: so that no image is shown from a variant narrower
// than itself, the last is its own width (up to the widest of Widths).
func VariantWidths(w int) []int {
	top := min(w, Widths[len(Widths)-1])
	var out []int
	for _, x := range Widths {
		if x < top {
			out = append(out, x)
		}
	}
	return append(out, top)
}

// Encoding quality of the lossy variants.
const (
	JPEGQuality = 82
	WebPQuality = 80
	// webpMethod is libwebp's effort, 0 (fast) to 6 (small): 4 is its
	// default.
	webpMethod = 0
)

// Variant is one encoded variant of an image.
type Variant struct {
	Width, Height int
	Format        Format
	Data          []byte
	// Hash is the SHA-256 of Data, in hex.
	Hash string
}

// Hash returns the SHA-256 of b in hex, the address of stored bytes.
func Hash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Processor makes variants, a bounded number at a time: each job weighs
// what its decoded pixels and variants take, at least half the budget, so
// that at most two run at once and a very large one runs alone.
type Processor struct {
	sem    *semaphore.Weighted
	budget int64
}

// DefaultBudget is the memory the decoded images of the jobs running at
// once may take, as estimated from their headers.
const DefaultBudget = 256 << 20

// NewProcessor returns a processor with the given budget in bytes (0 for
// DefaultBudget).
func NewProcessor(budget int64) *Processor {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Processor{sem: semaphore.NewWeighted(budget), budget: budget}
}

// Warm prepares the WebP encoder and the AVIF decoder (each compiles a
// WebAssembly module on first use), so that the first upload does not
// wait for them.
func Warm() {
	webp.Init()
	avif.InitDecoder()
}

// cost is what a job on info holds at its peak, as estimated from its header.
func (p *Processor) cost(info *Info) int64 {
	bw := VariantWidths(info.Width)
	w := bw[len(bw)-1]
	h := scaledHeight(info, w)
	return int64(info.pixels)*int64(info.bpp) + int64(w)*int64(h)*4*3 + 32<<20
}

// weight is what a job on info takes of the budget.
func (p *Processor) weight(info *Info) int64 {
	return min(max(p.cost(info), p.budget/2), p.budget)
}

// The Go runtime's soft memory limit, as the jobs running lift it.
var (
	limitMu     sync.Mutex
	limitBase   int64
	limitLifted int64
)

// liftMemoryLimit raises the runtime's soft memory limit, when one is
// set, by n bytes until the function it returns is called.
func liftMemoryLimit(n int64) (restore func()) {
	limitMu.Lock()
	defer limitMu.Unlock()
	if limitLifted == 0 {
		limitBase = debug.SetMemoryLimit(-1)
	}
	if limitBase == math.MaxInt64 {
		return func() {}
	}
	limitLifted += n
	debug.SetMemoryLimit(limitBase + limitLifted)
	return func() {
		limitMu.Lock()
		defer limitMu.Unlock()
		limitLifted -= n
		debug.SetMemoryLimit(limitBase + limitLifted)
	}
}

// scaledHeight is the height of the variant of info w pixels wide.
func scaledHeight(info *Info, w int) int {
	return max(1, (info.Height*w+info.Width/2)/info.Width)
}

// Process decodes the file Inspect accepted as info and returns its
// variants, narrowest first, each width in WebP and then, unless the
// original is WebP, in the original's format; an AVIF's in JPEG, or in PNG
// when it has transparency. A file that does not decode
// is refused (EINVALID, naming it).
func (p *Processor) Process(ctx context.Context, info *Info, data []byte) ([]Variant, error) {
	weight := p.weight(info)
	if err := p.sem.Acquire(ctx, weight); err != nil {
		return nil, err
	}
	defer p.sem.Release(weight)
	if info.Format == AVIF {
		// An AVIF decode holds several times its pixels in the decoder's
		// WebAssembly memory, which no collection can free: under the
		// heap's soft limit the collector would run without pause while
		// it lasts, and the upload take twice as long.
		defer liftMemoryLimit(p.cost(info))()
	}

	src, err := decode(info.Format, data)
	if err != nil {
		return nil, refuse(info.Name, "%s", decodeProblem(info.Format, err))
	}
	if b := src.Bounds(); b.Dx() != info.srcW || b.Dy() != info.srcH {
		return nil, refuse(info.Name, "the %s data is corrupt (its header says %d × %d pixels, its data %d × %d).",
			info.Format.Label(), info.srcW, info.srcH, b.Dx(), b.Dy())
	}
	widths := VariantWidths(info.Width)
	images := make([]*image.RGBA, len(widths))

	// The widest variant from the decoded image, scaled in its stored
	// orientation and then turned; the others from it.
	top := len(widths) - 1
	w, h := widths[top], scaledHeight(info, widths[top])
	sw, sh := w, h
	if info.Orientation >= 5 {
		sw, sh = h, w
	}
	images[top] = orient(scaleTo(src, sw, sh), info.Orientation)
	src = nil // the largest buffer: let it go before encoding
	levels := []*image.RGBA{images[top]}
	for i := top - 1; i >= 0; i-- {
		w := widths[i]
		for levels[len(levels)-1].Rect.Dx() >= 2*w {
			levels = append(levels, halve(levels[len(levels)-1]))
		}
		from := levels[0]
		for _, l := range levels {
			if l.Rect.Dx() >= w {
				from = l
			}
		}
		images[i] = scaleOnce(from, w, scaledHeight(info, w))
	}
	levels = nil

	formats := []Format{WebP}
	switch {
	case info.Format == AVIF && images[top].Opaque():
		formats = append(formats, JPEG)
	case info.Format == AVIF:
		formats = append(formats, PNG)
	case info.Format != WebP:
		formats = append(formats, info.Format)
	}
	out := make([]Variant, len(widths)*len(formats))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(2)
	for i, m := range images {
		for j, f := range formats {
			g.Go(func() error {
				if err := gctx.Err(); err != nil {
					return err
				}
				b, err := encode(m, f)
				if err != nil {
					return fmt.Errorf("media: encode %s %d: %w", f, m.Rect.Dx(), err)
				}
				out[i*len(formats)+j] = Variant{Width: m.Rect.Dx(), Height: m.Rect.Dy(), Format: f, Data: b, Hash: Hash(b)}
				return nil
			})
		}
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// encodeSlots bounds the encodes running at once across all jobs: they
// use the cores fully, and each WebP encode holds a WebAssembly memory of
// its own (some 25 MB for a 2048-pixel variant), so more at once would
// cost memory and gain no speed.
var encodeSlots = make(chan struct{}, 2)

// encode writes m in format f. Every encoder writes pixels only: the
// original's metadata (EXIF, GPS, XMP, ICC profile, comments) is not
// carried over, since nothing of the original's file but its pixels
// reaches here.
func encode(m *image.RGBA, f Format) ([]byte, error) {
	encodeSlots <- struct{}{}
	defer func() { <-encodeSlots }()
	var buf bytes.Buffer
	var err error
	switch f {
	case JPEG:
		err = jpeg.Encode(&buf, m, &jpeg.Options{Quality: JPEGQuality})
	case PNG:
		err = (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&buf, m)
	case WebP:
		var src image.Image
		if m.Opaque() {
			src = toYUV420(m)
		} else {
			// libwebp reads colours that are not premultiplied, and
			// weighs chroma by alpha itself.
			src = toNRGBA(m)
		}
		err = webp.Encode(&buf, src, webp.Options{Quality: WebPQuality, Method: webpMethod})
	default:
		err = fmt.Errorf("unknown format %q", f)
	}
	return buf.Bytes(), err
}
