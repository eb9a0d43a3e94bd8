package httpd

import (
	"context"
	"strings"
	"testing"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// scenario is one request through the real handler and what it must answer.
type scenario struct {
	name       string
	method     string
	path       string
	token      string // "", "admin", "viewer" or a literal token
	body       string
	wantStatus int
	wantBody   []string
	notBody    []string
}

func (a *testAPI) run(sc scenario, tokens map[string]string) {
	a.t.Helper()
	token := sc.token
	if tk, ok := tokens[token]; ok {
		token = tk
	}
	res, body := a.do(sc.method, sc.path, token, sc.body, nil)
	if res.StatusCode != sc.wantStatus {
		a.t.Errorf("%s: %s %s: status %d, want %d; body %s", sc.name, sc.method, sc.path, res.StatusCode, sc.wantStatus, body)
		return
	}
	if ct := res.Header.Get("Content-Type"); body != "" && ct != "application/json; charset=utf-8" {
		a.t.Errorf("%s: Content-Type %q", sc.name, ct)
	}
	if got := res.Header.Get("Cache-Control"); got != "no-store" {
		a.t.Errorf("%s: Cache-Control %q, want no-store", sc.name, got)
	}
	for _, want := range sc.wantBody {
		if !strings.Contains(body, want) {
			a.t.Errorf("%s: body lacks %s: %s", sc.name, want, body)
		}
	}
	for _, not := range sc.notBody {
		if strings.Contains(body, not) {
			a.t.Errorf("%s: body has %s: %s", sc.name, not, body)
		}
	}
}

func TestAPIContract(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 5001)
	scenarios := []scenario{
		// Public reads.
		{"SettingsDefaults", "GET", "/api/public/site-settings", "", "", 200,
			[]string{`"data":{`, `"logoText":"Meridian AI"`, `"logoImageAlt":"Company Logo"`, `"useImageLogo":false`, `"primaryColor":"#2563eb"`}, nil},
		{"TestimonialsEmpty", "GET", "/api/public/testimonials", "", "", 200, []string{`{"data":[]}`}, nil},
		{"PublicWrongMethod", "POST", "/api/public/site-settings", "", "{}", 405, []string{`"message":"Method not allowed`}, nil},
		{"UnknownAPI", "GET", "/api/nothing-here", "", "", 404, []string{`"message":"No such API endpoint."`}, nil},

		// The lead form.
		{"LeadOK", "POST", "/api/contact", "", `{"firstName":" Ada ","lastName":"Lovelace","email":"ada@example.com","company":"Analytical","jobTitle":"cto","aiSolutionInterest":"document-processing","projectDetails":"Invoices"}`, 201,
			// No one takes leads here: no owner to book, so no booking token (TestBooking has one).
			[]string{`{"message":"Thank you! We will contact you within 24 hours to schedule your free consultation."}`}, nil},
		{"LeadMissing", "POST", "/api/contact", "", `{"firstName":"","lastName":"","email":"","company":""}`, 400,
			[]string{`"message":"First name is required"`, `"lastName":"Last name is required"`, `"email":"Business email is required"`, `"company":"Company name is required"`}, nil},
		{"LeadBadEmail", "POST", "/api/contact", "", `{"firstName":"A","lastName":"B","email":"not-an-address","company":"C"}`, 400,
			[]string{`"email":"Enter a valid email address"`}, nil},
		{"LeadBadChoice", "POST", "/api/contact", "", `{"firstName":"A","lastName":"B","email":"a@b.co","company":"C","jobTitle":"king"}`, 400,
			[]string{`"jobTitle":`}, nil},
		{"LeadTooLong", "POST", "/api/contact", "", `{"firstName":"A","lastName":"B","email":"a@b.co","company":"C","projectDetails":"` + long + `"}`, 400,
			[]string{`"projectDetails":"Project details must be at most 5000 characters."`}, nil},
		{"LeadUnknownField", "POST", "/api/contact", "", `{"firstName":"A","lastName":"B","email":"a@b.co","company":"C","phone":"1"}`, 400,
			[]string{`"phone":"Unknown field \"phone\"."`}, nil},
		{"LeadWrongType", "POST", "/api/contact", "", `{"firstName":7}`, 400, []string{`"firstName":"First name must be text."`}, nil},
		{"LeadMalformed", "POST", "/api/contact", "", `{"firstName":`, 400, []string{`"message":"The request body is not valid JSON."`}, nil},
		{"LeadTwoObjects", "POST", "/api/contact", "", `{} {}`, 400, []string{`one JSON object`}, nil},
		{"LeadArray", "POST", "/api/contact", "", `[]`, 400, []string{`must be a JSON object`}, nil},
		{"LeadTooLarge", "POST", "/api/contact", "", `{"projectDetails":"` + strings.Repeat("y", httpx.MaxBodyBytes) + `"}`, 413, []string{`larger than`}, nil},
		{"LeadGet", "GET", "/api/contact", "", "", 405, []string{`POST`}, nil},

		// Login.
		{"LoginMissing", "POST", "/api/admin/login", "", `{"username":"","password":""}`, 400,
			[]string{`"username":"Username is required"`, `"password":"Password is required"`}, nil},
		{"LoginWrongPassword", "POST", "/api/admin/login", "", `{"username":"root","password":"wrong password"}`, 401,
			[]string{`{"message":"Invalid username or password."}`}, nil},
		{"LoginUnknownUser", "POST", "/api/admin/login", "", `{"username":"nobody","password":"wrong password"}`, 401,
			[]string{`{"message":"Invalid username or password."}`}, nil},
		{"LoginOK", "POST", "/api/admin/login", "", `{"username":"root","password":"correct horse battery"}`, 200,
			[]string{`"success":true`, `"sessionToken":"`, `"user":{"id":1,"username":"root","isAdmin":true}`}, []string{"password\":", "argon2"}},

		// Admin reads.
		{"Leads", "GET", "/api/admin/contact-submissions", "admin", "", 200, []string{`"firstName":"Ada"`, `"aiSolutionInterest":"document-processing"`, `"createdAt":"20`}, nil},
		{"MenuList", "GET", "/api/admin/menu-items", "admin", "", 200, []string{`"data":[{"id":1,"title":"Home","url":"/#home","order":1,"isActive":true`}, nil},
		{"FooterList", "GET", "/api/admin/footer-links", "admin", "", 200, []string{`"title":"Careers"`}, nil},
		{"SettingsAdmin", "GET", "/api/admin/site-settings", "viewer", "", 200, []string{`"data":{"id":1,`}, nil},

		// Content.
		{"ContentUpsert", "POST", "/api/admin/content", "admin", `{"section":"hero","key":"main_title","value":"New title"}`, 200,
			[]string{`"section":"hero"`, `"value":"New title"`}, nil},
		{"ContentUpsertAgain", "POST", "/api/admin/content", "admin", `{"section":"hero","key":"main_title","value":"Newer"}`, 200,
			[]string{`"id":1,`, `"value":"Newer"`}, nil},
		{"ContentMissing", "POST", "/api/admin/content", "admin", `{"section":"","key":"x","value":"v"}`, 400, []string{`"section":"Section is required"`}, nil},
		{"ContentList", "GET", "/api/admin/content", "admin", "", 200, []string{`"data":[{"id":1,"section":"hero","key":"main_title","value":"Newer"`}, nil},

		// Menu items.
		{"MenuCreate", "POST", "/api/admin/menu-items", "admin", `{"title":"Blog","url":"/blog","order":5}`, 201,
			[]string{`"data":{"id":20,"title":"Blog","url":"/blog","order":5,"isActive":true`}, nil},
		{"MenuOrderNotNumber", "POST", "/api/admin/menu-items", "admin", `{"title":"Blog","url":"/blog","order":"five"}`, 400,
			[]string{`"order":"Order must be a whole number."`}, nil},
		{"MenuMissing", "POST", "/api/admin/menu-items", "admin", `{"title":"","url":""}`, 400, []string{`"title":"Title is required"`, `"url":"URL is required"`}, nil},
		{"MenuScriptURL", "POST", "/api/admin/menu-items", "admin", `{"title":"x","url":"javascript:alert(1)"}`, 400, []string{`"url":`}, nil},
		{"MenuUpdate", "PUT", "/api/admin/menu-items/20", "admin", `{"id":20,"title":"News","url":"/blog","order":0,"isActive":false,"createdAt":"x"}`, 200,
			[]string{`"title":"News"`, `"isActive":false`}, nil},
		{"MenuUpdateMissing", "PUT", "/api/admin/menu-items/999", "admin", `{"title":"x","url":"/x"}`, 404, []string{`"message":"Menu item not found."`}, nil},
		{"MenuUpdateBadID", "PUT", "/api/admin/menu-items/abc", "admin", `{"title":"x","url":"/x"}`, 404, nil, nil},
		{"MenuSorted", "GET", "/api/admin/menu-items", "admin", "", 200, []string{`"data":[{"id":20,"title":"News"`}, nil},
		{"MenuDelete", "DELETE", "/api/admin/menu-items/20", "admin", "", 200, []string{`{"success":true}`}, nil},
		{"MenuDeleteAgain", "DELETE", "/api/admin/menu-items/20", "admin", "", 404, []string{`not found`}, nil},
		// Items under a top-level item (2 is AI Solutions), one level deep.
		{"MenuChild", "POST", "/api/admin/menu-items", "admin", `{"title":"Pricing","url":"/pricing","order":11,"parentId":2}`, 201,
			[]string{`"id":21,"title":"Pricing"`, `"parentId":2`}, nil},
		{"MenuChildOfChild", "POST", "/api/admin/menu-items", "admin", `{"title":"Plans","url":"/plans","parentId":21}`, 400,
			[]string{`"parentId":"Menu items go one level deep: Pricing is itself under another item; choose a top-level item."`}, nil},
		{"MenuUnknownParent", "POST", "/api/admin/menu-items", "admin", `{"title":"Plans","url":"/plans","parentId":999}`, 400,
			[]string{`"parentId":"The parent menu item does not exist (it may have been deleted): choose another one."`}, nil},
		{"MenuChildNoLink", "POST", "/api/admin/menu-items", "admin", `{"title":"Plans","url":"#","parentId":2}`, 400,
			[]string{`"url":"An item under another needs a link to a page: only a top-level item may use # to just open its items."`}, nil},
		{"MenuParentUnderOther", "PUT", "/api/admin/menu-items/2", "admin", `{"title":"AI Solutions","url":"/#solutions","order":2,"isActive":true,"parentId":1}`, 400,
			[]string{`"parentId":"This item has items under it, so it stays a top-level item: move its items first."`}, nil},
		{"MenuChildMoved", "PUT", "/api/admin/menu-items/21", "admin", `{"title":"Pricing","url":"/pricing","order":1,"isActive":true,"parentId":null}`, 200,
			[]string{`"title":"Pricing"`}, []string{`"parentId"`}},

		// Images.
		{"ImageCreate", "POST", "/api/admin/images", "admin", `{"name":"Hero","url":"https://cdn.example.com/a.jpg","altText":"Team","section":"hero","usage":"background"}`, 201,
			[]string{`"id":1,"name":"Hero"`, `"altText":"Team"`}, nil},
		{"ImageMissing", "POST", "/api/admin/images", "admin", `{"name":"","url":""}`, 400, []string{`"name":"Name is required"`, `"url":"URL is required"`}, nil},
		{"ImageUpdate", "PUT", "/api/admin/images/1", "admin", `{"name":"Hero 2","url":"/img/b.png"}`, 200, []string{`"name":"Hero 2"`}, nil},
		{"ImageList", "GET", "/api/admin/images", "admin", "", 200, []string{`"url":"/img/b.png"`}, nil},
		{"ImageDeleteMissing", "DELETE", "/api/admin/images/77", "admin", "", 404, nil, nil},
		{"ImageDelete", "DELETE", "/api/admin/images/1", "admin", "", 200, []string{`{"success":true}`}, nil},

		// Testimonials.
		{"TestimonialCreate", "POST", "/api/admin/testimonials", "admin", `{"name":"Jane","title":"CTO, Acme","content":"Great work.","initials":"JD","order":2}`, 201,
			[]string{`"id":1,"name":"Jane"`, `"avatarBg":"bg-blue-600"`, `"isActive":true`}, nil},
		{"TestimonialInitialsLong", "POST", "/api/admin/testimonials", "admin", `{"name":"J","title":"T","content":"C","initials":"ABCD"}`, 400,
			[]string{`"initials":"Initials must be at most 3 characters."`}, nil},
		{"TestimonialBadColour", "POST", "/api/admin/testimonials", "admin", `{"name":"J","title":"T","content":"C","initials":"AB","avatarBg":"bg-pink-900"}`, 400,
			[]string{`"avatarBg":`}, nil},
		{"TestimonialHidden", "POST", "/api/admin/testimonials", "admin", `{"name":"Off","title":"T","content":"C","initials":"O","isActive":false}`, 201, nil, nil},
		{"TestimonialsPublic", "GET", "/api/public/testimonials", "", "", 200, []string{`"name":"Jane"`}, []string{`"name":"Off"`}},
		{"TestimonialUpdate", "PUT", "/api/admin/testimonials/1", "admin", `{"name":"Jane D","title":"CTO","content":"Great.","initials":"JD","avatarBg":"bg-green-600","order":1,"isActive":true}`, 200,
			[]string{`"name":"Jane D"`, `"avatarBg":"bg-green-600"`}, nil},
		{"TestimonialList", "GET", "/api/admin/testimonials", "admin", "", 200, []string{`"name":"Off"`, `"name":"Jane D"`}, nil},
		{"TestimonialDelete", "DELETE", "/api/admin/testimonials/2", "admin", "", 200, nil, nil},

		// Footer links.
		{"FooterCreate", "POST", "/api/admin/footer-links", "admin", `{"title":"Imprint","category":"Legal","order":9}`, 201,
			[]string{`"category":"Legal"`, `"url":""`}, nil},
		{"FooterBadCategory", "POST", "/api/admin/footer-links", "admin", `{"title":"X","category":"Misc"}`, 400, []string{`"category":`}, nil},
		{"FooterMissing", "POST", "/api/admin/footer-links", "admin", `{"title":""}`, 400, []string{`"title":"Title is required"`}, nil},
		{"FooterUpdate", "PUT", "/api/admin/footer-links/19", "admin", `{"title":"Imprint","category":"Company","url":"/imprint"}`, 200, []string{`"url":"/imprint"`}, nil},
		{"FooterDelete", "DELETE", "/api/admin/footer-links/19", "admin", "", 200, nil, nil},

		// Pages.
		{"PageCreate", "POST", "/api/admin/pages", "admin", `{"title":"  About Our Team! ","slug":"","content":"Hello"}`, 201,
			[]string{`"slug":"about-our-team"`, `"status":"draft"`, `"template":"default"`, `"authorId":1`, `"publishedAt":null`}, nil},
		{"PageSlugTaken", "POST", "/api/admin/pages", "admin", `{"title":"Other","slug":"about-our-team","content":"x"}`, 409,
			[]string{`"message":"A page with the slug \"about-our-team\" already exists."`}, nil},
		{"PageMissing", "POST", "/api/admin/pages", "admin", `{"title":"","slug":"","content":""}`, 400,
			[]string{`"title":"Title is required"`, `"slug":"Slug is required"`, `"content":"Content is required"`}, nil},
		{"PageBadSlug", "POST", "/api/admin/pages", "admin", `{"title":"x","slug":"Not A Slug","content":"x"}`, 400, []string{`"slug":`}, nil},
		{"PageUpdate", "PUT", "/api/admin/pages/1", "admin", `{"title":"Team","slug":"team","content":"Hi","metaDescription":"About us"}`, 200,
			[]string{`"slug":"team"`, `"metaDescription":"About us"`}, nil},
		{"PagePublish", "POST", "/api/admin/pages/1/publish", "admin", "", 200, []string{`"status":"published"`, `"publishedAt":"20`}, nil},
		{"PagePublishMissing", "POST", "/api/admin/pages/99/publish", "admin", "", 404, []string{`"message":"Page not found."`}, nil},
		{"PageList", "GET", "/api/admin/pages", "admin", "", 200, []string{`"slug":"team"`}, nil},
		{"PageDelete", "DELETE", "/api/admin/pages/1", "admin", "", 200, nil, nil},

		// Settings.
		{"SettingsUpdate", "PUT", "/api/admin/site-settings", "admin", `{"logoText":"Acme AI","logoImageUrl":"https://cdn.example.com/logo.svg","logoImageAlt":"","useImageLogo":true,"primaryColor":"#111111","secondaryColor":""}`, 200,
			[]string{`"logoText":"Acme AI"`, `"logoImageAlt":"Company Logo"`, `"useImageLogo":true`, `"primaryColor":"#111111"`, `"secondaryColor":"#1e40af"`}, nil},
		{"SettingsBadColour", "PUT", "/api/admin/site-settings", "admin", `{"primaryColor":"red"}`, 400, []string{`"primaryColor":`}, nil},
		{"SettingsPublicAfter", "GET", "/api/public/site-settings", "", "", 200, []string{`"logoText":"Acme AI"`}, nil},
		{"SettingsWrongType", "PUT", "/api/admin/site-settings", "admin", `{"useImageLogo":"yes"}`, 400, []string{`"useImageLogo":"Use image logo must be true or false."`}, nil},

		// Logout.
		{"Logout", "POST", "/api/admin/logout", "admin", "", 200, []string{`{"success":true}`}, nil},
		{"AfterLogout", "GET", "/api/admin/menu-items", "admin", "", 401, []string{`"message":`}, nil},
	}
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		a.user("viewer", site.RoleSales)
		tokens := map[string]string{}
		for _, sc := range scenarios {
			if sc.token != "" && tokens[sc.token] == "" && sc.name != "AfterLogout" {
				name := sc.token
				if name == "admin" {
					name = "root"
				}
				tokens[sc.token] = a.login(name)
			}
			a.run(sc, tokens)
		}
		// Bad input changed nothing: one lead, and only the valid writes.
		n, err := a.store.CountLeads(context.Background())
		if err != nil || n != 1 {
			t.Errorf("leads = %d (%v), want 1", n, err)
		}
		menu, _ := a.store.FindRecords(context.Background(), site.MenuItems, site.ListFilter{})
		// The 19 seeded and the one valid create under AI Solutions.
		if len(menu) != 20 {
			t.Errorf("menu items = %d, want 20", len(menu))
		}
	})
}

// The headers of an error's answer: a request without a valid session or
// sign-in challenge is told the scheme to sign in with (WWW-Authenticate),
// a wrong password is not; a body of another type is 415 with its message.
func TestErrorHeaders(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.user("root", site.RoleAdmin)
	const challenge = `Bearer realm="admin"`
	for _, tc := range []struct {
		name, method, path, token, body string
		header                          map[string]string
		wantStatus                      int
		wantChallenge                   string
		wantBody                        string
	}{
		{"NoToken", "GET", "/api/admin/me", "", "", nil, 401, challenge, `{"message":"Sign in to continue."}`},
		{"UnknownToken", "GET", "/api/admin/me", "nope", "", nil, 401, challenge, `{"message":"Your session is not valid. Sign in again."}`},
		{"UnknownChallenge", "POST", "/api/admin/login/2fa", "", `{"challenge":"nope","code":"123456"}`, nil, 401, challenge, `"message":"This sign-in has expired`},
		{"WrongPassword", "POST", "/api/admin/login", "", `{"username":"root","password":"wrong"}`, nil, 401, "", `{"message":"Invalid username or password."}`},
		{"NotJSON", "POST", "/api/admin/login", "", `username=root`, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, "", `{"message":"Send the request body as application/json."}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := a.do(tc.method, tc.path, tc.token, tc.body, tc.header)
			if res.StatusCode != tc.wantStatus || strings.TrimSpace(body) != tc.wantBody && !strings.Contains(body, tc.wantBody) {
				t.Errorf("got %d %s, want %d %s", res.StatusCode, body, tc.wantStatus, tc.wantBody)
			}
			if got := res.Header.Get("WWW-Authenticate"); got != tc.wantChallenge {
				t.Errorf("WWW-Authenticate = %q, want %q", got, tc.wantChallenge)
			}
			if got := res.Header.Get("Content-Type"); got != "application/json; charset=utf-8" {
				t.Errorf("Content-Type = %q", got)
			}
		})
	}
}
