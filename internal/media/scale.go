package media

import (
	"image"
	stddraw "image/draw"

	"golang.org/x/image/draw"
)

// Scaling. The kernel scalers of x/image/draw (CatmullRom, BiLinear) keep
// an intermediate of the destination's width by the source's height in
// four float64s a pixel: 196 MB for a 12-megapixel photo scaled to 2048
// wide, which alone would break the memory budget. ApproxBiLinear keeps
// nothing but the destination; it samples four source pixels for each
// destination pixel, which averages well at ratios up to 2 (exactly 2 is a
// 2×2 box filter) and aliases above. So every scale here is at most 2:1,
// reached by halving first, as mipmaps are.

// toRGBA returns m as an *image.RGBA of its own size (m itself when it is
// one already).
func toRGBA(m image.Image) *image.RGBA {
	if r, ok := m.(*image.RGBA); ok && r.Rect.Min == (image.Point{}) {
		return r
	}
	b := m.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	stddraw.Draw(dst, dst.Bounds(), m, b.Min, stddraw.Src)
	return dst
}

// scaleOnce scales m to w×h in one step.
func scaleOnce(m image.Image, w, h int) *image.RGBA {
	b := m.Bounds()
	if b.Dx() == w && b.Dy() == h {
		return toRGBA(m)
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), m, b, draw.Src, nil)
	return dst
}

// halve scales m to half its size, rounding up.
func halve(m image.Image) *image.RGBA {
	b := m.Bounds()
	return scaleOnce(m, (b.Dx()+1)/2, (b.Dy()+1)/2)
}

// scaleTo scales m to w×h, halving it first while it is at least twice as
// large, so that no step is above 2:1.
func scaleTo(m image.Image, w, h int) *image.RGBA {
	for b := m.Bounds(); b.Dx() >= 2*w && b.Dy() >= 2*h; b = m.Bounds() {
		m = halve(m)
	}
	return scaleOnce(m, w, h)
}

// orient turns m, as stored, into the image as it is to be shown, for an
// EXIF orientation from 1 to 8.
func orient(m *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return m
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			var sx, sy int
			switch o {
			case 2: // mirrored
				sx, sy = w-1-x, y
			case 3: // turned half round
				sx, sy = w-1-x, h-1-y
			case 4: // mirrored upside down
				sx, sy = x, h-1-y
			case 5: // mirrored along the main diagonal
				sx, sy = y, x
			case 6: // to be turned a quarter clockwise
				sx, sy = y, h-1-x
			case 7: // mirrored along the other diagonal
				sx, sy = w-1-y, h-1-x
			case 8: // to be turned a quarter anticlockwise
				sx, sy = w-1-y, x
			}
			si := sy*m.Stride + sx*4
			di := y*dst.Stride + x*4
			copy(dst.Pix[di:di+4], m.Pix[si:si+4])
		}
	}
	return dst
}

// toNRGBA returns m with its colours not premultiplied by alpha, as the
// WebP encoder reads them.
func toNRGBA(m *image.RGBA) *image.NRGBA {
	dst := image.NewNRGBA(m.Rect)
	stddraw.Draw(dst, dst.Rect, m, m.Rect.Min, stddraw.Src)
	return dst
}

// toYUV420 converts an opaque image into the planes VP8 codes, as libwebp
// converts RGB itself (BT.601 at studio range, each chroma sample from a
// 2×2 block), in one allocation: luma, the two chroma planes, then an alpha
// plane of 255 that the encoder finds opaque and leaves out. Handing the
// encoder these planes spares it a second copy of the pixels and the
// conversion, which is slower inside WebAssembly than here.
func toYUV420(m *image.RGBA) *image.NYCbCrA {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	cw, ch := (w+1)/2, (h+1)/2
	buf := make([]byte, 2*w*h+2*cw*ch)
	y, cb, cr, a := buf[:w*h:w*h], buf[w*h:w*h+cw*ch:w*h+cw*ch], buf[w*h+cw*ch:w*h+2*cw*ch:w*h+2*cw*ch], buf[w*h+2*cw*ch:]
	const fix, half = 16, 1 << 15
	for j := range h {
		row := m.Pix[j*m.Stride:]
		for i := range w {
			r, g, b := int(row[4*i]), int(row[4*i+1]), int(row[4*i+2])
			y[j*w+i] = uint8((16839*r + 33059*g + 6420*b + half + 16<<fix) >> fix)
		}
	}
	clipUV := func(v int) uint8 {
		v = (v + half<<2 + 128<<(fix+2)) >> (fix + 2)
		return uint8(min(max(v, 0), 255))
	}
	for cj := range ch {
		j0, j1 := 2*cj, min(2*cj+1, h-1)
		r0, r1 := m.Pix[j0*m.Stride:], m.Pix[j1*m.Stride:]
		for ci := range cw {
			i0, i1 := 4*2*ci, 4*min(2*ci+1, w-1)
			r := int(r0[i0]) + int(r0[i1]) + int(r1[i0]) + int(r1[i1])
			g := int(r0[i0+1]) + int(r0[i1+1]) + int(r1[i0+1]) + int(r1[i1+1])
			b := int(r0[i0+2]) + int(r0[i1+2]) + int(r1[i0+2]) + int(r1[i1+2])
			cb[cj*cw+ci] = clipUV(-9719*r - 19081*g + 28800*b)
			cr[cj*cw+ci] = clipUV(28800*r - 24116*g - 4684*b)
		}
	}
	for i := range a {
		a[i] = 255
	}
	return &image.NYCbCrA{
		YCbCr: image.YCbCr{Y: y, Cb: cb, Cr: cr, YStride: w, CStride: cw,
			SubsampleRatio: image.YCbCrSubsampleRatio420, Rect: image.Rect(0, 0, w, h)},
		A: a, AStride: w,
	}
}

// fromVP8 converts a decoded WebP image (the planes x/image/webp returns,
// with alpha or without) into RGBA as libwebp does: VP8 codes BT.601 at
// studio range, which Go's YCbCr colour model would read at full range,
// stretching contrast.
func fromVP8(m image.Image) (*image.RGBA, bool) {
	var yc *image.YCbCr
	var a []byte
	var aStride int
	switch t := m.(type) {
	case *image.YCbCr:
		yc = t
	case *image.NYCbCrA:
		yc, a, aStride = &t.YCbCr, t.A, t.AStride
	default:
		return nil, false
	}
	if yc.SubsampleRatio != image.YCbCrSubsampleRatio420 {
		return nil, false
	}
	clip := func(v int) uint8 {
		if v&^((256<<6)-1) == 0 {
			return uint8(v >> 6)
		}
		if v < 0 {
			return 0
		}
		return 255
	}
	hi := func(v, c int) int { return (v * c) >> 8 }
	r := yc.Rect
	dst := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for j := range r.Dy() {
		yrow := yc.Y[j*yc.YStride:]
		crow := (j / 2) * yc.CStride
		out := dst.Pix[j*dst.Stride:]
		for i := range r.Dx() {
			y, u, v := int(yrow[i]), int(yc.Cb[crow+i/2]), int(yc.Cr[crow+i/2])
			R := clip(hi(y, 19077) + hi(v, 26149) - 14234)
			G := clip(hi(y, 19077) - hi(u, 6419) - hi(v, 13320) + 8708)
			B := clip(hi(y, 19077) + hi(u, 33050) - 17685)
			A := uint8(255)
			if a != nil {
				A = a[j*aStride+i]
				R, G, B = uint8(int(R)*int(A)/255), uint8(int(G)*int(A)/255), uint8(int(B)*int(A)/255)
			}
			out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = R, G, B, A
		}
	}
	return dst, true
}
