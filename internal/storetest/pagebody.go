package storetest

import (
	"context"
	"encoding/json"
	"testing"

	"meridian/internal/site"
)

// testPageBody stores a page's document and reads it back as it was, with
// its plain text beside it; the seeded articles, stored before documents,
// read as their paragraphs.
func testPageBody(t *testing.T, s site.Store) {
	ctx := context.Background()
	const body = `{"type":"doc","content":[` +
		`{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Ünïcödé “quotes”"}]},` +
		`{"type":"paragraph","content":[{"type":"text","text":"Read "},{"type":"text","marks":[{"type":"bold"},{"type":"link","attrs":{"href":"/blog"}}],"text":"this"},{"type":"hardBreak"},{"type":"text","text":"now"}]},` +
		`{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"one"}]}]}]},` +
		`{"type":"blockquote","content":[{"type":"paragraph","content":[{"type":"text","marks":[{"type":"italic"}],"text":"q"}]}]},` +
		`{"type":"image","attrs":{"mediaId":3,"alt":"A chart"}}]}`
	var doc site.Doc
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
	}
	in := &site.Page{Title: "Rich", Slug: "rich", Body: &doc, Status: site.PageDraft, IsActive: true}
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	created := createRec[site.Page](t, s, site.Pages, in)
	got := any(must(s.FindRecord(ctx, site.Pages, created.ID))(t)).(*site.Page)
	if got.Body == nil {
		t.Fatal("body read back as none")
	}
	if b, _ := json.Marshal(got.Body); string(b) != body {
		t.Errorf("body read back =\n%s\nwant\n%s", b, body)
	}
	if want := "Ünïcödé “quotes”\n\nRead this\nnow\n\n- one\n\nq"; got.Content != want {
		t.Errorf("content = %q, want %q", got.Content, want)
	}
	revs := must(s.FindRevisions(ctx, site.Pages, created.ID))(t)
	var rev struct{ Body site.Doc }
	if len(revs) != 1 || json.Unmarshal(revs[0].Data, &rev) != nil || len(rev.Body.MediaIDs()) != 1 {
		t.Errorf("revision data does not hold the body: %s", revs[0].Data)
	}

	// A page written without a body (as before documents) has none
	// stored, and reads as its content's paragraphs.
	articles := find[site.Page](t, s, site.Pages, site.ListFilter{Equal: map[string]string{"template": site.TemplateArticle}})
	if len(articles) != 6 {
		t.Fatalf("seeded articles = %d, want 6", len(articles))
	}
	for _, a := range articles {
		if a.Body != nil {
			t.Errorf("seeded article %s has a stored body", a.Slug)
		}
		d := a.Document()
		if len(d.Content) < 3 || site.ValidateDoc(d) != "" || d.Content[0].Type != site.NodeParagraph {
			t.Errorf("article %s reads as %d blocks: %s", a.Slug, len(d.Content), site.ValidateDoc(d))
		}
	}
}
