package httpd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"meridian/internal/site"
)

// TestRecordDrafts takes a testimonial through drafts mode: an update with
// X-Publish: draft waits as the record's draft (visitors and the content
// version see nothing of it) and a second one replaces it, an API client's
// plain update is live at once, a draft whose record changed live since is
// refused at publish, and the publish of the texts' and the record's
// drafts is one move of the content version. In approval mode an editor
// asks for a review and a publisher publishes.
func TestRecordDrafts(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root, editor := a.signedIn("root", site.RoleAdmin), a.signedIn("ed", site.RoleEditor)
		expect := expecter(t, a)
		draft := map[string]string{"X-Publish": "draft"}
		testimonial := func(content string, version int) string {
			return fmt.Sprintf(`{"name":"Ann","title":"CTO","content":%q,"initials":"AN","isActive":true,"version":%d}`, content, version)
		}
		created := expect("POST", "/api/admin/testimonials", editor, testimonial("Good work", 0), nil, 201)
		id, v := idAndVersion(t, created)
		url := fmt.Sprintf("/api/admin/testimonials/%d", id)

		// Live mode: the header changes nothing.
		expect("PUT", url, editor, testimonial("Live work", v), draft, 200, `"content":"Live work"`)
		v++
		expect("PUT", "/api/admin/publishing-settings", root, `{"mode":"drafts"}`, nil, 200)

		version := a.srv.Version.Current()
		res, body := a.do("PUT", url, editor, testimonial("Drafted work", v), draft)
		if res.StatusCode != 200 || res.Header.Get("X-Publish") != "draft" || !strings.Contains(body, `"content":"Drafted work"`) || !strings.Contains(body, fmt.Sprintf(`"version":%d`, v)) {
			t.Fatalf("draft save: %d %s %v", res.StatusCode, body, res.Header)
		}
		expect("PUT", url, editor, testimonial("Drafted work, again", v), draft, 200, `"content":"Drafted work, again"`)
		// From a version the record no longer has: the record's conflict.
		expect("PUT", url, editor, testimonial("Stale", v-1), draft, 409, `"content":"Live work"`)
		if a.srv.Version.Current() != version {
			t.Error("a record's draft moved the content version on")
		}
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Live work"`)
		list := expect("GET", "/api/admin/drafts", editor, "", nil, 200, `"resource":"testimonials"`, fmt.Sprintf(`"recordId":%d`, id), `"version":2`)
		var drafts struct {
			Data []site.ContentDraft `json:"data"`
		}
		if err := json.Unmarshal([]byte(list), &drafts); err != nil || len(drafts.Data) != 1 {
			t.Fatalf("drafts = %s", list)
		}
		d := drafts.Data[0]
		if !strings.Contains(d.Value, "Drafted work, again") || d.Published == nil || !strings.Contains(*d.Published, "Live work") {
			t.Errorf("record draft = %+v", d)
		}

		// Publish: the record and a text's draft go live with one move of
		// the content version.
		expect("POST", "/api/admin/content", editor, `{"section":"hero","key":"main_title","value":"Drafted title"}`, draft, 200)
		expect("POST", "/api/admin/drafts/publish", editor, "", nil, 200, `"records":1`, `"value":"Drafted title"`)
		if got := a.srv.Version.Current(); got != version+1 {
			t.Errorf("content version %d after publish, want %d", got, version+1)
		}
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Drafted work, again"`)
		v++

		// A draft whose record an API client changed live meanwhile (no
		// header: live at once, as SPEC clients expect) is refused.
		expect("PUT", url, editor, testimonial("Drafted once more", v), draft, 200)
		expect("PUT", url, root, testimonial("Changed by a client", v), nil, 200, `"content":"Changed by a client"`)
		expect("POST", "/api/admin/drafts/publish", editor, "", nil, 409, "changed on the live website")
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Changed by a client"`)
		expect("POST", "/api/admin/drafts/discard", editor, "", nil, 200, `"discarded":1`)
		v++

		// Approval: the editor asks, a publisher publishes.
		expect("PUT", "/api/admin/publishing-settings", root, `{"mode":"approval"}`, nil, 200)
		expect("PUT", url, editor, testimonial("Reviewed work", v), draft, 200)
		expect("POST", "/api/admin/drafts/publish", editor, "", nil, 403)
		expect("POST", "/api/admin/drafts/review", editor, "", nil, 200, `"reviewRequestedBy":"ed"`, `"resource":"testimonials"`)
		expect("POST", "/api/admin/drafts/publish", root, "", nil, 200, `"records":1`)
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Reviewed work"`)

		// A record added with the header is kept hidden until its draft is
		// published; an API client's plain create is live at once.
		res, body = a.do("POST", "/api/admin/testimonials", editor, `{"name":"Cy","title":"COO","content":"Added as a draft","initials":"CY","isActive":true}`, draft)
		if res.StatusCode != 201 || res.Header.Get("X-Publish") != "draft" || !strings.Contains(body, `"isActive":true`) {
			t.Fatalf("create as a draft: %d %s %v", res.StatusCode, body, res.Header)
		}
		added, _ := idAndVersion(t, body)
		if got, err := a.store.FindRecord(t.Context(), site.Testimonials, added); err != nil || got.(*site.Testimonial).IsActive {
			t.Errorf("a record added as a draft, as stored: %+v %v", got, err)
		}
		if _, pub := a.do("GET", "/api/public/testimonials", "", "", nil); strings.Contains(pub, "Added as a draft") {
			t.Errorf("a record added as a draft is public: %s", pub)
		}
		expect("POST", "/api/admin/testimonials", editor, `{"name":"Di","title":"CFO","content":"","initials":"DI","isActive":true}`, draft, 400, "Content is required")
		expect("POST", "/api/admin/drafts/review", editor, "", nil, 200, `"reviewRequestedBy":"ed"`)
		expect("POST", "/api/admin/drafts/publish", root, "", nil, 200, `"records":1`)
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Added as a draft"`)
		expect("POST", "/api/admin/testimonials", root, `{"name":"Ed","title":"CIO","content":"Added live","initials":"ED","isActive":true}`, nil, 201)
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Added live"`)

		// A delete with the header waits likewise; the audit log says each
		// write kept as a draft changed nothing on the website yet.
		addedURL := fmt.Sprintf("/api/admin/testimonials/%d", added)
		res, _ = a.do("DELETE", addedURL, editor, "", map[string]string{"X-Publish": "draft", "If-Match": "1"})
		if res.StatusCode != 409 {
			t.Errorf("a delete draft from a stale version: %d", res.StatusCode)
		}
		res, body = a.do("DELETE", addedURL, editor, "", draft)
		if res.StatusCode != 200 || res.Header.Get("X-Publish") != "draft" {
			t.Fatalf("delete as a draft: %d %s %v", res.StatusCode, body, res.Header)
		}
		expect("GET", "/api/public/testimonials", "", "", nil, 200, `"content":"Added as a draft"`)
		expect("GET", "/api/admin/drafts", editor, "", nil, 200, `"value":"null"`)
		deletes, _, err := a.store.FindAuditEntries(t.Context(), site.AuditFilter{Action: site.ActionDelete})
		if err != nil || len(deletes) != 1 || deletes[0].Detail != site.AuditAsDraft || deletes[0].Target != fmt.Sprintf("testimonials/%d", added) {
			t.Errorf("audit of a delete kept as a draft: %+v %v", deletes, err)
		}
		expect("POST", "/api/admin/drafts/publish", root, "", nil, 200, `"records":1`)
		if _, pub := a.do("GET", "/api/public/testimonials", "", "", nil); strings.Contains(pub, "Added as a draft") {
			t.Errorf("a record whose delete was published is public: %s", pub)
		}
		creates, _, err := a.store.FindAuditEntries(t.Context(), site.AuditFilter{Action: site.ActionCreate})
		var asDraft, live int
		for _, e := range creates {
			switch {
			case strings.HasPrefix(e.Target, "testimonials/") && e.Detail == site.AuditAsDraft:
				asDraft++
			case strings.HasPrefix(e.Target, "testimonials/"):
				live++
			}
		}
		if err != nil || asDraft != 1 || live != 2 {
			t.Errorf("audit of creates: %d as a draft, %d live, want 1 and 2 (%v)", asDraft, live, err)
		}
	})
}
