package site

import (
	"errors"
	"slices"
	"testing"
)

// TestPageCheckSettings: the rules switched off are kept once each, in the
// order of the rules; a name no rule has is refused with what it was.
func TestPageCheckSettings(t *testing.T) {
	in := PageCheckSettings{Checks: PageChecks, Off: []string{"articleCover", "altText", "articleCover"}}
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(in.Off, []string{"altText", "articleCover"}) || in.Checks != nil {
		t.Errorf("validated = %+v", in)
	}
	bad := PageCheckSettings{Off: []string{"altText", "spelling"}}
	var e *Error
	if err := bad.Validate(); !errors.As(err, &e) || e.Code != EINVALID || e.Fields["off"] != `There is no check named "spelling".` {
		t.Errorf("unknown check: %v", err)
	}
}
