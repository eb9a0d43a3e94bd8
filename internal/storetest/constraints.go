package storetest

import (
	"context"
	"testing"

	"meridian/internal/site"
)

// testConstraintMessages breaks each kind of constraint a record write can
// meet past the checks of site: both databases answer with the same code
// and message, and store nothing.
func testConstraintMessages(t *testing.T, s site.Store) {
	ctx := context.Background()
	page := func(slug, status string) *site.Page {
		return &site.Page{Title: "T", Slug: slug, Content: "x", Status: status, Template: site.TemplateDefault}
	}
	w := site.Write{Actor: site.Actor{Username: "maria"}}
	taken := any(must(s.CreateRecord(ctx, site.Pages, page("taken", site.PageDraft), w))(t)).(*site.Page)
	other := any(must(s.CreateRecord(ctx, site.Pages, page("other", site.PageDraft), w))(t)).(*site.Page)
	before := len(find[site.Page](t, s, site.Pages, site.ListFilter{}))
	gone := site.Write{Actor: site.Actor{UserID: 999999, Username: "gone"}}
	moved := page("taken", site.PageDraft)
	moved.ID = other.ID
	for _, c := range []struct {
		name       string
		write      func() error
		code, want string
	}{
		{"unique on create", func() error { _, err := s.CreateRecord(ctx, site.Pages, page("taken", site.PageDraft), w); return err },
			site.ECONFLICT, `A page with the slug "taken" already exists.`},
		{"unique on update", func() error { _, err := s.UpdateRecord(ctx, site.Pages, moved, w); return err },
			site.ECONFLICT, `A page with the slug "taken" already exists.`},
		{"foreign key of the record", func() error { _, err := s.CreateRecord(ctx, site.Pages, page("new", site.PageDraft), gone); return err },
			site.EINVALID, "The author does not exist."},
		{"foreign key of the revision", func() error {
			again := page("taken", site.PageDraft)
			again.ID = taken.ID
			_, err := s.UpdateRecord(ctx, site.Pages, again, gone)
			return err
		}, site.EINVALID, "The user does not exist."},
		{"check", func() error { _, err := s.CreateRecord(ctx, site.Pages, page("new", "bogus"), w); return err },
			site.EINVALID, "Status must be draft or published."},
	} {
		err := c.write()
		if got := site.ErrorCode(err); got != c.code || site.ErrorMessage(err) != c.want {
			t.Errorf("%s: error = %v (code %q, message %q), want code %q, message %q", c.name, err, got, site.ErrorMessage(err), c.code, c.want)
		}
	}
	if n := len(find[site.Page](t, s, site.Pages, site.ListFilter{})); n != before {
		t.Errorf("pages = %d after the refused writes, want %d", n, before)
	}
	if got := any(must(s.FindRecord(ctx, site.Pages, taken.ID))(t)).(*site.Page); got.Version != taken.Version {
		t.Errorf("page version = %d after a refused update, want %d", got.Version, taken.Version)
	}
}
