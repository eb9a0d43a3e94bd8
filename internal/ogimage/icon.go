package ogimage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/draw"
	"image/png"

	"golang.org/x/image/vector"

	"meridian/internal/site"
)

// IconShape is how an icon's background fills its square.
type IconShape int

const (
	// Rounded: the mark as the site's header shows it, corners transparent.
	Rounded IconShape = iota
	// Square: the whole square filled, for platforms that cut their own
	// shape (Apple's touch icon).
	Square
	// Maskable: the whole square filled and the mark shrunk into the
	// central circle a platform's mask always keeps (web app manifests).
	Maskable
)

// Icon draws the brand mark of the site's header (web/src/app/layout/logo.tsx:
// on a 32-unit square of the brand colour, a white M with a dot where its
// middle strokes meet) as a PNG of size by size pixels.
func Icon(size int, primary string, shape IconShape) ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, paintIcon(size, readable(parseColor(primary, defaultPrimary)), shape)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func paintIcon(size int, brand rgb, shape IconShape) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	z := vector.NewRasterizer(size, size)
	fill := func(c rgb) {
		z.Draw(img, img.Bounds(), image.NewUniform(c.rgba()), image.Point{})
		z.Reset(size, size)
	}
	s := float32(size)
	if shape == Rounded {
		polygon(z, roundedRect(0, 0, s, s, s/4), false)
		fill(brand)
	} else {
		draw.Draw(img, img.Bounds(), image.NewUniform(brand.rgba()), image.Point{}, draw.Src)
	}
	// The mark's units; a maskable icon keeps its mark within the central
	// 80% circle, so it is drawn at two thirds of the size about the centre.
	u, off := s/32, float32(0)
	if shape == Maskable {
		u, off = s/48, s/6
	}
	at := func(x, y float32) point { return point{off + x*u, off + y*u} }
	stroke(z, []point{at(8, 22), at(8, 10), at(16, 17), at(24, 10), at(24, 22)}, 2.6*u)
	c := at(16, 17)
	polygon(z, circle(c.x, c.y, 1.8*u), false)
	fill(white)
	return img
}

// ICO packs PNG images, each of a different size up to 256 pixels, into one
// Windows icon file (PNG entries, as Windows Vista and every browser read).
func ICO(pngs ...[]byte) ([]byte, error) {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, [3]uint16{0, 1, uint16(len(pngs))})
	offset := 6 + 16*len(pngs)
	for _, p := range pngs {
		cfg, err := png.DecodeConfig(bytes.NewReader(p))
		if err != nil {
			return nil, err
		}
		// A side of 256 is written as 0.
		w, h := byte(cfg.Width), byte(cfg.Height)
		binary.Write(&b, binary.LittleEndian, struct {
			W, H, Colors, Reserved byte
			Planes, BitCount       uint16
			Size, Offset           uint32
		}{w, h, 0, 0, 1, 32, uint32(len(p)), uint32(offset)})
		offset += len(p)
	}
	for _, p := range pngs {
		b.Write(p)
	}
	return b.Bytes(), nil
}

// IconFiles returns the site's icon files by name, in the default brand
// colour: what makeicons writes into web/public.
func IconFiles() (map[string][]byte, error) {
	primary := site.DefaultPrimaryColor
	files := map[string][]byte{}
	var ico [][]byte
	for _, size := range []int{16, 32, 48} {
		p, err := Icon(size, primary, Rounded)
		if err != nil {
			return nil, err
		}
		ico = append(ico, p)
	}
	var err error
	if files["favicon.ico"], err = ICO(ico...); err != nil {
		return nil, err
	}
	for name, icon := range map[string]struct {
		size  int
		shape IconShape
	}{
		"apple-touch-icon.png":  {180, Square},
		"icon-192.png":          {192, Rounded},
		"icon-512.png":          {512, Rounded},
		"icon-maskable-512.png": {512, Maskable},
	} {
		if files[name], err = Icon(icon.size, primary, icon.shape); err != nil {
			return nil, err
		}
	}
	brand := readable(parseColor(primary, defaultPrimary)).hex()
	files["favicon.svg"] = []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="` + brand +
		`"/><path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="16" cy="17" r="1.8" fill="#fff"/></svg>` + "\n")
	manifest, err := json.MarshalIndent(map[string]any{
		"name":             site.DefaultCompanyName,
		"short_name":       site.DefaultCompanyName,
		"start_url":        "/",
		"display":          "browser",
		"background_color": "#ffffff",
		"theme_color":      brand,
		"icons": []map[string]string{
			{"src": "/icon-192.png", "sizes": "192x192", "type": "image/png"},
			{"src": "/icon-512.png", "sizes": "512x512", "type": "image/png"},
			{"src": "/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
		},
	}, "", "  ")
	if err != nil {
		return nil, err
	}
	files["site.webmanifest"] = append(manifest, '\n')
	return files, nil
}
