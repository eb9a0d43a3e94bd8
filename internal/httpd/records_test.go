package httpd

import (
	"encoding/json"
	"fmt"
	"meridian/internal/site"
	"strings"
	"testing"
)

// resourceCases are a valid body to create each resource with, and a change
// of it, with a fragment of the answer each shows.
var resourceCases = []struct {
	path, create, createShows, update, updateShows string
}{
	{"/api/admin/menu-items", `{"title":"Blog","url":"/blog","order":5}`, `"title":"Blog"`,
		`{"title":"News","url":"/news","order":5}`, `"title":"News"`},
	{"/api/admin/footer-links", `{"title":"Imprint","category":"Legal","url":"/imprint"}`, `"title":"Imprint"`,
		`{"title":"Legal notice","category":"Legal","url":"/imprint"}`, `"title":"Legal notice"`},
	{"/api/admin/testimonials", `{"name":"Jane","title":"CTO","content":"Great work.","initials":"JD"}`, `"name":"Jane"`,
		`{"name":"Jane Doe","title":"CTO","content":"Great work.","initials":"JD"}`, `"name":"Jane Doe"`},
	{"/api/admin/images", `{"name":"Hero","url":"/img/hero.jpg","altText":"Our team"}`, `"name":"Hero"`,
		`{"name":"Hero wide","url":"/img/hero.jpg","altText":"Our team"}`, `"name":"Hero wide"`},
	{"/api/admin/pages", `{"title":"Team","slug":"team","content":"Hello"}`, `"slug":"team"`,
		`{"title":"Our team","slug":"team","content":"Hello again"}`, `"title":"Our team"`},
}

// idAndVersion reads the id and version of the record in a {data} answer.
func idAndVersion(t *testing.T, body string) (int64, int) {
	t.Helper()
	var out struct {
		Data struct {
			ID      int64 `json:"id"`
			Version int   `json:"version"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("not a record: %s", body)
	}
	return out.Data.ID, out.Data.Version
}

// withVersion adds "version":v to a JSON object.
func withVersion(body string, v int) string {
	return fmt.Sprintf(`{"version":%d,%s`, v, strings.TrimPrefix(body, "{"))
}

// TestResourceHistory takes every resource through the same life: versions
// move on with each write, a write from an old version is refused with the
// record as it is and who changed it, every write is a revision, and a
// deleted record comes back with its id.
func TestResourceHistory(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root, editor := a.signedIn("root", site.RoleAdmin), a.signedIn("editor", site.RoleAdmin)
		for _, rc := range resourceCases {
			t.Run(strings.TrimPrefix(rc.path, "/api/admin/"), func(t *testing.T) {
				expect := expecter(t, a)
				version := a.srv.Version.Current()
				id, v := idAndVersion(t, expect("POST", rc.path, root, rc.create, nil, 201, rc.createShows, `"version":1`))
				if v != 1 {
					t.Fatalf("new record at version %d", v)
				}
				if a.srv.Version.Current() == version {
					t.Error("a create did not move the content version on")
				}
				item := fmt.Sprintf("%s/%d", rc.path, id)

				// The editor saves from version 1; root, who also read
				// version 1, is then refused, by body or If-Match alike.
				expect("PUT", item, editor, withVersion(rc.update, 1), nil, 200, rc.updateShows, `"version":2`)
				expect("PUT", item, root, withVersion(rc.create, 1), nil, 409,
					`"message":"`, `changed by editor at `, `"current":{`, rc.updateShows, `"version":2`, `"changedBy":"editor"`, `"changedAt":"20`)
				expect("PUT", item, root, rc.create, map[string]string{"If-Match": `"1"`}, 409, `"changedBy":"editor"`)
				expect("PUT", item, root, rc.create, map[string]string{"If-Match": "one"}, 400, `If-Match`)
				expect("DELETE", item, root, "", map[string]string{"If-Match": "1"}, 409, `"changedBy":"editor"`)
				// Without a version (as SPEC clients write) the last write wins.
				expect("PUT", item, root, rc.create, nil, 200, rc.createShows, `"version":3`)

				revs := expect("GET", item+"/revisions", root, "", nil, 200,
					`"action":"update"`, `"action":"create"`, `"username":"editor"`, `"username":"root"`)
				var list struct {
					Data []struct {
						ID      int64           `json:"id"`
						Version int             `json:"version"`
						Action  string          `json:"action"`
						Data    json.RawMessage `json:"data"`
					} `json:"data"`
				}
				if err := json.Unmarshal([]byte(revs), &list); err != nil || len(list.Data) != 3 {
					t.Fatalf("revisions: %s", revs)
				}
				if list.Data[0].Version != 3 || list.Data[2].Action != "create" {
					t.Errorf("revisions not newest first: %s", revs)
				}
				// Restoring the editor's version is a revision of its own.
				expect("POST", fmt.Sprintf("%s/revisions/%d/restore", item, list.Data[1].ID), root, "", nil, 200, rc.updateShows, `"version":4`)
				expect("POST", fmt.Sprintf("%s/revisions/%d/restore", item, list.Data[1].ID), root, "", map[string]string{"If-Match": "3"}, 409)
				expect("POST", item+"/revisions/999999/restore", root, "", nil, 404, `"message":"Revision not found."`)

				// Deleted, then listed as recently deleted, then restored
				// under its id; the list shows it again.
				expect("DELETE", item, root, "", map[string]string{"If-Match": "4"}, 200, `{"success":true}`)
				expect("PUT", item, root, withVersion(rc.update, 4), nil, 404, `not found`)
				deleted := expect("GET", rc.path+"/deleted", editor, "", nil, 200, fmt.Sprintf(`"recordId":%d`, id), `"action":"delete"`)
				var gone struct {
					Data []struct {
						ID int64 `json:"id"`
					} `json:"data"`
				}
				json.Unmarshal([]byte(deleted), &gone)
				if len(gone.Data) != 1 {
					t.Fatalf("recently deleted: %s", deleted)
				}
				version = a.srv.Version.Current()
				back := expect("POST", fmt.Sprintf("%s/revisions/%d/restore", item, gone.Data[0].ID), root, "", nil, 200, rc.updateShows, `"version":6`)
				if got, _ := idAndVersion(t, back); got != id {
					t.Errorf("restored under id %d, want %d", got, id)
				}
				if a.srv.Version.Current() == version {
					t.Error("a restore did not move the content version on")
				}
				expect("GET", rc.path, root, "", nil, 200, fmt.Sprintf(`"id":%d,`, id))
				expect("GET", rc.path+"/deleted", root, "", nil, 200, `{"data":[]}`)
			})
		}

		t.Run("site-settings", func(t *testing.T) {
			res, body := a.do("PUT", "/api/admin/site-settings", editor, `{"version":1,"logoText":"Acme AI"}`, nil)
			if res.StatusCode != 200 || !strings.Contains(body, `"version":2`) {
				t.Fatalf("settings update: %d %s", res.StatusCode, body)
			}
			res, body = a.do("PUT", "/api/admin/site-settings", root, `{"version":1,"logoText":"Mine"}`, nil)
			if res.StatusCode != 409 || !strings.Contains(body, `"logoText":"Acme AI"`) {
				t.Errorf("stale settings update: %d %s", res.StatusCode, body)
			}
			res, body = a.do("GET", "/api/admin/site-settings/1/revisions", root, "", nil)
			if res.StatusCode != 200 || !strings.Contains(body, `"resource":"site-settings"`) || !strings.Contains(body, `"logoText":"Acme AI"`) {
				t.Errorf("settings revisions: %d %s", res.StatusCode, body)
			}
		})

		t.Run("page-publish", func(t *testing.T) {
			_, body := a.do("POST", "/api/admin/pages", root, `{"title":"Launch","slug":"launch","content":"Soon"}`, nil)
			id, _ := idAndVersion(t, body)
			res, body := a.do("POST", fmt.Sprintf("/api/admin/pages/%d/publish", id), editor, "", map[string]string{"If-Match": "1"})
			if res.StatusCode != 200 || !strings.Contains(body, `"status":"published"`) || !strings.Contains(body, `"version":2`) {
				t.Fatalf("publish: %d %s", res.StatusCode, body)
			}
			res, body = a.do("POST", fmt.Sprintf("/api/admin/pages/%d/publish", id), root, "", map[string]string{"If-Match": "1"})
			if res.StatusCode != 409 {
				t.Errorf("publish from an old version: %d %s", res.StatusCode, body)
			}
			_, body = a.do("GET", fmt.Sprintf("/api/admin/pages/%d/revisions", id), root, "", nil)
			if !strings.Contains(body, `"action":"publish"`) || !strings.Contains(body, `"username":"editor"`) {
				t.Errorf("revisions after publish: %s", body)
			}
		})
	})
}
