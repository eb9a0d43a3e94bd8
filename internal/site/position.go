package site

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// CareersPath is the list of open positions; each has its page at
// CareersPath/{slug}.
const CareersPath = "/careers"

// Position statuses: an open position is listed, has its page and its
// JobPosting; a closed one is on none of them, and its address answers 410.
const (
	PositionOpen   = "open"
	PositionClosed = "closed"
)

// PositionStatuses lists every status.
var PositionStatuses = []string{PositionOpen, PositionClosed}

// EmploymentTypes are the kinds of employment a position may offer, as
// schema.org's JobPosting names them in lower case.
var EmploymentTypes = []string{"full-time", "part-time", "contract", "temporary", "internship"}

// Position is a job opening shown on /careers, with its own page.
type Position struct {
	ID         int64  `json:"id" db:"id"`
	Title      string `json:"title" db:"title"`
	Slug       string `json:"slug" db:"slug"`
	Department string `json:"department" db:"department"`
	// Location is the city of the office ("San Francisco, CA"); a remote
	// position has none but the regions it is open to ("US", "EU").
	Location       string `json:"location" db:"location"`
	Remote         bool   `json:"remote" db:"remote"`
	Regions        string `json:"regions" db:"regions"`
	EmploymentType string `json:"employmentType" db:"employment_type" ts:"EmploymentType"`
	// SalaryMin and SalaryMax are the yearly salary range in Currency
	// (an ISO 4217 code); 0 and 0 when none is given.
	SalaryMin int    `json:"salaryMin" db:"salary_min"`
	SalaryMax int    `json:"salaryMax" db:"salary_max"`
	Currency  string `json:"currency" db:"currency"`
	// Summary is the line the list shows; Description the position's page,
	// a document as an article's body is.
	Summary     string `json:"summary" db:"summary" text:"multiline"`
	Description *Doc   `json:"description" db:"description" text:"any"`
	// PostedOn is the day the position opened, ClosesOn the last day it
	// takes applications ("" for none), both YYYY-MM-DD.
	PostedOn  string    `json:"postedOn" db:"posted_on"`
	ClosesOn  string    `json:"closesOn" db:"closes_on"`
	Status    string    `json:"status" db:"status" ts:"PositionStatus"`
	Order     int       `json:"order" db:"order"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// Positions are the job openings. Their writes move the content version
// on: /careers, the positions' pages and the sitemap show them.
var Positions = NewEntity(Entity{Name: "positions", Table: "positions", Noun: "Position",
	OrderBy: `"order", id`, Public: true,
	Unique: map[string]string{"slug": "A position with the slug %q already exists."},
	MediaRefs: func(rec Record) map[string]string {
		refs := map[string]string{}
		if d := rec.(*Position).Description; d != nil {
			for i, id := range d.MediaIDs() {
				refs["description#"+strconv.Itoa(i)] = MediaRefOf(id)
			}
		}
		return refs
	}},
	func() *Position { return &Position{Status: PositionOpen, EmploymentType: "full-time", Currency: "USD"} })

// OpenPositionsFilter lists the open positions.
var OpenPositionsFilter = ListFilter{Equal: map[string]string{"status": PositionOpen}}

// Path is the address of the position's page.
func (p *Position) Path() string { return CareersPath + "/" + p.Slug }

// IsOpen reports whether the position takes applications.
func (p *Position) IsOpen() bool { return p.Status == PositionOpen }

var (
	isoDay   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	currency = regexp.MustCompile(`^[A-Z]{3}$`)
)

// validDay reports whether s is a real day written YYYY-MM-DD.
func validDay(s string) bool {
	if !isoDay.MatchString(s) {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// Validate trims the position, makes its slug from the title when it has
// none, and checks it.
func (p *Position) Validate() error {
	trim(&p.Title, &p.Slug, &p.Department, &p.Location, &p.Regions, &p.EmploymentType, &p.Currency, &p.Summary,
		&p.PostedOn, &p.ClosesOn, &p.Status)
	if p.Slug == "" && p.Title != "" {
		p.Slug = Slugify(p.Title)
	}
	if p.Status == "" {
		p.Status = PositionOpen
	}
	if p.EmploymentType == "" {
		p.EmploymentType = "full-time"
	}
	p.Currency = strings.ToUpper(p.Currency)
	if p.Currency == "" {
		p.Currency = "USD"
	}
	var v fieldErrors
	v.titleAndSlug(p.Title, p.Slug, MaxShortText)
	v.required("department", p.Department, "Department is required")
	v.maxLen("department", p.Department, MaxShortText, "Department")
	v.maxLen("location", p.Location, MaxShortText, "Location")
	v.maxLen("regions", p.Regions, MaxShortText, "Regions")
	if p.Remote {
		v.required("regions", p.Regions, "Name the regions a remote position is open to, such as US.")
	} else {
		v.required("location", p.Location, "Location is required, unless the position is remote.")
	}
	v.oneOf("employmentType", p.EmploymentType, EmploymentTypes, "Employment type must be one of "+strings.Join(EmploymentTypes, ", ")+".")
	if p.SalaryMin < 0 || p.SalaryMax < 0 || p.SalaryMax < p.SalaryMin || p.SalaryMin > 100_000_000 || p.SalaryMax > 100_000_000 {
		v.add("salaryMax", "The salary range must run from a minimum to a maximum at least as large.")
	}
	if !currency.MatchString(p.Currency) {
		v.add("currency", "Currency must be a three-letter code, such as USD.")
	}
	v.required("summary", p.Summary, "Summary is required")
	v.maxLen("summary", p.Summary, MaxLongText, "Summary")
	if p.Description == nil {
		v.add("description", "Description is required")
	} else if problem := ValidateDoc(p.Description); problem != "" {
		v.add("description", problem)
	} else if p.Description.PlainText() == "" {
		v.add("description", "The description needs some text.")
	}
	v.required("postedOn", p.PostedOn, "Posted date is required")
	if p.PostedOn != "" && !validDay(p.PostedOn) {
		v.add("postedOn", "Posted date must be a day written YYYY-MM-DD.")
	}
	if p.ClosesOn != "" && !validDay(p.ClosesOn) {
		v.add("closesOn", "Closing date must be a day written YYYY-MM-DD.")
	} else if p.ClosesOn != "" && validDay(p.PostedOn) && p.ClosesOn < p.PostedOn {
		v.add("closesOn", "Closing date must not be before the posted date.")
	}
	v.oneOf("status", p.Status, PositionStatuses, "Status must be open or closed.")
	v.position("order", p.Order)
	return v.err()
}

// PublicPosition is what visitors get of a position: its card on /careers
// and, with its description, its page.
type PublicPosition struct {
	// ID is the position's, on its own page only: the application form
	// sends it (positionId).
	ID             int64  `json:"id,omitempty"`
	Title          string `json:"title"`
	Slug           string `json:"slug"`
	Department     string `json:"department"`
	Location       string `json:"location"`
	Remote         bool   `json:"remote"`
	Regions        string `json:"regions"`
	EmploymentType string `json:"employmentType" ts:"EmploymentType"`
	SalaryMin      int    `json:"salaryMin"`
	SalaryMax      int    `json:"salaryMax"`
	Currency       string `json:"currency"`
	Summary        string `json:"summary"`
	// Description is the page's text; absent in the list.
	Description *Doc `json:"description,omitempty"`
	// Images are the usable images of the media library the description
	// names, by id; absent in the list.
	Images   map[string]*PublicMedia `json:"images,omitempty"`
	PostedOn string                  `json:"postedOn"`
	ClosesOn string                  `json:"closesOn"`
}

// Public returns what visitors get of p, without its description.
func (p *Position) Public() *PublicPosition {
	return &PublicPosition{Title: p.Title, Slug: p.Slug, Department: p.Department, Location: p.Location, Remote: p.Remote,
		Regions: p.Regions, EmploymentType: p.EmploymentType, SalaryMin: p.SalaryMin, SalaryMax: p.SalaryMax,
		Currency: p.Currency, Summary: p.Summary, PostedOn: p.PostedOn, ClosesOn: p.ClosesOn}
}

// Careers is what the careers pages get of the positions: the open ones,
// in order (cards only), and the position whose page is rendered, with its
// description, or the closed one whose address answers 410.
type Careers struct {
	Open []*PublicPosition `json:"open"`
	// Position is the open position of the page /careers/{slug}.
	Position *PublicPosition `json:"position,omitempty"`
	// Closed is the position of the page, once it has closed: the page
	// says so (410) and lists the open ones.
	Closed *PublicPosition `json:"closed,omitempty"`
}

// OpenPositions splits the positions (in their order) into those visitors
// see, by path, in order, and the closed ones by path.
func OpenPositions(all []*Position) (open []*Position, closed map[string]*Position) {
	closed = make(map[string]*Position)
	for _, p := range all {
		if p.IsOpen() {
			open = append(open, p)
		} else {
			closed[p.Path()] = p
		}
	}
	return open, closed
}
