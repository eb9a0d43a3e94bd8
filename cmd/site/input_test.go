package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// database opens a fresh, migrated store of one kind for a test.
type database struct {
	name string
	open func(t *testing.T) site.Store
}

// databases lists the stores the site runs on: SQLite always, PostgreSQL
// (a schema of its own per test) when TEST_DATABASE_URL is set.
func databases() []database {
	list := []database{{"sqlite", func(t *testing.T) site.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}}}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		list = append(list, database{"postgres", func(t *testing.T) site.Store {
			db, err := postgres.Open(context.Background(), pgtest.Schema(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}})
	}
	return list
}

// newTestSiteOn starts the whole site on store, with the administrator
// admin, behind a test HTTP server.
func newTestSiteOn(t *testing.T, store site.Store) *httptest.Server {
	t.Helper()
	if _, err := bootstrapAdmin(context.Background(), store, testPassword, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	srv, err := newServer(store, "https://www.example.com", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts
}

// send makes one API request with a JSON body ("" for none) and returns
// the status and body.
func send(t *testing.T, method, url, token, body string) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// TestControlCharactersRefused sends NUL, line breaks and other control
// characters to every kind of write, public and admin, on each database:
// each is a 400 naming the field and writes nothing, while the line breaks
// of multi-line fields are kept.
func TestControlCharactersRefused(t *testing.T) {
	const lead = `"lastName":"Lovelace","email":"ada@example.com","company":"Analytical"`
	for _, db := range databases() {
		t.Run(db.name, func(t *testing.T) {
			store := db.open(t)
			ts := newTestSiteOn(t, store)
			token := loginAs(t, ts.URL, "admin", testPassword)
			ctx := context.Background()
			// One lead to change, made directly so that the refusals
			// below are the only requests to the lead form.
			seed, _, err := store.CreateLead(ctx, &site.Lead{LeadFields: site.LeadFields{FirstName: "Seed", LastName: "Lead", Email: "seed@example.com", Company: "S"}})
			if err != nil {
				t.Fatal(err)
			}

			// state returns what a request of a kind may change, to compare
			// before and after a refusal.
			state := func(what string) string {
				var v any
				var err error
				switch what {
				case "leads":
					v, _, err = store.FindLeads(ctx, site.LeadFilter{})
				case "menu":
					v, err = store.FindRecords(ctx, site.MenuItems, site.ListFilter{})
				case "footer":
					v, err = store.FindRecords(ctx, site.FooterLinks, site.ListFilter{})
				case "testimonials":
					v, err = store.FindRecords(ctx, site.Testimonials, site.ListFilter{})
				case "images":
					v, err = store.FindRecords(ctx, site.Images, site.ListFilter{})
				case "pages":
					v, err = store.FindRecords(ctx, site.Pages, site.ListFilter{})
				case "content":
					v, err = store.FindRecords(ctx, site.Content, site.ListFilter{})
				case "settings":
					v, err = store.FindRecord(ctx, site.Settings, site.SettingsID)
				case "leadSettings":
					v, err = store.GetLeadSettings(ctx)
				case "users":
					var n int
					n, err = store.CountUsers(ctx)
					v = n
				}
				if err != nil {
					t.Fatalf("read %s: %v", what, err)
				}
				b, _ := json.Marshal(v)
				return string(b)
			}

			leadPath := "/api/admin/contact-submissions/" + strconv.FormatInt(seed.ID, 10)
			for _, tc := range []struct {
				name, method, path, body string
				field, msg               string // the field named, and its message when given
				rows                     string // what must stay as it was
			}{
				// NUL, on the public routes and each admin write.
				{"ContactFirstNameNUL", "POST", "/api/contact", `{"firstName":"A\u0000",` + lead + `}`,
					"firstName", "First name must not contain control characters.", "leads"},
				{"LoginUsernameNUL", "POST", "/api/admin/login", `{"username":"ad\u0000min","password":"x"}`,
					"username", "Username must not contain control characters.", "users"},
				{"MenuTitleNUL", "POST", "/api/admin/menu-items", `{"title":"Bl\u0000og","url":"/blog"}`, "title", "", "menu"},
				{"FooterTitleNUL", "POST", "/api/admin/footer-links", `{"title":"Imp\u0000rint","category":"Legal","url":"/imprint"}`, "title", "", "footer"},
				{"TestimonialNameNUL", "POST", "/api/admin/testimonials", `{"name":"Ja\u0000ne","title":"CTO","content":"Great.","initials":"JD"}`, "name", "", "testimonials"},
				{"ImageNameNUL", "POST", "/api/admin/images", `{"name":"He\u0000ro","url":"/a.png"}`, "name", "", "images"},
				{"PageTitleNUL", "POST", "/api/admin/pages", `{"title":"Ab\u0000out","content":"Hello"}`, "title", "", "pages"},
				{"PageContentNUL", "POST", "/api/admin/pages", `{"title":"About","content":"Hel\u0000lo"}`,
					"content", "Content must not contain control characters.", "pages"},
				{"ContentValueNUL", "POST", "/api/admin/content", `{"section":"hero","key":"main_title","value":"Hi\u0000"}`, "value", "", "content"},
				{"SettingsLogoTextNUL", "PUT", "/api/admin/site-settings", `{"logoText":"Acme\u0000"}`, "logoText", "", "settings"},
				{"LeadNotesNUL", "PATCH", leadPath, `{"notes":"Call\u0000back"}`, "notes", "", "leads"},
				{"LeadSettingsWebhookNUL", "PUT", "/api/admin/lead-settings", `{"notificationEmails":[],"webhookUrl":"https://hooks.example/\u0000"}`,
					"webhookUrl", "Webhook URL must not contain control characters.", "leadSettings"},
				{"LeadSettingsEmailNUL", "PUT", "/api/admin/lead-settings", `{"notificationEmails":["a@b.co\u0000"]}`, "notificationEmails", "", "leadSettings"},

				// Line breaks in one-line fields: false lines of the
				// notification e-mail.
				{"ContactFirstNameCRLF", "POST", "/api/contact", `{"firstName":"Ada\r\nE-mail: x@evil.example",` + lead + `}`,
					"firstName", "First name must be a single line.", "leads"},
				{"ContactLastNameLF", "POST", "/api/contact", `{"firstName":"Ada","lastName":"L\nE-mail: x@evil.example","email":"ada@example.com","company":"C"}`,
					"lastName", "Last name must be a single line.", "leads"},
				{"ContactCompanyCR", "POST", "/api/contact", `{"firstName":"Ada","lastName":"L","email":"ada@example.com","company":"C\rE-mail: x"}`,
					"company", "Company must be a single line.", "leads"},
				{"MenuTitleLF", "POST", "/api/admin/menu-items", `{"title":"Blog\nNews","url":"/blog"}`, "title", "Title must be a single line.", "menu"},
				{"TestimonialTitleCRLF", "POST", "/api/admin/testimonials", `{"name":"Jane","title":"CTO\r\nAcme","content":"Great.","initials":"JD"}`,
					"title", "Title must be a single line.", "testimonials"},
				{"ContactTab", "POST", "/api/contact", `{"firstName":"Ada\tX",` + lead + `}`, "firstName", "", "leads"},
				{"ContactC1Control", "POST", "/api/contact", `{"firstName":"Ada\u0085X",` + lead + `}`, "firstName", "", "leads"},
				{"ContactLineSeparator", "POST", "/api/contact", `{"firstName":"Ada\u2028X",` + lead + `}`, "firstName", "", "leads"},
				{"ContactDetailsNUL", "POST", "/api/contact", `{"firstName":"Ada",` + lead + `,"projectDetails":"a\nb\u0000"}`, "projectDetails", "", "leads"},

				// A backslash makes a relative link another site's.
				{"MenuURLBackslash", "POST", "/api/admin/menu-items", `{"title":"Blog","url":"/\\evil.example/"}`, "url", "", "menu"},
				{"FooterURLBackslash", "PUT", "/api/admin/footer-links/1", `{"title":"Blog","category":"Legal","url":"/\\evil.example/"}`, "url", "", "footer"},

				// A sort position beyond 32 bits, which PostgreSQL cannot store.
				{"MenuOrderTooLarge", "POST", "/api/admin/menu-items", `{"title":"Blog","url":"/blog","order":3000000000}`,
					"order", "Order must be a whole number from -2147483648 to 2147483647.", "menu"},
				{"FooterOrderTooSmall", "POST", "/api/admin/footer-links", `{"title":"Blog","url":"/blog","order":-3000000000}`, "order", "", "footer"},
				{"TestimonialOrderTooLarge", "POST", "/api/admin/testimonials", `{"name":"J","title":"T","content":"C","initials":"JD","order":99999999999}`, "order", "", "testimonials"},

				// Query-string texts reach the database too.
				{"InboxSearchNUL", "GET", "/api/admin/contact-submissions?q=ad%00a", "", "q", "Search text must not contain control characters.", "leads"},
				{"InboxInterestNUL", "GET", "/api/admin/contact-submissions?interest=nlp%00", "", "interest", "", "leads"},
				{"ExportSearchNUL", "GET", "/api/admin/contact-submissions/export.csv?q=%00", "", "q", "", "leads"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					before := state(tc.rows)
					status, body := send(t, tc.method, ts.URL+tc.path, token, tc.body)
					if status != http.StatusBadRequest {
						t.Fatalf("status %d, want 400: %s", status, body)
					}
					var eb struct {
						Message string            `json:"message"`
						Errors  map[string]string `json:"errors"`
					}
					if err := json.Unmarshal([]byte(body), &eb); err != nil || eb.Message == "" {
						t.Fatalf("body %s", body)
					}
					if got := eb.Errors[tc.field]; got == "" || tc.msg != "" && got != tc.msg {
						t.Errorf("errors = %q, want %q: %q", eb.Errors, tc.field, tc.msg)
					}
					if after := state(tc.rows); after != before {
						t.Errorf("%s changed:\nbefore %s\nafter  %s", tc.rows, before, after)
					}
				})
			}

			t.Run("MultilineFieldsKeepLineBreaks", func(t *testing.T) {
				status, body := send(t, "POST", ts.URL+"/api/contact", "",
					`{"firstName":"Ada",`+lead+`,"projectDetails":"Line one\r\nLine two\n\tindented"}`)
				if status != http.StatusCreated {
					t.Fatalf("lead: %d %s", status, body)
				}
				leads, _, err := store.FindLeads(ctx, site.LeadFilter{Query: "Lovelace"})
				if err != nil || len(leads) != 1 || leads[0].ProjectDetails != "Line one\r\nLine two\n\tindented" {
					t.Fatalf("stored leads %+v (%v)", leads, err)
				}
				status, body = send(t, "POST", ts.URL+"/api/admin/testimonials", token,
					`{"name":"Jane","title":"CTO","content":"Great work.\nAgain.","initials":"JD"}`)
				if status != http.StatusCreated || !strings.Contains(body, `"content":"Great work.\nAgain."`) {
					t.Fatalf("testimonial: %d %s", status, body)
				}
				list, err := site.Find[site.Testimonial](ctx, store, site.Testimonials, site.ListFilter{})
				if err != nil || len(list) != 1 || list[0].Content != "Great work.\nAgain." {
					t.Errorf("stored testimonials %+v (%v)", list, err)
				}
				status, body = send(t, "PATCH", ts.URL+leadPath, token, `{"notes":"Called.\nCall again."}`)
				if status != http.StatusOK || !strings.Contains(body, `"notes":"Called.\nCall again."`) {
					t.Errorf("notes: %d %s", status, body)
				}
			})

			t.Run("VisitFieldsCleanedNotRefused", func(t *testing.T) {
				status, body := send(t, "POST", ts.URL+"/api/contact", "",
					`{"firstName":"Grace","lastName":"Hopper","email":"grace@example.com","company":"Navy","utmSource":"news\u0000letter","referrer":"https://x.example/\n"}`)
				if status != http.StatusCreated {
					t.Fatalf("lead: %d %s", status, body)
				}
				leads, _, err := store.FindLeads(ctx, site.LeadFilter{Query: "Hopper"})
				if err != nil || len(leads) != 1 || leads[0].UTMSource != "news letter" || leads[0].Referrer != "https://x.example/" {
					t.Errorf("stored leads %+v (%v)", leads, err)
				}
			})
		})
	}
}

// TestAdminCreateRefusesControlCharacters: a username the login would
// refuse is not created.
func TestAdminCreateRefusesControlCharacters(t *testing.T) {
	dir := t.TempDir()
	getenv := func(k string) string {
		if k == "SITE_ADMIN_PASSWORD" {
			return testPassword
		}
		return ""
	}
	var out strings.Builder
	err := run(context.Background(), []string{"admin", "create", "--data-dir", dir, "--username", "ma\x00ria"}, getenv, &out)
	if err == nil || err.Error() != "Username must not contain control characters." {
		t.Fatalf("admin create with a NUL: %v", err)
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, err := db.CountUsers(context.Background()); err != nil || n != 0 {
		t.Errorf("users = %d (%v), want none", n, err)
	}
}
