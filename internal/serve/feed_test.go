package serve

import (
	"encoding/json"
	"testing"

	"meridian/internal/site"
)

// TestDocHTML: the feed's HTML of a body is made from its nodes, with
// text and addresses escaped.
func TestDocHTML(t *testing.T) {
	var d site.Doc
	body := `{"type":"doc","content":[{"type":"heading","attrs":{"level":3},"content":[{"type":"text","text":"<b>A</b>"}]},` +
		`{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"bold"},{"type":"link","attrs":{"href":"/a?b=1&c=\"2\""}}]},{"type":"hardBreak"},{"type":"text","text":"y"}]}]}]},` +
		`{"type":"image","attrs":{"mediaId":1}}]}`
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		t.Fatal(err)
	}
	got := docHTML(&d)
	want := `<h3>&lt;b&gt;A&lt;/b&gt;</h3><ul><li><p><a href="/a?b=1&amp;c=&#34;2&#34;"><strong>x</strong></a><br>y</p></li></ul>`
	if got != want {
		t.Fatalf("docHTML = %s\nwant      %s", got, want)
	}
}
