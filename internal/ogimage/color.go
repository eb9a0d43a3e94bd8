package ogimage

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"meridian/internal/site"
)

// rgb is a colour in sRGB, each channel from 0 to 1.
type rgb struct{ r, g, b float64 }

var (
	defaultPrimary   = mustParse(site.DefaultPrimaryColor)
	defaultSecondary = mustParse(site.DefaultSecondaryColor)
	white            = rgb{1, 1, 1}
)

// parseColor reads "#rrggbb", or returns fallback.
func parseColor(s string, fallback rgb) rgb {
	if len(s) != 7 || s[0] != '#' {
		return fallback
	}
	n, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return fallback
	}
	return rgb{float64(n>>16&0xff) / 255, float64(n>>8&0xff) / 255, float64(n&0xff) / 255}
}

func mustParse(s string) rgb {
	c := parseColor(s, rgb{-1, -1, -1})
	if c.r < 0 {
		panic("ogimage: bad colour " + s)
	}
	return c
}

// luminance is the relative luminance of WCAG 2.
func (c rgb) luminance() float64 {
	return 0.2126*linear(c.r) + 0.7152*linear(c.g) + 0.0722*linear(c.b)
}

// contrast is the WCAG 2 contrast ratio of two colours, from 1 to 21.
func contrast(a, b rgb) float64 {
	la, lb := a.luminance(), b.luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// minContrast is what white text needs on the background: WCAG's AA for
// text of any size, since the host at the bottom is small.
const minContrast = 4.5

// readable darkens c until white text on it has minContrast: a light
// brand colour (a pale blue, a yellow) would leave the text unreadable. It
// lowers the lightness of OKLab, which keeps the hue and more of the colour's
// strength than scaling its channels, which turns it grey.
func readable(c rgb) rgb {
	l, a, b := c.oklab()
	for contrast(white, c) < minContrast && l > 0 {
		l -= 0.01
		c = fromOKLab(l, a, b)
	}
	return c
}

// oklab returns c in OKLab (Björn Ottosson, 2020).
func (c rgb) oklab() (l, a, b float64) {
	r, g, bl := linear(c.r), linear(c.g), linear(c.b)
	lc := math.Cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*bl)
	mc := math.Cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*bl)
	sc := math.Cbrt(0.0883024619*r + 0.2817188376*g + 0.6299787005*bl)
	return 0.2104542553*lc + 0.7936177850*mc - 0.0040720468*sc,
		1.9779984951*lc - 2.4285922050*mc + 0.4505937099*sc,
		0.0259040371*lc + 0.7827717662*mc - 0.8086757660*sc
}

// fromOKLab returns the sRGB colour of an OKLab one, each channel clipped
// to the gamut.
func fromOKLab(l, a, b float64) rgb {
	lc := l + 0.3963377774*a + 0.2158037573*b
	mc := l - 0.1055613458*a - 0.0638541728*b
	sc := l - 0.0894841775*a - 1.2914855480*b
	lc, mc, sc = lc*lc*lc, mc*mc*mc, sc*sc*sc
	return rgb{
		gamma(4.0767416621*lc - 3.3077115913*mc + 0.2309699292*sc),
		gamma(-1.2684380046*lc + 2.6097574011*mc - 0.3413193965*sc),
		gamma(-0.0041960863*lc - 0.7034186147*mc + 1.7076147010*sc),
	}
}

// linear is the light of an sRGB channel.
func linear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// gamma is the sRGB channel of light v, clipped to 0 to 1.
func gamma(v float64) float64 {
	v = math.Max(0, math.Min(1, v))
	if v <= 0.0031308 {
		return 12.92 * v
	}
	return 1.055*math.Pow(v, 1/2.4) - 0.055
}

// mix is a + (b - a) * t.
func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

func (c rgb) rgba() color.RGBA {
	to8 := func(v float64) uint8 { return uint8(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
	return color.RGBA{to8(c.r), to8(c.g), to8(c.b), 0xff}
}

// withAlpha is c at opacity a.
func (c rgb) withAlpha(a float64) color.NRGBA {
	o := c.rgba()
	return color.NRGBA{o.R, o.G, o.B, uint8(math.Round(a * 255))}
}

// hex writes c as "#rrggbb".
func (c rgb) hex() string {
	v := c.rgba()
	return fmt.Sprintf("#%02x%02x%02x", v.R, v.G, v.B)
}
