package httpd

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"meridian/internal/site"
)

const designerJSON = `{"title":"Designer","department":"Design","remote":true,"regions":"EU","employmentType":"contract","salaryMin":60000,"salaryMax":80000,"currency":"eur","summary":"Draws.","description":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Draws things."}]}]},"postedOn":"2026-11-01","closesOn":"2026-12-31","order":9}`

// TestPositions: the open positions are public, in their order; a
// recruiter adds, closes and restores one, with the form's messages for
// bad input; sales may not.
func TestPositions(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		rita := a.signedIn("rita", site.RoleRecruiter)
		sam := a.signedIn("sam", site.RoleSales)

		body := expect("GET", "/api/public/positions", "", "", nil, 200, `"slug":"senior-machine-learning-engineer"`, `"salaryMin":180000`)
		if strings.Contains(body, `"id"`) || strings.Contains(body, `"description"`) {
			t.Errorf("public positions carry ids or descriptions: %s", body)
		}

		expect("POST", "/api/admin/positions", sam, designerJSON, nil, 403, "The careers are open to the recruiter and administrator roles only.")
		created := expect("POST", "/api/admin/positions", rita, designerJSON, nil, 201, `"slug":"designer"`, `"currency":"EUR"`, `"status":"open"`)
		var out struct{ Data site.Position }
		json.Unmarshal([]byte(created), &out)
		expect("GET", "/api/public/positions", "", "", nil, 200, `"slug":"designer"`)

		for _, c := range []struct{ from, to, field, msg string }{
			{`"title":"Designer"`, `"title":""`, "title", "Title is required"},
			{`"regions":"EU"`, `"regions":""`, "regions", "Name the regions a remote position is open to, such as US."},
			{`"salaryMin":60000`, `"salaryMin":90000`, "salaryMax", "The salary range must run from a minimum to a maximum at least as large."},
			{`"postedOn":"2026-11-01"`, `"postedOn":"01/11/2026"`, "postedOn", "Posted date must be a day written YYYY-MM-DD."},
			{`"closesOn":"2026-12-31"`, `"closesOn":"2026-10-01"`, "closesOn", "Closing date must not be before the posted date."},
			{`"employmentType":"contract"`, `"employmentType":"gig"`, "employmentType", "Employment type must be one of full-time, part-time, contract, temporary, internship."},
			{`"status":"open"`, `"status":"open"`, "slug", `A position with the slug \"designer\" already exists.`},
		} {
			in := strings.Replace(designerJSON, c.from, c.to, 1)
			if c.field == "slug" {
				expect("POST", "/api/admin/positions", rita, in, nil, 409, c.msg)
				continue
			}
			expect("POST", "/api/admin/positions", rita, strings.Replace(in, `"Designer"`, `"Other"`, 1), nil, 400, `"`+c.field+`":"`+c.msg+`"`)
		}

		closed := strings.Replace(designerJSON, `"order":9`, `"order":9,"status":"closed"`, 1)
		expect("PUT", "/api/admin/positions/"+strconv.FormatInt(out.Data.ID, 10), rita, closed, nil, 200, `"status":"closed"`)
		if body := expect("GET", "/api/public/positions", "", "", nil, 200); strings.Contains(body, "designer") {
			t.Errorf("a closed position is public: %s", body)
		}
		expect("GET", "/api/admin/positions/"+strconv.FormatInt(out.Data.ID, 10)+"/revisions", rita, "", nil, 200, `"action":"update"`, `"action":"create"`)
	})
}
