package site

import (
	"encoding/json"
	"strings"
	"testing"
)

func decodeDoc(t testing.TB, s string) *Doc {
	t.Helper()
	var d Doc
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// para is a paragraph of text nodes.
func para(texts ...string) string {
	var parts []string
	for _, t := range texts {
		parts = append(parts, `{"type":"text","text":`+strconvQuote(t)+`}`)
	}
	return `{"type":"paragraph","content":[` + strings.Join(parts, ",") + `]}`
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

func doc(blocks ...string) string {
	return `{"type":"doc","content":[` + strings.Join(blocks, ",") + `]}`
}

func nested(depth int) string {
	s := para("deep")
	for range depth {
		s = `{"type":"blockquote","content":[` + s + `]}`
	}
	return doc(s)
}

func TestValidateDoc(t *testing.T) {
	link := func(href string) string {
		return doc(`{"type":"paragraph","content":[{"type":"text","text":"go","marks":[{"type":"link","attrs":{"href":` + strconvQuote(href) + `}}]}]}`)
	}
	good := []struct{ name, doc string }{
		{"Paragraph", doc(para("Hello"))},
		{"EmptyParagraph", doc(`{"type":"paragraph"}`, para("x"))},
		{"Headings", doc(`{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"A"}]}`, `{"type":"heading","attrs":{"level":3},"content":[{"type":"text","text":"B"}]}`)},
		{"Marks", doc(`{"type":"paragraph","content":[{"type":"text","text":"b","marks":[{"type":"bold"},{"type":"italic"}]},{"type":"hardBreak"},{"type":"text","text":"c"}]}`)},
		{"Lists", doc(`{"type":"bulletList","content":[{"type":"listItem","content":[` + para("a") + `,{"type":"orderedList","attrs":{"start":3},"content":[{"type":"listItem","content":[` + para("b") + `]}]}]}]}`)},
		{"Quote", doc(`{"type":"blockquote","content":[` + para("q") + `]}`)},
		{"Image", doc(para("x"), `{"type":"image","attrs":{"mediaId":4,"alt":"A chart"}}`)},
		{"LinkHTTPS", link("https://example.com/a?b=c#d")},
		{"LinkHTTP", link("http://example.com")},
		{"LinkMailto", link("mailto:hello@example.com")},
		{"LinkSitePath", link("/blog/ai-pilots-to-production")},
		{"LinkRoot", link("/")},
		{"DepthAtLimit", nested(MaxDocDepth - 3)},
	}
	for _, c := range good {
		t.Run(c.name, func(t *testing.T) {
			if got := ValidateDoc(decodeDoc(t, c.doc)); got != "" {
				t.Fatalf("ValidateDoc refused a good document: %s", got)
			}
		})
	}
	many := make([]string, MaxDocNodes/2+1)
	for i := range many {
		many[i] = para("w")
	}
	bad := []struct{ name, doc, want string }{
		{"NotADoc", `{"type":"paragraph"}`, `type must be "doc"`},
		{"Empty", doc(), "at least one paragraph"},
		{"UnknownNode", doc(`{"type":"codeBlock","content":[{"type":"text","text":"x"}]}`), `"codeBlock"`},
		{"ScriptNode", doc(`{"type":"script"}`), `"script"`},
		{"UnknownField", `{"type":"doc","content":[{"type":"paragraph","html":"<b>x</b>"}]}`, `unknown field "html"`},
		{"UnknownAttr", doc(`{"type":"paragraph","attrs":{"class":"x"}}`), `unknown field "class"`},
		{"WrongKind", `{"type":"doc","content":"text"}`, "must be"},
		{"HeadingLevel1", doc(`{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"A"}]}`), "level must be 2 or 3"},
		{"HeadingLevel4", doc(`{"type":"heading","attrs":{"level":4}}`), "level must be 2 or 3"},
		{"HeadingNoLevel", doc(`{"type":"heading"}`), "level must be 2 or 3"},
		{"UnknownMark", doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"underline"}]}]}`), `"underline"`},
		{"MarkTwice", doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"bold"},{"type":"bold"}]}]}`), "twice"},
		{"LinkJavascript", link("javascript:alert(1)"), "http, https or mailto"},
		{"LinkData", link("data:text/html,<script>"), "http, https or mailto"},
		{"LinkProtocolRelative", link("//evil.example/x"), "http, https or mailto"},
		{"LinkBackslash", link(`/\evil.example`), "backslashes"},
		{"LinkFTP", link("ftp://example.com"), "http, https or mailto"},
		{"LinkNoHost", link("https:evil"), "http, https or mailto"},
		{"LinkEmpty", link(""), "needs an address"},
		{"LinkNoAttrs", doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link"}]}]}`), "needs an address"},
		{"TextInDoc", doc(`{"type":"text","text":"loose"}`), `"text"`},
		{"ParagraphInParagraph", doc(`{"type":"paragraph","content":[` + para("x") + `]}`), "only text and line breaks"},
		{"ListOfParagraphs", doc(`{"type":"bulletList","content":[` + para("x") + `]}`), "only list items"},
		{"EmptyList", doc(`{"type":"orderedList"}`), "at least one item"},
		{"ItemWithoutParagraph", doc(`{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"image","attrs":{"mediaId":1}}]}]}`), "start with a paragraph"},
		{"EmptyText", doc(`{"type":"paragraph","content":[{"type":"text","text":""}]}`), "must hold text"},
		{"ControlCharacter", doc(para("a\u0007b")), "body's text"},
		{"NewlineInText", doc(para("a\nb")), "body's text"},
		{"ImageWithoutMedia", doc(`{"type":"image","attrs":{"alt":"x"}}`), "mediaId"},
		{"ImageWithLevel", doc(`{"type":"image","attrs":{"mediaId":1,"level":2}}`), "only a media item"},
		{"ImageSrc", doc(`{"type":"image","attrs":{"mediaId":1,"src":"https://x"}}`), `unknown field "src"`},
		{"ParagraphWithText", doc(`{"type":"paragraph","text":"x"}`), "has neither"},
		{"BreakWithMarks", doc(`{"type":"paragraph","content":[{"type":"hardBreak","marks":[{"type":"bold"}]}]}`), "line break"},
		{"ListStartNegative", doc(`{"type":"orderedList","attrs":{"start":-1},"content":[{"type":"listItem","content":[` + para("x") + `]}]}`), "first number"},
		{"TooDeep", nested(MaxDocDepth), "levels deep"},
		{"TooManyNodes", doc(many...), "more than"},
		{"TooMuchText", doc(para(strings.Repeat("x", MaxDocText+1))), "at most"},
		{"NullNode", doc("null"), "empty node"},
	}
	for _, c := range bad {
		t.Run("Err"+c.name, func(t *testing.T) {
			got := ValidateDoc(decodeDoc(t, c.doc))
			if got == "" || !strings.Contains(got, c.want) {
				t.Fatalf("ValidateDoc = %q, want a problem with %q", got, c.want)
			}
		})
	}
}

func TestPageBody(t *testing.T) {
	t.Run("ContentAloneMakesParagraphs", func(t *testing.T) {
		p := &Page{Title: "T", Content: "One\ntwo\n\n  Three  \r\n\r\n<b>four</b>"}
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(p.Body)
		want := doc(`{"type":"paragraph","content":[{"type":"text","text":"One"},{"type":"hardBreak"},{"type":"text","text":"two"}]}`, para("Three"), para("<b>four</b>"))
		if string(b) != want {
			t.Fatalf("body = %s\nwant   %s", b, want)
		}
	})
	t.Run("BodyMakesContent", func(t *testing.T) {
		p := &Page{Title: "T", Content: "stale", Body: decodeDoc(t, doc(
			`{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Why"}]}`, para("Because ", "so."),
			`{"type":"orderedList","content":[{"type":"listItem","content":[`+para("first")+`]},{"type":"listItem","content":[`+para("second")+`]}]}`,
			`{"type":"image","attrs":{"mediaId":7}}`))}
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		if want := "Why\n\nBecause so.\n\n1. first\n\n2. second"; p.Content != want {
			t.Fatalf("content = %q, want %q", p.Content, want)
		}
		if got := p.Document().MediaIDs(); len(got) != 1 || got[0] != 7 {
			t.Fatalf("media ids = %v", got)
		}
	})
	t.Run("ErrBadBodyNamesBody", func(t *testing.T) {
		p := &Page{Title: "T", Body: decodeDoc(t, doc(`{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"A"}]}`))}
		err := p.Validate()
		if e, ok := err.(*Error); !ok || !strings.Contains(e.Fields["body"], "level must be 2 or 3") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrBodyWithoutText", func(t *testing.T) {
		p := &Page{Title: "T", Body: decodeDoc(t, doc(`{"type":"image","attrs":{"mediaId":1}}`))}
		if e, ok := p.Validate().(*Error); !ok || e.Fields["body"] == "" {
			t.Fatalf("a body without text was accepted")
		}
	})
	t.Run("OldRowReadsAsParagraphs", func(t *testing.T) {
		p := Page{Title: "T", Content: "A\n\nB"}
		b, _ := json.Marshal(p)
		var got struct{ Body Node }
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Body.Content) != 2 || got.Body.Content[1].Content[0].Text != "B" {
			t.Fatalf("body = %+v", got.Body)
		}
	})
	t.Run("ReadingTimeCountsTheDocument", func(t *testing.T) {
		words := strings.TrimSpace(strings.Repeat("word ", 401))
		p := &Page{Title: "T", Slug: "t", Template: TemplateArticle, Content: "short", Body: decodeDoc(t, doc(para(words)))}
		b := NewBlog([]*Page{p})
		if got := b.Article(p).ReadingMinutes; got != 3 {
			t.Fatalf("reading minutes = %d, want 3", got)
		}
		// As a write counts it and stores it (preparePage).
		preparePage(p, nil, &Write{})
		if p.ReadingMinutes != 3 {
			t.Fatalf("stored reading minutes = %d, want 3", p.ReadingMinutes)
		}
	})
}

func FuzzValidateDoc(f *testing.F) {
	f.Add(doc(para("Hello")))
	f.Add(doc(`{"type":"bulletList","content":[{"type":"listItem","content":[` + para("a") + `]}]}`))
	f.Add(doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":"/a"}}]}]}`))
	f.Add(`{"type":"doc","content":[{"type":"image","attrs":{"mediaId":1,"alt":"x"}}]}`)
	f.Add(`{"type":"doc"`)
	f.Fuzz(func(t *testing.T, s string) {
		var d Doc
		if err := json.Unmarshal([]byte(s), &d); err != nil {
			return
		}
		if ValidateDoc(&d) != "" {
			return
		}
		// A good document survives its column and stays good; its text
		// is one line per text node, and every link goes where it may.
		v, err := d.Value()
		if err != nil {
			t.Fatal(err)
		}
		var back Doc
		if err := back.Scan(v); err != nil {
			t.Fatal(err)
		}
		if p := ValidateDoc(&back); p != "" {
			t.Fatalf("a good document read back is bad: %s", p)
		}
		var walk func(nodes []*Node)
		walk = func(nodes []*Node) {
			for _, n := range nodes {
				for _, m := range n.Marks {
					if m.Type == MarkLink && CheckHref(m.Attrs.Href) != "" {
						t.Fatalf("accepted link %q", m.Attrs.Href)
					}
				}
				if strings.ContainsAny(n.Text, "\n\r\x00") {
					t.Fatalf("accepted text %q", n.Text)
				}
				walk(n.Content)
			}
		}
		walk(back.Content)
		_ = d.PlainText()
	})
}
