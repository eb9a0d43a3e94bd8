package media

import "encoding/binary"

// jpegOrientation returns the EXIF orientation (1 to 8) of a JPEG file, 1
// when it has none or it cannot be read. It walks the markers up to the
// start of the image data and reads only the orientation tag of the first
// EXIF segment's first directory; every offset is checked against the
// bytes there are.
func jpegOrientation(b []byte) int {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return 1
	}
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return 1
		}
		marker := b[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7 || marker == 0x01 {
			i += 2 // markers without a length
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return 1
		}
		seg := b[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 of the first directory of TIFF data (an
// EXIF block); 1 when it is absent or out of range.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	if bo.Uint16(t[2:]) != 42 {
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[off:]))
	for e := range count {
		p := off + 2 + 12*e
		if p+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[p:]) != 0x0112 {
			continue
		}
		// Type SHORT (3), count 1: the value sits in the first two bytes
		// of the value field.
		if bo.Uint16(t[p+2:]) != 3 || bo.Uint32(t[p+4:]) != 1 {
			return 1
		}
		if o := int(bo.Uint16(t[p+8:])); o >= 1 && o <= 8 {
			return o
		}
		return 1
	}
	return 1
}
