package ogimage

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The layout, in pixels.
const (
	margin     = 80
	markSize   = 56
	nameSize   = 32
	hostSize   = 26
	ruleY      = 486 // the hairline above the host
	titleTop   = margin + markSize + 48
	titleBot   = ruleY - 48
	titleWidth = Width - 2*margin
	titleLines = 3
)

// titleSizes are the title's font sizes, largest first: the first at which
// the title fits in titleLines lines without breaking a word is used.
var titleSizes = []float64{76, 68, 60, 52, 46}

// paintBackground fills img with a diagonal gradient from top left (from)
// to bottom right (to), and draws the accent: thin concentric rings about
// the top right corner, faint enough to leave the text's contrast alone.
func paintBackground(img *image.RGBA, z *vector.Rasterizer, from, to rgb) {
	const d2 = Width*Width + Height*Height
	for y := range Height {
		row := img.Pix[y*img.Stride:]
		for x := range Width {
			c := mix(from, to, float64(x*Width+y*Height)/d2).rgba()
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, c.A
		}
	}
	cx, cy := float32(Width-70), float32(-40)
	for i, r := range []float32{170, 280, 390, 500, 610} {
		polygon(z, circle(cx, cy, r+1), false)
		polygon(z, circle(cx, cy, r-1), true)
		fill(img, z, white.withAlpha(0.13-0.02*float64(i)))
	}
}

// fill paints the shapes added to z in col over img, and empties z.
func fill(img *image.RGBA, z *vector.Rasterizer, col color.Color) {
	z.Draw(img, img.Bounds(), image.NewUniform(col), image.Point{})
	z.Reset(Width, Height)
}

// paintHeader draws the brand mark and the site's name at the top left.
func paintHeader(img *image.RGBA, z *vector.Rasterizer, fonts *fontSet, name string, brand rgb) error {
	// The mark of the site's header (web/src/app/layout/logo.tsx), its
	// colours reversed: on a 32-unit square, an M with a dot where its
	// middle strokes meet.
	const u = float32(markSize) / 32
	at := func(x, y float32) point { return point{margin + x*u, margin + y*u} }
	polygon(z, roundedRect(margin, margin, markSize, markSize, 8*u), false)
	fill(img, z, white.rgba())
	stroke(z, []point{at(8, 22), at(8, 10), at(16, 17), at(24, 10), at(24, 22)}, 2.6*u)
	polygon(z, circle(margin+16*u, margin+17*u, 1.8*u), false)
	fill(img, z, brand.rgba())

	st, err := newStyle(fonts.bold, nameSize, -0.01)
	if err != nil {
		return err
	}
	x := fixed.I(margin + markSize + 20)
	limit := fixed.I(Width-margin) - x
	if lines := st.truncate(tokenize(name), limit, 1); len(lines) > 0 {
		// The capitals centred on the mark.
		y := fixed.I(margin+markSize/2) + st.capHeight()/2
		st.draw(img, white.rgba(), x, y, lines[0])
	}
	return nil
}

// paintTitle draws the title in white, centred between the header and the
// hairline.
func paintTitle(img *image.RGBA, fonts *fontSet, title string) error {
	st, lines, err := layoutTitle(fonts, title)
	if err != nil || len(lines) == 0 {
		return err
	}
	// 1.1 times the font size: three lines of the largest size fit between
	// the header and the hairline.
	lineHeight := fixed.Int26_6(st.size * 1.1 * 64)
	block := st.capHeight() + lineHeight*fixed.Int26_6(len(lines)-1)
	y := fixed.I(titleTop) + (fixed.I(titleBot-titleTop)-block)/2 + st.capHeight()
	for _, line := range lines {
		st.draw(img, white.rgba(), fixed.I(margin), y, line)
		y += lineHeight
	}
	return nil
}

// layoutTitle breaks the title into lines at the largest of titleSizes at
// which it fits in titleLines lines without breaking a word; at the
// smallest, it is cut short with an ellipsis.
func layoutTitle(fonts *fontSet, title string) (style, []string, error) {
	tokens := tokenize(title)
	limit := fixed.I(titleWidth)
	var st style
	for _, size := range titleSizes {
		var err error
		if st, err = newStyle(fonts.bold, size, -0.022); err != nil {
			return style{}, nil, err
		}
		if lines, broken := st.wrap(tokens, limit); !broken && len(lines) <= titleLines {
			return st, st.balance(tokens, limit), nil
		}
	}
	return st, st.truncate(tokens, limit, titleLines), nil
}

// paintFooter draws a hairline across the text's width and the host below it.
func paintFooter(img *image.RGBA, z *vector.Rasterizer, fonts *fontSet, host string) error {
	polygon(z, []point{{margin, ruleY}, {Width - margin, ruleY}, {Width - margin, ruleY + 1.5}, {margin, ruleY + 1.5}}, false)
	fill(img, z, white.withAlpha(0.28))
	if host == "" {
		return nil
	}
	st, err := newStyle(fonts.medium, hostSize, 0)
	if err != nil {
		return err
	}
	line := st.truncate([]token{{text: host}}, fixed.I(titleWidth), 1)[0]
	st.draw(img, white.rgba(), fixed.I(margin), fixed.I(Height-margin), line)
	return nil
}

// point is a position in pixels.
type point struct{ x, y float32 }

// polygon adds the closed path through pts to z, counter-clockwise when ccw
// (on screen, y down) and clockwise otherwise. Shapes of one direction add
// up; a shape of the other direction inside one cuts a hole.
func polygon(z *vector.Rasterizer, pts []point, ccw bool) {
	var area float32
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	if (area < 0) != ccw {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	z.MoveTo(pts[0].x, pts[0].y)
	for _, p := range pts[1:] {
		z.LineTo(p.x, p.y)
	}
	z.ClosePath()
}

// circle returns the points of a circle, close enough to draw at any size
// here.
func circle(cx, cy, r float32) []point {
	n := max(24, int(r/2))
	pts := make([]point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = point{cx + r*float32(math.Cos(a)), cy + r*float32(math.Sin(a))}
	}
	return pts
}

// roundedRect returns the outline of a rectangle with corners of radius r.
func roundedRect(x, y, w, h, r float32) []point {
	var pts []point
	corners := []struct {
		cx, cy float32
		from   float64
	}{{x + w - r, y + r, -math.Pi / 2}, {x + w - r, y + h - r, 0}, {x + r, y + h - r, math.Pi / 2}, {x + r, y + r, math.Pi}}
	const steps = 12
	for _, c := range corners {
		for i := range steps + 1 {
			a := c.from + math.Pi/2*float64(i)/steps
			pts = append(pts, point{c.cx + r*float32(math.Cos(a)), c.cy + r*float32(math.Sin(a))})
		}
	}
	return pts
}

// stroke adds a line of width w through pts, with round joins and ends.
func stroke(z *vector.Rasterizer, pts []point, w float32) {
	for i, p := range pts {
		polygon(z, circle(p.x, p.y, w/2), false)
		if i == 0 {
			continue
		}
		q := pts[i-1]
		dx, dy := p.x-q.x, p.y-q.y
		l := float32(math.Hypot(float64(dx), float64(dy)))
		nx, ny := -dy/l*w/2, dx/l*w/2
		polygon(z, []point{{q.x + nx, q.y + ny}, {p.x + nx, p.y + ny}, {p.x - nx, p.y - ny}, {q.x - nx, q.y - ny}}, false)
	}
}
