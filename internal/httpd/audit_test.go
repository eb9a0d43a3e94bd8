package httpd

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"meridian/internal/auth"
	"meridian/internal/site"
)

// auditList reads the audit log as root with the query q.
func auditList(t *testing.T, a *testAPI, token, q string) site.Paged[*site.AuditEntry] {
	t.Helper()
	res, body := a.do("GET", "/api/admin/audit-log"+q, token, "", nil)
	if res.StatusCode != 200 {
		t.Fatalf("audit log%s: %d %s", q, res.StatusCode, body)
	}
	var out site.Paged[*site.AuditEntry]
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// findEntry returns the newest entry of the action, failing without one.
func findEntry(t *testing.T, list []*site.AuditEntry, action string) *site.AuditEntry {
	t.Helper()
	for _, e := range list {
		if e.Action == action {
			return e
		}
	}
	t.Fatalf("no %s entry among %d", action, len(list))
	return nil
}

func TestAuditLog(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.user("root", site.RoleAdmin)
		sam := a.user("sam", site.RoleSales)
		fwd := map[string]string{"X-Forwarded-For": "198.51.100.23"}
		if res, _ := a.do("POST", "/api/admin/login", "", `{"username":"Someone@Example.com","password":"wrong one"}`, fwd); res.StatusCode != 401 {
			t.Fatalf("bad login: %d", res.StatusCode)
		}
		token := a.login("root")
		res, body := a.do("POST", "/api/admin/menu-items", token, `{"title":"Pricing","url":"/pricing"}`, nil)
		if res.StatusCode != 201 {
			t.Fatalf("create: %d %s", res.StatusCode, body)
		}
		var created struct{ Data struct{ ID int64 } }
		json.Unmarshal([]byte(body), &created)
		if res, body := a.do("PUT", fmt.Sprintf("/api/admin/users/%d", sam.ID), token, `{"role":"editor","status":"active"}`, nil); res.StatusCode != 200 {
			t.Fatalf("user update: %d %s", res.StatusCode, body)
		}
		// A refused write records nothing.
		if res, _ := a.do("POST", "/api/admin/menu-items", token, `{"title":""}`, nil); res.StatusCode != 400 {
			t.Fatalf("bad create: %d", res.StatusCode)
		}
		if res, body := a.do("POST", "/api/contact", "", leadJSON("lead@example.com", ""), nil); res.StatusCode != 201 {
			t.Fatalf("lead: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("GET", "/api/admin/contact-submissions/1", token, "", nil); res.StatusCode != 200 || !strings.Contains(body, "lead@example.com") {
			t.Fatalf("lead view: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("GET", "/api/admin/contact-submissions?status=new&q=Lovelace&page=1", token, "", nil); res.StatusCode != 200 || !strings.Contains(body, "lead@example.com") {
			t.Fatalf("lead list: %d %s", res.StatusCode, body)
		}
		if res, _ := a.do("GET", "/api/admin/contact-submissions/export.csv?status=new", token, "", nil); res.StatusCode != 200 {
			t.Fatalf("export: %d", res.StatusCode)
		}

		all := auditList(t, a, token, "")
		t.Run("SignInFailed", func(t *testing.T) {
			e := findEntry(t, all.Data, site.AuditSignInFailed)
			if e.UserID != nil || e.Username != "Someone@Example.com" || e.Addr != "198.51.100.23" || e.Detail == "" {
				t.Errorf("entry = %+v, want the name tried, the forwarded address and no user", e)
			}
		})
		t.Run("SignIn", func(t *testing.T) {
			e := findEntry(t, all.Data, site.AuditSignIn)
			if e.UserID == nil || *e.UserID != root.ID || e.Username != "root" || e.Addr != "127.0.0.1" {
				t.Errorf("entry = %+v", e)
			}
		})
		t.Run("Write", func(t *testing.T) {
			e := findEntry(t, all.Data, site.ActionCreate)
			if want := fmt.Sprintf("menu-items/%d", created.Data.ID); e.Target != want || e.Username != "root" {
				t.Errorf("entry = %+v, want target %s", e, want)
			}
			if n := countAction(all.Data, site.ActionCreate); n != 1 {
				t.Errorf("create entries = %d, want 1 (the refused one records nothing)", n)
			}
		})
		t.Run("RoleChange", func(t *testing.T) {
			e := findEntry(t, all.Data, site.AuditUserUpdate)
			if want := fmt.Sprintf("users/%d", sam.ID); e.Target != want || e.Detail != "role sales → editor" {
				t.Errorf("entry = %+v", e)
			}
		})
		t.Run("LeadViewAndExport", func(t *testing.T) {
			if e := findEntry(t, all.Data, site.AuditLeadView); e.Target != "contact-submissions/1" {
				t.Errorf("view = %+v", e)
			}
			if e := findEntry(t, all.Data, site.AuditLeadExport); e.Detail != "view inbox, status new" {
				t.Errorf("export = %+v", e)
			}
			// A list of leads is recorded once, without the search text.
			e := findEntry(t, all.Data, site.AuditLeadList)
			if e.Target != "contact-submissions" || e.Detail != "view inbox, status new, with a search, page 1 (1 of 1 leads)" || e.Username != "root" {
				t.Errorf("list = %+v", e)
			}
			if n := countAction(all.Data, site.AuditLeadList); n != 1 {
				t.Errorf("list entries = %d, want 1", n)
			}
		})
		t.Run("Filters", func(t *testing.T) {
			if got := auditList(t, a, token, "?user=ROOT&action=sign-in"); got.Total != 1 || got.Data[0].Username != "root" {
				t.Errorf("user and action: %+v", got)
			}
			today := a.clock.Now().Format("2006-01-02")
			if got := auditList(t, a, token, "?from="+today+"&to="+today); got.Total != all.Total {
				t.Errorf("today: %d entries, want %d", got.Total, all.Total)
			}
			if got := auditList(t, a, token, "?to=2000-01-01"); got.Total != 0 {
				t.Errorf("before 2000: %d entries", got.Total)
			}
			page := auditList(t, a, token, "?page=2&pageSize=2")
			if page.Total != all.Total || len(page.Data) != 2 || page.Data[0].ID != all.Data[2].ID {
				t.Errorf("page 2 = %+v", page)
			}
		})
		t.Run("BadFilter", func(t *testing.T) {
			for q, field := range map[string]string{"?action=nope": "action", "?from=yesterday": "from", "?from=2026-02-02&to=2026-02-01": "to", "?format=xml": "format"} {
				res, body := a.do("GET", "/api/admin/audit-log"+q, token, "", nil)
				if res.StatusCode != 400 || !strings.Contains(body, `"`+field+`"`) {
					t.Errorf("%s: %d %s, want 400 naming %s", q, res.StatusCode, body, field)
				}
			}
		})
		t.Run("CSV", func(t *testing.T) {
			res, body := a.do("GET", "/api/admin/audit-log?format=csv&action=sign-in-failed", token, "", nil)
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
				!strings.Contains(res.Header.Get("Content-Disposition"), "audit-log-") {
				t.Fatalf("csv: %d %v", res.StatusCode, res.Header)
			}
			rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF"))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 2 || rows[0][5] != "action" || rows[1][3] != "Someone@Example.com" || rows[1][4] != "198.51.100.23" {
				t.Errorf("rows = %q", rows)
			}
		})
		t.Run("NotForOtherRoles", func(t *testing.T) {
			if res, _ := a.do("GET", "/api/admin/audit-log", a.signedIn("ed", site.RoleEditor), "", nil); res.StatusCode != 403 {
				t.Errorf("editor: %d, want 403", res.StatusCode)
			}
		})
	})
}

func countAction(list []*site.AuditEntry, action string) int {
	n := 0
	for _, e := range list {
		if e.Action == action {
			n++
		}
	}
	return n
}

// TestWriteActions checks that every write route of the admin records an
// action the log knows, and that the writes that are not a resource's
// create, update, delete, publish or restore name their own.
func TestWriteActions(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	resources := map[string]bool{"content": true, "site-settings": true}
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Media, site.Redirects, site.Positions, site.CaseStudies} {
		resources[e.Name] = true
	}
	for _, p := range a.srv.api.Routes() {
		if !auth.IsAuditedWrite(p) {
			continue
		}
		action := auth.WriteAction(p)
		found := false
		for _, known := range site.AuditActions {
			found = found || known == action
		}
		if !found {
			t.Errorf("%s: action %q is not in site.AuditActions", p, action)
		}
		_, path, _ := strings.Cut(p, " ")
		resource, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/admin/"), "/")
		if own := auth.OwnAction(p); !own && !resources[resource] {
			t.Errorf("%s: not a resource's write; give it its action in auditWriteActions", p)
		}
	}
}
