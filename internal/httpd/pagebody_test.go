package httpd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"meridian/internal/media/mediatest"
	"meridian/internal/site"
)

// TestPageBody: a page's body is a document the server checks; a bad one
// answers 400 naming the body and its problem and changes nothing, and
// content sent alone (as the SPEC's scripts do) becomes its paragraphs.
func TestPageBody(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.signedIn("root", site.RoleAdmin)
		res, body := a.do("POST", "/api/admin/pages", root, `{"title":"Guide","slug":"guide","content":"First\n\nSecond\nline"}`, nil)
		if res.StatusCode != 201 {
			t.Fatalf("create with content: %d %s", res.StatusCode, body)
		}
		var created struct{ Data site.Page }
		if err := json.Unmarshal([]byte(body), &created); err != nil {
			t.Fatal(err)
		}
		p := created.Data
		if p.Body == nil || len(p.Body.Content) != 2 || p.Body.Content[1].Content[1].Type != site.NodeHardBreak {
			t.Fatalf("body of content = %+v, want two paragraphs, the second with a line break", p.Body)
		}
		version := a.srv.Version.Current()

		para := `{"type":"paragraph","content":[{"type":"text","text":"ok"}]}`
		for _, tc := range []struct{ name, body, want string }{
			{"HeadingLevel", `{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"A"}]}]}`, "level must be 2 or 3"},
			{"Script", `{"type":"doc","content":[{"type":"script","text":"alert(1)"}]}`, `"script"`},
			{"RawHTML", `{"type":"doc","content":[{"type":"paragraph","attrs":{"html":"<img onerror=x>"}}]}`, `unknown field \"html\"`},
			{"JavascriptLink", `{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":"javascript:alert(1)"}}]}]}]}`, "http, https or mailto"},
			{"NotAnObject", `"<p>hi</p>"`, "must be a document"},
			{"MissingImage", `{"type":"doc","content":[` + para + `,{"type":"image","attrs":{"mediaId":999}}]}`, "not in the media library"},
		} {
			t.Run("Err"+tc.name, func(t *testing.T) {
				put := fmt.Sprintf(`{"title":"Guide changed","slug":"guide","content":"Changed","body":%s}`, tc.body)
				res, body := a.do("PUT", fmt.Sprintf("/api/admin/pages/%d", p.ID), root, put, nil)
				var e struct{ Errors map[string]string }
				_ = json.Unmarshal([]byte(body), &e)
				if res.StatusCode != 400 || !strings.Contains(e.Errors["body"], strings.ReplaceAll(tc.want, `\"`, `"`)) {
					t.Fatalf("PUT: %d %s, want 400 with errors.body holding %q", res.StatusCode, body, tc.want)
				}
				got := any(must(a.store.FindRecord(t.Context(), site.Pages, p.ID))).(*site.Page)
				if got.Title != "Guide" || got.Version != p.Version || got.Content != p.Content {
					t.Fatalf("a refused write changed the page: %+v", got)
				}
			})
		}
		if a.srv.Version.Current() != version {
			t.Error("a refused write moved the content version on")
		}

		// A good document with an image of the library is stored, and
		// content becomes its plain text.
		res, up := a.upload(root, filePart{name: "chart.png", data: mediatest.PNG(t, mediatest.Photo(400, 300))})
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, up)
		}
		item := mediaItems(t, up)[0]
		a.do("PUT", fmt.Sprintf("/api/admin/media/%d", item.ID), root, fmt.Sprintf(`{"name":"chart","altText":"A chart","version":%d}`, item.Version), nil)
		doc := fmt.Sprintf(`{"type":"doc","content":[{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Plan"}]},%s,{"type":"image","attrs":{"mediaId":%d,"alt":"A chart"}}]}`, para, item.ID)
		res, body = a.do("PUT", fmt.Sprintf("/api/admin/pages/%d", p.ID), root, fmt.Sprintf(`{"title":"Guide","slug":"guide","content":"stale","body":%s}`, doc), nil)
		if res.StatusCode != 200 {
			t.Fatalf("PUT good body: %d %s", res.StatusCode, body)
		}
		got := any(must(a.store.FindRecord(t.Context(), site.Pages, p.ID))).(*site.Page)
		if got.Content != "Plan\n\nok" || got.Body == nil || len(got.Body.MediaIDs()) != 1 {
			t.Fatalf("stored = %q %+v", got.Content, got.Body)
		}
		// The library says where the image is used.
		res, body = a.do("GET", fmt.Sprintf("/api/admin/media/%d", item.ID), root, "", nil)
		if res.StatusCode != 200 || !strings.Contains(body, `Image in the text of “Guide”`) {
			t.Errorf("media item: %d %s, want its use in the page's text", res.StatusCode, body)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestMediaInContent: a text may name an image of the library
// (media:{id}) only once the image has alt text or is decorative; the
// page data then carries the image, and the library says where it is used.
func TestMediaInContent(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.signedIn("root", site.RoleAdmin)
		res, body := a.upload(root, filePart{name: "amelia.jpg", data: mediatest.JPEG(t, mediatest.Photo(700, 500))})
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, body)
		}
		item := mediaItems(t, body)[0]
		ref := fmt.Sprintf("media:%d", item.ID)
		save := func(value string) (int, string) {
			b, _ := json.Marshal(map[string]string{"section": "about.leaders", "key": "items.amelia-hart.photo", "value": value})
			res, body := a.do("POST", "/api/admin/content", root, string(b), nil)
			return res.StatusCode, body
		}
		texts := func() int {
			list, err := site.Find[site.ContentItem](t.Context(), a.store, site.Content, site.ListFilter{})
			if err != nil {
				t.Fatal(err)
			}
			return len(list)
		}

		for _, tc := range []struct{ value, message string }{
			{ref, "Give the image alt text, or mark it decorative, before it is used."},
			{fmt.Sprintf("media:%d", item.ID+1000), "That image is not in the media library any more: choose another."},
		} {
			status, body := save(tc.value)
			if status != 400 || !strings.Contains(body, tc.message) {
				t.Errorf("save %s: %d %s, want 400 with %q", tc.value, status, body, tc.message)
			}
		}
		if n := texts(); n != 0 {
			t.Fatalf("a refused save stored %d texts", n)
		}

		put := fmt.Sprintf(`{"name":"amelia.jpg","altText":"Amelia Hart in the Berlin office","version":%d}`, item.Version)
		if res, body := a.do("PUT", fmt.Sprintf("/api/admin/media/%d", item.ID), root, put, nil); res.StatusCode != 200 {
			t.Fatalf("PUT: %d %s", res.StatusCode, body)
		}
		before := a.srv.Version.Current()
		if status, body := save(ref); status != 200 {
			t.Fatalf("save: %d %s", status, body)
		}
		if a.srv.Version.Current() == before {
			t.Error("naming an image did not move the content version on")
		}

		data, err := site.LoadPageData(t.Context(), a.store)
		if err != nil {
			t.Fatal(err)
		}
		got := data.Media[fmt.Sprint(item.ID)]
		if got == nil || got.Alt != "Amelia Hart in the Berlin office" || got.Width != 700 || got.Height != 500 || len(got.Variants) != len(item.Variants) {
			t.Fatalf("page data media = %+v, want the item with its alt text, size and %d variants", got, len(item.Variants))
		}
		if len(data.Media) != 1 {
			t.Errorf("page data carries %d images, want only the one named", len(data.Media))
		}

		res, body = a.do("GET", "/api/admin/media", root, "", nil)
		var list struct{ Data []*site.MediaItem }
		if err := json.Unmarshal([]byte(body), &list); err != nil || res.StatusCode != 200 || len(list.Data) != 1 {
			t.Fatalf("list: %d %s", res.StatusCode, body)
		}
		uses := list.Data[0].UsedIn
		if len(uses) != 1 || uses[0].Kind != site.UseContent || uses[0].Section != "about.leaders" || uses[0].Key != "items.amelia-hart.photo" {
			t.Errorf("usedIn = %+v, want the leader's photo", uses)
		}

		// A page's featured image: only a usable image of the library.
		page := func(ref string) (int, string) {
			res, body := a.do("POST", "/api/admin/pages", root, fmt.Sprintf(`{"title":"Our approach","slug":"our-approach","content":"How we work.","status":"published","featuredImage":%q}`, ref), nil)
			return res.StatusCode, body
		}
		if status, body := page(fmt.Sprintf("media:%d", item.ID+1000)); status != 400 || !strings.Contains(body, "not in the media library") {
			t.Errorf("page naming no image: %d %s", status, body)
		}
		if status, body := page(ref); status != 201 {
			t.Fatalf("page with a cover: %d %s", status, body)
		}
		_, body = a.do("GET", "/api/admin/media", root, "", nil)
		if err := json.Unmarshal([]byte(body), &list); err != nil || len(list.Data) != 1 || len(list.Data[0].UsedIn) != 2 {
			t.Fatalf("usedIn after the page: %s", body)
		}
		if u := list.Data[0].UsedIn[1]; u.Kind != site.UsePage || u.Path != "/our-approach" || !strings.Contains(u.Label, "Our approach") {
			t.Errorf("page use = %+v", u)
		}

		// One item alone, with its uses.
		res, body = a.do("GET", fmt.Sprintf("/api/admin/media/%d", item.ID), root, "", nil)
		var one struct{ Data *site.MediaItem }
		if err := json.Unmarshal([]byte(body), &one); err != nil || res.StatusCode != 200 || one.Data == nil || len(one.Data.UsedIn) != 2 {
			t.Errorf("GET one: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("GET", "/api/admin/media/99999", root, "", nil); res.StatusCode != 404 {
			t.Errorf("GET a missing item: %d %s", res.StatusCode, body)
		}

		// A testimonial's photo: an image of the library, or none.
		testimonial := func(photo string) (int, string) {
			res, body := a.do("POST", "/api/admin/testimonials", root, fmt.Sprintf(`{"name":"Amelia Hart","title":"CEO","content":"Good.","initials":"AH","photo":%q}`, photo), nil)
			return res.StatusCode, body
		}
		if status, body := testimonial("https://example.com/amelia.jpg"); status != 400 || !strings.Contains(body, "Choose the photo from the media library.") {
			t.Errorf("testimonial with an address for a photo: %d %s", status, body)
		}
		if status, body := testimonial(ref); status != 201 {
			t.Fatalf("testimonial with a photo: %d %s", status, body)
		}
		if data, err = site.LoadPageData(t.Context(), a.store); err != nil {
			t.Fatal(err)
		}
		if len(data.Testimonials) != 1 || data.Testimonials[0].Photo != ref || data.Media[fmt.Sprint(item.ID)] == nil {
			t.Errorf("page data: testimonials %+v, media %v", data.Testimonials, data.Media)
		}
		_, body = a.do("GET", fmt.Sprintf("/api/admin/media/%d", item.ID), root, "", nil)
		if err := json.Unmarshal([]byte(body), &one); err != nil || len(one.Data.UsedIn) != 3 {
			t.Fatalf("usedIn after the testimonial: %s", body)
		}
		if u := one.Data.UsedIn[2]; u.Kind != site.UseTestimonial || u.Path != "/#testimonials" || !strings.Contains(u.Label, "Amelia Hart") {
			t.Errorf("testimonial use = %+v", u)
		}

		// Marked decorative, its alt text reaches no page.
		put = fmt.Sprintf(`{"name":"amelia.jpg","altText":"Amelia Hart in the Berlin office","decorative":true,"version":%d}`, item.Version+1)
		if res, body := a.do("PUT", fmt.Sprintf("/api/admin/media/%d", item.ID), root, put, nil); res.StatusCode != 200 {
			t.Fatalf("PUT decorative: %d %s", res.StatusCode, body)
		}
		if data, err = site.LoadPageData(t.Context(), a.store); err != nil {
			t.Fatal(err)
		}
		if got := data.Media[fmt.Sprint(item.ID)]; got == nil || got.Alt != "" {
			t.Errorf("decorative image in the page data = %+v, want empty alt", got)
		}

		// Deleted, it leaves the pages; the text that named it stays, and
		// the page shows its built-in picture.
		if res, body := a.do("DELETE", fmt.Sprintf("/api/admin/media/%d", item.ID), root, "", nil); res.StatusCode != 200 && res.StatusCode != 204 {
			t.Fatalf("DELETE: %d %s", res.StatusCode, body)
		}
		if data, err = site.LoadPageData(t.Context(), a.store); err != nil {
			t.Fatal(err)
		}
		if len(data.Media) != 0 || data.Content["about.leaders"]["items.amelia-hart.photo"] != ref {
			t.Errorf("after delete: media %v, text %q", data.Media, data.Content["about.leaders"]["items.amelia-hart.photo"])
		}
	})
}
