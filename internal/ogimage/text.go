package ogimage

import (
	_ "embed"
	"image"
	"image/color"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Inter (SIL Open Font License 1.1, fonts/OFL.txt), the site's typeface,
// from the npm package @expo-google-fonts/inter 0.4.2: only the weights
// drawn here.
var (
	//go:embed fonts/Inter-Bold.ttf
	interBold []byte
	//go:embed fonts/Inter-Medium.ttf
	interMedium []byte
)

type fontSet struct {
	bold, medium *opentype.Font
}

// loadFonts parses the fonts once. A parsed font is safe to share; the
// faces made from it are not, so each picture makes its own.
var loadFonts = sync.OnceValues(func() (*fontSet, error) {
	bold, err := opentype.Parse(interBold)
	if err != nil {
		return nil, err
	}
	medium, err := opentype.Parse(interMedium)
	if err != nil {
		return nil, err
	}
	return &fontSet{bold: bold, medium: medium}, nil
})

// style is a face at a size with its letter spacing.
type style struct {
	face  font.Face
	size  float64
	track fixed.Int26_6
}

// newStyle returns f at size pixels, with tracking em of letter spacing
// (negative tightens, as large Inter wants).
func newStyle(f *opentype.Font, size, tracking float64) (style, error) {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return style{}, err
	}
	return style{face: face, size: size, track: fixed.Int26_6(tracking * size * 64)}, nil
}

// capHeight is the height of the capitals above the baseline.
func (s style) capHeight() fixed.Int26_6 { return s.face.Metrics().CapHeight }

// width is the advance of text.
func (s style) width(text string) fixed.Int26_6 {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range text {
		if prev >= 0 {
			w += s.face.Kern(prev, r) + s.track
		}
		a, _ := s.face.GlyphAdvance(r)
		w += a
		prev = r
	}
	return w
}

// draw writes text in col with its baseline starting at (x, y),
// anti-aliased over what dst holds.
func (s style) draw(dst *image.RGBA, col color.Color, x, y fixed.Int26_6, text string) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(col), Face: s.face, Dot: fixed.Point26_6{X: x, Y: y}}
	prev := rune(-1)
	var buf [utf8.UTFMax]byte
	for _, r := range text {
		if prev >= 0 {
			d.Dot.X += s.face.Kern(prev, r) + s.track
		}
		d.DrawBytes(buf[:utf8.EncodeRune(buf[:], r)])
		prev = r
	}
}

// token is a piece of a text that lines may break after: a word, or the
// part of a hyphenated word up to and with a hyphen.
type token struct {
	text string
	// space says whether a space comes before the token (but at the start
	// of a line).
	space bool
}

// tokenize splits text into words at white space, and words after their
// inner hyphens.
func tokenize(text string) []token {
	var out []token
	for _, w := range strings.Fields(text) {
		space := len(out) > 0
		for w != "" {
			piece := w
			if i := strings.IndexByte(w[1:], '-'); i >= 0 && i+2 < len(w) {
				piece = w[:i+2]
			}
			out = append(out, token{text: piece, space: space})
			space = false
			w = w[len(piece):]
		}
	}
	return out
}

// wrap breaks tokens into lines no wider than limit, filling each line in
// turn. A token wider than limit alone is broken between its letters, and
// broken says so.
func (s style) wrap(tokens []token, limit fixed.Int26_6) (lines []string, broken bool) {
	line := ""
	for _, t := range tokens {
		if line != "" {
			next := line + t.text
			if t.space {
				next = line + " " + t.text
			}
			if s.width(next) <= limit {
				line = next
				continue
			}
			lines = append(lines, line)
		}
		line = t.text
		for s.width(line) > limit {
			head := s.fit(line, limit)
			lines = append(lines, head)
			line = line[len(head):]
			broken = true
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, broken
}

// fit returns the longest start of text, at least one letter, no wider
// than limit.
func (s style) fit(text string, limit fixed.Int26_6) string {
	_, n := utf8.DecodeRuneInString(text)
	for n < len(text) {
		_, next := utf8.DecodeRuneInString(text[n:])
		if s.width(text[:n+next]) > limit {
			break
		}
		n += next
	}
	return text[:n]
}

// balance wraps tokens into as few lines as wrap does within limit, but as
// even as they can be: at the narrowest width that needs no more lines, so
// that a title does not end with one word alone on its last line.
func (s style) balance(tokens []token, limit fixed.Int26_6) []string {
	lines, _ := s.wrap(tokens, limit)
	if len(lines) < 2 {
		return lines
	}
	// Below the widest token, tokens would be broken.
	lo := fixed.Int26_6(0)
	for _, t := range tokens {
		lo = max(lo, s.width(t.text))
	}
	hi := limit
	for hi-lo > fixed.I(1) {
		mid := (lo + hi) / 2
		if l, _ := s.wrap(tokens, mid); len(l) <= len(lines) {
			hi = mid
		} else {
			lo = mid
		}
	}
	lines, _ = s.wrap(tokens, hi)
	return lines
}

// ellipsis closes a text cut short.
const ellipsis = "…"

// truncate keeps the first n lines of tokens wrapped within limit, the last
// ending with an ellipsis after the last whole word that leaves room for it.
func (s style) truncate(tokens []token, limit fixed.Int26_6, n int) []string {
	lines, _ := s.wrap(tokens, limit)
	if len(lines) <= n {
		return lines
	}
	lines = lines[:n]
	last := lines[n-1]
	for last != "" && s.width(last+ellipsis) > limit {
		if i := strings.LastIndexByte(last, ' '); i > 0 {
			last = last[:i]
		} else {
			_, size := utf8.DecodeLastRuneInString(last)
			last = last[:len(last)-size]
		}
	}
	lines[n-1] = strings.TrimRight(last, " ,;:.-–—") + ellipsis
	return lines
}
