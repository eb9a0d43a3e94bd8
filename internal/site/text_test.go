package site

import (
	"encoding/json"
	"testing"
)

// textInput has a field of each kind and rule CheckText knows.
type textInput struct {
	hidden struct{ X string }
	Embedded
	FirstName string            `json:"firstName"`
	Details   string            `json:"projectDetails" text:"multiline"`
	Notes     *string           `json:"notes" text:"multiline"`
	Referrer  string            `json:"referrer" text:"strip"`
	Password  string            `json:"password" text:"any"`
	Emails    []string          `json:"notificationEmails"`
	Nested    *textNested       `json:"nested"`
	Labels    map[string]string `json:"labels"`
	Raw       json.RawMessage   `json:"raw"`
	Search    string            `json:"q" label:"Search text"`
	Ignored   string            `json:"-"`
	Order     int               `json:"order"`
}

type Embedded struct {
	Title string `json:"title"`
}

type textNested struct {
	WebhookURL string `json:"webhookUrl"`
}

func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	if err == nil {
		return nil
	}
	e, ok := err.(*Error)
	if !ok || e.Code != EINVALID {
		t.Fatalf("error %v is not an EINVALID *Error", err)
	}
	if e.Message == "" || e.Fields == nil {
		t.Fatalf("error without a message or fields: %+v", e)
	}
	return e.Fields
}

func TestCheckText(t *testing.T) {
	notes := func(s string) *string { return &s }
	for _, tc := range []struct {
		name  string
		in    textInput
		field string // "" when the input is accepted
		msg   string
	}{
		{"PlainTextAccepted", textInput{FirstName: "Zoë 😀", Details: "Line one\r\nLine two\twith a tab", Notes: notes("a\nb"),
			Password: "pa\x00ss\n", Emails: []string{"a@b.co"}, Nested: &textNested{"https://x.example"},
			Labels: map[string]string{"k": "v"}, Raw: json.RawMessage("\"\x00\""), Ignored: "\x00", hidden: struct{ X string }{"\x00"}}, "", ""},
		{"NULInOneLineField", textInput{FirstName: "A\x00"}, "firstName", "First name must not contain control characters."},
		{"NULInMultilineField", textInput{Details: "A\x00"}, "projectDetails", "Project details must not contain control characters."},
		{"LineFeedInOneLineField", textInput{FirstName: "Ada\nE-mail: x@evil.example"}, "firstName", "First name must be a single line."},
		{"CarriageReturnInOneLineField", textInput{FirstName: "Ada\rX"}, "firstName", "First name must be a single line."},
		{"TabInOneLineField", textInput{FirstName: "Ada\tX"}, "firstName", "First name must not contain control characters."},
		{"DeleteCharacter", textInput{FirstName: "Ada\x7f"}, "firstName", "First name must not contain control characters."},
		{"C1Control", textInput{FirstName: "Ada\u0085X"}, "firstName", "First name must not contain control characters."},
		{"LineSeparator", textInput{FirstName: "Ada\u2028X"}, "firstName", "First name must be a single line."},
		{"ParagraphSeparatorInMultiline", textInput{Details: "a\u2029b"}, "projectDetails",
			"Project details must not contain Unicode line or paragraph separators; use ordinary line breaks."},
		{"InvalidUTF8", textInput{FirstName: "Ad\xffa"}, "firstName", "First name must be valid UTF-8 text."},
		{"PointerField", textInput{Notes: notes("x\x01")}, "notes", "Notes must not contain control characters."},
		{"SliceElement", textInput{Emails: []string{"a@b.co", "c@d.co\r\nBcc: x@evil.example"}}, "notificationEmails",
			"Notification emails must be a single line."},
		{"NestedStruct", textInput{Nested: &textNested{"https://x.example/\x00"}}, "nested.webhookUrl",
			"Webhook URL must not contain control characters."},
		{"EmbeddedStruct", textInput{Embedded: Embedded{"Blog\n"}}, "title", "Title must be a single line."},
		{"MapValue", textInput{Labels: map[string]string{"menuTitle": "a\x00"}}, "labels.menuTitle",
			"Menu title must not contain control characters."},
		{"MapKey", textInput{Labels: map[string]string{"a\x00": "v"}}, "labels", "Labels must not contain control characters."},
		{"LabelTag", textInput{Search: "ad\x00a"}, "q", "Search text must not contain control characters."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fields := fieldsOf(t, CheckText(&tc.in))
			if tc.field == "" {
				if fields != nil {
					t.Fatalf("refused: %v", fields)
				}
				return
			}
			if len(fields) != 1 || fields[tc.field] != tc.msg {
				t.Errorf("fields = %q, want {%q: %q}", fields, tc.field, tc.msg)
			}
		})
	}

	t.Run("EveryFieldNamedFirstHeads", func(t *testing.T) {
		err := CheckText(&textInput{FirstName: "\x00", Details: "\x00", Emails: []string{"\x00"}})
		fields := fieldsOf(t, err)
		if len(fields) != 3 || ErrorMessage(err) != "First name must not contain control characters." {
			t.Errorf("message %q, fields %q", ErrorMessage(err), fields)
		}
	})

	t.Run("StripCleansInPlace", func(t *testing.T) {
		in := textInput{Referrer: "https://x.example/\x00a\nb\u2028c\xff"}
		if err := CheckText(&in); err != nil {
			t.Fatal(err)
		}
		if in.Referrer != "https://x.example/ a b c\uFFFD" {
			t.Errorf("referrer = %q", in.Referrer)
		}
	})

	t.Run("StripNotAddressableIsChecked", func(t *testing.T) {
		fields := fieldsOf(t, CheckText(textInput{Referrer: "a\x00"}))
		if fields["referrer"] == "" {
			t.Errorf("a value that cannot be cleaned was accepted: %q", fields)
		}
	})

	t.Run("QueryValues", func(t *testing.T) {
		fields := fieldsOf(t, CheckText(map[string][]string{"interest": {"nlp"}, "status": {"new\x00"}}))
		if len(fields) != 1 || fields["status"] != "Status must not contain control characters." {
			t.Errorf("fields = %q", fields)
		}
	})

	t.Run("UnknownTagPanics", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("a misspelt text tag was taken as one line")
			}
		}()
		CheckText(&struct {
			A string `text:"multline"`
		}{})
	})
}

// wantEach checks that fn, called name, gives each value of cases for its
// key.
func wantEach[In, Out comparable](t *testing.T, name string, fn func(In) Out, cases map[In]Out) {
	t.Helper()
	for in, want := range cases {
		if got := fn(in); got != want {
			t.Errorf("%s(%#v) = %#v, want %#v", name, in, got, want)
		}
	}
}

func TestTextLabel(t *testing.T) {
	wantEach(t, "textLabel", textLabel, map[string]string{
		"firstName": "First name", "webhookUrl": "Webhook URL", "aiSolutionInterest": "AI solution interest",
		"utmSource": "UTM source", "q": "Q", "logoImageUrl": "Logo image URL", "": "",
	})
}

// BenchmarkCheckTextEvent checks the strings of an analytics event, which
// every POST /api/events does.
func BenchmarkCheckTextEvent(b *testing.B) {
	e := &Event{Type: "pageview", Path: "/about-us", Referrer: "https://www.google.com/", Width: 1280}
	for range b.N {
		if err := CheckText(e); err != nil {
			b.Fatal(err)
		}
	}
}
