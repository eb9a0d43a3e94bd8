// Package mediatest makes real image files for tests: photos that compress
// like photos, with marked corners, and JPEG files carrying an EXIF block
// with a camera, an orientation and a GPS position.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
)

// Photo returns a w×h image that compresses like a photo: smooth gradients
// with some noise. Its four corners are red (top left), green (top right),
// blue (bottom left) and white (bottom right) blocks of a tenth of each side,
// so that a test can tell how it was turned.
func Photo(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	rnd := rand.New(rand.NewPCG(1, 2))
	bw, bh := max(1, w/10), max(1, h/10)
	for y := range h {
		for x := range w {
			n := uint8(rnd.IntN(24))
			c := color.RGBA{uint8(x*255/max(1, w-1))/2 + n, uint8(y*255/max(1, h-1))/2 + n, 128 + n, 255}
			switch {
			case x < bw && y < bh:
				c = color.RGBA{255, 0, 0, 255}
			case x >= w-bw && y < bh:
				c = color.RGBA{0, 255, 0, 255}
			case x < bw && y >= h-bh:
				c = color.RGBA{0, 0, 255, 255}
			case x >= w-bw && y >= h-bh:
				c = color.RGBA{255, 255, 255, 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// JPEG encodes m as a JPEG file at quality 90.
func JPEG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// PNG encodes m as a PNG file.
func PNG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Camera and GPS values written into test photos, which no variant may
// carry.
const (
	Make     = "TestCam Corporation"
	Model    = "TestCam X100 Secret"
	Software = "TestFirmware 9.9"
)

// EXIFSegment returns an APP1 EXIF segment (marker and length included)
// with the camera's make, model and software, the orientation and a GPS
// position (52° 31' 12" N, 13° 24' 36" E).
func EXIFSegment(orientation int) []byte {
	le := binary.LittleEndian
	type entry struct {
		tag, typ uint16
		count    uint32
		data     []byte // the value: inline when 4 bytes or fewer
	}
	ascii := func(s string) []byte { return append([]byte(s), 0) }
	short := func(v uint16) []byte { b := make([]byte, 2); le.PutUint16(b, v); return b }
	long := func(v uint32) []byte { b := make([]byte, 4); le.PutUint32(b, v); return b }
	rationals := func(vs ...uint32) []byte {
		var b []byte
		for _, v := range vs {
			b = append(b, long(v)...)
			b = append(b, long(1)...)
		}
		return b
	}
	// Layout: header (8), IFD0, IFD0's data, GPS IFD, its data.
	var out []byte
	writeIFD := func(start int, entries []entry) []byte {
		dir := make([]byte, 2+12*len(entries)+4)
		le.PutUint16(dir, uint16(len(entries)))
		dataAt := start + len(dir)
		var data []byte
		for i, e := range entries {
			p := 2 + 12*i
			le.PutUint16(dir[p:], e.tag)
			le.PutUint16(dir[p+2:], e.typ)
			le.PutUint32(dir[p+4:], e.count)
			if len(e.data) <= 4 {
				copy(dir[p+8:], e.data)
			} else {
				le.PutUint32(dir[p+8:], uint32(dataAt+len(data)))
				data = append(data, e.data...)
				if len(data)%2 == 1 {
					data = append(data, 0)
				}
			}
		}
		return append(dir, data...)
	}
	gps := []entry{
		{0x0001, 2, 2, ascii("N")},
		{0x0002, 5, 3, rationals(52, 31, 12)},
		{0x0003, 2, 2, ascii("E")},
		{0x0004, 5, 3, rationals(13, 24, 36)},
	}
	ifd0 := func(gpsAt int) []entry {
		return []entry{
			{0x010F, 2, uint32(len(Make) + 1), ascii(Make)},
			{0x0110, 2, uint32(len(Model) + 1), ascii(Model)},
			{0x0112, 3, 1, short(uint16(orientation))},
			{0x0131, 2, uint32(len(Software) + 1), ascii(Software)},
			{0x8825, 4, 1, long(uint32(gpsAt))},
		}
	}
	first := writeIFD(8, ifd0(0))
	gpsAt := 8 + len(first)
	first = writeIFD(8, ifd0(gpsAt))
	out = append(out, 'I', 'I', 42, 0, 8, 0, 0, 0)
	out = append(out, first...)
	out = append(out, writeIFD(gpsAt, gps)...)

	seg := append([]byte("Exif\x00\x00"), out...)
	head := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(head[2:], uint16(len(seg)+2))
	return append(head, seg...)
}

// WithEXIF puts an EXIF segment right after the SOI marker of a JPEG file.
func WithEXIF(j []byte, orientation int) []byte {
	out := append([]byte{}, j[:2]...)
	out = append(out, EXIFSegment(orientation)...)
	return append(out, j[2:]...)
}

// PNGHeader returns the start of a PNG file of w×h pixels: signature
// and IHDR, which is all a header check reads.
func PNGHeader(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	chunk := func(typ string, data []byte) {
		l := make([]byte, 4)
		binary.BigEndian.PutUint32(l, uint32(len(data)))
		b.Write(l)
		b.WriteString(typ)
		b.Write(data)
		crc := make([]byte, 4)
		binary.BigEndian.PutUint32(crc, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		b.Write(crc)
	}
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// WebP encodes m as a lossy WebP file.
func WebP(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := webp.Encode(&b, m, webp.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Metadata lists the metadata a JPEG, PNG or WebP file carries: JPEG
// application segments (EXIF, XMP, ICC profiles and the like are APP1 to
// APP15) and comments, PNG text, EXIF and colour profile chunks, WebP EXIF,
// XMP and ICC chunks, and the camera strings of the test photos anywhere.
// Empty when there is none.
func Metadata(b []byte) []string {
	var found []string
	for _, s := range []string{Make, Model, Software, "Exif\x00"} {
		if bytes.Contains(b, []byte(s)) {
			found = append(found, fmt.Sprintf("the bytes %q", s))
		}
	}
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8}):
		for i := 2; i+4 <= len(b) && b[i] == 0xFF; {
			m := b[i+1]
			if m == 0xDA || m == 0xD9 {
				break
			}
			if m >= 0xE1 && m <= 0xEF || m == 0xFE {
				found = append(found, fmt.Sprintf("JPEG segment FF%02X", m))
			}
			i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
		}
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		for i := 8; i+8 <= len(b); {
			n := int(binary.BigEndian.Uint32(b[i:]))
			typ := string(b[i+4 : i+8])
			switch typ {
			case "eXIf", "tEXt", "iTXt", "zTXt", "iCCP", "tIME":
				found = append(found, "PNG chunk "+typ)
			}
			i += 12 + n
		}
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		for i := 12; i+8 <= len(b); {
			typ := string(b[i : i+4])
			n := int(binary.LittleEndian.Uint32(b[i+4:]))
			switch typ {
			case "EXIF", "XMP ", "ICCP":
				found = append(found, "WebP chunk "+typ)
			}
			i += 8 + n + n%2
		}
	}
	return found
}

// AVIF encodes m as an AVIF file with gen2brain/avif's encoder (libaom in
// WebAssembly: slow, about two seconds a megapixel).
func AVIF(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := avif.Encode(&b, m, avif.Options{Quality: 80, Speed: 10}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// box is an ISO base media box: size, type, body.
func box(typ string, body []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(out, typ...), body...)
}

// children splits the body of a box into its boxes (32-bit sizes only, as
// the encoder writes them).
func children(t testing.TB, b []byte) (types []string, bodies [][]byte) {
	t.Helper()
	for len(b) > 0 {
		n := int(binary.BigEndian.Uint32(b))
		if n < 8 || n > len(b) {
			t.Fatalf("box of size %d in %d bytes", n, len(b))
		}
		types, bodies = append(types, string(b[4:8])), append(bodies, b[8:n])
		b = b[n:]
	}
	return types, bodies
}

// AVIFTransformed returns an AVIF file (from AVIF) whose primary image also
// carries an irot property of rot quarter turns anticlockwise and, when
// axis is 0 or 1, an imir property mirroring about a vertical (0) or a
// horizontal (1) axis, as a camera or editor would write them. The meta box
// grows, so the item locations (iloc, version 0 or 1, as written by
// libavif) that point past it move by as much.
func AVIFTransformed(t testing.TB, file []byte, rot, axis int) []byte {
	t.Helper()
	var props, assoc []byte
	if rot != 0 {
		props = append(props, box("irot", []byte{byte(rot & 3)})...)
	}
	if axis >= 0 {
		props = append(props, box("imir", []byte{byte(axis & 1)})...)
	}
	types, bodies := children(t, file)
	metaEnd := 0 // where the meta box ended before it grew
	for i, typ := range types {
		metaEnd += 8 + len(bodies[i])
		if typ != "meta" {
			continue
		}
		mt, mb := children(t, bodies[i][4:])
		for j := range mt {
			if mt[j] != "iprp" {
				continue
			}
			pt, pb := children(t, mb[j])
			for k := range pt {
				if pt[k] == "ipco" {
					have, _ := children(t, pb[k])
					for n := range len(props) / 9 {
						assoc = append(assoc, byte(0x80|(len(have)+1+n))) // essential
					}
					pb[k] = append(append([]byte{}, pb[k]...), props...)
				}
			}
			for k := range pt {
				if pt[k] == "ipma" {
					pb[k] = addAssociations(t, pb[k], assoc)
				}
			}
			var iprp []byte
			for k := range pt {
				iprp = append(iprp, box(pt[k], pb[k])...)
			}
			mb[j] = iprp
		}
		build := func() []byte {
			meta := append([]byte{}, bodies[i][:4]...)
			for j := range mt {
				meta = append(meta, box(mt[j], mb[j])...)
			}
			return meta
		}
		grow := len(build()) - len(bodies[i]) // the properties and their associations
		for j := range mt {
			if mt[j] == "iloc" {
				mb[j] = moveLocations(t, mb[j], metaEnd, grow)
			}
		}
		bodies[i] = build()
		break
	}
	var out []byte
	for i, typ := range types {
		out = append(out, box(typ, bodies[i])...)
	}
	return out
}

// AVIFResized returns an AVIF file (from AVIF) whose header says its
// image is w×h pixels: every ispe property of its meta box (the image's,
// and its alpha plane's when it has one) is rewritten in place, and the
// coded AV1 data is left as it was, so that the header understates (or
// overstates) what the decoder would decode.
func AVIFResized(t testing.TB, file []byte, w, h int) []byte {
	t.Helper()
	out := append([]byte{}, file...)
	found := false
	for i := 0; i+20 <= len(out); i++ {
		// An ispe box: size 20, type, version and flags 0, width, height.
		if string(out[i+4:i+8]) == "ispe" && binary.BigEndian.Uint32(out[i:]) == 20 {
			binary.BigEndian.PutUint32(out[i+12:], uint32(w))
			binary.BigEndian.PutUint32(out[i+16:], uint32(h))
			found = true
		}
	}
	if !found {
		t.Fatal("no ispe property in the AVIF file")
	}
	return out
}

// addAssociations appends property indices to the first item's entry of
// an ipma box (the primary image, as the encoder writes it; 7-bit indices).
func addAssociations(t testing.TB, ipma, assoc []byte) []byte {
	t.Helper()
	if ipma[3]&1 != 0 {
		t.Fatal("ipma with 16-bit indices")
	}
	idLen := 2
	if ipma[0] >= 1 {
		idLen = 4
	}
	countAt := 8 + idLen
	out := append([]byte{}, ipma[:countAt]...)
	out = append(out, ipma[countAt]+byte(len(assoc)))
	n := int(ipma[countAt])
	out = append(out, ipma[countAt+1:countAt+1+n]...)
	out = append(out, assoc...)
	return append(out, ipma[countAt+1+n:]...)
}

// moveLocations adds grow to every extent offset (and base offset) of an
// iloc box that points at or past from.
func moveLocations(t testing.TB, iloc []byte, from, grow int) []byte {
	t.Helper()
	out := append([]byte{}, iloc...)
	version := out[0]
	offSize, lenSize := int(out[4]>>4), int(out[4]&15)
	baseSize, idxSize := int(out[5]>>4), 0
	if version == 1 || version == 2 {
		idxSize = int(out[5] & 15)
	}
	p := 6
	var count int
	if version < 2 {
		count, p = int(binary.BigEndian.Uint16(out[p:])), p+2
	} else {
		count, p = int(binary.BigEndian.Uint32(out[p:])), p+4
	}
	field := func(size int) (int, int) { // value, position
		pos := p
		v := 0
		for k := range size {
			v = v<<8 | int(out[p+k])
		}
		p += size
		return v, pos
	}
	put := func(pos, size, v int) {
		for k := size - 1; k >= 0; k-- {
			out[pos+k] = byte(v)
			v >>= 8
		}
	}
	for range count {
		if version < 2 {
			p += 2
		} else {
			p += 4
		}
		if version == 1 || version == 2 {
			p += 2 // construction method
		}
		p += 2 // data reference index
		base, basePos := field(baseSize)
		if baseSize > 0 && base >= from {
			put(basePos, baseSize, base+grow)
		}
		extents, _ := field(2)
		for range extents {
			field(idxSize)
			off, offPos := field(offSize)
			if base == 0 && off >= from {
				put(offPos, offSize, off+grow)
			}
			field(lenSize)
		}
	}
	return out
}

// AVIFHeader returns the start of an AVIF file whose primary image
// claims w×h pixels: its ftyp (major brand avif, or avis for an image
// sequence) and a meta box with the item, its size (ispe) and the
// association of the two, which is all a header check reads. Its data is a
// few bytes of nothing.
func AVIFHeader(w, h int, brand string) []byte {
	be := binary.BigEndian
	full := func(typ string, body ...[]byte) []byte { // a full box, version 0
		b := []byte{0, 0, 0, 0}
		for _, x := range body {
			b = append(b, x...)
		}
		return box(typ, b)
	}
	ispe := be.AppendUint32(be.AppendUint32(nil, uint32(w)), uint32(h))
	ipma := []byte{0, 0, 0, 1, 0, 1, 1, 0x81} // one item (1), one property (1, essential)
	meta := full("meta",
		full("hdlr", []byte{0, 0, 0, 0}, []byte("pict"), make([]byte, 13)),
		full("pitm", []byte{0, 1}),
		full("iinf", []byte{0, 1}, box("infe", append([]byte{2, 0, 0, 0, 0, 1, 0, 0}, "av01\x00"...))),
		box("iprp", append(box("ipco", full("ispe", ispe)), full("ipma", ipma)...)),
	)
	ftyp := box("ftyp", []byte(brand+"\x00\x00\x00\x00"+brand+"mif1miaf"))
	return append(append(ftyp, meta...), box("mdat", make([]byte, 16))...)
}
