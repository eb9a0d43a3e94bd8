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
// decode holds 71 to 88 bytes a pixel at its peak (855 to 1,062 MB
// measured for 12 megapixels).
const MaxAVIFPixels = 16_000_000

// avifBytesPerPixel is what decoding an AVIF image of the given bit depth
// takes a pixel, at its peak (the most measured for 8 bits; the 16-bit
// pixels of deeper images take 32 bytes more outside the decoder).
func avifBytesPerPixel(depth int) int {
	if depth > 8 {
		return 120
	}
	return 88
}

// avifPeak is the memory decoding the AVIF image of info is estimated to
// take at its peak: by the pixels its decoder decodes.
func avifPeak(info *Info) int64 {
	return int64(info.pixels) * int64(info.bpp)
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
	// items are the file's items by id; primary is the primary image's.
	items   map[uint32]*avifItem
	primary uint32
	// b is the whole file, which item locations point into, and meta the
	// boxes of its meta box.
	b    []byte
	meta []isoBox
}

// avifItem is an item of an AVIF file, as its meta box describes it.
type avifItem struct {
	typ string
	// width and height are its ispe property's; sized says it has one.
	width, height int
	sized         bool
	// extents locate its data: in the file, or in the idat box.
	extents []avifExtent
	inIdat  bool
	// dimg are the items it is derived from (a grid's tiles, in order);
	// auxlOf the items it is auxiliary to; alpha says it is an alpha
	// plane (by its auxC property).
	dimg, auxlOf []uint32
	alpha        bool
}

type avifExtent struct{ offset, length uint64 }

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
	assoc, err := ipmaAll(findBox(iprp, "ipma"))
	if err != nil {
		return h, err
	}
	h.b, h.meta, h.primary = b, metaBoxes, primary
	if h.items, err = avifItems(metaBoxes, props, assoc); err != nil {
		return h, err
	}
	rot, mir, sized := 0, -1, false
	for _, i := range assoc[primary] {
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

// ipmaAll returns the indices (from 1) of the properties an ipma box
// associates with each item.
func ipmaAll(b []byte) (map[uint32][]int, error) {
	bad := errors.New("avif: the item properties (ipma) are malformed")
	if len(b) < 8 {
		return nil, bad
	}
	version, large := b[0], b[3]&1 != 0
	n := binary.BigEndian.Uint32(b[4:])
	b = b[8:]
	out := map[uint32][]int{}
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
		for i := range count {
			if large {
				out[item] = append(out[item], int(binary.BigEndian.Uint16(b[2*i:])&0x7FFF))
			} else {
				out[item] = append(out[item], int(b[i]&0x7F))
			}
		}
		b = b[count*size:]
	}
	return out, nil
}

// field reads an unsigned field of n bytes (0 to 8) from b at *p.
func field(b []byte, p *int, n int) (uint64, bool) {
	if n < 0 || n > 8 || *p+n > len(b) {
		return 0, false
	}
	var v uint64
	for _, c := range b[*p : *p+n] {
		v = v<<8 | uint64(c)
	}
	*p += n
	return v, true
}

// avifItems reads the items of a meta box: their types (iinf), sizes
// (ispe, by the associations), locations (iloc) and references (iref).
func avifItems(meta []isoBox, props []isoBox, assoc map[uint32][]int) (map[uint32]*avifItem, error) {
	items := map[uint32]*avifItem{}
	item := func(id uint32) *avifItem {
		if items[id] == nil {
			items[id] = &avifItem{}
		}
		return items[id]
	}
	for id, indices := range assoc {
		for _, i := range indices {
			if i == 0 || i > len(props) {
				continue
			}
			switch p := props[i-1]; p.typ {
			case "ispe":
				if len(p.body) >= 12 {
					it := item(id)
					it.width, it.height = int(binary.BigEndian.Uint32(p.body[4:])), int(binary.BigEndian.Uint32(p.body[8:]))
					it.sized = true
				}
			case "auxC":
				if len(p.body) > 4 {
					urn, _, _ := bytes.Cut(p.body[4:], []byte{0})
					item(id).alpha = string(urn) == "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha" || string(urn) == "urn:mpeg:hevc:2015:auxid:1"
				}
			}
		}
	}
	// iinf: version, entry count, then infe boxes (version 2 or 3).
	if iinf := findBox(meta, "iinf"); len(iinf) >= 6 {
		skip := 6
		if iinf[0] > 0 {
			skip = 8
		}
		if len(iinf) < skip {
			return nil, errors.New("avif: the item information (iinf) is malformed")
		}
		infes, err := isoBoxes(iinf[skip:])
		if err != nil {
			return nil, err
		}
		for _, e := range infes {
			if e.typ != "infe" || len(e.body) < 4 || e.body[0] < 2 {
				continue
			}
			p, idLen := 4, 2
			if e.body[0] >= 3 {
				idLen = 4
			}
			id, ok := field(e.body, &p, idLen)
			if !ok || p+6 > len(e.body) {
				return nil, errors.New("avif: an item's information (infe) is malformed")
			}
			item(uint32(id)).typ = string(e.body[p+2 : p+6])
		}
	}
	// iloc: where each item's data is.
	if iloc := findBox(meta, "iloc"); iloc != nil {
		bad := errors.New("avif: the item locations (iloc) are malformed")
		if len(iloc) < 8 {
			return nil, bad
		}
		version := iloc[0]
		offSize, lenSize, baseSize, idxSize := int(iloc[4]>>4), int(iloc[4]&15), int(iloc[5]>>4), 0
		if version == 1 || version == 2 {
			idxSize = int(iloc[5] & 15)
		}
		p, idLen := 6, 2
		if version == 2 {
			idLen = 4
		}
		count, ok := field(iloc, &p, idLen)
		if !ok {
			return nil, bad
		}
		for range count {
			id, ok := field(iloc, &p, idLen)
			if !ok {
				return nil, bad
			}
			it := item(uint32(id))
			if version == 1 || version == 2 {
				method, ok := field(iloc, &p, 2)
				if !ok {
					return nil, bad
				}
				it.inIdat = method&15 == 1
			}
			p += 2 // data reference index
			base, ok1 := field(iloc, &p, baseSize)
			n, ok2 := field(iloc, &p, 2)
			if !ok1 || !ok2 {
				return nil, bad
			}
			for range n {
				_, ok1 := field(iloc, &p, idxSize)
				off, ok2 := field(iloc, &p, offSize)
				length, ok3 := field(iloc, &p, lenSize)
				if !ok1 || !ok2 || !ok3 {
					return nil, bad
				}
				it.extents = append(it.extents, avifExtent{base + off, length})
			}
		}
	}
	// iref: derivations (dimg) and auxiliary images (auxl).
	if iref := findBox(meta, "iref"); len(iref) >= 4 {
		idLen := 2
		if iref[0] > 0 {
			idLen = 4
		}
		refs, err := isoBoxes(iref[4:])
		if err != nil {
			return nil, err
		}
		for _, r := range refs {
			p := 0
			from, ok1 := field(r.body, &p, idLen)
			n, ok2 := field(r.body, &p, 2)
			if !ok1 || !ok2 {
				return nil, errors.New("avif: the item references (iref) are malformed")
			}
			for range n {
				to, ok := field(r.body, &p, idLen)
				if !ok {
					return nil, errors.New("avif: the item references (iref) are malformed")
				}
				switch r.typ {
				case "dimg":
					item(uint32(from)).dimg = append(item(uint32(from)).dimg, uint32(to))
				case "auxl":
					item(uint32(from)).auxlOf = append(item(uint32(from)).auxlOf, uint32(to))
				}
			}
		}
	}
	return items, nil
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
