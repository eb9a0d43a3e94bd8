package httpd

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"meridian/internal/inbox"
	"meridian/internal/site"
)

// leadJSON is a valid body of POST /api/contact for email, with extra
// fields appended as JSON members.
func leadJSON(email, extra string) string {
	body := `{"firstName":"Ada","lastName":"Lovelace","email":"` + email + `","company":"Analytical","aiSolutionInterest":"nlp","projectDetails":"Invoices"`
	if extra != "" {
		body += "," + extra
	}
	return body + "}"
}

// signIn creates an administrator, a sales user (the viewer: the inbox,
// not its settings) and an editor (no inbox) and returns their tokens.
func (a *testAPI) signIn() map[string]string {
	return map[string]string{"admin": a.signedIn("root", site.RoleAdmin), "viewer": a.signedIn("viewer", site.RoleSales),
		"editor": a.signedIn("ed", site.RoleEditor)}
}

func TestLeadInboxAPI(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		tokens := a.signIn()
		for i, extra := range []string{
			`"page":"/ai-journey","referrer":"https://www.google.com/","utmSource":"news","utmMedium":"email","utmCampaign":"spring","utmTerm":"ai","utmContent":"banner","fillMs":9000,"website":""`,
			`"fillMs":120`,
			`"website":"http://spam.example"`,
		} {
			res, body := a.do("POST", "/api/contact", "", leadJSON(fmt.Sprintf("p%d@example.com", i), extra), nil)
			if res.StatusCode != 201 || !strings.Contains(body, leadThanks) {
				t.Fatalf("lead %d: %d %s", i, res.StatusCode, body)
			}
		}
		var first struct {
			Data []site.Lead `json:"data"`
		}
		_, body := a.do("GET", "/api/admin/contact-submissions?view=spam", tokens["viewer"], "", nil)
		json.Unmarshal([]byte(body), &first)
		if len(first.Data) != 2 {
			t.Fatalf("spam view = %s", body)
		}
		spamID := first.Data[0].ID
		_, body = a.do("GET", "/api/admin/contact-submissions", tokens["viewer"], "", nil)
		json.Unmarshal([]byte(body), &first)
		if len(first.Data) != 1 {
			t.Fatalf("inbox = %s", body)
		}
		id := first.Data[0].ID
		lead := fmt.Sprintf("/api/admin/contact-submissions/%d", id)
		for _, sc := range []scenario{
			{"ListNeedsSignIn", "GET", "/api/admin/contact-submissions", "", "", 401, []string{`"message"`}, nil},
			{"Inbox", "GET", "/api/admin/contact-submissions", "viewer", "", 200,
				[]string{`"total":1,"page":1,"pageSize":25`, `"email":"p0@example.com"`, `"page":"/ai-journey"`,
					`"referrer":"https://www.google.com/"`, `"utmSource":"news"`, `"utmMedium":"email"`, `"utmCampaign":"spring"`,
					`"utmTerm":"ai"`, `"utmContent":"banner"`, `"status":"new"`, `"notes":""`, `"spam":false`, `"spamReason":""`,
					`"deliveries":[]`, `"updatedAt":"20`}, []string{`p1@example.com`}},
			{"SpamView", "GET", "/api/admin/contact-submissions?view=spam&pageSize=1&page=2", "viewer", "", 200,
				[]string{`"total":2,"page":2,"pageSize":1`, `"email":"p1@example.com"`, `"spam":true`, `"spamReason":"The form was sent 120 ms after it was shown."`}, nil},
			{"Search", "GET", "/api/admin/contact-submissions?q=ANALYT&status=new&interest=nlp", "viewer", "", 200, []string{`"total":1`}, nil},
			{"SearchNone", "GET", "/api/admin/contact-submissions?q=zzz", "viewer", "", 200, []string{`{"data":[],"total":0,"page":1,"pageSize":25}`}, nil},
			{"BadStatus", "GET", "/api/admin/contact-submissions?status=archived", "viewer", "", 400, []string{`Unknown status \"archived\"`}, nil},
			{"BadView", "GET", "/api/admin/contact-submissions?view=all", "viewer", "", 400, []string{`Unknown view`}, nil},
			{"BadPage", "GET", "/api/admin/contact-submissions?page=0", "viewer", "", 400, []string{`The page must be a whole number from 1.`}, nil},
			{"BadPageSize", "GET", "/api/admin/contact-submissions?pageSize=101", "viewer", "", 400, []string{`from 1 to 100`}, nil},
			{"PatchNeedsLeadRole", "PATCH", lead, "editor", `{"status":"won"}`, 403, nil, nil},
			{"PatchNeedsSignIn", "PATCH", lead, "", `{"status":"won"}`, 401, nil, nil},
			{"PatchBadStatus", "PATCH", lead, "admin", `{"status":"archived"}`, 400, []string{`"status":"Choose a status`}, nil},
			{"PatchEmpty", "PATCH", lead, "admin", `{}`, 400, []string{`Send at least one of status, notes, spam and ownerId.`}, nil},
			{"PatchNotesTooLong", "PATCH", lead, "admin", `{"notes":"` + strings.Repeat("n", 10001) + `"}`, 400, []string{`"notes":"Notes must be at most 10000 characters."`}, nil},
			{"PatchUnknownField", "PATCH", lead, "admin", `{"email":"x@y.z"}`, 400, []string{`Unknown field`}, nil},
			{"PatchUnknown", "PATCH", "/api/admin/contact-submissions/99999", "admin", `{"status":"won"}`, 404, []string{`Lead not found.`}, nil},
			{"Patch", "PATCH", lead, "admin", `{"status":"qualified","notes":"Budget approved."}`, 200,
				[]string{`"data":{`, `"status":"qualified"`, `"notes":"Budget approved."`}, nil},
			{"FilterByStatus", "GET", "/api/admin/contact-submissions?status=qualified", "viewer", "", 200, []string{`"total":1`, `"notes":"Budget approved."`}, nil},
			{"ResendNothingConfigured", "POST", lead + "/resend", "admin", "", 400, []string{`No notification is configured`}, nil},
			{"ResendNeedsLeadRole", "POST", lead + "/resend", "editor", "", 403, nil, nil},
			{"SettingsDefaults", "GET", "/api/admin/lead-settings", "viewer", "", 200,
				[]string{`{"data":{"notificationEmails":[],"webhookUrl":"","webhookSecret":"","webhookSecretSet":false,"retentionMonths":0,"responseHours":24,"businessHoursOnly":false,"timeZone":"UTC","smtpConfigured":false}}`}, nil},
			{"SettingsNeedAdmin", "PUT", "/api/admin/lead-settings", "viewer", `{"notificationEmails":[]}`, 403, nil, nil},
			{"SettingsBadEmail", "PUT", "/api/admin/lead-settings", "admin", `{"notificationEmails":["sales@example.com","nope"]}`, 400,
				[]string{`"notificationEmails":"\"nope\" is not a valid e-mail address."`}, nil},
			{"SettingsBadURL", "PUT", "/api/admin/lead-settings", "admin", `{"webhookUrl":"ftp://example.com"}`, 400, []string{`"webhookUrl"`}, nil},
			{"SettingsBadRetention", "PUT", "/api/admin/lead-settings", "admin", `{"retentionMonths":121}`, 400, []string{`"retentionMonths"`}, nil},
			{"SettingsUnchanged", "GET", "/api/admin/lead-settings", "viewer", "", 200, []string{`"notificationEmails":[]`, `"retentionMonths":0`}, nil},
			{"Settings", "PUT", "/api/admin/lead-settings", "admin",
				`{"notificationEmails":[" sales@example.com ","sales@example.com","ceo@example.com"],"webhookUrl":"https://hooks.example.com/x","webhookSecret":"","retentionMonths":24,"smtpConfigured":true}`, 200,
				[]string{`"notificationEmails":["sales@example.com","ceo@example.com"]`, `"webhookUrl":"https://hooks.example.com/x"`, `"retentionMonths":24`, `"smtpConfigured":false`}, []string{`"webhookSecret":""`}},
			// Sales read where the webhook goes, not its address's token.
			{"SettingsWebhookOriginOnly", "GET", "/api/admin/lead-settings", "viewer", "", 200, []string{`"webhookUrl":"https://hooks.example.com/…"`}, []string{`/x`}},
			{"SettingsNotPublic", "GET", "/api/public/site-settings", "", "", 200, nil, []string{`sales@example.com`, `webhook`, `retention`}},
			{"Resend", "POST", lead + "/resend", "admin", "", 200,
				[]string{`"channel":"email","target":"sales@example.com, ceo@example.com","status":"pending","attempts":0,"lastError":"","nextAttemptAt":"20`, `"sentAt":null`, `"channel":"webhook"`}, nil},
			{"WebhookTargetOriginOnly", "GET", lead, "viewer", "", 200, []string{`"channel":"webhook","target":"https://hooks.example.com/…"`}, []string{`hooks.example.com/x`}},
			{"ResendSpam", "POST", fmt.Sprintf("/api/admin/contact-submissions/%d/resend", spamID), "admin", "", 400, []string{`marked as spam`}, nil},
			{"NotSpam", "PATCH", fmt.Sprintf("/api/admin/contact-submissions/%d", spamID), "admin", `{"spam":false}`, 200,
				[]string{`"spam":false`, `"spamReason":""`, `"channel":"email"`, `"channel":"webhook"`}, nil},
			{"InboxAfterNotSpam", "GET", "/api/admin/contact-submissions", "viewer", "", 200, []string{`"total":2`}, nil},
			{"Stats", "GET", "/api/admin/lead-stats", "viewer", "", 200,
				[]string{`{"data":{"weeks":[{"weekStart":"`, `"byInterest":[{"interest":"nlp","count":2}]`, `"total":2,"newCount":1,"spamCount":1,"failingDeliveries":0,"lastDeliveryError":""`}, nil},
			{"StatsNeedSignIn", "GET", "/api/admin/lead-stats", "", "", 401, nil, nil},
			{"ExportBadFilter", "GET", "/api/admin/contact-submissions/export.csv?status=nope", "viewer", "", 400, []string{`Unknown status`}, nil},
			{"ExportNeedsSignIn", "GET", "/api/admin/contact-submissions/export.csv", "", "", 401, nil, nil},
		} {
			a.run(sc, tokens)
		}
		// The webhook secret was generated.
		var st struct {
			Data site.LeadSettings `json:"data"`
		}
		_, body = a.do("GET", "/api/admin/lead-settings", tokens["admin"], "", nil)
		json.Unmarshal([]byte(body), &st)
		if len(st.Data.WebhookSecret) != 64 {
			t.Errorf("generated secret = %q, want 64 hex digits", st.Data.WebhookSecret)
		}
	})
}

func TestLeadDuplicateAndRateLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.configure(func(s *Server) { s.LeadLimits = inbox.LeadLimits{PerAddress: 4, PerEmail: 2} })
		post := func(email, addr string) (int, string, string) {
			res, body := a.do("POST", "/api/contact", "", leadJSON(email, ""), map[string]string{"X-Forwarded-For": addr})
			return res.StatusCode, res.Header.Get("Retry-After"), body
		}
		// The same lead twice: one row, two successes.
		for range 2 {
			if st, _, body := post("ada@example.com", "203.0.113.1"); st != 201 {
				t.Fatalf("lead: %d %s", st, body)
			}
		}
		if n, _ := a.store.CountLeads(context.Background()); n != 1 {
			t.Errorf("duplicate stored: %d leads", n)
		}
		// Per e-mail: the third of one address is refused, from anywhere.
		st, retry, body := post("ada@example.com", "203.0.113.2")
		if st != 429 || !strings.Contains(body, leadTooMany) || retry == "" || retry == "0" {
			t.Errorf("third lead of one e-mail: %d, Retry-After %q, %s", st, retry, body)
		}
		// Per address: 4 an hour, whatever the e-mail; the refused
		// request above did not count.
		for i := range 5 {
			want := 201
			if i == 4 {
				want = 429
			}
			if st, _, body := post(fmt.Sprintf("x%d@example.com", i), "203.0.113.2"); st != want {
				t.Errorf("lead %d from one address: %d, want %d (%s)", i, st, want, body)
			}
		}
		// An hour later both limits have forgotten.
		a.clock.Advance(time.Hour + time.Second)
		if st, _, body := post("ada@example.com", "203.0.113.2"); st != 201 {
			t.Errorf("after an hour: %d %s", st, body)
		}
		// A validation error is not counted and stays a 400.
		res, body := a.do("POST", "/api/contact", "", `{"firstName":"A"}`, map[string]string{"X-Forwarded-For": "203.0.113.9"})
		if res.StatusCode != 400 || !strings.Contains(body, `"errors"`) {
			t.Errorf("bad lead: %d %s", res.StatusCode, body)
		}
		// The last Ada was within the store's duplicate window.
		if n, _ := a.store.CountLeads(context.Background()); n != 5 {
			t.Errorf("leads stored = %d, want 5", n)
		}
	})
}

func TestLeadSpamSignals(t *testing.T) {
	o := stores(t)[0]
	a := newTestAPI(t, o)
	tokens := a.signIn()
	links := strings.Repeat("see https://cheap.example ", 3)
	for _, tc := range []struct {
		name, extra, reason string
	}{
		{"Normal", `"fillMs":4000,"website":""`, ""},
		{"NoFillTime", ``, ""},
		{"Honeypot", `"website":"x"`, "The hidden website field was filled in."},
		{"TooFast", `"fillMs":2999`, "The form was sent 2999 ms after it was shown."},
		{"TooFastFraction", `"fillMs":12.75`, "The form was sent 12 ms after it was shown."},
		{"SlowFraction", `"fillMs":3000.5`, ""},
		{"Negative", `"fillMs":-5`, "The form was sent -5 ms after it was shown."},
		{"Links", `"projectDetails":"` + links + `"`, "The project details hold 3 links."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			email := strings.ToLower(tc.name) + "@example.com"
			body := leadJSON(email, tc.extra)
			if strings.Contains(tc.extra, "projectDetails") {
				body = `{"firstName":"A","lastName":"B","email":"` + email + `","company":"C",` + tc.extra + `}`
			}
			res, out := a.do("POST", "/api/contact", "", body, nil)
			if res.StatusCode != 201 || !strings.Contains(out, leadThanks) {
				t.Fatalf("%d %s", res.StatusCode, out)
			}
			_, out = a.do("GET", "/api/admin/contact-submissions?view=spam&q="+email, tokens["viewer"], "", nil)
			flagged := strings.Contains(out, `"total":1`)
			if flagged != (tc.reason != "") || tc.reason != "" && !strings.Contains(out, tc.reason) {
				t.Errorf("spam view: %s", out)
			}
		})
	}
}

func TestLeadVisitFieldsAreCut(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	tokens := a.signIn()
	res, body := a.do("POST", "/api/contact", "", leadJSON("ada@example.com", `"referrer":"https://ref.example/`+strings.Repeat("é", 2000)+`"`), nil)
	if res.StatusCode != 201 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	list, _, err := a.store.FindLeads(context.Background(), site.LeadFilter{})
	if err != nil || len(list) != 1 || len([]rune(list[0].Referrer)) != site.MaxLeadReferrer {
		t.Errorf("referrer of %d characters, want %d (%v)", len([]rune(list[0].Referrer)), site.MaxLeadReferrer, err)
	}
	_ = tokens
}

func TestLeadExportCSV(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		tokens := a.signIn()
		for _, l := range []*site.Lead{
			{LeadFields: site.LeadFields{FirstName: "=HYPERLINK(\"http://x\")", LastName: "+1", Email: "a@example.com", Company: "-2", JobTitle: ";=1+1;-2; ok;", ProjectDetails: "@SUM(A1)\nsecond line, with comma"}},
			{LeadFields: site.LeadFields{FirstName: "Zoë", LastName: "Ünal", Email: "z@example.com", Company: "\tTab", JobTitle: "cto", AISolutionInterest: "nlp"}},
			{LeadFields: site.LeadFields{FirstName: "Spam", LastName: "Bot", Email: "s@example.com", Company: "\rX"}, Spam: true},
		} {
			if _, _, err := a.store.CreateLead(context.Background(), l); err != nil {
				t.Fatal(err)
			}
		}
		res, body := a.do("GET", "/api/admin/contact-submissions/export.csv", tokens["viewer"], "", nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("export: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		want := `attachment; filename="leads-` + a.clock.Now().Format("2006-01-02") + `.csv"`
		if got := res.Header.Get("Content-Disposition"); got != want {
			t.Errorf("Content-Disposition = %q, want %q", got, want)
		}
		if !strings.HasPrefix(body, "\uFEFF") {
			t.Fatal("no byte order mark")
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || strings.Join(rows[0], "|") != strings.Join(leadCSVHeader, "|") {
			t.Fatalf("rows = %q", rows)
		}
		zoe, formula := rows[1], rows[2]
		if zoe[2] != "Zoë" || zoe[3] != "Ünal" || zoe[5] != "'\tTab" || zoe[6] != "cto" || zoe[9] != "new" || zoe[18] != "false" ||
			zoe[7] != "nlp" || zoe[24] != "CTO / Technology Leader" || zoe[25] != "Natural Language Processing" {
			t.Errorf("row = %q", zoe)
		}
		if formula[2] != `'=HYPERLINK("http://x")` || formula[3] != "'+1" || formula[5] != "'-2" ||
			formula[6] != ";'=1+1;'-2; ok;" || formula[8] != "'@SUM(A1)\nsecond line, with comma" {
			t.Errorf("formulas not defused: %q", formula)
		}
		_, body = a.do("GET", "/api/admin/contact-submissions/export.csv?view=spam&q=bot", tokens["viewer"], "", nil)
		rows, _ = csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF"))).ReadAll()
		if len(rows) != 2 || rows[1][2] != "Spam" || rows[1][5] != "'\rX" || rows[1][18] != "true" {
			t.Errorf("spam export = %q", rows)
		}
	})
}
