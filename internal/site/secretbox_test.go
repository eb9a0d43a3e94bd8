package site

import (
	"errors"
	"strings"
	"testing"
)

func TestSecretBox(t *testing.T) {
	box, err := NewSecretBox(strings.Repeat("k", 32))
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := box.Seal("JBSWY3DPEHPK3PXP")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sealed, "v1:") || strings.Contains(sealed, "JBSWY3DPEHPK3PXP") {
		t.Fatalf("sealed = %q", sealed)
	}
	again, _ := box.Seal("JBSWY3DPEHPK3PXP")
	if again == sealed {
		t.Error("two seals of one value are alike: the nonce is not random")
	}
	if got, err := box.Open(sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Errorf("open = %q, %v", got, err)
	}
	// A value stored before the key existed reads as it is.
	if got, err := box.Open("JBSWY3DPEHPK3PXP"); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Errorf("open plain = %q, %v", got, err)
	}
	other, _ := NewSecretBox(strings.Repeat("x", 40))
	if _, err := other.Open(sealed); !errors.Is(err, ErrWrongSecretKey) {
		t.Errorf("other key: %v", err)
	}
	if _, err := box.Open(sealed[:len(sealed)-2] + "AA"); !errors.Is(err, ErrWrongSecretKey) {
		t.Errorf("changed value: %v", err)
	}
	var none *SecretBox
	if _, err := none.Open(sealed); !errors.Is(err, ErrNoSecretKey) {
		t.Errorf("no key: %v", err)
	}
	if got, _ := none.Seal("abc"); got != "abc" {
		t.Errorf("nil box seal = %q", got)
	}
	if _, err := NewSecretBox("short"); err == nil {
		t.Error("a short key is accepted")
	}
}

// A signature depends on the key: a server without it cannot make the
// signatures of one with it, nor one key those of another.
func TestSecretBoxSign(t *testing.T) {
	box, _ := NewSecretBox(strings.Repeat("k", 32))
	same, _ := NewSecretBox(strings.Repeat("k", 32))
	other, _ := NewSecretBox(strings.Repeat("x", 32))
	var none *SecretBox
	a := box.Sign("draft view:abc")
	if len(a) != 32 || string(a) != string(same.Sign("draft view:abc")) {
		t.Fatalf("one key signs one message alike: %x", a)
	}
	for name, sig := range map[string][]byte{
		"another message": box.Sign("draft view:abd"),
		"another key":     other.Sign("draft view:abc"),
		"no key":          none.Sign("draft view:abc"),
	} {
		if string(sig) == string(a) {
			t.Errorf("%s signs the same", name)
		}
	}
	var none2 *SecretBox
	if string(none.Sign("draft view:abc")) != string(none2.Sign("draft view:abc")) {
		t.Error("without a key, one message signs differently")
	}
}
