package httpd

import (
	"fmt"
	"strings"
	"testing"

	"meridian/internal/site"
)

// TestContentDrafts takes two texts through drafts mode: the editor's
// saves (X-Publish: draft) stay pending while the published texts and the
// content version stand still, an API client's plain save still publishes
// at once, a stale draft is refused, and one publish takes the chosen draft
// live with one move of the content version, its revision and its audit
// entry; a discard drops the other. In live mode the header changes
// nothing.
func TestContentDrafts(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root, editor := a.signedIn("root", site.RoleAdmin), a.signedIn("ed", site.RoleEditor)
		expect := expecter(t, a)
		body := func(key, value string) string {
			return fmt.Sprintf(`{"section":"hero","key":%q,"value":%q}`, key, value)
		}
		draft := map[string]string{"X-Publish": "draft"}

		// Live (the default): the header is only a wish, the save is live.
		expect("GET", "/api/admin/publishing-settings", editor, "", nil, 200, `"mode":"live"`)
		expect("POST", "/api/admin/content", editor, body("main_title", "Live title"), draft, 200, `"value":"Live title"`)
		expect("GET", "/api/admin/drafts", editor, "", nil, 200, `"data":[]`)

		expect("PUT", "/api/admin/publishing-settings", editor, `{"mode":"drafts"}`, nil, 403)
		expect("PUT", "/api/admin/publishing-settings", root, `{"mode":"later"}`, nil, 400)
		expect("PUT", "/api/admin/publishing-settings", root, `{"mode":"drafts"}`, nil, 200, `"mode":"drafts"`)
		if got := a.auditTargets(site.AuditPublishingSettings); len(got) != 1 {
			t.Errorf("audit entries of the mode = %q", got)
		}

		version := a.srv.Version.Current()
		res, saved := a.do("POST", "/api/admin/content", editor, body("main_title", "Draft title"), draft)
		if res.StatusCode != 200 || res.Header.Get("X-Publish") != "draft" || !strings.Contains(saved, `"published":"Live title"`) {
			t.Fatalf("draft save: %d %s %v", res.StatusCode, saved, res.Header)
		}
		titleID, v := idAndVersion(t, saved)
		expect("POST", "/api/admin/content", editor, body("subtitle", "Draft subtitle"), map[string]string{"X-Publish": "draft", "If-None-Match": "*"}, 200, `"published":null`)
		// A second editor's draft from the built-in copy, or from an old
		// version, is refused with the draft as it is.
		expect("POST", "/api/admin/content", root, body("main_title", "Root's"), map[string]string{"X-Publish": "draft", "If-None-Match": "*"}, 409,
			`"value":"Draft title"`, `"changedBy":"ed"`)
		expect("POST", "/api/admin/content", editor, body("main_title", "Draft title 2"), map[string]string{"X-Publish": "draft", "If-Match": fmt.Sprint(v)}, 200, `"version":2`)
		expect("POST", "/api/admin/content", root, body("main_title", "Root's"), map[string]string{"X-Publish": "draft", "If-Match": fmt.Sprint(v)}, 409, `"value":"Draft title 2"`)
		if a.srv.Version.Current() != version {
			t.Error("a draft moved the content version on")
		}
		published := expect("GET", "/api/admin/content", editor, "", nil, 200, `"value":"Live title"`)
		if strings.Contains(published, "Draft") {
			t.Errorf("a draft is published: %s", published)
		}
		// An API client without the header publishes at once (SPEC).
		expect("POST", "/api/admin/content", root, `{"section":"footer","key":"company_name","value":"Acme"}`, nil, 200, `"value":"Acme"`)
		version = a.srv.Version.Current()

		list := expect("GET", "/api/admin/drafts", editor, "", nil, 200, `"value":"Draft title 2"`, `"value":"Draft subtitle"`, `"updatedBy":"ed"`)
		if strings.Count(list, `"section"`) != 2 {
			t.Fatalf("drafts = %s", list)
		}
		expect("POST", "/api/admin/drafts/publish", editor, fmt.Sprintf(`{"ids":[%d]}`, titleID), nil, 200, `"value":"Draft title 2"`)
		if got := a.srv.Version.Current(); got != version+1 {
			t.Errorf("content version %d after publish, want %d", got, version+1)
		}
		expect("GET", "/api/admin/content", editor, "", nil, 200, `"value":"Draft title 2"`)
		if got := a.auditTargets(site.AuditDraftsPublish); len(got) != 1 || got[0] != fmt.Sprintf("drafts/%d", titleID) {
			t.Errorf("audit entries of the publish = %q", got)
		}
		list = expect("GET", "/api/admin/drafts", editor, "", nil, 200, `"value":"Draft subtitle"`)
		if strings.Contains(list, "Draft title") {
			t.Errorf("published draft still pending: %s", list)
		}
		expect("POST", "/api/admin/drafts/publish", editor, fmt.Sprintf(`{"ids":[%d]}`, titleID), nil, 404)
		expect("POST", "/api/admin/drafts/discard", editor, "", nil, 200, `"discarded":1`)
		expect("GET", "/api/admin/drafts", editor, "", nil, 200, `"data":[]`)
		if strings.Contains(expect("GET", "/api/admin/content", editor, "", nil, 200), "Draft subtitle") {
			t.Error("a discarded draft was published")
		}
	})
}
