package media

import (
	"errors"
	"fmt"
	"slices"
)

// The coded size of AVIF images. The decoder allocates, for the frames it
// decodes, whatever their AV1 sequence header says, so that before anything
// is decoded each image it would read is found through its item's extents,
// its sequence header read here, in Go, and its size checked against the
// container's (checkCoded).

// checkCoded checks, before anything is decoded, that the AV1 data of the
// images the decoder reads for the primary one (the image itself or the
// tiles of its grid, and those of its alpha plane) is of the size their
// headers say, no larger than the image: the decoder allocates for the
// frames it decodes whatever the header says. It returns the pixels of
// those images in all.
func (h *avifHeader) checkCoded() (int, error) {
	idat := findBox(h.meta, "idat")
	coded := func(id uint32) (int, error) {
		it := h.items[id]
		if it == nil || it.typ != "av01" {
			return 0, fmt.Errorf("avif: item %d is not an AV1 image", id)
		}
		if !it.sized {
			return 0, fmt.Errorf("avif: item %d has no size (ispe)", id)
		}
		data, err := h.data(it, idat, 512)
		if err != nil {
			return 0, err
		}
		w, hh, err := av1FrameSize(data)
		if err != nil {
			return 0, err
		}
		if w != it.width || hh != it.height {
			return 0, &codedSizeError{w, hh, it.width, it.height}
		}
		return w * hh, nil
	}
	// image checks an image item: an AV1 image, or a grid of them.
	image := func(id uint32) (int, error) {
		it := h.items[id]
		if it == nil || !it.sized {
			return 0, fmt.Errorf("avif: item %d has no size (ispe)", id)
		}
		switch it.typ {
		case "av01":
			return coded(id)
		case "grid":
			if len(it.dimg) == 0 {
				return 0, errors.New("avif: a grid has no tiles")
			}
			pixels := 0
			for _, tile := range it.dimg {
				n, err := coded(tile)
				if err != nil {
					return 0, err
				}
				if t := h.items[tile]; t.width > it.width || t.height > it.height {
					return 0, &codedSizeError{t.width, t.height, it.width, it.height}
				}
				pixels += n
			}
			// Tiles cover their grid, past its edges by less than a
			// tile: at most four times its pixels.
			if pixels > 4*it.width*it.height {
				return 0, fmt.Errorf("avif: a grid's tiles have %d pixels, many more than its %d × %d", pixels, it.width, it.height)
			}
			return pixels, nil
		}
		return 0, fmt.Errorf("avif: an image of type %q", it.typ)
	}
	p := h.items[h.primary]
	pixels, err := image(h.primary)
	if err != nil {
		return 0, err
	}
	for id, it := range h.items {
		if !it.alpha || !slices.Contains(it.auxlOf, h.primary) {
			continue
		}
		if it.width != p.width || it.height != p.height {
			return 0, fmt.Errorf("avif: its alpha plane is %d × %d pixels, its image %d × %d", it.width, it.height, p.width, p.height)
		}
		n, err := image(id)
		if err != nil {
			return 0, err
		}
		pixels += n
	}
	return pixels, nil
}

// codedSizeError is an image whose data is not of the size its header
// says.
type codedSizeError struct{ w, h, headerW, headerH int }

func (e *codedSizeError) Error() string {
	return fmt.Sprintf("avif: its data is %d × %d pixels but its header says %d × %d", e.w, e.h, e.headerW, e.headerH)
}

// data returns the first n bytes (or fewer, when it is shorter) of an
// item's data; idat is the meta box's idat body.
func (h *avifHeader) data(it *avifItem, idat []byte, n int) ([]byte, error) {
	src := h.b
	if it.inIdat {
		src = idat
	}
	var out []byte
	for _, e := range it.extents {
		if e.offset > uint64(len(src)) {
			return nil, errAVIFShort
		}
		end := uint64(len(src))
		if e.length > 0 {
			if e.length > end-e.offset {
				return nil, errAVIFShort
			}
			end = e.offset + e.length
		}
		out = append(out, src[e.offset:min(end, e.offset+uint64(n-len(out)))]...)
		if len(out) >= n {
			break
		}
	}
	return out, nil
}

// av1FrameSize reads the largest frame size of AV1 data from its sequence
// header OBU: the decoder refuses a frame larger than that, and allocates
// for the frames it decodes, whatever the container says.
func av1FrameSize(b []byte) (w, h int, err error) {
	for len(b) > 0 {
		hdr := b[0]
		typ, ext, sized := hdr>>3&15, hdr&4 != 0, hdr&2 != 0
		b = b[1:]
		if ext {
			if len(b) == 0 {
				return 0, 0, errAVIFShort
			}
			b = b[1:]
		}
		size := uint64(len(b))
		if sized { // leb128
			size = 0
			for i := 0; ; i++ {
				if i == 8 || len(b) == 0 {
					return 0, 0, errAVIFShort
				}
				c := b[0]
				b = b[1:]
				size |= uint64(c&0x7F) << (7 * i)
				if c&0x80 == 0 {
					break
				}
			}
		}
		if typ == 1 { // OBU_SEQUENCE_HEADER
			return av1SequenceSize(b[:min(size, uint64(len(b)))])
		}
		if size > uint64(len(b)) {
			return 0, 0, errAVIFShort
		}
		b = b[size:]
	}
	return 0, 0, errors.New("avif: the image's AV1 data has no sequence header")
}

// av1SequenceSize reads max_frame_width and max_frame_height from the
// payload of a sequence header OBU (AV1 specification, 5.5).
func av1SequenceSize(b []byte) (w, h int, err error) {
	r := &bits{b: b}
	r.f(3) // seq_profile
	r.f(1) // still_picture
	if reduced := r.f(1); reduced == 1 {
		r.f(5) // seq_level_idx[0]
	} else {
		decoderModel, bufferDelayLen := false, 0
		if timing := r.f(1); timing == 1 {
			r.f(32) // num_units_in_display_tick
			r.f(32) // time_scale
			if equal := r.f(1); equal == 1 {
				// num_ticks_per_picture_minus_1, uvlc()
				zeros := 0
				for r.f(1) == 0 && !r.bad && zeros < 32 {
					zeros++
				}
				r.f(zeros)
			}
			if decoderModel = r.f(1) == 1; decoderModel {
				bufferDelayLen = int(r.f(5)) + 1
				r.f(32) // num_units_in_decoding_tick
				r.f(5)  // buffer_removal_time_length_minus_1
				r.f(5)  // frame_presentation_time_length_minus_1
			}
		}
		initialDelay := r.f(1) == 1
		points := int(r.f(5)) + 1
		for range points {
			r.f(12) // operating_point_idc
			if level := r.f(5); level > 7 {
				r.f(1) // seq_tier
			}
			if decoderModel && r.f(1) == 1 {
				r.f(bufferDelayLen) // decoder_buffer_delay
				r.f(bufferDelayLen) // encoder_buffer_delay
				r.f(1)              // low_delay_mode_flag
			}
			if initialDelay && r.f(1) == 1 {
				r.f(4) // initial_display_delay_minus_1
			}
		}
	}
	wBits, hBits := int(r.f(4))+1, int(r.f(4))+1
	w, h = int(r.f(wBits))+1, int(r.f(hBits))+1
	if r.bad {
		return 0, 0, errAVIFShort
	}
	return w, h, nil
}

// bits reads big-endian bit fields, as AV1 headers are written.
type bits struct {
	b   []byte
	pos int
	bad bool
}

func (r *bits) f(n int) uint64 {
	var v uint64
	for range n {
		if r.pos >= 8*len(r.b) {
			r.bad = true
			return 0
		}
		v = v<<1 | uint64(r.b[r.pos/8]>>(7-r.pos%8)&1)
		r.pos++
	}
	return v
}
