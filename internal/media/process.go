package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"
	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"

	"meridian/internal/site"
)

// Limits bound what an upload may be.
type Limits struct {
	// MaxBytes is the largest file.
	MaxBytes int64
	// MaxPixels is the most pixels of an image (width × height), read from
	// its header before anything is decoded.
	MaxPixels int
	// MaxSide is the longest side in pixels.
	MaxSide int
}

// DefaultLimits are 20 MB, 50 megapixels and 16,384 pixels a side.
var DefaultLimits = Limits{MaxBytes: 20 << 20, MaxPixels: 50_000_000, MaxSide: 16384}

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

// Info is what the header of an accepted file says.
type Info struct {
	// Name is the file's name as sent, for messages.
	Name   string
	Format Format
	// Width and Height are those of the image as shown: after its EXIF
	// orientation.
	Width, Height int
	// Orientation is the EXIF orientation, 1 to 8.
	Orientation int
	// srcW, srcH are the stored dimensions; bpp the bytes a decoded pixel
	// takes, at most.
	srcW, srcH, bpp int
}

// refuse returns the error of a file that is refused: EINVALID, with a
// message that names the file.
func refuse(name, format string, args ...any) error {
	return site.Errorf(site.EINVALID, "%s: %s", name, fmt.Sprintf(format, args...))
}

// refusal says why a file of kind k is not accepted.
func refusal(k kind) string {
	switch k {
	case kindSVG:
		return "SVG images are refused: the site has no SVG sanitiser, and an SVG file can carry scripts. Export it as PNG or WebP."
	case kindHEIC:
		return "HEIC images are not accepted; export the photo as JPEG."
	case kindGIF:
		return "GIF images are not accepted; send PNG or WebP (animations are not supported)."
	case kindBMP, kindTIFF:
		return string(k) + " images are not accepted; send JPEG, PNG, WebP or AVIF."
	}
	return "the file is not an image the site accepts; send JPEG, PNG, WebP or AVIF."
}

// Inspect checks a file without decoding its pixels: not empty, an
// accepted type by its bytes, which its name and sent type do not
// contradict, and dimensions within the limits, read from its header. The
// size limit is the caller's, which reads the file.
func Inspect(name, contentType string, data []byte, lim Limits) (*Info, error) {
	if len(data) == 0 {
		return nil, refuse(name, "the file is empty.")
	}
	k := sniff(data)
	f := k.format()
	if f == "" {
		return nil, refuse(name, "%s", refusal(k))
	}
	byName, byType := claimedKinds(name, contentType)
	if byName != "" && byName != k {
		return nil, refuse(name, "the name says %s but the file is %s image.", byName, k.withArticle())
	}
	if byType != "" && typeKinds[byType] != k {
		return nil, refuse(name, "it was sent as %s but the file is %s image.", byType, k.withArticle())
	}
	if f == WebP && webpAnimated(data) {
		return nil, refuse(name, "animated WebP images are not accepted; send a still image.")
	}
	var cfg image.Config
	var err error
	var ah avifHeader
	if f == AVIF {
		// Its container, read here without the decoder.
		if ah, err = readAVIFHeader(data); err != nil {
			return nil, refuse(name, "%s", decodeProblem(f, err))
		}
		if ah.animated {
			return nil, refuse(name, "animated AVIF images (image sequences) are not accepted; send a still image.")
		}
		cfg = image.Config{Width: ah.width, Height: ah.height}
	} else if cfg, err = decodeConfig(f, data); err != nil {
		return nil, refuse(name, "%s", decodeProblem(f, err))
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return nil, refuse(name, "the image has no pixels.")
	}
	maxPixels, of := lim.MaxPixels, ""
	if f == AVIF && MaxAVIFPixels < maxPixels {
		maxPixels, of = MaxAVIFPixels, " for AVIF, whose decoder needs more memory,"
	}
	if cfg.Width > lim.MaxSide || cfg.Height > lim.MaxSide || cfg.Width*cfg.Height > maxPixels {
		return nil, refuse(name, "the image is %d × %d pixels, too large to process: at most %s megapixels%s and %d pixels a side.",
			cfg.Width, cfg.Height, megapixels(maxPixels), of, lim.MaxSide)
	}
	info := &Info{Name: name, Format: f, Width: cfg.Width, Height: cfg.Height, Orientation: 1,
		srcW: cfg.Width, srcH: cfg.Height, bpp: bytesPerPixel(cfg.ColorModel)}
	switch f {
	case JPEG:
		info.Orientation = jpegOrientation(data)
	case WebP:
		if info.bpp < 4 {
			info.bpp = 7 // the decoded planes and their conversion to RGBA
		}
	case AVIF:
		info.Orientation = ah.orientation
		info.bpp = avifBytesPerPixel(ah.depth)
	}
	if info.Orientation >= 5 {
		info.Width, info.Height = cfg.Height, cfg.Width
	}
	return info, nil
}

func megapixels(n int) string {
	if n%1_000_000 == 0 {
		return fmt.Sprint(n / 1_000_000)
	}
	return fmt.Sprintf("%.1f", float64(n)/1e6)
}

// webpAnimated reports whether a WebP file's extended header says it is
// animated.
func webpAnimated(b []byte) bool {
	return len(b) >= 21 && string(b[12:16]) == "VP8X" && b[20]&0x02 != 0
}

func decodeConfig(f Format, data []byte) (image.Config, error) {
	r := bytes.NewReader(data)
	switch f {
	case JPEG:
		return jpeg.DecodeConfig(r)
	case PNG:
		return png.DecodeConfig(r)
	default:
		return xwebp.DecodeConfig(r)
	}
}

func decode(f Format, data []byte) (image.Image, error) {
	r := bytes.NewReader(data)
	switch f {
	case JPEG:
		return jpeg.Decode(r)
	case PNG:
		return png.Decode(r)
	case AVIF:
		m, err := decodeAVIF(data)
		if err != nil {
			return nil, err
		}
		return m, nil
	default:
		m, err := xwebp.Decode(r)
		if err != nil {
			return nil, err
		}
		if rgba, ok := fromVP8(m); ok {
			return rgba, nil
		}
		return m, nil // lossless WebP: NRGBA already
	}
}

// decodeProblem says what is wrong with a file a decoder refused.
func decodeProblem(f Format, err error) string {
	msg := err.Error()
	// What the decoders say of data that stops before the image is whole.
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		strings.Contains(msg, "short Huffman data") || strings.Contains(msg, "not enough pixel data") {
		return fmt.Sprintf("the %s data ends early: the file is truncated or damaged.", f.Label())
	}
	if errors.Is(err, errAVIFShort) {
		return "the AVIF data ends early: the file is truncated or damaged."
	}
	for _, p := range []string{"png: ", "jpeg: ", "webp: ", "avif: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	return fmt.Sprintf("the %s data is corrupt (%s).", f.Label(), msg)
}

// bytesPerPixel is the most a decoded pixel of the colour model takes.
func bytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.YCbCrModel:
		return 3 // 4:4:4 at worst
	case color.NYCbCrAModel:
		return 4
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4
}

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
	return int64(info.srcW)*int64(info.srcH)*int64(info.bpp) + int64(w)*int64(h)*4*3 + 32<<20
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
