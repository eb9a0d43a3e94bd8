package site

import (
	"strings"
	"testing"
)

func validStudy() *CaseStudy {
	return &CaseStudy{Title: "Shelf vision", Client: "A grocer", Industry: "Retail", Summary: "Cameras count the shelves.",
		Challenge: "Counts were wrong.", Approach: "Vision models count stock.", Results: "30% fewer stock-outs", IsActive: true}
}

func TestCaseStudyValidate(t *testing.T) {
	s := validStudy()
	s.Team = "  Lead: ran it \n\n Engineer: built it "
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.Slug != "shelf-vision" || s.Team != "Lead: ran it\nEngineer: built it" || s.Path() != "/case-studies/shelf-vision" {
		t.Errorf("after Validate: %+v", s)
	}
	for _, tc := range []struct {
		name  string
		edit  func(*CaseStudy)
		field string
		msg   string
	}{
		{"no title", func(s *CaseStudy) { s.Title, s.Slug = "", "" }, "title", "Title is required"},
		{"bad slug", func(s *CaseStudy) { s.Slug = "Shelf Vision" }, "slug", "Slug may contain only lower-case letters, digits and single hyphens."},
		{"no client", func(s *CaseStudy) { s.Client = " " }, "client", "Client is required: name the client, or describe it if it stays anonymous (A regional bank)."},
		{"no results", func(s *CaseStudy) { s.Results = "\n \n" }, "results", "Give at least one result, one a line, each led by its figure (45% less downtime)."},
		{"too many results", func(s *CaseStudy) { s.Results = strings.Repeat("1% more\n", 7) }, "results", "At most 6 results, one a line, please: this has 7."},
		{"long result", func(s *CaseStudy) { s.Results = "ok\n" + strings.Repeat("x", MaxStudyLine+1) }, "results", "The second result is too long: keep each to 160 characters."},
		{"too many technologies", func(s *CaseStudy) { s.Technologies = strings.Repeat("Go, ", 13) }, "technologies", "At most 12 technologies, please: this has 13."},
		{"quote without author", func(s *CaseStudy) { s.Quote = "Great." }, "quoteAuthor", "Say who said the quote (a name, or a role if the client stays anonymous)."},
		{"long ROI", func(s *CaseStudy) { s.ROI = strings.Repeat("9", MaxStudyROI+1) }, "roi", "ROI must be at most 20 characters."},
		{"picture not from the library", func(s *CaseStudy) { s.Image = "https://example.com/x.png" }, "image", "Choose the picture from the media library."},
	} {
		s := validStudy()
		tc.edit(s)
		var got string
		if se, ok := s.Validate().(*Error); ok {
			got = se.Fields[tc.field]
		}
		if got != tc.msg {
			t.Errorf("%s: %s = %q", tc.name, tc.field, got)
		}
	}
}

func TestShownStudies(t *testing.T) {
	a, b, c := validStudy(), validStudy(), validStudy()
	a.Slug, b.Slug, b.IsActive, b.Version = "a", "b", false, 2
	// Hidden at its first version: never shown, so not withdrawn either.
	c.Slug, c.IsActive, c.Version = "c", false, 1
	shown, withdrawn := ShownStudies([]*CaseStudy{a, b, c})
	if len(shown) != 1 || shown[0] != a || len(withdrawn) != 1 || withdrawn["/case-studies/b"] != b {
		t.Errorf("shown %v, withdrawn %v", shown, withdrawn)
	}
}
