package site

import (
	"context"
	"slices"
)

// PageCheck is a rule the page form checks while a page or an article is
// written (web/src/admin/lib/page-checks.ts): warnings, not errors. Label
// is what the settings call it.
type PageCheck struct {
	ID    string `json:"id" ts:"PageCheckID"`
	Label string `json:"label"`
}

// PageChecks are the rules of the page form, in the order the settings
// list them.
var PageChecks = []PageCheck{
	{"altText", "Images without alt text"},
	{"headingOrder", "Headings out of order, such as an h4 after an h2"},
	{"metaTitleLength", "A title for search results outside 30 to 60 characters"},
	{"metaDescription", "A meta description missing, or outside 70 to 160 characters"},
	{"duplicateTitle", "A title another page has"},
	{"brokenLinks", "Links to pages the site does not have"},
	{"articleCover", "An article without a cover or an excerpt"},
}

// PageCheckSettings are the rules of the page form switched off for the
// whole site.
type PageCheckSettings struct {
	// Checks are all the rules (PageChecks), as the answers tell them; a
	// client may send them back, and they are ignored.
	Checks []PageCheck `json:"checks"`
	// Off names the rules switched off (PageCheck.ID).
	Off []string `json:"off" ts:"PageCheckID[]"`
}

// PageCheckIDs are the names of the rules of PageChecks.
func PageCheckIDs() []string {
	ids := make([]string, len(PageChecks))
	for i, c := range PageChecks {
		ids[i] = c.ID
	}
	return ids
}

// Validate keeps each rule once, in the order of PageChecks, and refuses
// a name no rule has.
func (s *PageCheckSettings) Validate() error {
	off := make([]string, 0, len(s.Off))
	for _, c := range PageChecks {
		if slices.Contains(s.Off, c.ID) {
			off = append(off, c.ID)
		}
	}
	for _, id := range s.Off {
		if !slices.ContainsFunc(PageChecks, func(c PageCheck) bool { return c.ID == id }) {
			return FieldError("off", "There is no check named "+quoteShort(id)+".")
		}
	}
	s.Off, s.Checks = off, nil
	return nil
}

// PageCheckService keeps the page check settings, one row.
type PageCheckService interface {
	GetPageCheckSettings(ctx context.Context) (*PageCheckSettings, error)
	// UpdatePageCheckSettings replaces them; the request's audit entry
	// (WithPendingAudit) is written in the same transaction.
	UpdatePageCheckSettings(ctx context.Context, s *PageCheckSettings) (*PageCheckSettings, error)
}
