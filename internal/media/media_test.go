package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"

	"meridian/internal/media/mediatest"
	"meridian/internal/site"
)

// process inspects and processes a file as an upload would.
func process(t testing.TB, name, contentType string, data []byte) (*Info, []Variant) {
	t.Helper()
	return processWith(t, NewProcessor(0), name, contentType, data)
}

// processWith is process on the processor p.
func processWith(t testing.TB, p *Processor, name, contentType string, data []byte) (*Info, []Variant) {
	t.Helper()
	info, err := Inspect(name, contentType, data, DefaultLimits)
	if err != nil {
		t.Fatalf("inspect %s: %v", name, err)
	}
	vs, err := p.Process(context.Background(), info, data)
	if err != nil {
		t.Fatalf("process %s: %v", name, err)
	}
	return info, vs
}

// decodeVariant decodes a variant's bytes by its format.
func decodeVariant(t *testing.T, v Variant) image.Image {
	t.Helper()
	var m image.Image
	var err error
	switch v.Format {
	case JPEG:
		m, err = jpeg.Decode(bytes.NewReader(v.Data))
	case PNG:
		m, err = png.Decode(bytes.NewReader(v.Data))
	case WebP:
		m, err = xwebp.Decode(bytes.NewReader(v.Data))
	}
	if err != nil {
		t.Fatalf("variant %s %d does not decode: %v", v.Format, v.Width, err)
	}
	return m
}

func TestVariantWidthsAndFormats(t *testing.T) {
	for _, tc := range []struct {
		name    string
		data    []byte
		w, h    int
		formats []Format
		widths  []int
	}{
		{"wide.jpg", mediatest.JPEG(t, mediatest.Photo(2500, 1000)), 2500, 1000, []Format{WebP, JPEG}, []int{160, 320, 640, 960, 1280, 1600, 2048}},
		{"mid.png", mediatest.PNG(t, mediatest.Photo(1000, 700)), 1000, 700, []Format{WebP, PNG}, []int{160, 320, 640, 960, 1000}},
		{"exact.jpg", mediatest.JPEG(t, mediatest.Photo(640, 480)), 640, 480, []Format{WebP, JPEG}, []int{160, 320, 640}},
		{"small.png", mediatest.PNG(t, mediatest.Photo(200, 100)), 200, 100, []Format{WebP, PNG}, []int{160, 200}},
		{"still.webp", mediatest.WebP(t, mediatest.Photo(700, 350)), 700, 350, []Format{WebP}, []int{160, 320, 640, 700}},
		{"tiny.avif", mediatest.AVIF(t, mediatest.Photo(64, 48)), 64, 48, []Format{WebP, JPEG}, []int{64}},
		{"small.avif", mediatest.AVIF(t, mediatest.Photo(300, 200)), 300, 200, []Format{WebP, JPEG}, []int{160, 300}},
		{"wide.avif", mediatest.AVIF(t, mediatest.Photo(700, 350)), 700, 350, []Format{WebP, JPEG}, []int{160, 320, 640, 700}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, vs := process(t, tc.name, "", tc.data)
			if info.Width != tc.w || info.Height != tc.h {
				t.Errorf("info = %d×%d, want %d×%d", info.Width, info.Height, tc.w, tc.h)
			}
			if len(vs) != len(tc.widths)*len(tc.formats) {
				t.Fatalf("%d variants, want %d", len(vs), len(tc.widths)*len(tc.formats))
			}
			for i, v := range vs {
				wantW, wantF := tc.widths[i/len(tc.formats)], tc.formats[i%len(tc.formats)]
				wantH := (tc.h*wantW + tc.w/2) / tc.w
				if v.Width != wantW || v.Height != wantH || v.Format != wantF {
					t.Errorf("variant %d = %s %d×%d, want %s %d×%d", i, v.Format, v.Width, v.Height, wantF, wantW, wantH)
				}
				if v.Hash != Hash(v.Data) || len(v.Hash) != 64 {
					t.Errorf("variant %d: hash %q is not the SHA-256 of its bytes", i, v.Hash)
				}
				m := decodeVariant(t, v)
				if b := m.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
					t.Errorf("variant %d decodes as %v, says %d×%d", i, b, v.Width, v.Height)
				}
				if got := sniff(v.Data).format(); got != v.Format {
					t.Errorf("variant %d: bytes are %q, format says %q", i, got, v.Format)
				}
				if v.Format == WebP && bytes.Contains(v.Data[:min(len(v.Data), 64)], []byte("ALPH")) {
					t.Errorf("variant %d of an opaque image carries an alpha channel", i)
				}
			}
		})
	}
}

// near reports whether two colours are within a JPEG's error of each other.
func near(c color.Color, r, g, b uint8) bool {
	cr, cg, cb, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { v := int(x>>8) - int(y); return v > -60 && v < 60 }
	return d(cr, r) && d(cg, g) && d(cb, b)
}

// TestOrientation: a 40×20 JPEG that says "turn a quarter clockwise" (6)
// comes out 20×40, its top-left corner (red) now at the top right; every
// orientation lands its corners where a viewer would show them.
func TestOrientation(t *testing.T) {
	src := mediatest.Photo(40, 20)
	for o := 1; o <= 8; o++ {
		data := mediatest.WithEXIF(mediatest.JPEG(t, src), o)
		info, vs := process(t, "turned.jpg", "image/jpeg", data)
		w, h := 40, 20
		if o >= 5 {
			w, h = h, w
		}
		if info.Orientation != o || info.Width != w || info.Height != h {
			t.Errorf("orientation %d: info %d, %d×%d; want %d×%d", o, info.Orientation, info.Width, info.Height, w, h)
		}
		checkCorners(t, fmt.Sprintf("orientation %d", o), vs, o, 40, 20)
	}
}

// checkCorners checks that the variants of a Photo of w×h pixels as
// stored, shown in EXIF orientation o, are turned so: their size, and the
// red (top-left) and white (bottom-right) corners where a viewer shows
// them.
func checkCorners(t *testing.T, label string, vs []Variant, o, w, h int) {
	t.Helper()
	// Where the corners are shown, as (right?, bottom?).
	corners := map[int][4]bool{
		1: {false, false, true, true},
		2: {true, false, false, true},
		3: {true, true, false, false},
		4: {false, true, true, false},
		5: {false, false, true, true},
		6: {true, false, false, true},
		7: {true, true, false, false},
		8: {false, true, true, false},
	}[o]
	if o >= 5 {
		w, h = h, w
	}
	for _, v := range vs {
		m := decodeVariant(t, v)
		b := m.Bounds()
		if b.Dx() != w || b.Dy() != h {
			t.Errorf("%s: %s variant is %d×%d, want %d×%d", label, v.Format, b.Dx(), b.Dy(), w, h)
			continue
		}
		at := func(right, bottom bool) color.Color {
			x, y := 0, 0
			if right {
				x = b.Dx() - 1
			}
			if bottom {
				y = b.Dy() - 1
			}
			return m.At(x, y)
		}
		if c := at(corners[0], corners[1]); !near(c, 255, 0, 0) {
			t.Errorf("%s, %s: red corner not where expected: %v", label, v.Format, c)
		}
		if c := at(corners[2], corners[3]); !near(c, 255, 255, 255) {
			t.Errorf("%s, %s: white corner not where expected: %v", label, v.Format, c)
		}
	}
}

// TestNoMetadataInVariants: a photo with a camera, a GPS position and an
// orientation in its EXIF block gives variants with no metadata at all.
func TestNoMetadataInVariants(t *testing.T) {
	data := mediatest.WithEXIF(mediatest.JPEG(t, mediatest.Photo(700, 500)), 6)
	if got := mediatest.Metadata(data); len(got) == 0 {
		t.Fatal("the test photo has no metadata to strip")
	}
	_, vs := process(t, "holiday.jpg", "image/jpeg", data)
	exiftool, _ := exec.LookPath("exiftool")
	if exiftool == "" {
		t.Log("exiftool not found (Debian package libimage-exiftool-perl): only the Go checks of metadata run")
	}
	dir := t.TempDir()
	for _, v := range vs {
		if got := mediatest.Metadata(v.Data); len(got) > 0 {
			t.Errorf("%s variant %d carries %v", v.Format, v.Width, got)
		}
		if exiftool == "" {
			continue
		}
		p := filepath.Join(dir, v.Hash+"."+v.Format.Ext())
		if err := os.WriteFile(p, v.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(exiftool, "-s", "-a", "-G1", "-gps:all", "-exif:all", "-xmp:all", "-icc_profile:all", "-Make", "-Model", p).CombinedOutput()
		if err != nil {
			t.Fatalf("exiftool: %v: %s", err, out)
		}
		if s := strings.TrimSpace(string(out)); s != "" {
			t.Errorf("exiftool finds metadata in the %s variant %d:\n%s", v.Format, v.Width, s)
		}
	}
	if exiftool != "" {
		// The check would find them: it does in the original.
		p := filepath.Join(dir, "original.jpg")
		os.WriteFile(p, data, 0o600)
		out, _ := exec.Command(exiftool, "-s", "-gps:all", "-Make", p).CombinedOutput()
		if !strings.Contains(string(out), "GPSLatitude") || !strings.Contains(string(out), mediatest.Make) {
			t.Errorf("exiftool does not see the original's GPS and camera: %s", out)
		}
	}
}

// refused asserts that err refuses the file name with a message holding
// each of the fragments.
func refused(t *testing.T, err error, name string, fragments ...string) {
	t.Helper()
	if site.ErrorCode(err) != site.EINVALID {
		t.Fatalf("%s: error %v, want a refusal", name, err)
	}
	msg := site.ErrorMessage(err)
	if !strings.HasPrefix(msg, name+": ") {
		t.Errorf("message %q does not name the file %s", msg, name)
	}
	for _, f := range fragments {
		if !strings.Contains(msg, f) {
			t.Errorf("message %q lacks %q", msg, f)
		}
	}
}

func TestRefusals(t *testing.T) {
	j := mediatest.JPEG(t, mediatest.Photo(64, 48))
	p := mediatest.PNG(t, mediatest.Photo(64, 48))
	a := mediatest.AVIF(t, mediatest.Photo(64, 48))
	for _, tc := range []struct {
		name, contentType string
		data              []byte
		fragments         []string
	}{
		{"empty.jpg", "image/jpeg", nil, []string{"empty"}},
		{"notes.txt", "text/plain", []byte("hello, world"), []string{"not an image", "JPEG, PNG, WebP or AVIF"}},
		{"photo.png", "image/png", j, []string{"the name says PNG but the file is a JPEG image"}},
		{"photo", "image/png", j, []string{"sent as image/png but the file is a JPEG image"}},
		{"photo.jpg", "text/plain", j, []string{"sent as text/plain"}},
		{"logo.svg", "image/svg+xml", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), []string{"SVG", "sanitiser"}},
		{"logo.png", "image/png", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`), []string{"SVG"}},
		{"anim.gif", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), []string{"GIF"}},
		{"photo.jpg", "image/jpeg", a, []string{"the name says JPEG but the file is an AVIF image"}},
		{"photo.avif", "image/jpeg", a, []string{"sent as image/jpeg but the file is an AVIF image"}},
		{"bomb.avif", "image/avif", mediatest.AVIFHeader(30000, 30000, "avif"), []string{"30000 × 30000 pixels", "too large", "16 megapixels for AVIF", "16384"}},
		{"big.avif", "image/avif", mediatest.AVIFHeader(5000, 4000, "avif"), []string{"5000 × 4000 pixels", "too large", "16 megapixels for AVIF"}},
		{"anim.avif", "image/avif", mediatest.AVIFHeader(64, 48, "avis"), []string{"animated AVIF", "still image"}},
		{"cut.avif", "image/avif", a[:len(a)/2], []string{"AVIF data ends early", "truncated"}},
		{"header.avif", "image/avif", a[:40], []string{"AVIF data ends early", "truncated"}},
		{"nometa.avif", "image/avif", []byte("\x00\x00\x00\x14ftypavif\x00\x00\x00\x00avif\x00\x00\x00\x08mdat"), []string{"AVIF data is corrupt (no meta box)"}},
		{"photo.heic", "image/heic", append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 64)...), []string{"HEIC"}},
		{"bomb.png", "image/png", mediatest.PNGHeader(30000, 30000), []string{"30000 × 30000 pixels", "too large", "50 megapixels", "16384"}},
		{"tall.png", "image/png", mediatest.PNGHeader(100, 20000), []string{"100 × 20000 pixels", "too large"}},
		{"corrupt.jpg", "image/jpeg", append([]byte{0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x03}, bytes.Repeat([]byte{0x42}, 200)...), []string{"JPEG data is corrupt"}},
		{"header.png", "image/png", p[:20], []string{"PNG data ends early", "truncated"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Inspect(tc.name, tc.contentType, tc.data, DefaultLimits)
			refused(t, err, tc.name, tc.fragments...)
		})
	}
}

// Files whose header is whole but whose data is cut or damaged pass the
// header check and are refused when decoded.
func TestRefusedWhenDecoded(t *testing.T) {
	j := mediatest.JPEG(t, mediatest.Photo(300, 200))
	p := mediatest.PNG(t, mediatest.Photo(300, 200))
	damaged := append([]byte{}, p...)
	for i := len(damaged) / 2; i < len(damaged)/2+64; i++ {
		damaged[i] ^= 0x5A
	}
	// An AVIF whose container is whole but whose coded data (at the end,
	// in mdat) is not.
	damagedAVIF := mediatest.AVIF(t, mediatest.Photo(300, 200))
	for i := len(damagedAVIF) - 600; i < len(damagedAVIF); i++ {
		damagedAVIF[i] = 0xFF
	}
	for _, tc := range []struct {
		name      string
		data      []byte
		fragments []string
	}{
		{"cut.jpg", j[:len(j)/2], []string{"JPEG data ends early", "truncated"}},
		{"cut.png", p[:len(p)/2], []string{"PNG data", "truncated"}},
		{"damaged.png", damaged, []string{"PNG data is corrupt"}},
		{"damaged.avif", damagedAVIF, []string{"AVIF data is corrupt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, err := Inspect(tc.name, "", tc.data, DefaultLimits)
			if err != nil {
				t.Fatalf("header check: %v", err)
			}
			_, err = NewProcessor(0).Process(context.Background(), info, tc.data)
			refused(t, err, tc.name, tc.fragments...)
		})
	}
}

// TestAVIFCodedSize: an AVIF whose header (ispe) says another size than
// its AV1 data is coded at is refused before it is decoded, the decoder
// allocating for the coded frame whatever the header says; as is one
// whose item location misses its coded data.
func TestAVIFCodedSize(t *testing.T) {
	a := mediatest.AVIF(t, mediatest.Photo(320, 240))
	// The coded data a byte later than its item location says (a byte put
	// in at the start of mdat, the last box): the decoder reports success
	// for it, with an image of nothing.
	top, _ := isoBoxes(a)
	mdat := top[len(top)-1].body
	shifted := append(a[:len(a)-len(mdat)-8:len(a)-len(mdat)-8], binary.BigEndian.AppendUint32(nil, uint32(len(mdat)+9))...)
	shifted = append(append(shifted, "mdat\x00"...), mdat...)
	for _, tc := range []struct {
		name      string
		data      []byte
		fragments []string
	}{
		{"understated.avif", mediatest.AVIFResized(t, a, 160, 120), []string{"AVIF data is corrupt", "coded at 320 × 240 pixels but its header says 160 × 120"}},
		{"overstated.avif", mediatest.AVIFResized(t, a, 640, 480), []string{"coded at 320 × 240 pixels but its header says 640 × 480"}},
		{"shifted.avif", shifted, []string{"AVIF data is corrupt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Inspect(tc.name, "", tc.data, DefaultLimits)
			refused(t, err, tc.name, tc.fragments...)
		})
	}
	info, err := Inspect("true.avif", "", a, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if info.pixels != 320*240 {
		t.Errorf("pixels decoded = %d, want 320 × 240", info.pixels)
	}
	// An alpha plane is checked too, and counts.
	m := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for i := range m.Pix {
		m.Pix[i] = uint8(i)
	}
	alpha := mediatest.AVIF(t, m)
	if info, err := Inspect("alpha.avif", "", alpha, DefaultLimits); err != nil || info.pixels != 2*64*48 {
		t.Errorf("alpha.avif: %v, %+v; want the image's and its alpha plane's pixels", err, info)
	}
	_, err = Inspect("alpha.avif", "", mediatest.AVIFResized(t, alpha, 32, 24), DefaultLimits)
	refused(t, err, "alpha.avif", "coded at 64 × 48 pixels but its header says 32 × 24")
}

// TestAVIFMemoryLimit: an AVIF whose decode would not fit in the memory
// limit is refused before it is decoded, with the limit named; one that
// fits is taken.
func TestAVIFMemoryLimit(t *testing.T) {
	a := mediatest.AVIF(t, mediatest.Photo(300, 200)) // 60,000 pixels: about 5 MB to decode
	lim := DefaultLimits
	lim.MemoryLimit = 4 << 20
	_, err := Inspect("photo.avif", "", a, lim)
	refused(t, err, "photo.avif", "300 × 200 AVIF image would take about 5 MB of memory", "its memory limit is 4 MB", "JPEG")
	lim.MemoryLimit = 64 << 20
	if _, err := Inspect("photo.avif", "", a, lim); err != nil {
		t.Errorf("within a 64 MB limit: %v", err)
	}
	// Other formats are not bound by it: their decoders' memory is the
	// processing budget's.
	lim.MemoryLimit = 1 << 20
	if _, err := Inspect("photo.jpg", "", mediatest.JPEG(t, mediatest.Photo(300, 200)), lim); err != nil {
		t.Errorf("JPEG within a 1 MB limit: %v", err)
	}
}

// A claim that says nothing, or says the same as the bytes, is accepted.
func TestClaimsAccepted(t *testing.T) {
	j := mediatest.JPEG(t, mediatest.Photo(64, 48))
	for _, tc := range []struct{ name, contentType string }{
		{"photo.jpg", "image/jpeg"},
		{"photo.JPEG", "image/jpg"},
		{"photo.jfif", ""},
		{"photo", "application/octet-stream"},
		{"scan.dat", ""},
	} {
		if _, err := Inspect(tc.name, tc.contentType, j, DefaultLimits); err != nil {
			t.Errorf("%s sent as %q: %v", tc.name, tc.contentType, err)
		}
	}
}

func TestJPEGOrientationParser(t *testing.T) {
	j := mediatest.JPEG(t, mediatest.Photo(8, 8))
	for o := 1; o <= 8; o++ {
		if got := jpegOrientation(mediatest.WithEXIF(j, o)); got != o {
			t.Errorf("orientation %d read as %d", o, got)
		}
	}
	if got := jpegOrientation(j); got != 1 {
		t.Errorf("no EXIF: orientation %d", got)
	}
	// Cut anywhere inside the EXIF block, the parser reads 1 and never
	// reads past the bytes.
	e := mediatest.WithEXIF(j, 6)
	for n := range 200 {
		jpegOrientation(e[:n])
	}
}

// halfTransparent is a 400×300 image, transparent on its left half and
// opaque on its right.
func halfTransparent() *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, 400, 300))
	for y := range 300 {
		for x := range 400 {
			a := uint8(0)
			if x >= 200 {
				a = 255
			}
			m.SetNRGBA(x, y, color.NRGBA{200, 50, 20, a})
		}
	}
	return m
}

// Alpha survives into the PNG and WebP variants of a PNG.
func TestTransparency(t *testing.T) {
	_, vs := process(t, "logo.png", "image/png", mediatest.PNG(t, halfTransparent()))
	for _, v := range vs {
		d := decodeVariant(t, v)
		if _, _, _, a := d.At(10, 10).RGBA(); a != 0 {
			t.Errorf("%s variant: transparent side has alpha %d", v.Format, a>>8)
		}
		if r, _, _, a := d.At(v.Width-10, 10).RGBA(); a>>8 != 255 || r>>8 < 170 {
			t.Errorf("%s variant: opaque side is %v", v.Format, d.At(v.Width-10, 10))
		}
	}
}

// The WebP variants keep colours: the planes handed to the encoder are
// converted as libwebp converts RGB itself (studio range), checked here
// with libwebp's own decoder.
func TestWebPColours(t *testing.T) {
	colours := []color.RGBA{{200, 120, 40, 255}, {0, 0, 0, 255}, {255, 255, 255, 255}, {30, 160, 220, 255}}
	m := image.NewRGBA(image.Rect(0, 0, 1000, 1000))
	for y := range 1000 {
		for x := range 1000 {
			m.SetRGBA(x, y, colours[(y/500)*2+x/500])
		}
	}
	_, fromPNG := process(t, "flat.png", "image/png", mediatest.PNG(t, m))
	_, fromWebP := process(t, "flat.webp", "image/webp", mediatest.WebP(t, m))
	for _, v := range append(fromPNG, fromWebP...) {
		if v.Format != WebP {
			continue
		}
		// DecodeAll converts to RGB inside libwebp; Decode would hand back
		// the planes, which Go's YCbCr reads at full range.
		all, err := webp.DecodeAll(bytes.NewReader(v.Data))
		if err != nil {
			t.Fatal(err)
		}
		d := all.Image[0]
		for i, c := range colours {
			x, y := (i%2)*v.Width/2+v.Width/4, (i/2)*v.Height/2+v.Height/4
			r, g, b, _ := d.At(x, y).RGBA()
			diff := func(a uint32, b uint8) int { return max(int(a>>8)-int(b), int(b)-int(a>>8)) }
			if diff(r, c.R) > 6 || diff(g, c.G) > 6 || diff(b, c.B) > 6 {
				t.Errorf("WebP %d: colour %v came out as %d,%d,%d", v.Width, c, r>>8, g>>8, b>>8)
			}
		}
	}
}

// The irot and imir of an AVIF map to the EXIF orientation that turns the
// image the same way: rotating a quarter turn anticlockwise at a time and
// then mirroring, checked pixel by pixel against orient.
func TestAVIFOrientationTable(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range m.Pix {
		m.Pix[i] = uint8(i)
	}
	ccw := func(m *image.RGBA) *image.RGBA { // a quarter turn anticlockwise
		w, h := m.Rect.Dx(), m.Rect.Dy()
		out := image.NewRGBA(image.Rect(0, 0, h, w))
		for y := range h {
			for x := range w {
				out.SetRGBA(y, w-1-x, m.RGBAAt(x, y))
			}
		}
		return out
	}
	mirror := func(m *image.RGBA, axis int) *image.RGBA {
		w, h := m.Rect.Dx(), m.Rect.Dy()
		out := image.NewRGBA(m.Rect)
		for y := range h {
			for x := range w {
				if axis == 0 { // about a vertical axis: left and right swap
					out.SetRGBA(w-1-x, y, m.RGBAAt(x, y))
				} else {
					out.SetRGBA(x, h-1-y, m.RGBAAt(x, y))
				}
			}
		}
		return out
	}
	for rot := range 4 {
		for axis := -1; axis <= 1; axis++ {
			want := m
			for range rot {
				want = ccw(want)
			}
			if axis >= 0 {
				want = mirror(want, axis)
			}
			o := avifOrientations[rot][axis+1]
			if got := orient(m, o); got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("irot %d, imir %d: orientation %d does not turn the image the same way", rot, axis, o)
			}
		}
	}
}

// An AVIF whose primary image carries irot and imir comes out turned: the
// decoder leaves them to the site.
func TestAVIFOrientation(t *testing.T) {
	plain := mediatest.AVIF(t, mediatest.Photo(80, 40))
	for _, tc := range []struct{ rot, axis, o int }{
		{0, -1, 1}, {1, -1, 8}, {2, -1, 3}, {3, -1, 6}, {0, 0, 2}, {0, 1, 4}, {1, 0, 7}, {3, 0, 5},
	} {
		data := plain
		if tc.rot != 0 || tc.axis >= 0 {
			data = mediatest.AVIFTransformed(t, plain, tc.rot, tc.axis)
		}
		info, vs := process(t, "turned.avif", "image/avif", data)
		if info.Orientation != tc.o {
			t.Errorf("irot %d, imir %d: orientation %d, want %d", tc.rot, tc.axis, info.Orientation, tc.o)
		}
		checkCorners(t, fmt.Sprintf("irot %d, imir %d", tc.rot, tc.axis), vs, tc.o, 80, 40)
	}
}

// An AVIF with transparency keeps it: its fallback variants are PNG, not
// JPEG.
func TestAVIFTransparency(t *testing.T) {
	_, vs := process(t, "logo.avif", "image/avif", mediatest.AVIF(t, halfTransparent()))
	var formats []Format
	for _, v := range vs {
		formats = append(formats, v.Format)
		d := decodeVariant(t, v)
		if _, _, _, a := d.At(10, 10).RGBA(); a != 0 {
			t.Errorf("%s variant: transparent side has alpha %d", v.Format, a>>8)
		}
		if _, _, _, a := d.At(v.Width-10, 10).RGBA(); a>>8 < 250 {
			t.Errorf("%s variant: opaque side is %v", v.Format, d.At(v.Width-10, 10))
		}
	}
	for i, f := range formats {
		if want := []Format{WebP, PNG}[i%2]; f != want || len(formats)%2 != 0 {
			t.Errorf("formats %v, want webp and png at each width", formats)
			break
		}
	}
}

// TestLiftMemoryLimit: lifts of jobs running at once add up, and the limit
// is the operator's again once they have all ended, in any order.
func TestLiftMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(200 << 20)
	defer debug.SetMemoryLimit(before)
	a := liftMemoryLimit(100 << 20)
	if got := debug.SetMemoryLimit(-1); got != 300<<20 {
		t.Errorf("one lift: %d", got)
	}
	b := liftMemoryLimit(50 << 20)
	if got := debug.SetMemoryLimit(-1); got != 350<<20 {
		t.Errorf("two lifts: %d", got)
	}
	a()
	if got := debug.SetMemoryLimit(-1); got != 250<<20 {
		t.Errorf("after the first ends: %d", got)
	}
	b()
	if got := debug.SetMemoryLimit(-1); got != 200<<20 {
		t.Errorf("after both: %d", got)
	}
	// Without a limit, nothing changes.
	debug.SetMemoryLimit(math.MaxInt64)
	liftMemoryLimit(1 << 20)()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("no limit: %d", got)
	}
}
