package site

import (
	"errors"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestSlugify(t *testing.T) {
	wantEach(t, "Slugify", Slugify, map[string]string{
		"About Our Team!":       "about-our-team",
		"  --AI & ML: 2025--  ": "ai-ml-2025",
		"Café Déjà":             "caf-d-j",
		"!!!":                   "",
	})
}

func TestValidEmail(t *testing.T) {
	wantEach(t, "ValidEmail", ValidEmail, map[string]bool{
		"ada@example.com":       true,
		"a.b+c@sub.example.org": true,
		"ada@localhost":         false,
		"Ada <ada@example.com>": false,
		"ada@example.com.":      false,
		"@example.com":          false,
		"ada example@x.com":     false,
		"":                      false,
	})
}

func TestValidateDefaults(t *testing.T) {
	st := &SiteSettings{LogoText: "  "}
	if err := st.Validate(); err != nil {
		t.Fatal(err)
	}
	if st.LogoText != DefaultCompanyName || st.LogoImageAlt != DefaultLogoImageAlt || st.PrimaryColor != DefaultPrimaryColor || st.SecondaryColor != DefaultSecondaryColor {
		t.Errorf("defaults = %+v", st)
	}
	tm := &Testimonial{Name: "N", Title: "T", Content: "C", Initials: "ÅBC"}
	if err := tm.Validate(); err != nil || tm.AvatarBg != "bg-blue-600" {
		t.Errorf("three-letter initials: %v, avatar %q", err, tm.AvatarBg)
	}
	fl := &FooterLink{Title: "T"}
	if err := fl.Validate(); err != nil || fl.Category != "Solutions" {
		t.Errorf("footer default category: %v, %q", err, fl.Category)
	}
	p := &Page{Title: "Hello World", Content: "x"}
	if err := p.Validate(); err != nil || p.Slug != "hello-world" || p.Status != PageDraft || p.Template != "default" {
		t.Errorf("page defaults: %v, %+v", err, p)
	}
}

func TestValidateLinks(t *testing.T) {
	for url, ok := range map[string]bool{
		"/about": true, "#contact": true, "https://x.example/a": true, "http://x.example": true,
		"javascript:alert(1)": false, "//evil.example": false, "data:text/html,x": false, "ftp://x.example": false,
		// Browsers read a backslash as a slash and drop tabs and line breaks.
		"/\\evil.example/": false, "\\/evil.example": false, "/a\\b": false, "https://x.example\\@evil.example/": false,
		"/\t/evil.example": false, "/\n/evil.example": false, "/\r/evil.example": false, "/a%5Cb": true,
	} {
		err := (&MenuItem{Title: "T", URL: url}).Validate()
		if (err == nil) != ok {
			t.Errorf("url %q: %v", url, err)
		}
	}
}

func TestValidateOrder(t *testing.T) {
	for order, ok := range map[int]bool{0: true, -5: true, 2147483647: true, -2147483648: true, 2147483648: false, -2147483649: false} {
		for name, err := range map[string]error{
			"menu":        (&MenuItem{Title: "T", URL: "/", Order: order}).Validate(),
			"footer":      (&FooterLink{Title: "T", Order: order}).Validate(),
			"testimonial": (&Testimonial{Name: "N", Title: "T", Content: "C", Initials: "I", Order: order}).Validate(),
		} {
			if (err == nil) != ok {
				t.Errorf("%s order %d: %v", name, order, err)
			}
		}
	}
}

func TestPageArticleFields(t *testing.T) {
	base := func() *Page {
		return &Page{Title: "T", Content: "x", Template: TemplateArticle, Author: " Rahul Mehta ", Category: "nlp",
			Tags: PageTags{" LLMs ", "llms", "", "Generative   AI"}}
	}
	p := base()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if p.Author != "Rahul Mehta" || p.Category != "NLP" || !slices.Equal(p.Tags, PageTags{"LLMs", "Generative AI"}) {
		t.Errorf("cleaned = %q %q %q", p.Author, p.Category, p.Tags)
	}
	for _, tc := range []struct {
		field  string
		change func(p *Page)
	}{
		{"template", func(p *Page) { p.Template = "landing" }},
		{"category", func(p *Page) { p.Category = "All" }},
		{"category", func(p *Page) { p.Category = "Robotics" }},
		{"author", func(p *Page) { p.Author = strings.Repeat("a", MaxAuthor+1) }},
		{"tags", func(p *Page) { p.Tags = PageTags{strings.Repeat("t", MaxTag+1)} }},
		{"tags", func(p *Page) {
			p.Tags = nil
			for i := range MaxTags + 1 {
				p.Tags = append(p.Tags, "tag "+strconv.Itoa(i))
			}
		}},
	} {
		p := base()
		tc.change(p)
		var e *Error
		if err := p.Validate(); !errors.As(err, &e) || e.Fields[tc.field] == "" {
			t.Errorf("%s: err = %v, want a message for the field", tc.field, err)
		}
	}
	if p := (&Page{Title: "T", Content: "x"}); p.Validate() != nil || p.Template != TemplateDefault || p.Tags == nil {
		t.Errorf("a page without template = %+v", p)
	}
}

func TestBlogQuery(t *testing.T) {
	for raw, want := range map[string]string{
		"": "/blog", "page=1": "/blog", "category=all": "/blog", "category=nlp": "/blog?category=nlp",
		"category=nlp&page=2": "/blog?category=nlp&page=2", "page=3&utm_source=x": "/blog?page=3",
		"category=NLP": "", "category=bogus": "", "page=0": "", "page=01": "", "page=x": "", "page=1&page=2": "", "page=99999999999999999999": "",
	} {
		v, _ := url.ParseQuery(raw)
		q, ok := ParseBlogQuery(v)
		if got := q.Path(); ok != (want != "") || ok && got != want {
			t.Errorf("%q: %q %v, want %q", raw, got, ok, want)
		}
	}
	if n := ReadingMinutes(strings.Repeat("word ", 401)); n != 3 {
		t.Errorf("401 words: %d min", n)
	}
	if n := ReadingMinutes(""); n != 1 {
		t.Errorf("no words: %d min", n)
	}
}

// TestLeadFormRules: Lead.Validate refuses what LeadForm (the rules the
// browser checks too) says, with its messages, field by field.
func TestLeadFormRules(t *testing.T) {
	valid := func() *Lead {
		return &Lead{LeadFields: LeadFields{FirstName: "Ada", LastName: "Lovelace", Email: "ada@engines.com", Company: "Analytical Engines", JobTitle: "cto", AISolutionInterest: "nlp"}}
	}
	if err := valid().Validate(); err != nil {
		t.Fatalf("valid lead: %v", err)
	}
	rules := reflect.ValueOf(LeadForm)
	for i := range rules.NumField() {
		name := rules.Type().Field(i).Tag.Get("json")
		r := rules.Field(i).Interface().(FieldRule)
		t.Run(name, func(t *testing.T) {
			check := func(what, value, want string) {
				t.Helper()
				l := valid()
				*map[string]*string{"firstName": &l.FirstName, "lastName": &l.LastName, "email": &l.Email, "company": &l.Company,
					"jobTitle": &l.JobTitle, "aiSolutionInterest": &l.AISolutionInterest, "projectDetails": &l.ProjectDetails}[name] = value
				var got string
				if e := (*Error)(nil); errors.As(l.Validate(), &e) {
					got = e.Fields[name]
				}
				if got != want {
					t.Errorf("%s: got %q, want %q", what, got, want)
				}
			}
			// A value of n characters the field takes but for its length.
			ofLength := func(n int) string {
				if name == "email" {
					return strings.Repeat("a", n-len("@x.com")) + "@x.com"
				}
				return strings.Repeat("a", n)
			}
			check("empty", "", r.Required) // "" for an optional field: no message
			if r.Max > 0 {
				check("longest", ofLength(r.Max), "")
				check("too long", ofLength(r.Max+1), r.TooLong)
			}
			if r.Invalid != "" {
				check("invalid", "not-one-of-them", r.Invalid)
			}
		})
	}
	// The messages people read, as the server has always answered them.
	for _, c := range []struct{ got, want string }{
		{LeadForm.FirstName.Required, "First name is required"},
		{LeadForm.Email.Invalid, "Enter a valid email address"},
		{LeadForm.JobTitle.Invalid, "Choose a job title from the list"},
		{LeadForm.AISolutionInterest.Invalid, "Choose an AI solution from the list"},
		{LeadForm.ProjectDetails.TooLong, "Project details must be at most 5000 characters."},
	} {
		if c.got != c.want {
			t.Errorf("message %q, want %q", c.got, c.want)
		}
	}
}
