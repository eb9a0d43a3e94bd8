package httpd

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// leadActivity reads the timeline of lead id as its details answer it.
func (a *testAPI) leadActivity(id, token string) []*site.LeadActivity {
	a.t.Helper()
	res, body := a.do("GET", "/api/admin/contact-submissions/"+id, token, "", nil)
	if res.StatusCode != 200 {
		a.t.Fatalf("lead %s: %d %s", id, res.StatusCode, body)
	}
	var out struct {
		Data site.Lead `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		a.t.Fatal(err)
	}
	return out.Data.Activity
}

func TestLeadActivityAPI(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		tokens := a.signIn()
		expect := expecter(t, a)
		expect("POST", "/api/contact", "", leadJSON("ada@example.com", `"jobTitle":"cto"`), nil, 201)
		base := "/api/admin/contact-submissions/1"

		// An editor may neither read nor write the timeline.
		expect("POST", base+"/activity", tokens["editor"], `{"kind":"note","text":"Hi"}`, nil, 403, forbiddenMessages[site.PermLeads])

		// Bad input: 400 with the field's message, and nothing written.
		for _, c := range []struct{ body, field, msg string }{
			{`{"kind":"fax","text":"Sent a fax"}`, "kind", "Choose note, call or email."},
			{`{"kind":"status","text":"Won"}`, "kind", "Choose note, call or email."},
			{`{"text":"No kind"}`, "kind", "Choose note, call or email."},
			{`{"kind":"note","text":"   "}`, "text", "Write what happened before saving."},
			{`{"kind":"note","text":"` + strings.Repeat("x", site.MaxActivityText+1) + `"}`, "text", "The text must be at most 5000 characters."},
			{`{"kind":"note","text":"a\u0000b"}`, "text", ""},
		} {
			body := expect("POST", base+"/activity", tokens["viewer"], c.body, nil, 400)
			var e errorBody
			json.Unmarshal([]byte(body), &e)
			if e.Errors[c.field] == "" || c.msg != "" && e.Errors[c.field] != c.msg {
				t.Errorf("%.60s: errors %v, want %s: %q", c.body, e.Errors, c.field, c.msg)
			}
		}
		expect("POST", "/api/admin/contact-submissions/99/activity", tokens["viewer"], `{"kind":"note","text":"x"}`, nil, 404, "Lead not found.")
		if got := a.leadActivity("1", tokens["admin"]); len(got) != 0 {
			t.Fatalf("after refused writes: %+v", got)
		}

		// Sales write; the text is trimmed, the author named.
		body := expect("POST", base+"/activity", tokens["viewer"], `{"kind":"call","text":"  Called Ada, she wants a demo.\n"}`, nil, 201,
			`"kind":"call"`, `"username":"viewer"`, `"text":"Called Ada, she wants a demo."`, `"leadId":1`)
		var added struct{ Data site.LeadActivity }
		json.Unmarshal([]byte(body), &added)
		entry := base + "/activity/" + strconv.FormatInt(added.Data.ID, 10)

		// Only the author edits, and only for 15 minutes.
		expect("PUT", entry, tokens["admin"], `{"text":"Not mine"}`, nil, 403, "Only its author can edit this entry.")
		expect("PUT", entry, tokens["viewer"], `{"text":""}`, nil, 400, "Write what happened before saving.")
		expect("PUT", entry, tokens["viewer"], `{"text":"Called Ada: demo on Friday."}`, nil, 200, `"text":"Called Ada: demo on Friday."`)
		a.clock.Advance(14 * time.Minute)
		expect("PUT", entry, tokens["viewer"], `{"text":"Called Ada: demo on Friday at 10."}`, nil, 200)
		a.clock.Advance(2 * time.Minute)
		expect("PUT", entry, tokens["viewer"], `{"text":"Too late"}`, nil, 409,
			"An entry can be edited for 15 minutes after it is written, and this one is older. Add a new note instead.")
		expect("PUT", base+"/activity/999", tokens["viewer"], `{"text":"x"}`, nil, 404, "Activity entry not found.")
		if got := a.leadActivity("1", tokens["viewer"]); len(got) != 1 || got[0].Text != "Called Ada: demo on Friday at 10." {
			t.Fatalf("timeline = %+v", got)
		}

		// The details carry the labels the visitor saw.
		expect("GET", base, tokens["viewer"], "", nil, 200, `"jobTitleLabel":"CTO / Technology Leader"`,
			`"aiSolutionInterestLabel":"Natural Language Processing"`)
		// The list carries no timeline.
		if list := expect("GET", "/api/admin/contact-submissions", tokens["viewer"], "", nil, 200); strings.Contains(list, `"activity"`) {
			t.Errorf("the list carries a timeline: %s", list)
		}

		// A change of status or spam through the lead writes an entry, by
		// the signed-in user, in the same answer.
		expect("PATCH", base, tokens["viewer"], `{"status":"contacted"}`, nil, 200,
			`"kind":"status","userId":2,"username":"viewer","text":"","from":"new","to":"contacted"`)
		expect("PATCH", base, tokens["admin"], `{"spam":true}`, nil, 200, `"kind":"spam","userId":1,"username":"root","text":"","from":"inbox","to":"spam"`)
		expect("PATCH", base, tokens["admin"], `{"notes":"Older box"}`, nil, 200, `"kind":"notes"`, `"text":"Older box"`)
		if got := a.leadActivity("1", tokens["viewer"]); len(got) != 4 || got[0].Kind != site.ActivityNotes || got[3].Kind != site.ActivityCall {
			t.Fatalf("timeline = %+v", got)
		}

		// Administrators delete; sales may not.
		expect("DELETE", entry, tokens["viewer"], "", nil, 403, "Only administrators can delete entries of a lead's activity.")
		expect("DELETE", entry, tokens["admin"], "", nil, 200, `"success":true`)
		expect("DELETE", entry, tokens["admin"], "", nil, 404, "Activity entry not found.")
		if got := a.leadActivity("1", tokens["viewer"]); len(got) != 3 {
			t.Fatalf("after delete: %+v", got)
		}

		// Each write is in the audit log, naming the lead.
		for _, action := range []string{site.AuditLeadActivityAdd, site.AuditLeadActivityEdit, site.AuditLeadActivityDelete} {
			entries, _, err := a.store.FindAuditEntries(context.Background(), site.AuditFilter{Action: action})
			if err != nil || len(entries) == 0 || entries[0].Target != "contact-submissions/1" {
				t.Errorf("audit of %s: %+v %v", action, entries, err)
			}
		}
		if entries, _, _ := a.store.FindAuditEntries(context.Background(), site.AuditFilter{Action: site.AuditLeadActivityEdit}); len(entries) != 2 {
			t.Errorf("edits audited: %d, want the 2 that succeeded", len(entries))
		}

		// The privacy export holds the timeline and the labels.
		expect("POST", "/api/admin/privacy/export", tokens["admin"], `{"email":"ada@example.com"}`, nil, 200,
			`"activity":[`, `"kind":"notes"`, `"jobTitleLabel":"CTO / Technology Leader"`, `"aiSolutionInterestLabel":"Natural Language Processing"`)
		// The erasure takes the timeline with the lead.
		expect("POST", "/api/admin/privacy/erase", tokens["admin"], `{"email":"ada@example.com"}`, nil, 200)
		expect("POST", base+"/activity", tokens["viewer"], `{"kind":"note","text":"x"}`, nil, 404, "Lead not found.")
	})
}

// TestApplicationActivityAPI: recruiters and administrators write notes on
// an application's timeline and edit their own for 15 minutes; a change
// of status is recorded in it; both are read with the application, newest
// first, with who and when; bad input is refused with its message and
// writes nothing; each write is audited without the note's text; the
// privacy export holds the notes and the erasure takes them.
func TestApplicationActivityAPI(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		rita := a.signedIn("rita", site.RoleRecruiter)
		root := a.signedIn("root", site.RoleAdmin)
		sam := a.signedIn("sam", site.RoleSales)
		expect := expecter(t, a)
		body, h := applicationBody(t, applicant(1, map[string]string{"email": "ada@example.com"}), "cv.pdf", testPDF())
		if res, got := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 201 {
			t.Fatalf("apply: %d %s", res.StatusCode, got)
		}
		base := "/api/admin/applications/1"
		timeline := func() []*site.ApplicationActivity {
			t.Helper()
			var out struct{ Data site.Application }
			json.Unmarshal([]byte(expect("GET", base, rita, "", nil, 200)), &out)
			if out.Data.CV != nil || out.Data.FirstName != "Ada" {
				t.Fatalf("details = %+v, want the application without its CV", out.Data)
			}
			return out.Data.Activity
		}

		// Sales may neither read nor write it.
		expect("GET", base, sam, "", nil, 403, forbiddenMessages[site.PermCareers])
		expect("POST", base+"/activity", sam, `{"text":"Hi"}`, nil, 403, forbiddenMessages[site.PermCareers])

		// Bad input: 400 with the field's message, and nothing written.
		for _, c := range []struct{ body, field, msg string }{
			{`{"text":"   "}`, "text", "Write what happened before saving."},
			{`{"text":"` + strings.Repeat("é", site.MaxActivityText+1) + `"}`, "text", "The text must be at most 5000 characters."},
			{`{"kind":"call","text":"Called"}`, "kind", "An application's timeline takes notes only."},
			{`{"kind":"status","text":"Hired"}`, "kind", "An application's timeline takes notes only."},
		} {
			body := expect("POST", base+"/activity", rita, c.body, nil, 400)
			var e errorBody
			json.Unmarshal([]byte(body), &e)
			if e.Errors[c.field] != c.msg {
				t.Errorf("%.60s: errors %v, want %s: %q", c.body, e.Errors, c.field, c.msg)
			}
		}
		expect("POST", "/api/admin/applications/99/activity", rita, `{"text":"x"}`, nil, 404, "Application not found.")
		expect("GET", "/api/admin/applications/99", rita, "", nil, 404, "Application not found.")
		if got := timeline(); len(got) != 0 {
			t.Fatalf("after refused writes: %+v", got)
		}

		// A note of 5,000 characters is taken, trimmed, with its author.
		long := strings.Repeat("é", site.MaxActivityText)
		expect("POST", base+"/activity", root, `{"kind":"note","text":"`+long+`"}`, nil, 201, `"username":"root"`)
		added := expect("POST", base+"/activity", rita, `{"text":"  Strong portfolio.\n"}`, nil, 201,
			`"applicationId":1`, `"kind":"note"`, `"username":"rita"`, `"text":"Strong portfolio."`)
		var note struct{ Data site.ApplicationActivity }
		json.Unmarshal([]byte(added), &note)
		entry := base + "/activity/" + strconv.FormatInt(note.Data.ID, 10)

		// A change of status is recorded by whoever made it.
		expect("PUT", base, rita, `{"status":"interview"}`, nil, 200, `"status":"interview"`)
		expect("PUT", base, rita, `{"status":"interview"}`, nil, 200)
		got := timeline()
		if len(got) != 3 || got[0].Kind != site.ActivityStatus || got[0].From != "new" || got[0].To != "interview" || got[0].Username != "rita" ||
			got[1].Text != "Strong portfolio." || got[2].Username != "root" || got[0].CreatedAt.IsZero() {
			t.Fatalf("timeline = %+v, want the status change, then the two notes", got)
		}
		if list := expect("GET", "/api/admin/applications", rita, "", nil, 200); strings.Contains(list, `"activity"`) {
			t.Errorf("the list carries a timeline: %s", list)
		}

		// Only the author edits, only a note, and only for 15 minutes.
		expect("PUT", entry, root, `{"text":"Not mine"}`, nil, 403, "Only its author can edit this entry.")
		expect("PUT", base+"/activity/"+strconv.FormatInt(got[0].ID, 10), rita, `{"text":"x"}`, nil, 403,
			"The site writes status entries; they cannot be edited.")
		expect("PUT", entry, rita, `{"text":"Strong portfolio; ask for references."}`, nil, 200, `"text":"Strong portfolio; ask for references."`)
		a.clock.Advance(16 * time.Minute)
		expect("PUT", entry, rita, `{"text":"Too late"}`, nil, 409, "An entry can be edited for 15 minutes")

		// Each write is in the audit log, naming the application, not the note.
		for action, n := range map[string]int{site.AuditApplicationActivityAdd: 2, site.AuditApplicationActivityEdit: 1} {
			entries, _, err := a.store.FindAuditEntries(context.Background(), site.AuditFilter{Action: action})
			if err != nil || len(entries) != n || entries[0].Target != "applications/1" || entries[0].Username != "rita" {
				t.Errorf("audit of %s: %+v %v, want %d", action, entries, err, n)
			}
		}
		if log := expect("GET", "/api/admin/audit-log?format=csv", root, "", nil, 200); strings.Contains(log, "portfolio") {
			t.Errorf("the audit log holds a note's text:\n%s", log)
		}

		// The privacy export holds the notes; the erasure takes them.
		expect("POST", "/api/admin/privacy/export", root, `{"email":"ada@example.com"}`, nil, 200,
			`"activity":[`, `"text":"Strong portfolio; ask for references."`)
		expect("POST", "/api/admin/privacy/erase", root, `{"email":"ada@example.com"}`, nil, 200, `"applications":1`)
		expect("GET", base, rita, "", nil, 404, "Application not found.")
		expect("POST", base+"/activity", rita, `{"text":"x"}`, nil, 404, "Application not found.")
		if found := expect("GET", "/api/admin/privacy?email=ada@example.com", root, "", nil, 200); strings.Contains(found, "portfolio") {
			t.Errorf("after the erasure: %s", found)
		}
	})
}
