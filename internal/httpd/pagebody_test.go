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
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			a.user("root", site.RoleAdmin)
			root := a.login("root")
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
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
