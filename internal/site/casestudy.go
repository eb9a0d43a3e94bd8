package site

import (
	"strings"
	"time"
	"unicode/utf8"
)

// CaseStudiesPath is the list of case studies; each has its page at
// CaseStudiesPath/{slug}.
const CaseStudiesPath = "/case-studies"

// The limits of a case study's fields, in characters (a list's in lines or
// items, each of at most the line's limit).
const (
	MaxStudySlug    = 100
	MaxStudyLabel   = 100 // industry, timeline, the quote's author
	MaxStudySummary = 300
	MaxStudyStory   = 2000 // the challenge, the approach
	MaxStudyROI     = 20
	MaxStudyQuote   = 600
	MaxStudyLines   = 6   // results
	MaxStudyTeam    = 8   // roles of the team
	MaxStudyLine    = 160 // one result, one role
	MaxStudyTechs   = 12
	MaxStudyTech    = 40
)

// CaseStudy is a client engagement told on /case-studies, on its own page
// and, as a card, on the home page and the service and solution pages.
// Results and Team hold one item a line; Technologies are separated by
// commas.
type CaseStudy struct {
	ID    int64  `json:"id" db:"id"`
	Title string `json:"title" db:"title"`
	Slug  string `json:"slug" db:"slug"`
	// Client names the client, or describes it where it stays anonymous
	// ("A global parts maker").
	Client   string `json:"client" db:"client"`
	Industry string `json:"industry" db:"industry"`
	// Summary is the card's sentence; Challenge and Approach the story.
	Summary   string `json:"summary" db:"summary" text:"multiline"`
	Challenge string `json:"challenge" db:"challenge" text:"multiline"`
	Approach  string `json:"approach" db:"approach" text:"multiline"`
	// Results are the outcomes, one a line, each best led by its figure
	// ("45% less unplanned downtime").
	Results      string `json:"results" db:"results" text:"multiline"`
	Technologies string `json:"technologies" db:"technologies"`
	Timeline     string `json:"timeline" db:"timeline"`
	ROI          string `json:"roi" db:"roi"`
	Quote        string `json:"quote" db:"quote" text:"multiline"`
	QuoteAuthor  string `json:"quoteAuthor" db:"quote_author"`
	QuoteRole    string `json:"quoteRole" db:"quote_role"`
	// Team are the roles of the team, one a line: "Role: what it did".
	Team string `json:"team" db:"team" text:"multiline"`
	// Image is the study's picture (cards and the page's opening), Picture
	// one more its page shows beside the story; each names an image of the
	// media library (media:{id}) or is empty.
	Image   string `json:"image" db:"image"`
	Picture string `json:"picture" db:"picture"`
	// Featured studies are the ones the home page shows.
	Featured  bool      `json:"featured" db:"featured"`
	IsActive  bool      `json:"isActive" db:"is_active"`
	Order     int       `json:"order" db:"order"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// CaseStudies are the case studies. Their writes move the content version
// on: the cards on /, /case-studies and the service pages, the studies'
// pages and the sitemap show them. An inactive study is withdrawn: off the
// lists and the sitemap, its address answers 410.
var CaseStudies = NewEntity(Entity{Name: "case-studies", Table: "case_studies", Noun: "Case study", Drafted: anyRecord,
	OrderBy: `"order", id`, ActiveColumn: "is_active", Public: true,
	Unique: map[string]string{"slug": "A case study with the slug %q already exists."},
	MediaRefs: func(rec Record) map[string]string {
		s := rec.(*CaseStudy)
		return map[string]string{"image": s.Image, "picture": s.Picture}
	}},
	func() *CaseStudy { return &CaseStudy{IsActive: true} })

// Path is the address of the study's page.
func (s *CaseStudy) Path() string { return CaseStudiesPath + "/" + s.Slug }

// Lines splits a text of one item a line (results, team) into its
// non-empty lines, trimmed.
func Lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// Items splits a list separated by commas (technologies) into its
// non-empty items, trimmed.
func Items(s string) []string {
	var out []string
	for _, it := range strings.Split(s, ",") {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// checkList checks a list field: how many items it has, and each item's
// length; label names the field's items in messages ("result").
func (v *fieldErrors) checkList(field string, items []string, most, longest int, label, plural string) {
	if len(items) > most {
		v.add(field, "At most "+itoa(most)+" "+plural+", please: this has "+itoa(len(items))+".")
		return
	}
	for i, it := range items {
		if utf8.RuneCountInString(it) > longest {
			v.add(field, "The "+ordinal(i+1)+" "+label+" is too long: keep each to "+itoa(longest)+" characters.")
			return
		}
	}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return itoa(n) + "th"
}

// Validate trims the study, makes its slug from the title when it has
// none, writes its lists in their plain form (one item a line, items
// separated by ", ") and checks it.
func (s *CaseStudy) Validate() error {
	trim(&s.Title, &s.Slug, &s.Client, &s.Industry, &s.Summary, &s.Challenge, &s.Approach, &s.Results, &s.Technologies,
		&s.Timeline, &s.ROI, &s.Quote, &s.QuoteAuthor, &s.QuoteRole, &s.Team, &s.Image, &s.Picture)
	if s.Slug == "" && s.Title != "" {
		s.Slug = Slugify(s.Title)
	}
	results, team, techs := Lines(s.Results), Lines(s.Team), Items(s.Technologies)
	s.Results, s.Team, s.Technologies = strings.Join(results, "\n"), strings.Join(team, "\n"), strings.Join(techs, ", ")
	var v fieldErrors
	v.titleAndSlug(s.Title, s.Slug, MaxStudySlug)
	v.required("client", s.Client, "Client is required: name the client, or describe it if it stays anonymous (A regional bank).")
	v.maxLen("client", s.Client, MaxShortText, "Client")
	v.required("industry", s.Industry, "Industry is required")
	v.maxLen("industry", s.Industry, MaxStudyLabel, "Industry")
	v.required("summary", s.Summary, "Summary is required: the sentence the study's card shows.")
	v.maxLen("summary", s.Summary, MaxStudySummary, "Summary")
	v.required("challenge", s.Challenge, "Challenge is required")
	v.maxLen("challenge", s.Challenge, MaxStudyStory, "Challenge")
	v.required("approach", s.Approach, "Approach is required")
	v.maxLen("approach", s.Approach, MaxStudyStory, "Approach")
	if len(results) == 0 {
		v.add("results", "Give at least one result, one a line, each led by its figure (45% less downtime).")
	}
	v.checkList("results", results, MaxStudyLines, MaxStudyLine, "result", "results, one a line")
	v.checkList("technologies", techs, MaxStudyTechs, MaxStudyTech, "technology", "technologies")
	v.maxLen("timeline", s.Timeline, MaxStudyLabel, "Timeline")
	v.maxLen("roi", s.ROI, MaxStudyROI, "ROI")
	v.maxLen("quote", s.Quote, MaxStudyQuote, "Quote")
	v.maxLen("quoteAuthor", s.QuoteAuthor, MaxStudyLabel, "The quote's author")
	v.maxLen("quoteRole", s.QuoteRole, MaxShortText, "The quote's role")
	if s.Quote != "" && s.QuoteAuthor == "" {
		v.add("quoteAuthor", "Say who said the quote (a name, or a role if the client stays anonymous).")
	}
	v.checkList("team", team, MaxStudyTeam, MaxStudyLine, "role", "roles, one a line")
	if _, ok := MediaRef(s.Image); s.Image != "" && !ok {
		v.add("image", "Choose the picture from the media library.")
	}
	if _, ok := MediaRef(s.Picture); s.Picture != "" && !ok {
		v.add("picture", "Choose the second picture from the media library.")
	}
	v.position("order", s.Order)
	return v.err()
}

// CaseStudyCard is what every page gets of a shown study: its card, on /,
// /case-studies and the service and solution pages.
type CaseStudyCard struct {
	Title        string `json:"title"`
	Slug         string `json:"slug"`
	Client       string `json:"client"`
	Industry     string `json:"industry"`
	Summary      string `json:"summary"`
	Results      string `json:"results"`
	Technologies string `json:"technologies"`
	Timeline     string `json:"timeline"`
	ROI          string `json:"roi"`
	// Image names the study's picture (media:{id}), which the page data's
	// media carry when it is usable; empty for none.
	Image    string `json:"image"`
	Featured bool   `json:"featured"`
}

// PublicCaseStudy is a study as its own page shows it: the card and the
// whole story.
type PublicCaseStudy struct {
	CaseStudyCard
	Challenge   string `json:"challenge"`
	Approach    string `json:"approach"`
	Quote       string `json:"quote"`
	QuoteAuthor string `json:"quoteAuthor"`
	QuoteRole   string `json:"quoteRole"`
	Team        string `json:"team"`
	// Picture names the second picture (media:{id}); empty for none.
	Picture string `json:"picture"`
}

// Card returns the study's card.
func (s *CaseStudy) Card() *CaseStudyCard {
	return &CaseStudyCard{Title: s.Title, Slug: s.Slug, Client: s.Client, Industry: s.Industry, Summary: s.Summary,
		Results: s.Results, Technologies: s.Technologies, Timeline: s.Timeline, ROI: s.ROI, Image: s.Image, Featured: s.Featured}
}

// Public returns the study as its page shows it.
func (s *CaseStudy) Public() *PublicCaseStudy {
	return &PublicCaseStudy{CaseStudyCard: *s.Card(), Challenge: s.Challenge, Approach: s.Approach, Quote: s.Quote,
		QuoteAuthor: s.QuoteAuthor, QuoteRole: s.QuoteRole, Team: s.Team, Picture: s.Picture}
}

// ShownStudies splits the studies (in their order) into those visitors see
// and the withdrawn ones, by path. A hidden study still at its first
// version was never shown (one added in drafts mode waits so for its
// publish): its address is unknown to visitors, not withdrawn, and its
// texts stay unseen.
func ShownStudies(all []*CaseStudy) (shown []*CaseStudy, withdrawn map[string]*CaseStudy) {
	withdrawn = make(map[string]*CaseStudy)
	for _, s := range all {
		switch {
		case s.IsActive:
			shown = append(shown, s)
		case s.Version > 1:
			withdrawn[s.Path()] = s
		}
	}
	return shown, withdrawn
}
