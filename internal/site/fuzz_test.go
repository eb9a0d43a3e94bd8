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
		l := &Lead{FirstName: first, LastName: last, Email: email, Company: company, JobTitle: job, AISolutionInterest: interest, ProjectDetails: details}
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
