package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
	"time"

	xwebp "golang.org/x/image/webp"

	"meridian/internal/media"
	"meridian/internal/media/mediatest"
	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
)

// filePart is one part of an upload.
type filePart struct {
	field, name, contentType string
	data                     []byte
}

// upload posts the parts as multipart/form-data.
func (a *testAPI) upload(token string, parts ...filePart) (*http.Response, string) {
	a.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		field := p.field
		if field == "" {
			field = "file"
		}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, p.name))
		if p.contentType != "" {
			h.Set("Content-Type", p.contentType)
		}
		w, err := mw.CreatePart(h)
		if err != nil {
			a.t.Fatal(err)
		}
		w.Write(p.data)
	}
	mw.Close()
	req, err := http.NewRequest("POST", a.ts.URL+"/api/admin/media", &body)
	if err != nil {
		a.t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// get fetches a path of the site and returns the answer with its body.
func (a *testAPI) get(method, path string, header map[string]string) (*http.Response, []byte) {
	a.t.Helper()
	res, body := a.do(method, path, "", "", header)
	return res, []byte(body)
}

// mediaItems reads {data: [items]}.
func mediaItems(t *testing.T, body string) []*site.MediaItem {
	t.Helper()
	var out struct {
		Data []*site.MediaItem `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("not a list of items: %v: %s", err, body)
	}
	return out.Data
}

// mediaTotal is the total of the library's list.
func (a *testAPI) mediaTotal(token string) int {
	a.t.Helper()
	res, body := a.do("GET", "/api/admin/media", token, "", nil)
	if res.StatusCode != 200 {
		a.t.Fatalf("list: %d %s", res.StatusCode, body)
	}
	var page struct{ Total int }
	json.Unmarshal([]byte(body), &page)
	return page.Total
}

// decodeServed decodes a served variant by its content type.
func decodeServed(t *testing.T, ct string, b []byte) image.Image {
	t.Helper()
	var m image.Image
	var err error
	switch ct {
	case "image/jpeg":
		m, err = jpeg.Decode(bytes.NewReader(b))
	case "image/png":
		m, err = png.Decode(bytes.NewReader(b))
	case "image/webp":
		m, err = xwebp.Decode(bytes.NewReader(b))
	default:
		t.Fatalf("content type %q", ct)
	}
	if err != nil {
		t.Fatalf("served %s does not decode: %v", ct, err)
	}
	return m
}

// TestMediaUpload: a photo with a camera, GPS and an orientation, and a
// PNG, uploaded at once, answer their items; each variant is served from
// its address with the headers of an immutable file and without metadata.
func TestMediaUpload(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.signedIn("root", site.RoleAdmin)
		photo := mediatest.WithEXIF(mediatest.JPEG(t, mediatest.Photo(1400, 700)), 6)
		logo := mediatest.PNG(t, mediatest.Photo(300, 200))
		res, body := a.upload(root, filePart{name: "holiday.jpg", contentType: "image/jpeg", data: photo},
			filePart{name: "logo.png", contentType: "image/png", data: logo})
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, body)
		}
		items := mediaItems(t, body)
		if len(items) != 2 {
			t.Fatalf("items = %s", body)
		}
		p, l := items[0], items[1]
		// Turned a quarter: 700 wide, 1400 high.
		if p.Name != "holiday.jpg" || p.Width != 700 || p.Height != 1400 || p.ContentType != "image/jpeg" ||
			p.Bytes != int64(len(photo)) || len(p.Hash) != 64 || p.Usable || p.AltText != "" || p.Version != 1 || p.FocalX != 0.5 {
			t.Errorf("photo item = %+v", p)
		}
		var widths []string
		for _, v := range p.Variants {
			widths = append(widths, fmt.Sprintf("%s %d×%d", v.Format, v.Width, v.Height))
		}
		if got, want := strings.Join(widths, ", "), "webp 160×320, jpeg 160×320, webp 320×640, jpeg 320×640, webp 640×1280, jpeg 640×1280, webp 700×1400, jpeg 700×1400"; got != want {
			t.Errorf("photo variants = %s, want %s", got, want)
		}
		if l.Width != 300 || len(l.Variants) != 4 || l.Variants[2].Format != "webp" || l.Variants[3].Format != "png" || l.Variants[3].Width != 300 || l.Variants[0].Width != 160 {
			t.Errorf("logo item = %+v", l)
		}
		if !strings.Contains(body, `"usable":false`) || !strings.Contains(body, `"url":"/media/`) || strings.Contains(body, "searchText") {
			t.Errorf("item JSON = %s", body)
		}

		for _, v := range append(p.Variants, l.Variants...) {
			res, b := a.get("GET", v.URL, nil)
			if res.StatusCode != 200 {
				t.Fatalf("GET %s: %d", v.URL, res.StatusCode)
			}
			ct := "image/" + v.Format
			h := res.Header
			if h.Get("Content-Type") != ct || h.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
				h.Get("X-Content-Type-Options") != "nosniff" || h.Get("ETag") == "" || h.Get("Content-Encoding") != "" {
				t.Errorf("GET %s: headers %v", v.URL, h)
			}
			if len(b) != v.Bytes {
				t.Errorf("GET %s: %d bytes, item says %d", v.URL, len(b), v.Bytes)
			}
			m := decodeServed(t, ct, b)
			if m.Bounds().Dx() != v.Width || m.Bounds().Dy() != v.Height {
				t.Errorf("GET %s: %v, item says %d×%d", v.URL, m.Bounds(), v.Width, v.Height)
			}
			if md := mediatest.Metadata(b); len(md) > 0 {
				t.Errorf("GET %s: carries %v", v.URL, md)
			}
			// Revalidation and HEAD.
			res, b = a.get("GET", v.URL, map[string]string{"If-None-Match": h.Get("ETag")})
			if res.StatusCode != 304 || len(b) != 0 {
				t.Errorf("GET %s with its ETag: %d, %d bytes", v.URL, res.StatusCode, len(b))
			}
			res, b = a.get("HEAD", v.URL, nil)
			if res.StatusCode != 200 || len(b) != 0 || res.Header.Get("Content-Length") != fmt.Sprint(v.Bytes) || res.Header.Get("Content-Type") != ct {
				t.Errorf("HEAD %s: %d, %d bytes, %v", v.URL, res.StatusCode, len(b), res.Header)
			}
		}

		// What is no variant's address is not found: the original
		// (it carries the GPS position), another extension, nothing.
		webpURL := p.Variants[0].URL
		for _, path := range []string{
			"/media/" + p.Hash + ".jpg",
			strings.TrimSuffix(webpURL, ".webp") + ".png",
			"/media/" + strings.Repeat("ab", 32) + ".webp",
			"/media/" + strings.ToUpper(strings.TrimPrefix(webpURL, "/media/")),
			"/media/notahash.webp",
			"/media/",
			webpURL + "/x",
		} {
			if res, _ := a.get("GET", path, nil); res.StatusCode != 404 {
				t.Errorf("GET %s: %d, want 404", path, res.StatusCode)
			}
		}

		// The same file again is the same item, not a second one.
		res, body = a.upload(root, filePart{name: "copy-of-holiday.jpg", data: photo})
		if res.StatusCode != 201 {
			t.Fatalf("second upload: %d %s", res.StatusCode, body)
		}
		if again := mediaItems(t, body); len(again) != 1 || again[0].ID != p.ID || again[0].Name != "holiday.jpg" {
			t.Errorf("second upload = %s, want item %d", body, p.ID)
		}
		if n := a.mediaTotal(root); n != 2 {
			t.Errorf("library holds %d items after a repeated upload, want 2", n)
		}
		// Twice in one request: one item, answered twice.
		twice := mediatest.JPEG(t, mediatest.Photo(330, 200))
		res, body = a.upload(root, filePart{name: "a.jpg", data: twice}, filePart{name: "b.jpg", data: twice})
		if items := mediaItems(t, body); res.StatusCode != 201 || len(items) != 2 || items[0].ID != items[1].ID {
			t.Errorf("same file twice: %d %s", res.StatusCode, body)
		}
	})
}

// TestMediaUploadAVIF: AVIF files are taken, their item keeps image/avif
// as its type, and their variants are WebP and JPEG, each served and
// decoding at its size.
func TestMediaUploadAVIF(t *testing.T) {
	small := mediatest.AVIF(t, mediatest.Photo(64, 48))
	wide := mediatest.AVIF(t, mediatest.Photo(700, 350))
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.signedIn("root", site.RoleAdmin)
		res, body := a.upload(root, filePart{name: "small.avif", contentType: "image/avif", data: small},
			filePart{name: "wide.avif", data: wide})
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, body)
		}
		items := mediaItems(t, body)
		if len(items) != 2 {
			t.Fatalf("items = %s", body)
		}
		for i, tc := range []struct {
			w, h     int
			variants string
		}{
			{64, 48, "webp 64×48, jpeg 64×48"},
			{700, 350, "webp 160×80, jpeg 160×80, webp 320×160, jpeg 320×160, webp 640×320, jpeg 640×320, webp 700×350, jpeg 700×350"},
		} {
			it := items[i]
			if it.Width != tc.w || it.Height != tc.h || it.ContentType != "image/avif" || it.Bytes != int64(len([][]byte{small, wide}[i])) {
				t.Errorf("item %d = %+v", i, it)
			}
			var got []string
			for _, v := range it.Variants {
				got = append(got, fmt.Sprintf("%s %d×%d", v.Format, v.Width, v.Height))
				res, b := a.get("GET", v.URL, nil)
				if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/"+v.Format {
					t.Fatalf("GET %s: %d %v", v.URL, res.StatusCode, res.Header)
				}
				if m := decodeServed(t, "image/"+v.Format, b); m.Bounds().Dx() != v.Width || m.Bounds().Dy() != v.Height {
					t.Errorf("GET %s: %v, item says %d×%d", v.URL, m.Bounds(), v.Width, v.Height)
				}
			}
			if s := strings.Join(got, ", "); s != tc.variants {
				t.Errorf("item %d variants = %s, want %s", i, s, tc.variants)
			}
			// The original is not served, under any extension.
			for _, ext := range []string{"avif", "jpg", "webp"} {
				if res, _ := a.get("GET", "/media/"+it.Hash+"."+ext, nil); res.StatusCode != 404 {
					t.Errorf("the original is served as .%s: %d", ext, res.StatusCode)
				}
			}
		}
	})
}

// TestMediaUploadAVIFChecked: an AVIF whose header understates its coded
// size, and one whose decode would not fit in the server's memory limit,
// are refused with 400 and what is wrong, before they are decoded; nothing
// is stored.
func TestMediaUploadAVIFChecked(t *testing.T) {
	photo := mediatest.AVIF(t, mediatest.Photo(320, 240))
	a := newTestAPI(t, stores(t)[0])
	root := a.signedIn("root", site.RoleAdmin)
	res, body := a.upload(root, filePart{name: "small-header.avif", data: mediatest.AVIFResized(t, photo, 160, 120)})
	if res.StatusCode != 400 || !strings.Contains(body, "small-header.avif: the AVIF data is corrupt: its image is coded at 320 × 240 pixels but its header says 160 × 120.") {
		t.Errorf("understated header: %d %s", res.StatusCode, body)
	}
	a.configure(func(s *Server) { s.MediaLimits.MemoryLimit = 8 << 20 }) // 320 × 240 takes about 6.4 MB to decode, more than three quarters of it
	res, body = a.upload(root, filePart{name: "photo.avif", data: photo})
	if res.StatusCode != 400 || !strings.Contains(body, "photo.avif: decoding this 320 × 240 AVIF image would take about 6 MB of memory") ||
		!strings.Contains(body, "its memory limit is 8 MB") {
		t.Errorf("over the memory limit: %d %s", res.StatusCode, body)
	}
	if n := a.mediaTotal(root); n != 0 {
		t.Errorf("%d items stored", n)
	}
	a.configure(func(s *Server) { s.MediaLimits.MemoryLimit = 64 << 20 })
	if res, body := a.upload(root, filePart{name: "photo.avif", data: photo}); res.StatusCode != 201 {
		t.Errorf("within a 64 MB limit: %d %s", res.StatusCode, body)
	}
}

// TestMediaUploadRefused: each bad file answers 400 (413 when too large)
// naming it and the problem, and nothing is stored, even of the good files
// sent beside it.
func TestMediaUploadRefused(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.configure(func(s *Server) { s.MediaLimits.MaxBytes = 200 << 10 })
		root := a.signedIn("root", site.RoleAdmin)
		good := mediatest.JPEG(t, mediatest.Photo(400, 300))
		cut := mediatest.JPEG(t, mediatest.Photo(400, 300))
		cut = cut[:len(cut)/2]
		big := mediatest.PNG(t, mediatest.Photo(600, 600)) // over 200 KB
		damaged := mediatest.PNG(t, mediatest.Photo(40, 40))
		damaged[18] ^= 0xFF // the width in the header: its checksum fails
		avifFile := mediatest.AVIF(t, mediatest.Photo(300, 200))
		damagedAVIF := append([]byte{}, avifFile...)
		for i := len(damagedAVIF) - 600; i < len(damagedAVIF); i++ {
			damagedAVIF[i] = 0xFF // the coded data, at the end
		}
		for _, tc := range []struct {
			name   string
			parts  []filePart
			status int
			want   []string
		}{
			{"empty", []filePart{{name: "empty.jpg", contentType: "image/jpeg"}}, 400, []string{"empty.jpg: the file is empty."}},
			{"truncated", []filePart{{name: "good.jpg", data: good}, {name: "cut.jpg", data: cut}}, 400, []string{"cut.jpg: ", "truncated"}},
			{"corrupt", []filePart{{name: "corrupt.png", data: damaged}}, 400, []string{"corrupt.png: the PNG data is corrupt"}},
			{"mislabelled", []filePart{{name: "photo.png", contentType: "image/png", data: good}}, 400, []string{"photo.png: the name says PNG but the file is a JPEG image."}},
			{"mistyped", []filePart{{name: "photo.jpg", contentType: "image/webp", data: good}}, 400, []string{"photo.jpg: it was sent as image/webp but the file is a JPEG image."}},
			{"svg", []filePart{{name: "logo.svg", contentType: "image/svg+xml", data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)}}, 400, []string{"logo.svg: SVG images are refused", "sanitiser"}},
			{"huge", []filePart{{name: "good.jpg", data: good}, {name: "bomb.png", data: mediatest.PNGHeader(30000, 30000)}}, 400, []string{"bomb.png: the image is 30000 × 30000 pixels, too large"}},
			{"text", []filePart{{name: "notes.txt", data: []byte("just words")}}, 400, []string{"notes.txt: the file is not an image"}},
			{"truncated AVIF", []filePart{{name: "good.jpg", data: good}, {name: "cut.avif", data: avifFile[:len(avifFile)*2/3]}}, 400, []string{"cut.avif: the AVIF data ends early: the file is truncated or damaged."}},
			{"corrupt AVIF", []filePart{{name: "damaged.avif", data: damagedAVIF}}, 400, []string{"damaged.avif: the AVIF data is corrupt"}},
			{"mislabelled AVIF", []filePart{{name: "photo.jpg", contentType: "image/jpeg", data: avifFile}}, 400, []string{"photo.jpg: the name says JPEG but the file is an AVIF image."}},
			{"AVIF bomb", []filePart{{name: "bomb.avif", data: mediatest.AVIFHeader(30000, 30000, "avif")}}, 400, []string{"bomb.avif: the image is 30000 × 30000 pixels, too large"}},
			{"animated AVIF", []filePart{{name: "anim.avif", data: mediatest.AVIFHeader(64, 48, "avis")}}, 400, []string{"anim.avif: animated AVIF images"}},
			{"too large", []filePart{{name: "good.jpg", data: good}, {name: "big.png", data: big}}, 413, []string{"big.png: the file is larger than 200 KB"}},
			{"unknown part", []filePart{{field: "image", name: "good.jpg", data: good}}, 400, []string{`Unknown part "image"`}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res, body := a.upload(root, tc.parts...)
				if res.StatusCode != tc.status {
					t.Fatalf("%d %s, want %d", res.StatusCode, body, tc.status)
				}
				var e errorBody
				json.Unmarshal([]byte(body), &e)
				for _, w := range tc.want {
					if !strings.Contains(e.Message, w) {
						t.Errorf("message %q lacks %q", e.Message, w)
					}
				}
				if n := a.mediaTotal(root); n != 0 {
					t.Errorf("%d items stored after a refused upload", n)
				}
			})
		}
		// The good file sent beside the refused ones left no variant
		// behind: processing is deterministic, so its variants'
		// addresses are known.
		info, err := media.Inspect("good.jpg", "", good, media.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := media.NewProcessor(0).Process(context.Background(), info, good)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			if res, _ := a.get("GET", mediaURL(v.Hash, v.Format), nil); res.StatusCode != 404 {
				t.Errorf("a variant of a refused upload is served: %d", res.StatusCode)
			}
		}
		res, body := a.upload(root, filePart{name: "good.jpg", data: good})
		if res.StatusCode != 201 {
			t.Fatalf("good file alone: %d %s", res.StatusCode, body)
		}
		if got := mediaItems(t, body)[0].Variants; len(got) != len(vs) || got[0].URL != mediaURL(vs[0].Hash, vs[0].Format) {
			t.Errorf("variants of the good file = %+v, processing alone made %d", got, len(vs))
		}
		res, body = a.do("POST", "/api/admin/media", root, `{"file":"x"}`, nil)
		if res.StatusCode != 415 || !strings.Contains(body, "multipart/form-data") {
			t.Errorf("JSON body: %d %s", res.StatusCode, body)
		}
		res, body = a.upload(root)
		if res.StatusCode != 400 || !strings.Contains(body, "at least one file") {
			t.Errorf("no file: %d %s", res.StatusCode, body)
		}
	})
}

// TestMediaEdit: alt text, decorative, caption, credit and focal point are
// edited with versions and conflicts like every resource; the file's facts
// cannot be; text is checked.
func TestMediaEdit(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root, reader := a.signedIn("root", site.RoleAdmin), a.signedIn("reader", site.RoleSales)
		res, body := a.upload(root, filePart{name: "team.jpg", data: mediatest.JPEG(t, mediatest.Photo(800, 600))})
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, body)
		}
		it := mediaItems(t, body)[0]
		path := fmt.Sprintf("/api/admin/media/%d", it.ID)

		// Sent back as read, with alt text: usable; the facts stay.
		it.AltText = "  The team at the whiteboard  "
		it.Caption, it.Credit, it.FocalX, it.FocalY = "Kick-off", "Photo: Maria", 0.3, 0.7
		it.Width, it.Hash = 1, "forged"
		b, _ := json.Marshal(it)
		res, body = a.do("PUT", path, root, string(b), nil)
		if res.StatusCode != 200 {
			t.Fatalf("PUT: %d %s", res.StatusCode, body)
		}
		var out struct{ Data site.MediaItem }
		json.Unmarshal([]byte(body), &out)
		if out.Data.AltText != "The team at the whiteboard" || !out.Data.Usable || out.Data.Caption != "Kick-off" ||
			out.Data.FocalX != 0.3 || out.Data.FocalY != 0.7 || out.Data.Width != 800 || len(out.Data.Hash) != 64 || out.Data.Version != 2 {
			t.Errorf("edited = %+v", out.Data)
		}
		// Decorative without alt text is usable too.
		res, body = a.do("PUT", path, root, `{"name":"team.jpg","decorative":true}`, map[string]string{"If-Match": `"2"`})
		if res.StatusCode != 200 || !strings.Contains(body, `"usable":true`) || !strings.Contains(body, `"altText":""`) {
			t.Errorf("decorative: %d %s", res.StatusCode, body)
		}
		// A stale version is a conflict, with the item as it is.
		res, body = a.do("PUT", path, root, `{"name":"team.jpg","altText":"Late"}`, map[string]string{"If-Match": `"2"`})
		if res.StatusCode != 409 || !strings.Contains(body, `"current"`) || !strings.Contains(body, "changed by root") {
			t.Errorf("stale edit: %d %s", res.StatusCode, body)
		}
		for _, tc := range []struct{ body, field string }{
			{`{"name":"team.jpg","altText":"` + strings.Repeat("a", site.MaxAltText+1) + `"}`, "altText"},
			{`{"name":"team.jpg","caption":"` + strings.Repeat("c", site.MaxCaption+1) + `"}`, "caption"},
			{`{"name":"team.jpg","focalX":1.5}`, "focalX"},
			{`{"name":"team.jpg","focalY":-0.1}`, "focalY"},
			{`{"name":"team.jpg","credit":"Photo:\u0000Maria"}`, "credit"},
			{`{"name":"team.jpg","altText":"two\nlines"}`, "altText"},
			{`{"name":""}`, "name"},
		} {
			res, body := a.do("PUT", path, root, tc.body, nil)
			var e errorBody
			json.Unmarshal([]byte(body), &e)
			if res.StatusCode != 400 || e.Errors[tc.field] == "" {
				t.Errorf("PUT %.60s: %d %s, want 400 naming %s", tc.body, res.StatusCode, body, tc.field)
			}
		}
		if res, body := a.do("PUT", "/api/admin/media/987654", root, `{"name":"x"}`, nil); res.StatusCode != 404 {
			t.Errorf("PUT unknown: %d %s", res.StatusCode, body)
		}

		// Readers list; only administrators write.
		if res, body := a.do("GET", "/api/admin/media", reader, "", nil); res.StatusCode != 200 || !strings.Contains(body, `"total":1`) {
			t.Errorf("reader's list: %d %s", res.StatusCode, body)
		}
		if res, _ := a.upload(reader, filePart{name: "x.jpg", data: mediatest.JPEG(t, mediatest.Photo(50, 50))}); res.StatusCode != 403 {
			t.Errorf("reader's upload: %d", res.StatusCode)
		}
		if res, _ := a.upload("", filePart{name: "x.jpg", data: mediatest.JPEG(t, mediatest.Photo(50, 50))}); res.StatusCode != 401 {
			t.Errorf("anonymous upload: %d", res.StatusCode)
		}
		for _, m := range []string{"PUT", "DELETE"} {
			if res, _ := a.do(m, path, reader, `{"name":"x"}`, nil); res.StatusCode != 403 {
				t.Errorf("reader's %s: %d", m, res.StatusCode)
			}
			if res, _ := a.do(m, path, "", `{"name":"x"}`, nil); res.StatusCode != 401 {
				t.Errorf("anonymous %s: %d", m, res.StatusCode)
			}
		}
		if res, _ := a.do("GET", "/api/admin/media", "", "", nil); res.StatusCode != 401 {
			t.Errorf("anonymous list: %d", res.StatusCode)
		}
		// A browser's cross-origin upload is refused.
		if res, _ := a.do("POST", "/api/admin/media", root, "", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}); res.StatusCode != 403 {
			t.Errorf("cross-origin upload: %d", res.StatusCode)
		}

		// Delete, the recently deleted, restore; history throughout.
		if res, body := a.do("DELETE", path, root, "", nil); res.StatusCode != 200 {
			t.Fatalf("DELETE: %d %s", res.StatusCode, body)
		}
		res, body = a.do("GET", "/api/admin/media/deleted", root, "", nil)
		var deleted struct{ Data []site.Revision }
		json.Unmarshal([]byte(body), &deleted)
		if res.StatusCode != 200 || len(deleted.Data) != 1 || deleted.Data[0].RecordID != it.ID {
			t.Fatalf("deleted: %d %s", res.StatusCode, body)
		}
		res, body = a.do("POST", fmt.Sprintf("%s/revisions/%d/restore", path, deleted.Data[0].ID), root, "", nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"decorative":true`) {
			t.Errorf("restore: %d %s", res.StatusCode, body)
		}
		res, body = a.do("GET", path+"/revisions", reader, "", nil)
		if res.StatusCode != 200 || strings.Count(body, `"action":`) != 5 {
			t.Errorf("revisions: %d %s", res.StatusCode, body)
		}
		// The variants of a restored item are still served.
		if res, _ := a.get("GET", it.Variants[0].URL, nil); res.StatusCode != 200 {
			t.Errorf("variant after restore: %d", res.StatusCode)
		}
	})
}

// TestMediaList: pages of the library, newest first, searched by name and
// alt text.
func TestMediaList(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.signedIn("root", site.RoleAdmin)
		var ids []int64
		for i, name := range []string{"Beach.jpg", "office.jpg", "beach-2.jpg"} {
			res, body := a.upload(root, filePart{name: name, data: mediatest.JPEG(t, mediatest.Photo(100+i, 80))})
			if res.StatusCode != 201 {
				t.Fatalf("upload: %d %s", res.StatusCode, body)
			}
			ids = append(ids, mediaItems(t, body)[0].ID)
		}
		path := fmt.Sprintf("/api/admin/media/%d", ids[1])
		if res, body := a.do("PUT", path, root, `{"name":"office.jpg","altText":"A bright BEACH poster in the office"}`, nil); res.StatusCode != 200 {
			t.Fatalf("PUT: %d %s", res.StatusCode, body)
		}
		for _, tc := range []struct {
			query string
			total int
			ids   []int64
			page  int
			size  int
		}{
			{"", 3, []int64{ids[2], ids[1], ids[0]}, 1, 24},
			{"?pageSize=2", 3, []int64{ids[2], ids[1]}, 1, 2},
			{"?pageSize=2&page=2", 3, []int64{ids[0]}, 2, 2},
			{"?q=beach", 3, []int64{ids[2], ids[1], ids[0]}, 1, 24},
			{"?q=poster", 1, []int64{ids[1]}, 1, 24},
			{"?q=OFFICE", 1, []int64{ids[1]}, 1, 24},
			{"?q=beach-2", 1, []int64{ids[2]}, 1, 24},
			{"?usable=true", 1, []int64{ids[1]}, 1, 24},
			{"?q=nothing", 0, nil, 1, 24},
		} {
			res, body := a.do("GET", "/api/admin/media"+tc.query, root, "", nil)
			var page struct {
				Data     []*site.MediaItem
				Total    int
				Page     int
				PageSize int
			}
			json.Unmarshal([]byte(body), &page)
			var got []int64
			for _, it := range page.Data {
				got = append(got, it.ID)
			}
			if res.StatusCode != 200 || page.Total != tc.total || fmt.Sprint(got) != fmt.Sprint(tc.ids) || page.Page != tc.page || page.PageSize != tc.size {
				t.Errorf("%s: %d total %d page %d size %d ids %v; want total %d ids %v", tc.query, res.StatusCode, page.Total, page.Page, page.PageSize, got, tc.total, tc.ids)
			}
			if page.Data == nil {
				t.Errorf("%s: data is null, want []: %s", tc.query, body)
			}
		}
		for _, q := range []string{"?page=0", "?pageSize=101", "?usable=maybe", "?q=%00"} {
			if res, body := a.do("GET", "/api/admin/media"+q, root, "", nil); res.StatusCode != 400 {
				t.Errorf("%s: %d %s", q, res.StatusCode, body)
			}
		}
	})
}

// TestMediaTwoInstances: two servers on one PostgreSQL schema; a file
// uploaded to one is served by the other, which never saw the upload.
func TestMediaTwoInstances(t *testing.T) {
	dsn := pgtest.Schema(t)
	ctx := context.Background()
	open := func() site.Store {
		db, err := postgres.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	c := &clock{t: time.Now().UTC()}
	first, second := serveStore(t, open(), c), serveStore(t, open(), c)
	root := first.signedIn("root", site.RoleAdmin)
	res, body := first.upload(root, filePart{name: "shared.jpg", data: mediatest.JPEG(t, mediatest.Photo(700, 400))})
	if res.StatusCode != 201 {
		t.Fatalf("upload: %d %s", res.StatusCode, body)
	}
	it := mediaItems(t, body)[0]
	for _, v := range it.Variants {
		a, aBody := first.get("GET", v.URL, nil)
		b, bBody := second.get("GET", v.URL, nil)
		if b.StatusCode != 200 || !bytes.Equal(aBody, bBody) || b.Header.Get("ETag") != a.Header.Get("ETag") || b.Header.Get("Content-Type") != "image/"+v.Format {
			t.Errorf("%s from the second instance: %d, %d bytes (first: %d)", v.URL, b.StatusCode, len(bBody), len(aBody))
		}
	}
	// The second instance lists it and knows it as the same file.
	if n := second.mediaTotal(second.login("root")); n != 1 {
		t.Errorf("second instance lists %d items", n)
	}
}
