package media

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"strings"

	xwebp "golang.org/x/image/webp"

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
	// MemoryLimit is the most memory the process may use (its
	// container's limit), 0 when none is known. An AVIF image whose
	// decode is estimated to need more than AVIFMemoryShare of it is
	// refused: its decoder's memory cannot be bounded once it runs.
	MemoryLimit int64
}

// AVIFMemoryShare is the part of the memory limit an AVIF decode may take
// by its estimate; the rest is the site's own and its other requests'.
const AVIFMemoryShare = 0.75

// DefaultLimits are 20 MB, 50 megapixels and 16,384 pixels a side.
var DefaultLimits = Limits{MaxBytes: 20 << 20, MaxPixels: 50_000_000, MaxSide: 16384}

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
	// takes, at most; pixels the pixels decoded (more than srcW × srcH for
	// an AVIF with tiles or an alpha plane).
	srcW, srcH, bpp, pixels int
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
		srcW: cfg.Width, srcH: cfg.Height, bpp: bytesPerPixel(cfg.ColorModel), pixels: cfg.Width * cfg.Height}
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
		var err error
		if info.pixels, err = ah.checkCoded(); err != nil {
			var cs *codedSizeError
			if errors.As(err, &cs) {
				return nil, refuse(name, "the AVIF data is corrupt: its image is coded at %d × %d pixels but its header says %d × %d.",
					cs.w, cs.h, cs.headerW, cs.headerH)
			}
			return nil, refuse(name, "%s", decodeProblem(f, err))
		}
		if peak := avifPeak(info); lim.MemoryLimit > 0 && float64(peak) > AVIFMemoryShare*float64(lim.MemoryLimit) {
			return nil, refuse(name, "decoding this %d × %d AVIF image would take about %s of memory, more than the server can spare: "+
				"its memory limit is %s. Send it as JPEG, PNG or WebP, or smaller.", cfg.Width, cfg.Height, mebibytes(peak), mebibytes(lim.MemoryLimit))
		}
	}
	if info.Orientation >= 5 {
		info.Width, info.Height = cfg.Height, cfg.Width
	}
	return info, nil
}

// mebibytes writes a size in whole MB (of 1024 × 1024 bytes).
func mebibytes(n int64) string {
	return fmt.Sprintf("%d MB", (n+1<<19)>>20)
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
