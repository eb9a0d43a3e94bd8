package ssr

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// createMedia stores a usable image of the media library with the alt
// text, its variants 320, 640 and 1200 wide in WebP and JPEG at addresses
// that n makes its own, and returns its id.
func createMedia(t *testing.T, db site.RecordService, alt string, n int) int64 {
	t.Helper()
	item := &site.MediaItem{Name: "amelia.jpg", AltText: alt, FocalX: 0.5, FocalY: 0.25,
		Width: 1200, Height: 800, ContentType: "image/jpeg", Hash: fmt.Sprintf("%064d", n), Bytes: 1000}
	for _, w := range []int{320, 640, 1200} {
		for _, f := range []string{site.MediaWebP, site.MediaJPEG} {
			ext := map[string]string{site.MediaWebP: "webp", site.MediaJPEG: "jpg"}[f]
			item.Variants = append(item.Variants, site.MediaVariant{Width: w, Height: w * 2 / 3, Format: f,
				URL: fmt.Sprintf("/media/%060d%04d.%s", n, w, ext), Bytes: w})
		}
	}
	return stored(t, db, site.Media, item).ID
}

// Each page of the blog's list carries the covers of its own cards, and
// no article's text; the cards show them.
func TestBlogCardCovers(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	ctx := context.Background()
	first := createMedia(t, db, "Cover of the newest article", 1)
	last := createMedia(t, db, "Cover of the oldest article", 2)
	for i, cover := range []string{site.MediaRefOf(last), "", "", "", "", "", "", site.MediaRefOf(first)} {
		at := time.Date(2025, 1, 1+i, 9, 0, 0, 0, time.UTC)
		p := &site.Page{Title: fmt.Sprintf("Note %d", i+1), Slug: fmt.Sprintf("note-%d", i+1), Content: "A text only its page shows.",
			Template: site.TemplateArticle, Status: site.PagePublished, IsActive: true, FeaturedImage: cover, PublishedAt: &at}
		stored(t, db, site.Pages, p)
	}
	v.Bump()
	pageOf := func(query url.Values) string {
		t.Helper()
		p, err := c.Get(ctx, site.BlogPath, query)
		if err != nil || p.Status != 200 {
			t.Fatalf("blog %v: %v, %+v", query, err, p)
		}
		return string(p.Raw)
	}
	one, two := pageOf(nil), pageOf(url.Values{"page": {"2"}})
	if !strings.Contains(one, `alt="Cover of the newest article"`) || !strings.Contains(one, fmt.Sprintf("/media/%060d0640.webp 640w", 1)) {
		t.Error("the first page lacks the cover of its first card")
	}
	if strings.Contains(one, "Cover of the oldest article") || strings.Contains(one, fmt.Sprintf("/media/%060d", 2)) {
		t.Error("the first page carries the cover of a card on another page")
	}
	if !strings.Contains(two, `alt="Cover of the oldest article"`) || strings.Contains(two, "Cover of the newest article") {
		t.Error("the second page does not carry its own card's cover alone")
	}
	if strings.Contains(one, "A text only its page shows.") {
		t.Error("the list carries an article's text")
	}
}

// An image named by a text is in the server HTML as a responsive image:
// WebP and fallback candidates with their widths, sizes, its own width and
// height, its alt text; a text naming no usable image leaves the built-in
// picture.
func TestPageShowsChosenImage(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	ctx := context.Background()
	id := createMedia(t, db, "Amelia Hart in the Berlin office", 0)
	for _, text := range []*site.ContentItem{
		{Section: "about.mission", Key: "image", Value: site.MediaRefOf(id)},
		{Section: "about.leaders", Key: "items.amelia-hart.photo", Value: site.MediaRefOf(id)},
		// No such image: the leader keeps the initials.
		{Section: "about.leaders", Key: "items.rahul-mehta.photo", Value: site.MediaRefOf(id + 1)},
	} {
		stored(t, db, site.Content, text)
	}
	p := freshPage(t, c, v, "/about-us")
	html := string(p.Raw)
	imgs := regexp.MustCompile(`<img [^>]*srcSet="[^"]*"[^>]*>|<img [^>]*srcset="[^"]*"[^>]*>`).FindAllString(html, -1)
	if len(imgs) != 2 {
		t.Fatalf("want the mission picture and one leader's photo as responsive images, found %d:\n%s", len(imgs), strings.Join(imgs, "\n"))
	}
	webp := fmt.Sprintf(`<source type="image/webp" srcSet="/media/%064d.webp 320w, /media/%064d.webp 640w, /media/%064d.webp 1200w"`, 320, 640, 1200)
	if !strings.Contains(html, webp) {
		t.Errorf("no WebP source with every width:\n%s", html)
	}
	for _, img := range imgs {
		for _, want := range []string{
			fmt.Sprintf(`srcSet="/media/%064d.jpg 320w, /media/%064d.jpg 640w, /media/%064d.jpg 1200w"`, 320, 640, 1200),
			`width="1200"`, `height="800"`, `alt="Amelia Hart in the Berlin office"`, `loading="lazy"`, `sizes="`,
			`object-position:50% 25%`,
		} {
			if !strings.Contains(img, want) {
				t.Errorf("image lacks %s: %s", want, img)
			}
		}
	}
	if !strings.Contains(html, ">RM</span>") {
		t.Error("the leader whose image is missing lost the initials")
	}
	if strings.Contains(html, ">AH</span>") {
		t.Error("the leader with a photo still shows the initials")
	}
	if strings.Contains(html, "data-about-art") {
		t.Error("the mission still shows the built-in picture")
	}

	// A published page's featured image is its cover.
	page := &site.Page{Title: "Our approach", Slug: "our-approach", Content: "How we work.", Status: site.PagePublished,
		Template: "default", IsActive: true, FeaturedImage: site.MediaRefOf(id)}
	stored(t, db, site.Pages, page)
	p = freshPage(t, c, v, "/our-approach")
	cover := regexp.MustCompile(`<img [^>]*>`).FindAllString(string(p.Raw), -1)
	found := false
	for _, img := range cover {
		if strings.Contains(img, `fetchPriority="high"`) && strings.Contains(img, `alt="Amelia Hart in the Berlin office"`) && strings.Contains(img, `width="1200"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("the published page has no cover loaded first:\n%s", strings.Join(cover, "\n"))
	}
	// Its link previews show the cover: the JPEG 1200 wide, with its alt text.
	for _, want := range []string{
		fmt.Sprintf(`<meta property="og:image" content="https://example.com/media/%064d.jpg" />`, 1200),
		`<meta property="og:image:type" content="image/jpeg" />`,
		`<meta property="og:image:width" content="1200" />`,
		`<meta property="og:image:height" content="800" />`,
		`<meta property="og:image:alt" content="Amelia Hart in the Berlin office" />`,
	} {
		if !strings.Contains(string(p.Raw), want) {
			t.Errorf("the page's link preview lacks %s", want)
		}
	}
	// A page without a cover keeps the generated picture.
	p, err := c.Get(ctx, "/about-us", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`<meta property="og:image" content="[^"]*/og/[^"]*\.png" />`).Match(p.Raw) {
		t.Error("a page without a cover lost its generated link-preview picture")
	}
	// A sharing image chosen for a page takes the generated picture's place.
	stored(t, db, site.Content, &site.ContentItem{Section: site.ShareSection, Key: "/about-us", Value: site.MediaRefOf(id)})
	p = freshPage(t, c, v, "/about-us")
	if want := fmt.Sprintf(`<meta property="og:image" content="https://example.com/media/%064d.jpg" />`, 1200); !strings.Contains(string(p.Raw), want) {
		t.Errorf("the sharing image of /about-us is not its og:image")
	}
	if p, err = c.Get(ctx, "/careers", nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(p.Raw), `<meta property="og:image" content="https://example.com/media/`) {
		t.Error("the sharing image of /about-us reached /careers")
	}
}

func TestPreviewVariant(t *testing.T) {
	vs := func(specs ...string) *site.PublicMedia {
		m := &site.PublicMedia{}
		for _, s := range specs {
			var w int
			var f string
			fmt.Sscanf(s, "%d.%s", &w, &f)
			m.Variants = append(m.Variants, site.PublicVariant{Width: w, Format: f, URL: s})
		}
		return m
	}
	for _, tc := range []struct {
		cover *site.PublicMedia
		want  string
	}{
		{nil, ""},
		{vs("640.webp", "1280.webp"), ""},
		{vs("320.jpeg", "640.jpeg", "960.jpeg", "1280.jpeg", "1600.jpeg", "2048.jpeg"), "1280.jpeg"},
		{vs("2048.png", "1600.png", "1280.png", "320.png"), "1280.png"},
		{vs("320.jpeg", "640.jpeg", "800.jpeg", "640.webp"), "800.jpeg"},
		{vs("1200.webp", "1200.jpeg"), "1200.jpeg"},
	} {
		v, ok := previewVariant(tc.cover)
		if got := map[bool]string{true: v.URL, false: ""}[ok]; got != tc.want {
			t.Errorf("previewVariant(%v) = %q, want %q", tc.cover, got, tc.want)
		}
	}
}

// A testimonial with a photo shows it in place of the initials on the home
// page; the name beside it says who it is, so the photo has no alt text.
func TestTestimonialPhoto(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	item := &site.MediaItem{Name: "sarah.jpg", AltText: "Sarah Chen", FocalX: 0.5, FocalY: 0.5,
		Width: 320, Height: 320, ContentType: "image/jpeg", Hash: strings.Repeat("b", 64), Bytes: 1000,
		Variants: []site.MediaVariant{{Width: 320, Height: 320, Format: site.MediaJPEG, URL: "/media/" + strings.Repeat("c", 64) + ".jpg", Bytes: 10}}}
	sarah := stored(t, db, site.Media, item)
	for _, tm := range []*site.Testimonial{
		{Name: "Sarah Chen", Title: "COO", Content: "Good work.", Initials: "SC", AvatarBg: "bg-blue-600", IsActive: true, Order: 1, Photo: site.MediaRefOf(sarah.ID)},
		{Name: "Tom Lee", Title: "CTO", Content: "Fast.", Initials: "TL", AvatarBg: "bg-green-600", IsActive: true, Order: 2},
	} {
		stored(t, db, site.Testimonials, tm)
	}
	html := string(freshPage(t, c, v, "/").Raw)
	start := strings.Index(html, `id="testimonials"`)
	if start < 0 {
		t.Fatal("no testimonials section")
	}
	section := html[start:]
	photo := regexp.MustCompile(`<img [^>]*/media/c{64}\.jpg[^>]*>`).FindString(section)
	if photo == "" || !strings.Contains(photo, `alt=""`) || !strings.Contains(photo, `width="320"`) {
		t.Errorf("Sarah Chen's photo is not in the testimonials, with an empty alt: %q", photo)
	}
	if strings.Contains(section, ">SC</span>") {
		t.Error("the testimonial with a photo still shows the initials")
	}
	if !strings.Contains(section, ">TL</span>") {
		t.Error("the testimonial without a photo lost its initials")
	}
}
