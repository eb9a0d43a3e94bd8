package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"

	"github.com/gen2brain/avif"
)

// AVIF. The file is an ISO base media file (HEIF): boxes, of which `meta`
// describes the items (the primary image, its alpha, tiles of a grid) and
// their properties, and `mdat` holds the coded AV1 data. The header is read
// here, in Go, without the decoder: the primary image's size (`ispe`), its
// bit depth (`pixi`, `av1C`) and its rotation and mirroring (`irot`,
// `imir`), which the decoder does not apply. The pixels are decoded by
// gen2brain/avif: libavif and libaom compiled to WebAssembly, run by wazero.

// MaxAVIFPixels is the most pixels of an AVIF image, below the limit of the
// other formats: its decoder's WebAssembly memory grows to some 21 bytes a
// pixel (260 MB for 12 megapixels), and wazero grows it by copying, so a
// decode holds about 64 bytes a pixel at its peak.
const MaxAVIFPixels = 16_000_000

// avifBytesPerPixel is what decoding an AVIF image of the given bit depth
// takes a pixel, at its peak (measured for 8 bits; the 16-bit pixels of
// deeper images take twice the memory outside the decoder).
func avifBytesPerPixel(depth int) int {
	if depth > 8 {
		return 96
	}
	return 64
}

// errAVIFShort is a box that claims more bytes than the file has.
var errAVIFShort = errors.New("avif: short box")

// avifHeader is what the container of an AVIF file says of its primary
// image.
type avifHeader struct {
	// width and height are as stored, before rotation and mirroring.
	width, height int
	depth         int
	// orientation is the EXIF orientation (1 to 8) equivalent to the
	// image's irot and imir.
	orientation int
	// animated: the file has an image sequence (a track).
	animated bool
}

type isoBox struct {
	typ  string
	body []byte
}

// isoBoxes splits b into the boxes it holds.
func isoBoxes(b []byte) ([]isoBox, error) {
	var out []isoBox
	for len(b) > 0 {
		if len(b) < 8 {
			return out, errAVIFShort
		}
		size, hdr := uint64(binary.BigEndian.Uint32(b)), uint64(8)
		typ := string(b[4:8])
		switch size {
		case 0: // to the end of the file
			size = uint64(len(b))
		case 1: // a 64-bit size follows the type
			if len(b) < 16 {
				return out, errAVIFShort
			}
			size, hdr = binary.BigEndian.Uint64(b[8:]), 16
		}
		if size < hdr {
			return out, fmt.Errorf("avif: the %q box has an impossible size", typ)
		}
		if size > uint64(len(b)) {
			return out, errAVIFShort
		}
		out = append(out, isoBox{typ, b[hdr:size]})
		b = b[size:]
	}
	return out, nil
}

func findBox(bs []isoBox, typ string) []byte {
	for _, b := range bs {
		if b.typ == typ {
			return b.body
		}
	}
	return nil
}

// avifOrientations maps an irot angle (quarter turns anticlockwise) and an
// imir axis (-1 none, 0 about a vertical axis, 1 about a horizontal one),
// applied in that order, to the EXIF orientation that does the same.
var avifOrientations = [4][3]int{
	{1, 2, 4},
	{8, 7, 5},
	{3, 4, 2},
	{6, 5, 7},
}

// readAVIFHeader reads the header of an AVIF file. A box cut short by the
// end of the file is errAVIFShort: the file is truncated.
func readAVIFHeader(b []byte) (avifHeader, error) {
	h := avifHeader{depth: 8, orientation: 1}
	top, err := isoBoxes(b)
	if err != nil {
		return h, err
	}
	if ftyp := findBox(top, "ftyp"); len(ftyp) >= 4 && string(ftyp[:4]) == "avis" || findBox(top, "moov") != nil {
		h.animated = true
	}
	meta := findBox(top, "meta")
	if len(meta) < 4 {
		return h, errors.New("avif: no meta box")
	}
	metaBoxes, err := isoBoxes(meta[4:])
	if err != nil {
		return h, err
	}
	pitm := findBox(metaBoxes, "pitm")
	var primary uint32
	switch {
	case len(pitm) >= 6 && pitm[0] == 0:
		primary = uint32(binary.BigEndian.Uint16(pitm[4:]))
	case len(pitm) >= 8:
		primary = binary.BigEndian.Uint32(pitm[4:])
	default:
		return h, errors.New("avif: no primary image")
	}
	iprp, err := isoBoxes(findBox(metaBoxes, "iprp"))
	if err != nil {
		return h, err
	}
	props, err := isoBoxes(findBox(iprp, "ipco"))
	if err != nil {
		return h, err
	}
	indices, err := ipmaIndices(findBox(iprp, "ipma"), primary)
	if err != nil {
		return h, err
	}
	rot, mir, sized := 0, -1, false
	for _, i := range indices {
		if i == 0 || i > len(props) {
			continue
		}
		p := props[i-1]
		switch p.typ {
		case "ispe":
			if len(p.body) >= 12 {
				h.width, h.height = int(binary.BigEndian.Uint32(p.body[4:])), int(binary.BigEndian.Uint32(p.body[8:]))
				sized = true
			}
		case "pixi":
			if len(p.body) >= 6 && p.body[4] > 0 {
				h.depth = int(p.body[5])
			}
		case "av1C":
			if len(p.body) >= 3 && p.body[2]&0x40 != 0 { // high_bitdepth
				h.depth = 10
				if p.body[2]&0x20 != 0 { // twelve_bit
					h.depth = 12
				}
			}
		case "irot":
			if len(p.body) >= 1 {
				rot = int(p.body[0] & 3)
			}
		case "imir":
			if len(p.body) >= 1 {
				mir = int(p.body[0] & 1)
			}
		}
	}
	if !sized {
		return h, errors.New("avif: the image's size (ispe) is missing")
	}
	h.orientation = avifOrientations[rot][mir+1]
	return h, nil
}

// ipmaIndices returns the indices (from 1) of the properties an ipma box
// associates with the item id.
func ipmaIndices(b []byte, id uint32) ([]int, error) {
	bad := errors.New("avif: the item properties (ipma) are malformed")
	if len(b) < 8 {
		return nil, bad
	}
	version, large := b[0], b[3]&1 != 0
	n := binary.BigEndian.Uint32(b[4:])
	b = b[8:]
	for range n {
		var item uint32
		if version < 1 {
			if len(b) < 3 {
				return nil, bad
			}
			item, b = uint32(binary.BigEndian.Uint16(b)), b[2:]
		} else {
			if len(b) < 5 {
				return nil, bad
			}
			item, b = binary.BigEndian.Uint32(b), b[4:]
		}
		count := int(b[0])
		b = b[1:]
		size := 1
		if large {
			size = 2
		}
		if len(b) < count*size {
			return nil, bad
		}
		var out []int
		for i := range count {
			if large {
				out = append(out, int(binary.BigEndian.Uint16(b[2*i:])&0x7FFF))
			} else {
				out = append(out, int(b[i]&0x7F))
			}
		}
		b = b[count*size:]
		if item == id {
			return out, nil
		}
	}
	return nil, nil
}

// errAVIFDecode is any failure of the decoder, which says no more than
// that (or a WebAssembly trap and its stack, not for a message).
var errAVIFDecode = errors.New("avif: the decoder could not read it")

// decodeAVIF decodes the primary image of an AVIF file into an *image.RGBA
// of its own: the decoder's image is a view into its WebAssembly memory,
// which is many times its size and would stay held as long as the image.
//
// DecodeAll rather than Decode, for the frame's duration: the decoder
// reports success when the AV1 data fails to decode (libavif's next-image
// step fails, and its loop simply ends), handing back an image of whatever
// its memory held. Only a frame that did decode has a duration (1 for a
// still image), so none means the data is corrupt.
func decodeAVIF(data []byte) (*image.RGBA, error) {
	all, err := avif.DecodeAll(bytes.NewReader(data))
	if err != nil || len(all.Image) == 0 || len(all.Delay) == 0 || all.Delay[0] <= 0 {
		return nil, errAVIFDecode
	}
	m := all.Image[0]
	if rgba, ok := m.(*image.RGBA); ok {
		own := image.NewRGBA(rgba.Rect)
		copy(own.Pix, rgba.Pix)
		return own, nil
	}
	return toRGBA(m), nil // RGBA64 of a deeper image: a copy already
}
