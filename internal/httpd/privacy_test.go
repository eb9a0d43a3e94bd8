package httpd

import (
	"encoding/json"
	"strings"
	"testing"

	"meridian/internal/site"
)

func TestLeadConsent(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		token := a.signedIn("root", site.RoleAdmin)
		wording := "I agree that Meridian may use these details to answer me, as its privacy policy describes."
		lead := func(id int) site.Lead {
			t.Helper()
			res, body := a.do("GET", "/api/admin/contact-submissions/"+string(rune('0'+id)), token, "", nil)
			if res.StatusCode != 200 {
				t.Fatalf("lead %d: %d %s", id, res.StatusCode, body)
			}
			var out struct{ Data site.Lead }
			json.Unmarshal([]byte(body), &out)
			return out.Data
		}
		for _, tc := range []struct {
			name, extra, email string
			status             int
			field              string
		}{
			{"WordingAndVersion", `"consentText":"` + wording + `","consentVersion":"` + site.ConsentVersionOf(wording) + `"`, "a@example.com", 201, ""},
			{"WordingOnly", `"consentText":"  I  agree. "`, "b@example.com", 201, ""},
			{"SpecBodyWithout", "", "c@example.com", 201, ""},
			{"ErrWrongVersion", `"consentText":"I agree.","consentVersion":"0123456789abcdef"`, "d@example.com", 400, "consentVersion"},
			{"ErrVersionWithoutWording", `"consentVersion":"0123456789abcdef"`, "e@example.com", 400, "consentVersion"},
			{"ErrTooLong", `"consentText":"` + strings.Repeat("a", 1001) + `"`, "f@example.com", 400, "consentText"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res, body := a.do("POST", "/api/contact", "", leadJSON(tc.email, tc.extra), nil)
				if res.StatusCode != tc.status || tc.field != "" && !strings.Contains(body, `"`+tc.field+`"`) {
					t.Fatalf("%d %s, want %d naming %q", res.StatusCode, body, tc.status, tc.field)
				}
			})
		}
		if l := lead(1); l.ConsentText != wording || l.ConsentVersion != site.ConsentVersionOf(wording) {
			t.Errorf("lead 1 consent = %q %q", l.ConsentText, l.ConsentVersion)
		}
		if l := lead(2); l.ConsentText != "I agree." || l.ConsentVersion != site.ConsentVersionOf("I agree.") {
			t.Errorf("lead 2 consent = %q %q, want the wording's spaces folded and its version made", l.ConsentText, l.ConsentVersion)
		}
		if l := lead(3); l.ConsentText != "" || l.ConsentVersion != "" {
			t.Errorf("lead 3 consent = %q %q, want none", l.ConsentText, l.ConsentVersion)
		}
	})
}

func TestPrivacyRequests(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		token := a.signedIn("root", site.RoleAdmin)
		for _, email := range []string{"Grace@Example.com", "grace@example.com", "other@example.com"} {
			if res, body := a.do("POST", "/api/contact", "", leadJSON(email, `"consentText":"I agree."`), nil); res.StatusCode != 201 {
				t.Fatalf("lead: %d %s", res.StatusCode, body)
			}
		}
		a.do("GET", "/api/admin/contact-submissions/1", token, "", nil)

		res, body := a.do("GET", "/api/admin/privacy?email=%20GRACE@example.com", token, "", nil)
		var found struct{ Data site.PersonalData }
		json.Unmarshal([]byte(body), &found)
		if res.StatusCode != 200 || found.Data.Email != "grace@example.com" || len(found.Data.Leads) != 2 || len(found.Data.AuditEntries) != 1 {
			t.Fatalf("find: %d %s", res.StatusCode, body)
		}
		res, body = a.do("POST", "/api/admin/privacy/export", token, `{"email":"grace@example.com"}`, nil)
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "personal-data-") ||
			!strings.Contains(body, `"consentText":"I agree."`) || strings.Count(body, `"firstName":"Ada"`) != 2 {
			t.Fatalf("export: %d %v %s", res.StatusCode, res.Header, body)
		}
		for q, field := range map[string]string{"": "email", "?email=not-an-address": "email"} {
			if res, body := a.do("GET", "/api/admin/privacy"+q, token, "", nil); res.StatusCode != 400 || !strings.Contains(body, `"`+field+`"`) {
				t.Errorf("find%s: %d %s", q, res.StatusCode, body)
			}
		}

		res, body = a.do("POST", "/api/admin/privacy/erase", token, `{"email":"grace@example.com"}`, nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"leads":2`) {
			t.Fatalf("erase: %d %s", res.StatusCode, body)
		}
		_, body = a.do("GET", "/api/admin/privacy?email=grace@example.com", token, "", nil)
		if !strings.Contains(body, `"leads":[]`) || !strings.Contains(body, `"auditEntries":[]`) {
			t.Errorf("after erasure: %s", body)
		}
		if _, body := a.do("GET", "/api/admin/contact-submissions", token, "", nil); strings.Contains(strings.ToLower(body), "grace@") || !strings.Contains(body, "other@example.com") {
			t.Errorf("inbox after erasure: %s", body)
		}
		// The log keeps every request, the erasure's without the address.
		_, log := a.do("GET", "/api/admin/audit-log?format=csv", token, "", nil)
		if strings.Contains(strings.ToLower(log), "grace@") {
			t.Errorf("the audit log still names the address:\n%s", log)
		}
		all := auditList(t, a, token, "")
		for _, action := range []string{site.AuditPrivacySearch, site.AuditPrivacyExport, site.AuditPrivacyErase, site.AuditLeadView} {
			findEntry(t, all.Data, action)
		}
		if e := findEntry(t, all.Data, site.AuditPrivacyErase); e.Detail != "leads: 2, notifications: 0, audit entries: 3, sign-in attempts: 0" || e.Username != "root" {
			t.Errorf("erase entry = %+v", e)
		}
	})
}
