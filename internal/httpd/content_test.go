package httpd

import (
	"encoding/json"
	"fmt"
	"meridian/internal/site"
	"strings"
	"testing"
)

// TestContentHistory takes an editable text through what two editors do on
// the live site: a save from the built-in copy, a save from the version
// each loaded (the second refused with the first's value and name), a reset
// to the built-in copy and its undo, an empty text refused.
func TestContentHistory(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root, editor := a.signedIn("root", site.RoleAdmin), a.signedIn("editor", site.RoleAdmin)
		expect := expecter(t, a)
		fresh := map[string]string{"If-None-Match": "*"}
		body := func(value string) string {
			return fmt.Sprintf(`{"section":"about.hero","key":"title","value":%q}`, value)
		}

		id, v := idAndVersion(t, expect("POST", "/api/admin/content", root, body("Root's title"), fresh, 200, `"version":1`))
		// The editor loaded the page before root saved: both its ways of
		// saying so are refused with root's value.
		expect("POST", "/api/admin/content", editor, body("Editor's title"), fresh, 409,
			`"changedBy":"root"`, `"value":"Root's title"`, "Text changed by root")
		expect("POST", "/api/admin/content", root, withVersion(body("Root again"), v), nil, 200, `"version":2`)
		expect("POST", "/api/admin/content", editor, body("Editor's title"), map[string]string{"If-Match": fmt.Sprint(v)}, 409,
			`"value":"Root again"`)
		// The SPEC's clients send no version: their save still wins.
		expect("POST", "/api/admin/content", editor, body("Editor's title"), nil, 200, `"version":3`)

		expect("POST", "/api/admin/content", root, body("   "), nil, 400, "A text cannot be empty")
		list := expect("GET", "/api/admin/content", root, "", nil, 200)
		if !strings.Contains(list, "Editor's title") {
			t.Errorf("the refused empty text changed the saved one: %s", list)
		}

		// Reset to the built-in copy, then undo it from the history.
		path := fmt.Sprintf("/api/admin/content/%d", id)
		expect("DELETE", path, root, "", map[string]string{"If-Match": "3"}, 200)
		if list := expect("GET", "/api/admin/content", root, "", nil, 200); strings.Contains(list, "about.hero") {
			t.Errorf("the reset text is still listed: %s", list)
		}
		expect("POST", "/api/admin/content", editor, body("Late"), map[string]string{"If-Match": "3"}, 409, "Text deleted by someone else")
		expect("GET", "/api/admin/content/deleted", root, "", nil, 200, `"action":"delete"`, `"username":"root"`)
		revs := expect("GET", path+"/revisions", root, "", nil, 200, `"value":"Editor's title"`, `"value":"Root's title"`)
		var revID int64
		if _, err := fmt.Sscanf(revs[strings.Index(revs, `"id":`):], `"id":%d`, &revID); err != nil {
			t.Fatalf("no revision id in %s", revs)
		}
		_, cur := idAndVersion(t, expect("POST", fmt.Sprintf("%s/revisions/%d/restore", path, revID), root, "", nil, 200, `"value":"Editor's title"`))
		expect("GET", "/api/admin/content", root, "", nil, 200, `"value":"Editor's title"`)

		// Reset again, then a save from the built-in copy: the text comes
		// back under its id, and its history goes on, reset included.
		expect("DELETE", path, root, "", map[string]string{"If-Match": fmt.Sprint(cur)}, 200)
		saved := expect("POST", "/api/admin/content", editor, body("After the reset"), fresh, 200, `"value":"After the reset"`)
		if got, _ := idAndVersion(t, saved); got != id {
			t.Errorf("the text saved after its reset has id %d, want %d: %s", got, id, saved)
		}
		revs = expect("GET", path+"/revisions", root, "", nil, 200, `"value":"After the reset"`, `"value":"Root's title"`)
		var history struct {
			Data []struct {
				Action   string `json:"action"`
				Username string `json:"username"`
			} `json:"data"`
		}
		if err := json.Unmarshal([]byte(revs), &history); err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, r := range history.Data {
			actions = append(actions, r.Action+" by "+r.Username)
		}
		want := "update by editor, restore by editor, delete by root, restore by root, delete by root, update by editor, update by root, create by root"
		if got := strings.Join(actions, ", "); got != want {
			t.Errorf("history of the text:\n got %s\nwant %s", got, want)
		}
		if list := expect("GET", "/api/admin/content/deleted", root, "", nil, 200); strings.Contains(list, "about.hero") {
			t.Errorf("the text saved again is still recently deleted: %s", list)
		}
		// Root, who still saw the built-in copy, meets the editor's text.
		expect("POST", "/api/admin/content", root, body("Root's late title"), fresh, 409, `"changedBy":"editor"`, `"value":"After the reset"`)
		// A restore from an old version is refused too.
		expect("POST", fmt.Sprintf("%s/revisions/%d/restore", path, revID), root, "", map[string]string{"If-Match": fmt.Sprint(cur)}, 409, `"value":"After the reset"`)
	})
}
