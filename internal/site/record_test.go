package site

import (
	"slices"
	"testing"
)

func TestEntityMatches(t *testing.T) {
	m, err := Pages.Matches(ListFilter{Equal: map[string]string{"status": PagePublished, "slug": "a"}})
	if err != nil || !slices.Equal(m, []Match{{"slug", "a"}, {"status", PagePublished}}) {
		t.Errorf("Matches = %v, %v", m, err)
	}
	for _, col := range []string{"is_active", "author_id", "no_such", `slug" OR 1=1 --`} {
		if _, err := Pages.Matches(ListFilter{Equal: map[string]string{col: "x"}}); err == nil {
			t.Errorf("filter by %q accepted", col)
		}
	}
}
