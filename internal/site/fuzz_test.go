package site

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzLeadValidate(f *testing.F) {
	f.Add("Ada", "Lovelace", "ada@example.com", "Analytical", "cto", "nlp", "details")
	f.Add(" ", "", "a@b", "", "king", "x", "")
	f.Add("A", "B", "\"a b\"@example.com", "C", "", "", strings.Repeat("z", 5001))
	f.Fuzz(func(t *testing.T, first, last, email, company, job, interest, details string) {
		l := &Lead{LeadFields: LeadFields{FirstName: first, LastName: last, Email: email, Company: company, JobTitle: job, AISolutionInterest: interest, ProjectDetails: details}}
		err := l.Validate()
		if err != nil {
			var fields map[string]string
			if e, ok := err.(*Error); ok {
				fields = e.Fields
			}
			if ErrorCode(err) != EINVALID || len(fields) == 0 || ErrorMessage(err) == "" {
				t.Fatalf("invalid lead gave %v", err)
			}
			return
		}
		if l.FirstName == "" || l.LastName == "" || l.Company == "" || !ValidEmail(l.Email) {
			t.Fatalf("accepted a lead without a required field: %+v", l)
		}
		if utf8.RuneCountInString(l.FirstName) > 100 || utf8.RuneCountInString(l.ProjectDetails) > MaxLongText {
			t.Fatalf("accepted an over-long lead: %+v", l)
		}
		if l.FirstName != strings.TrimSpace(l.FirstName) {
			t.Fatalf("not trimmed: %q", l.FirstName)
		}
	})
}

func FuzzSlugify(f *testing.F) {
	for _, s := range []string{"About Our Team!", "--a--b--", "Ünïcödé 2024", "", "   "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, title string) {
		s := Slugify(title)
		if s != "" && !slugValid.MatchString(s) {
			t.Fatalf("Slugify(%q) = %q, not a valid slug", title, s)
		}
		if Slugify(s) != s {
			t.Fatalf("Slugify is not stable on %q", s)
		}
	})
}

func FuzzPageValidate(f *testing.F) {
	f.Add("About", "", "Hello", "draft", "https://x.example/a.png")
	f.Add("", "Bad Slug", "", "archived", "javascript:alert(1)")
	f.Fuzz(func(t *testing.T, title, slug, content, status, image string) {
		p := &Page{Title: title, Slug: slug, Content: content, Status: status, FeaturedImage: image}
		if err := p.Validate(); err != nil {
			if ErrorCode(err) != EINVALID {
				t.Fatalf("error code %q", ErrorCode(err))
			}
			return
		}
		if p.Title == "" || !slugValid.MatchString(p.Slug) || (p.Status != PageDraft && p.Status != PagePublished) {
			t.Fatalf("accepted %+v", p)
		}
		if p.FeaturedImage != "" && !strings.HasPrefix(p.FeaturedImage, "/") && !strings.HasPrefix(p.FeaturedImage, "#") &&
			!strings.HasPrefix(strings.ToLower(p.FeaturedImage), "http") {
			t.Fatalf("accepted image address %q", p.FeaturedImage)
		}
	})
}

func FuzzCheckPassword(f *testing.F) {
	f.Add("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g", "pw")
	f.Add("$argon2id$v=19$m=0,t=0,p=0$$", "")
	f.Add("plain", "plain")
	f.Fuzz(func(t *testing.T, hash, pw string) {
		if hash == pw && CheckPassword(hash, pw) {
			t.Fatal("a plain-text password matched itself")
		}
		CheckPassword(hash, pw)
	})
}

func FuzzCheckText(f *testing.F) {
	f.Add("Ada", "Line one\nLine two", "https://x.example/", "a@b.co")
	f.Add("A\x00", "x\x01", "\xff", "a\r\nBcc: x")
	f.Add("Ada\u2028", "a\u2029b", "a\tb", "\u0085")
	f.Fuzz(func(t *testing.T, line, multi, strip, elem string) {
		in := struct {
			Line  string   `json:"line"`
			Multi string   `json:"multi" text:"multiline"`
			Strip string   `json:"strip" text:"strip"`
			Elems []string `json:"elems"`
		}{line, multi, strip, []string{elem}}
		err := CheckText(&in)
		if !utf8.ValidString(in.Strip) || strings.ContainsFunc(in.Strip, forbidden(false)) {
			t.Fatalf("strip field left as %q", in.Strip)
		}
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Code != EINVALID || len(e.Fields) == 0 || e.Message == "" {
				t.Fatalf("refusal %v is not a field error", err)
			}
			for field := range err.(*Error).Fields {
				if field != "line" && field != "multi" && field != "elems" {
					t.Fatalf("refusal names %q", field)
				}
			}
			return
		}
		for _, s := range []string{in.Line, in.Elems[0]} {
			if !utf8.ValidString(s) || strings.ContainsFunc(s, forbidden(false)) {
				t.Fatalf("accepted one-line text %q", s)
			}
		}
		if !utf8.ValidString(in.Multi) || strings.ContainsFunc(in.Multi, forbidden(true)) {
			t.Fatalf("accepted multi-line text %q", in.Multi)
		}
	})
}

// forbidden reports the characters a field must not hold: control
// characters and line separators, but for line breaks and tabs in a
// multi-line field.
func forbidden(multiline bool) func(rune) bool {
	return func(r rune) bool {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			return false
		}
		return r < 0x20 || r >= 0x7f && r <= 0x9f || r == '\u2028' || r == '\u2029'
	}
}
