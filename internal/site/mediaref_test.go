package site

import "testing"

func TestMediaRef(t *testing.T) {
	for v, want := range map[string]int64{"media:1": 1, "media:42": 42, "media:042": 0, "media:0": 0, "media:-3": 0, "media:": 0, "media:4x": 0, "Media:4": 0, "4": 0, " media:4": 0} {
		id, ok := MediaRef(v)
		if id != want || ok != (want != 0) {
			t.Errorf("MediaRef(%q) = %d, %v; want %d", v, id, ok, want)
		}
	}
	if got := MediaRefOf(42); got != "media:42" {
		t.Errorf("MediaRefOf(42) = %q", got)
	}
}
