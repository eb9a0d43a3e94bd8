package storetest

import (
	"context"
	"slices"
	"testing"

	"meridian/internal/site"
)

// testPageCheckSettings switches checks of the page form off and on again:
// none is off on a fresh site, and what is saved is read back in the
// order of the rules, with every rule named.
func testPageCheckSettings(t *testing.T, s site.Store) {
	ctx := context.Background()
	got := must(s.GetPageCheckSettings(ctx))(t)
	if len(got.Off) != 0 || len(got.Checks) != len(site.PageChecks) {
		t.Fatalf("fresh page check settings = %+v", got)
	}
	in := &site.PageCheckSettings{Off: []string{"brokenLinks", "metaTitleLength", "brokenLinks"}}
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	saved := must(s.UpdatePageCheckSettings(ctx, in))(t)
	if !slices.Equal(saved.Off, []string{"metaTitleLength", "brokenLinks"}) {
		t.Errorf("saved off = %q", saved.Off)
	}
	if again := must(s.GetPageCheckSettings(ctx))(t); !slices.Equal(again.Off, saved.Off) {
		t.Errorf("read back = %q, want %q", again.Off, saved.Off)
	}
	on := must(s.UpdatePageCheckSettings(ctx, &site.PageCheckSettings{}))(t)
	if len(on.Off) != 0 || on.Off == nil {
		t.Errorf("all on again = %#v", on.Off)
	}
}
