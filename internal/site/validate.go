package site

import (
	"math"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Maximum lengths of text fields, in characters.
const (
	MaxShortText = 200
	MaxURL       = 2048
	MaxLongText  = 5000
	MaxPageText  = 200000
	// An article's byline, its tags and the length of each.
	MaxAuthor = 100
	MaxTags   = 10
	MaxTag    = 40
)

// fieldErrors gathers the message of each invalid field, in the order the
// checks ran, so that the first problem can also head the error.
type fieldErrors struct {
	order  []string
	fields map[string]string
}

func (v *fieldErrors) add(field, msg string) {
	if v.fields == nil {
		v.fields = make(map[string]string)
	}
	if _, ok := v.fields[field]; ok {
		return
	}
	v.order = append(v.order, field)
	v.fields[field] = msg
}

func (v *fieldErrors) required(field, value, msg string) {
	if value == "" {
		v.add(field, msg)
	}
}

// titleAndSlug checks the title and the address slug of a page of the
// site (a page, a position, a case study): both required, within their
// lengths, and the slug of the form an address takes.
func (v *fieldErrors) titleAndSlug(title, slug string, maxSlug int) {
	v.required("title", title, "Title is required")
	v.maxLen("title", title, MaxShortText, "Title")
	v.required("slug", slug, "Slug is required")
	v.maxLen("slug", slug, maxSlug, "Slug")
	if slug != "" && !slugValid.MatchString(slug) {
		v.add("slug", "Slug may contain only lower-case letters, digits and single hyphens.")
	}
}

func (v *fieldErrors) maxLen(field, value string, n int, label string) {
	if utf8.RuneCountInString(value) > n {
		v.add(field, tooLongMessage(label, n))
	}
}

// text checks a text field against its rule: present when required, and
// not longer than its limit.
func (v *fieldErrors) text(field, value string, r FieldRule) {
	if r.Required != "" {
		v.required(field, value, r.Required)
	}
	if r.Max > 0 && utf8.RuneCountInString(value) > r.Max {
		v.add(field, r.TooLong)
	}
}

func (v *fieldErrors) oneOf(field, value string, allowed []string, msg string) {
	if value == "" {
		return
	}
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	v.add(field, msg)
}

// position checks a sort position: both stores keep it as a 32-bit integer,
// and PostgreSQL refuses a larger one with an error.
func (v *fieldErrors) position(field string, n int) {
	if n < math.MinInt32 || n > math.MaxInt32 {
		v.add(field, "Order must be a whole number from "+strconv.Itoa(math.MinInt32)+" to "+strconv.Itoa(math.MaxInt32)+".")
	}
}

// link checks a URL a visitor may follow: a path on this site, an anchor,
// or an http(s) address. Other schemes (javascript:, data:) are refused.
// So are backslashes, tabs and line breaks anywhere: browsers read a
// backslash as a slash and drop tabs and line breaks, so that /\evil.example/
// or /<tab>/evil.example would lead to another site.
func (v *fieldErrors) link(field, value, label string) {
	if value == "" {
		return
	}
	v.maxLen(field, value, MaxURL, label)
	if strings.ContainsRune(value, '\\') {
		v.add(field, label+" must not contain a backslash (\\); use a slash (/).")
		return
	}
	if strings.ContainsAny(value, "\t\n\r") {
		v.add(field, label+" must not contain tabs or line breaks.")
		return
	}
	if strings.HasPrefix(value, "/") && !strings.HasPrefix(value, "//") || strings.HasPrefix(value, "#") {
		return
	}
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		v.add(field, label+" must start with /, # or http(s)://.")
	}
}

// err returns the gathered problems as one EINVALID error, headed by the
// first, or nil when there are none.
func (v *fieldErrors) err() error {
	if len(v.order) == 0 {
		return nil
	}
	return &Error{Code: EINVALID, Message: v.fields[v.order[0]], Fields: v.fields}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

func trim(ps ...*string) {
	for _, p := range ps {
		*p = strings.TrimSpace(*p)
	}
}

// Choices of the testimonials and footer links.
var (
	AvatarBackgrounds = []string{"bg-blue-600", "bg-green-600", "bg-purple-600", "bg-red-600", "bg-yellow-600", "bg-gray-600"}
	FooterCategories  = []string{"Solutions", "Services", "Company", "Legal"}
)

// ValidEmail reports whether s is a plain e-mail address (no display name).
func ValidEmail(s string) bool {
	if len(s) > MaxEmail || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".") && !strings.HasSuffix(s, ".")
}

// Validate trims the lead's fields and checks them against LeadForm, the
// rules the browser's form checks too.
func (l *Lead) Validate() error {
	trim(&l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest, &l.ProjectDetails)
	var v fieldErrors
	f := &LeadForm
	v.text("firstName", l.FirstName, f.FirstName)
	v.text("lastName", l.LastName, f.LastName)
	v.required("email", l.Email, f.Email.Required)
	if l.Email != "" && !ValidEmail(l.Email) {
		v.add("email", f.Email.Invalid)
	}
	v.text("company", l.Company, f.Company)
	v.oneOf("jobTitle", l.JobTitle, JobTitles, f.JobTitle.Invalid)
	v.oneOf("aiSolutionInterest", l.AISolutionInterest, AIInterests, f.AISolutionInterest.Invalid)
	v.text("projectDetails", l.ProjectDetails, f.ProjectDetails)
	// The consent's wording, as shown; its version is the wording's hash,
	// made here when the client sent none.
	l.ConsentText = strings.Join(strings.Fields(l.ConsentText), " ")
	l.ConsentVersion = strings.TrimSpace(l.ConsentVersion)
	v.maxLen("consentText", l.ConsentText, MaxConsentText, "Consent wording")
	switch want := ConsentVersionOf(l.ConsentText); {
	case l.ConsentText == "" && l.ConsentVersion != "":
		v.add("consentVersion", "A consent version needs the consent wording it is the version of")
	case l.ConsentText != "" && l.ConsentVersion == "":
		l.ConsentVersion = want
	case l.ConsentVersion != want:
		v.add("consentVersion", "The consent version is not the one of this wording (the first 16 hex digits of its SHA-256)")
	}
	// The visit's fields come from the browser, not the visitor: a long
	// referrer is cut rather than refused, so that it never stops a lead.
	trim(&l.Page, &l.Referrer, &l.UTMSource, &l.UTMMedium, &l.UTMCampaign, &l.UTMTerm, &l.UTMContent, &l.LandingPage)
	l.Page = truncate(l.Page, MaxLeadPage)
	l.LandingPage = truncate(l.LandingPage, MaxLeadPage)
	read := make([]string, 0, min(len(l.PagesRead), MaxLeadPagesRead))
	for _, p := range l.PagesRead {
		if p = truncate(strings.TrimSpace(p), MaxLeadPage); p != "" && len(read) < MaxLeadPagesRead {
			read = append(read, p)
		}
	}
	l.PagesRead = read
	l.Referrer = truncate(l.Referrer, MaxLeadReferrer)
	for _, p := range []*string{&l.UTMSource, &l.UTMMedium, &l.UTMCampaign, &l.UTMTerm, &l.UTMContent} {
		*p = truncate(*p, MaxShortText)
	}
	return v.err()
}

// Validate trims the item and checks it.
func (it *ContentItem) Validate() error {
	trim(&it.Section, &it.Key)
	var v fieldErrors
	v.required("section", it.Section, "Section is required")
	v.maxLen("section", it.Section, 100, "Section")
	v.required("key", it.Key, "Key is required")
	v.maxLen("key", it.Key, 100, "Key")
	v.required("value", strings.TrimSpace(it.Value), "A text cannot be empty: type one, or reset it to the built-in text.")
	v.maxLen("value", it.Value, MaxLongText*4, "Value")
	return v.err()
}

// Validate trims the menu item and checks it.
func (it *MenuItem) Validate() error {
	trim(&it.Title, &it.URL)
	var v fieldErrors
	v.required("title", it.Title, "Title is required")
	v.maxLen("title", it.Title, MaxShortText, "Title")
	v.required("url", it.URL, "URL is required")
	v.link("url", it.URL, "URL")
	if it.ParentID != nil && it.URL == MenuOpensOnly {
		v.add("url", "An item under another needs a link to a page: only a top-level item may use # to just open its items.")
	}
	if it.ParentID != nil && *it.ParentID <= 0 {
		v.add("parentId", "The parent menu item does not exist: choose a top-level item, or none.")
	}
	v.position("order", it.Order)
	return v.err()
}

// Validate trims the footer link, defaults its category, and checks it.
func (l *FooterLink) Validate() error {
	trim(&l.Category, &l.Title, &l.URL)
	if l.Category == "" {
		l.Category = "Solutions"
	}
	var v fieldErrors
	v.required("title", l.Title, "Title is required")
	v.maxLen("title", l.Title, MaxShortText, "Title")
	v.oneOf("category", l.Category, FooterCategories, "Category must be Solutions, Services, Company or Legal")
	v.link("url", l.URL, "URL")
	v.position("order", l.Order)
	return v.err()
}

// Validate trims the image and checks it.
func (img *Image) Validate() error {
	trim(&img.Name, &img.URL, &img.AltText, &img.Section, &img.Usage)
	var v fieldErrors
	v.required("name", img.Name, "Name is required")
	v.maxLen("name", img.Name, MaxShortText, "Name")
	v.required("url", img.URL, "URL is required")
	v.link("url", img.URL, "URL")
	v.maxLen("altText", img.AltText, MaxShortText*2, "Alt text")
	v.maxLen("section", img.Section, 100, "Section")
	v.maxLen("usage", img.Usage, MaxShortText, "Usage")
	return v.err()
}

// Validate trims the testimonial, defaults its avatar colour, and checks it.
func (t *Testimonial) Validate() error {
	trim(&t.Name, &t.Title, &t.Content, &t.Initials, &t.AvatarBg, &t.Photo)
	if t.AvatarBg == "" {
		t.AvatarBg = AvatarBackgrounds[0]
	}
	var v fieldErrors
	v.required("name", t.Name, "Name is required")
	v.maxLen("name", t.Name, MaxShortText, "Name")
	v.required("title", t.Title, "Title is required")
	v.maxLen("title", t.Title, MaxShortText, "Title")
	v.required("content", t.Content, "Content is required")
	v.maxLen("content", t.Content, MaxLongText, "Content")
	v.required("initials", t.Initials, "Initials are required")
	if utf8.RuneCountInString(t.Initials) > 3 {
		v.add("initials", "Initials must be at most 3 characters.")
	}
	v.oneOf("avatarBg", t.AvatarBg, AvatarBackgrounds, "Choose an avatar colour from the list")
	if _, ok := MediaRef(t.Photo); t.Photo != "" && !ok {
		v.add("photo", "Choose the photo from the media library.")
	}
	v.position("order", t.Order)
	return v.err()
}

var (
	slugRun   = regexp.MustCompile(`[^a-z0-9]+`)
	slugValid = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	colorHex  = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

// Slugify makes a slug of a title (SPEC section 5): lower case, each run of
// other characters than letters and digits a hyphen, no hyphen at either end.
func Slugify(title string) string {
	return strings.Trim(slugRun.ReplaceAllString(strings.ToLower(title), "-"), "-")
}

// Validate trims the page, fills the slug from the title when it is empty,
// defaults status and template, and checks it.
func (p *Page) Validate() error {
	trim(&p.Title, &p.Slug, &p.Excerpt, &p.MetaTitle, &p.MetaDescription, &p.Status, &p.Template, &p.FeaturedImage,
		&p.Author, &p.Category)
	if p.Slug == "" && p.Title != "" {
		p.Slug = Slugify(p.Title)
	}
	if p.Status == "" {
		p.Status = PageDraft
	}
	if p.Template == "" {
		p.Template = TemplateDefault
	}
	if c, ok := BlogCategoryOf(p.Category); ok {
		p.Category = c.Label
	}
	p.Tags = cleanTags(p.Tags)
	var v fieldErrors
	v.titleAndSlug(p.Title, p.Slug, MaxShortText)
	// The body is the text; content sent alone (as the SPEC's scripts
	// do) is made the body's paragraphs, and the content of a body is
	// always its plain text.
	if p.Body == nil {
		if strings.TrimSpace(p.Content) == "" {
			v.add("content", "Content is required")
		}
		v.maxLen("content", p.Content, MaxPageText, "Content")
		p.Body = DocFromText(p.Content)
	} else if problem := ValidateDoc(p.Body); problem != "" {
		v.add("body", problem)
	} else {
		p.Content = p.Body.PlainText()
		if p.Content == "" {
			v.add("body", "The body needs some text.")
		}
	}
	v.maxLen("excerpt", p.Excerpt, MaxLongText, "Excerpt")
	v.maxLen("metaTitle", p.MetaTitle, MaxShortText, "Meta title")
	v.maxLen("metaDescription", p.MetaDescription, MaxShortText*2, "Meta description")
	v.oneOf("status", p.Status, []string{PageDraft, PagePublished}, "Status must be draft or published")
	v.oneOf("template", p.Template, Templates, "Template must be default (a page) or article (a blog post)")
	v.maxLen("author", p.Author, MaxAuthor, "Author")
	if _, ok := BlogCategoryOf(p.Category); p.Category != "" && !ok {
		v.add("category", "Category must be one of "+strings.Join(BlogCategoryLabels(), ", ")+".")
	}
	if len(p.Tags) > MaxTags {
		v.add("tags", "An article has at most "+itoa(MaxTags)+" tags.")
	}
	for _, t := range p.Tags {
		if utf8.RuneCountInString(t) > MaxTag {
			v.add("tags", "A tag must be at most "+itoa(MaxTag)+" characters: "+strconv.Quote(t)+" is longer.")
		}
	}
	// An image of the media library (checked against the library by
	// CheckMediaRefs), or the address of one elsewhere.
	if _, ok := MediaRef(p.FeaturedImage); !ok {
		v.link("featuredImage", p.FeaturedImage, "Featured image")
	}
	return v.err()
}

// Validate trims the settings, fills each empty field with its default, and
// checks them.
func (s *SiteSettings) Validate() error {
	trim(&s.LogoText, &s.LogoImageURL, &s.LogoImageAlt, &s.PrimaryColor, &s.SecondaryColor)
	if s.LogoText == "" {
		s.LogoText = DefaultCompanyName
	}
	if s.LogoImageAlt == "" {
		s.LogoImageAlt = DefaultLogoImageAlt
	}
	if s.PrimaryColor == "" {
		s.PrimaryColor = DefaultPrimaryColor
	}
	if s.SecondaryColor == "" {
		s.SecondaryColor = DefaultSecondaryColor
	}
	var v fieldErrors
	v.maxLen("logoText", s.LogoText, 100, "Logo text")
	v.link("logoImageUrl", s.LogoImageURL, "Logo image URL")
	v.maxLen("logoImageAlt", s.LogoImageAlt, MaxShortText, "Logo alt text")
	if !colorHex.MatchString(s.PrimaryColor) {
		v.add("primaryColor", "Primary colour must be a hex colour such as #2563eb.")
	}
	if !colorHex.MatchString(s.SecondaryColor) {
		v.add("secondaryColor", "Secondary colour must be a hex colour such as #1e40af.")
	}
	return v.err()
}

// cleanTags trims the tags and drops empty ones and repeats (in any case),
// keeping the first spelling; nil becomes none.
func cleanTags(tags PageTags) PageTags {
	out := PageTags{}
	seen := map[string]bool{}
	for _, t := range tags {
		t = strings.Join(strings.Fields(t), " ")
		k := strings.ToLower(t)
		if t == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, t)
	}
	return out
}
