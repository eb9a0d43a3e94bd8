package site

import "testing"

func TestSlugify(t *testing.T) {
	for title, want := range map[string]string{
		"About Our Team!":       "about-our-team",
		"  --AI & ML: 2025--  ": "ai-ml-2025",
		"Café Déjà":             "caf-d-j",
		"!!!":                   "",
	} {
		if got := Slugify(title); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for addr, want := range map[string]bool{
		"ada@example.com":       true,
		"a.b+c@sub.example.org": true,
		"ada@localhost":         false,
		"Ada <ada@example.com>": false,
		"ada@example.com.":      false,
		"@example.com":          false,
		"ada example@x.com":     false,
		"":                      false,
	} {
		if got := ValidEmail(addr); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestValidateDefaults(t *testing.T) {
	st := &SiteSettings{LogoText: "  "}
	if err := st.Validate(); err != nil {
		t.Fatal(err)
	}
	if st.LogoText != DefaultCompanyName || st.LogoImageAlt != DefaultLogoImageAlt || st.PrimaryColor != DefaultPrimaryColor || st.SecondaryColor != DefaultSecondaryColor {
		t.Errorf("defaults = %+v", st)
	}
	tm := &Testimonial{Name: "N", Title: "T", Content: "C", Initials: "ÅBC"}
	if err := tm.Validate(); err != nil || tm.AvatarBg != "bg-blue-600" {
		t.Errorf("three-letter initials: %v, avatar %q", err, tm.AvatarBg)
	}
	fl := &FooterLink{Title: "T"}
	if err := fl.Validate(); err != nil || fl.Category != "Solutions" {
		t.Errorf("footer default category: %v, %q", err, fl.Category)
	}
	p := &Page{Title: "Hello World", Content: "x"}
	if err := p.Validate(); err != nil || p.Slug != "hello-world" || p.Status != PageDraft || p.Template != "default" {
		t.Errorf("page defaults: %v, %+v", err, p)
	}
}

func TestValidateLinks(t *testing.T) {
	for url, ok := range map[string]bool{
		"/about": true, "#contact": true, "https://x.example/a": true, "http://x.example": true,
		"javascript:alert(1)": false, "//evil.example": false, "data:text/html,x": false, "ftp://x.example": false,
		// Browsers read a backslash as a slash and drop tabs and line breaks.
		"/\\evil.example/": false, "\\/evil.example": false, "/a\\b": false, "https://x.example\\@evil.example/": false,
		"/\t/evil.example": false, "/\n/evil.example": false, "/\r/evil.example": false, "/a%5Cb": true,
	} {
		err := (&MenuItem{Title: "T", URL: url}).Validate()
		if (err == nil) != ok {
			t.Errorf("url %q: %v", url, err)
		}
	}
}

func TestValidateOrder(t *testing.T) {
	for order, ok := range map[int]bool{0: true, -5: true, 2147483647: true, -2147483648: true, 2147483648: false, -2147483649: false} {
		for name, err := range map[string]error{
			"menu":        (&MenuItem{Title: "T", URL: "/", Order: order}).Validate(),
			"footer":      (&FooterLink{Title: "T", Order: order}).Validate(),
			"testimonial": (&Testimonial{Name: "N", Title: "T", Content: "C", Initials: "I", Order: order}).Validate(),
		} {
			if (err == nil) != ok {
				t.Errorf("%s order %d: %v", name, order, err)
			}
		}
	}
}
