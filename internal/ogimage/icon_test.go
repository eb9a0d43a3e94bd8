package ogimage

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// decodePNG returns the pixels of a PNG as RGBA.
func decodePNG(t *testing.T, name string, b []byte) *image.NRGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out := image.NewNRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// icoEntries returns the PNG images of an ICO file, checking its directory.
func icoEntries(t *testing.T, b []byte) [][]byte {
	t.Helper()
	if len(b) < 6 || binary.LittleEndian.Uint16(b[2:]) != 1 {
		t.Fatalf("not an icon file")
	}
	n := int(binary.LittleEndian.Uint16(b[4:]))
	var out [][]byte
	for i := range n {
		e := b[6+16*i:]
		w, h := int(e[0]), int(e[1])
		size, off := binary.LittleEndian.Uint32(e[8:]), binary.LittleEndian.Uint32(e[12:])
		p := b[off : off+size]
		cfg, err := png.DecodeConfig(bytes.NewReader(p))
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		if cfg.Width != w || cfg.Height != h {
			t.Errorf("entry %d: directory says %dx%d, image is %dx%d", i, w, h, cfg.Width, cfg.Height)
		}
		out = append(out, p)
	}
	return out
}

func TestIconFiles(t *testing.T) {
	files, err := IconFiles()
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, p := range icoEntries(t, files["favicon.ico"]) {
		sizes = append(sizes, decodePNG(t, "favicon.ico", p).Bounds().Dx())
	}
	if len(sizes) != 3 || sizes[0] != 16 || sizes[1] != 32 || sizes[2] != 48 {
		t.Errorf("favicon.ico sizes = %v, want [16 32 48]", sizes)
	}
	touch := decodePNG(t, "apple-touch-icon.png", files["apple-touch-icon.png"])
	if touch.Bounds().Dx() != 180 || touch.Bounds().Dy() != 180 {
		t.Errorf("apple-touch-icon.png is %v, want 180x180", touch.Bounds())
	}
	// Apple's touch icon is opaque to its corners; the rounded icon is not.
	if c := touch.NRGBAAt(0, 0); c.A != 0xff || c != (touch.NRGBAAt(179, 179)) {
		t.Errorf("apple-touch-icon.png corner = %v, want the opaque brand colour", c)
	}
	if c := decodePNG(t, "icon-512.png", files["icon-512.png"]).NRGBAAt(0, 0); c.A != 0 {
		t.Errorf("icon-512.png corner = %v, want transparent", c)
	}
	// The mark is white at the middle of the M's left stroke.
	if c := decodePNG(t, "icon-192.png", files["icon-192.png"]).NRGBAAt(8*6, 16*6); c.R != 0xff || c.G != 0xff || c.B != 0xff {
		t.Errorf("icon-192.png at the M = %v, want white", c)
	}
}

// The icons in web/public are what makeicons draws: run
// `go run ./internal/ogimage/makeicons web/public` after changing them.
func TestIconsAreCurrent(t *testing.T) {
	files, err := IconFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "web", "public", name))
		if err != nil {
			t.Errorf("%v; run go run ./internal/ogimage/makeicons web/public", err)
			continue
		}
		same := bytes.Equal(got, want)
		switch filepath.Ext(name) {
		case ".png":
			// Pixels, not bytes: another Go version may compress differently.
			same = bytes.Equal(decodePNG(t, name, got).Pix, decodePNG(t, name, want).Pix)
		case ".ico":
			g, w := icoEntries(t, got), icoEntries(t, want)
			same = len(g) == len(w)
			for i := 0; same && i < len(g); i++ {
				same = bytes.Equal(decodePNG(t, name, g[i]).Pix, decodePNG(t, name, w[i]).Pix)
			}
		}
		if !same {
			t.Errorf("web/public/%s differs from what makeicons draws; run go run ./internal/ogimage/makeicons web/public", name)
		}
	}
}
