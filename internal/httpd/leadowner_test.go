package httpd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// TestLeadOwnersAndClock: leads go round the sales users who take them;
// each sees theirs under owner=me, overdue once the clock passes its due
// time, until they answer it.
func TestLeadOwnersAndClock(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		tokens := a.signIn()
		sam, sue := a.user("sam", site.RoleSales), a.user("sue", site.RoleSales)
		tokens["sam"], tokens["sue"] = a.login("sam"), a.login("sue")
		for _, u := range []*site.User{sam, sue} {
			expect("PUT", fmt.Sprintf("/api/admin/users/%d", u.ID), tokens["admin"], `{"role":"sales","status":"active","takesLeads":true}`, nil, 200, `"takesLeads":true`, `"leadInterests":[]`)
		}
		edID := a.user("ed2", site.RoleEditor).ID
		expect("PUT", fmt.Sprintf("/api/admin/users/%d", edID), tokens["admin"], `{"role":"editor","status":"active","takesLeads":true}`, nil, 400, site.MsgTakesLeadsNot)
		expect("PUT", fmt.Sprintf("/api/admin/users/%d", sam.ID), tokens["admin"], `{"role":"sales","status":"active","leadInterests":["telepathy"]}`, nil, 400, "Choose AI interests from the lead form")
		expect("PUT", "/api/admin/lead-settings", tokens["admin"], `{"responseHours":4,"timeZone":"Mars/Olympus"}`, nil, 400, site.MsgBadTimeZone)
		expect("PUT", "/api/admin/lead-settings", tokens["admin"], `{"responseHours":0}`, nil, 400, "The response time must be 1 to 720 hours.")
		expect("GET", "/api/admin/lead-settings", tokens["admin"], "", nil, 200, `"responseHours":24`, `"businessHoursOnly":false`, `"timeZone":"UTC"`)

		expect("GET", "/api/admin/lead-owners", tokens["sam"], "", nil, 200, `{"id":`, `"username":"sam","takesLeads":true`, `"username":"root","takesLeads":false`)
		if body := expect("GET", "/api/admin/lead-owners", tokens["sam"], "", nil, 200); strings.Contains(body, `"ed"`) {
			t.Errorf("an editor may own leads: %s", body)
		}
		expect("GET", "/api/admin/lead-owners", tokens["editor"], "", nil, 403)

		var ids []int64
		for i := range 4 {
			expect("POST", "/api/contact", "", leadJSON(fmt.Sprintf("o%d@example.com", i), `"fillMs":9000`), nil, 201)
		}
		var list struct {
			Data  []site.Lead `json:"data"`
			Total int         `json:"total"`
		}
		json.Unmarshal([]byte(expect("GET", "/api/admin/contact-submissions?owner=me", tokens["sam"], "", nil, 200)), &list)
		if list.Total != 2 {
			t.Fatalf("sam's leads = %d, want 2", list.Total)
		}
		for _, l := range list.Data {
			if l.OwnerName != "sam" || l.DueAt == nil || l.Overdue {
				t.Errorf("sam's lead = owner %q due %v overdue %v", l.OwnerName, l.DueAt, l.Overdue)
			}
			ids = append(ids, l.ID)
		}
		expect("GET", "/api/admin/contact-submissions?owner=none", tokens["sam"], "", nil, 200, `"total":0`)
		expect("GET", "/api/admin/contact-submissions?owner=someone", tokens["sam"], "", nil, 400, "Unknown owner")
		expect("GET", "/api/admin/contact-submissions?sort=random", tokens["sam"], "", nil, 400, "Unknown sort")
		expect("GET", "/api/admin/contact-submissions?overdue=yes", tokens["sam"], "", nil, 400, "Overdue must be true or false.")
		expect("GET", "/api/admin/contact-submissions?overdue=true", tokens["sam"], "", nil, 200, `"total":0`)

		// A day and an hour later, all four are overdue.
		a.clock.Advance(25 * time.Hour)
		for _, name := range []string{"sam", "sue"} {
			tokens[name] = a.login(name)
		}
		tokens["admin"] = a.login("root")
		body := expect("GET", "/api/admin/contact-submissions?overdue=true&sort=oldest", tokens["sue"], "", nil, 200, `"total":4`, `"overdue":true`)
		if !strings.Contains(body, `"email":"o0@example.com"`) || strings.Index(body, "o0@example.com") > strings.Index(body, "o3@example.com") {
			t.Errorf("oldest first: %s", body)
		}
		// Sam answers one: it is no longer overdue, and counts as answered.
		lead := fmt.Sprintf("/api/admin/contact-submissions/%d", ids[0])
		expect("PUT", lead, tokens["sam"], `{"status":"contacted"}`, nil, 200, `"firstResponseAt":"20`, `"overdue":false`)
		expect("GET", "/api/admin/contact-submissions?overdue=true", tokens["sue"], "", nil, 200, `"total":3`)
		expect("GET", "/api/admin/lead-stats", tokens["sue"], "", nil, 200, `"answered":1`, `"overdue":3`)

		// Reassigned to Sue; a user who cannot own leads is refused, and
		// nothing changes.
		expect("PUT", lead, tokens["admin"], fmt.Sprintf(`{"ownerId":%d}`, edID), nil, 400, site.MsgOwnerUnknown)
		expect("GET", lead, tokens["admin"], "", nil, 200, `"ownerName":"sam"`)
		expect("PUT", lead, tokens["sam"], fmt.Sprintf(`{"ownerId":%d}`, sue.ID), nil, 200, `"ownerName":"sue"`)
		expect("GET", "/api/admin/contact-submissions?owner=me", tokens["sue"], "", nil, 200, `"total":3`)
		csv := expect("GET", "/api/admin/contact-submissions/export.csv?owner=me", tokens["sue"], "", nil, 200, "Owner,Response due,First response")
		if strings.Count(csv, ",sue,") != 3 {
			t.Errorf("export of sue's leads: %s", csv)
		}
	})
}
