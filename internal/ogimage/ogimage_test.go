package ogimage

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/math/fixed"
)

var meridian = Card{Title: "About Us", SiteName: "Meridian AI", Host: "www.example.com", Primary: "#2563eb", Secondary: "#1e40af"}

// render renders c and decodes the PNG.
func render(t *testing.T, c Card) (*image.RGBA, []byte) {
	t.Helper()
	b, err := Render(c)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		t.Fatalf("decoded a %T, want an opaque RGB picture", img)
	}
	return rgba, b
}

func TestRender(t *testing.T) {
	img, b := render(t, meridian)
	if got := img.Bounds(); got != image.Rect(0, 0, Width, Height) {
		t.Fatalf("bounds %v, want %dx%d", got, Width, Height)
	}
	if len(b) > 150<<10 {
		t.Errorf("%d bytes, want at most 150 KB", len(b))
	}
	// Instances behind one database serve the same bytes for one key.
	if _, again := render(t, meridian); !bytes.Equal(b, again) {
		t.Error("two renders of one card differ")
	}
}

func TestKeyFollowsEveryInput(t *testing.T) {
	key := meridian.Key()
	if len(key) != 16 || !isKey(key) {
		t.Fatalf("key %q, want 16 lower-case hex digits", key)
	}
	if meridian.Key() != key {
		t.Error("the key of one card changed")
	}
	changes := map[string]func(*Card){
		"title":     func(c *Card) { c.Title = "Careers" },
		"site name": func(c *Card) { c.SiteName = "Acme" },
		"host":      func(c *Card) { c.Host = "acme.example" },
		"primary":   func(c *Card) { c.Primary = "#059669" },
		"secondary": func(c *Card) { c.Secondary = "#064e3b" },
		// Length prefixes: text moved from one field to the next is
		// another card.
		"boundary": func(c *Card) { c.Title, c.SiteName = "About UsM", "eridian AI" },
	}
	for name, change := range changes {
		c := meridian
		change(&c)
		if c.Key() == key {
			t.Errorf("changing the %s keeps the key", name)
		}
	}
}

func TestTitleChangesThePicture(t *testing.T) {
	a, _ := render(t, meridian)
	other := meridian
	other.Title = "Careers"
	b, _ := render(t, other)
	if bytes.Equal(a.Pix, b.Pix) {
		t.Error("another title drew the same picture")
	}
}

// textBox is where the title may draw: inside the margins, below the
// header and above the hairline.
var textBox = image.Rect(margin, margin+markSize, Width-margin, ruleY)

// titlePixels returns the bounds of the pixels the title drew: those that
// differ from the same card without a title.
func titlePixels(t *testing.T, c Card) image.Rectangle {
	t.Helper()
	with, _ := render(t, c)
	c.Title = ""
	without, _ := render(t, c)
	var r image.Rectangle
	for y := range Height {
		for x := range Width {
			i := with.PixOffset(x, y)
			if !bytes.Equal(with.Pix[i:i+4], without.Pix[i:i+4]) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

func TestLongTitleStaysInItsBox(t *testing.T) {
	for _, title := range []string{
		"About Us",
		"How a Fortune 500 Manufacturer Cut Unplanned Downtime by 43% with Predictive Maintenance, Computer Vision and a Data Platform Built for the Shop Floor",
		strings.Repeat("Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", 8),
		"Supercalifragilisticexpialidocious-transformation-programme-for-enterprises",
	} {
		c := meridian
		c.Title = title
		got := titlePixels(t, c)
		if got.Empty() {
			t.Errorf("%.20q: no title drawn", title)
			continue
		}
		if !got.In(textBox) {
			t.Errorf("%.20q: title drawn over %v, outside %v", title, got, textBox)
		}
	}
}

func TestLayoutTitle(t *testing.T) {
	fonts, err := loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	limit := fixed.I(titleWidth)
	check := func(title string) (style, []string) {
		t.Helper()
		st, lines, err := layoutTitle(fonts, title)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) == 0 || len(lines) > titleLines {
			t.Fatalf("%.20q: %d lines", title, len(lines))
		}
		for _, l := range lines {
			if st.width(l) > limit {
				t.Errorf("%.20q: line %q is wider than %d px", title, l, titleWidth)
			}
		}
		return st, lines
	}

	if st, lines := check("About Us"); st.size != titleSizes[0] || len(lines) != 1 {
		t.Errorf("short title: %d lines at %v px, want one at the largest size", len(lines), st.size)
	}

	// Smaller before cut short, and cut at a word.
	long := strings.Repeat("Predictive maintenance for the shop floor. ", 10)
	st, lines := check(long)
	if st.size != titleSizes[len(titleSizes)-1] || len(lines) != titleLines {
		t.Errorf("long title: %d lines at %v px, want %d at the smallest size", len(lines), st.size, titleLines)
	}
	last := lines[len(lines)-1]
	if !strings.HasSuffix(last, "…") || !strings.HasPrefix(long, strings.Join(lines[:len(lines)-1], " ")) || strings.HasSuffix(last, " …") || strings.HasSuffix(last, ".…") {
		t.Errorf("long title cut as %q", lines)
	}

	// A hyphenated word breaks after a hyphen, at a smaller size, not
	// between letters.
	hyphens := "Supercalifragilisticexpialidocious-transformation-programme-for-enterprises"
	st, lines = check(hyphens)
	if strings.Join(lines, "") != hyphens || st.size == titleSizes[0] {
		t.Errorf("hyphenated title laid out as %q at %v px", lines, st.size)
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasSuffix(l, "-") {
			t.Errorf("line %q ends inside a word", l)
		}
	}

	// Balanced: no word alone on the last line.
	_, lines = check("Enterprise AI Solutions, Consulting & Staffing for Every Industry")
	if len(lines) > 1 && !strings.Contains(lines[len(lines)-1], " ") {
		t.Errorf("last line %q holds one word: %q", lines[len(lines)-1], lines)
	}
}

func TestColours(t *testing.T) {
	// The defaults are dark enough as they are.
	for _, c := range []rgb{defaultPrimary, defaultSecondary} {
		if readable(c) != c {
			t.Errorf("readable changed %v", c)
		}
	}
	// Light colours are darkened until white text on them is readable,
	// in the picture's corners, where they are drawn purest.
	light := Card{Title: "Careers", SiteName: "Sunbeam", Host: "sunbeam.example", Primary: "#fde047", Secondary: "#e0f2fe"}
	img, _ := render(t, light)
	for _, p := range []image.Point{{0, 0}, {Width - 1, Height - 1}} {
		px := img.RGBAAt(p.X, p.Y)
		c := rgb{float64(px.R) / 255, float64(px.G) / 255, float64(px.B) / 255}
		if r := contrast(white, c); r < minContrast {
			t.Errorf("at %v: %v gives white text a contrast of %.2f, want at least %v", p, px, r, minContrast)
		}
		if px.B > px.R && p.X == 0 {
			t.Errorf("the yellow turned blue: %v", px)
		}
	}
	// A colour that is not #rrggbb is drawn as the default.
	odd := meridian
	odd.Primary, odd.Secondary = "red", "#12345"
	a, _ := render(t, meridian)
	b, _ := render(t, odd)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("colours that are not hex did not fall back to the defaults")
	}
}

func TestAddress(t *testing.T) {
	key := meridian.Key()
	for path, want := range map[string]string{
		"/":                           "/og/" + key + ".png",
		"/about-us":                   "/og/" + key + "/about-us.png",
		"/solutions/machine-learning": "/og/" + key + "/solutions/machine-learning.png",
	} {
		addr := Address(key, path)
		if addr != want {
			t.Errorf("Address(%q) = %q, want %q", path, addr, want)
		}
		if k, p, ok := ParseAddress(addr); !ok || k != key || p != path {
			t.Errorf("ParseAddress(%q) = %q, %q, %v", addr, k, p, ok)
		}
	}
	for _, addr := range []string{
		"/og/" + key + "/.png",
		"/og/" + key + "about-us.png",
		"/og/" + key + "/about-us.jpg",
		"/og/" + key,
		"/og/" + strings.ToUpper(key) + ".png",
		"/og/" + key[:15] + ".png",
		"/og/.png",
		"/media/" + key + ".png",
	} {
		if k, p, ok := ParseAddress(addr); ok {
			t.Errorf("ParseAddress(%q) = %q, %q, true; want false", addr, k, p)
		}
	}
}
