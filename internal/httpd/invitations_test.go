package httpd

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// invite sends an invitation as token and returns its link's token.
func (a *testAPI) invite(token, username, role string) (id int64, linkToken string) {
	a.t.Helper()
	res, body := a.do("POST", "/api/admin/invitations", token, `{"username":"`+username+`","role":"`+role+`"}`, nil)
	if res.StatusCode != 201 {
		a.t.Fatalf("invite %s: %d %s", username, res.StatusCode, body)
	}
	var out struct{ Data site.InvitationLink }
	json.Unmarshal([]byte(body), &out)
	_, linkToken, ok := strings.Cut(out.Data.URL, "/admin/invite#")
	if !ok || len(linkToken) < 40 {
		a.t.Fatalf("invitation url = %q", out.Data.URL)
	}
	return out.Data.ID, linkToken
}

// TestInvitations: an administrator invites, the invited person opens the
// link, sets a password and signs in; a used, expired, renewed or
// withdrawn link answers why it cannot be used, and a refused acceptance
// creates no one.
func TestInvitations(t *testing.T) {
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			a.user("root", site.RoleAdmin)
			root := a.login("root")

			// Refused invitations.
			for _, c := range []struct{ body, field string }{
				{`{"username":"root","role":"editor"}`, "username"},
				{`{"username":"has space","role":"editor"}`, "username"},
				{`{"username":"ed","role":"owner"}`, "role"},
			} {
				res, body := a.do("POST", "/api/admin/invitations", root, c.body, nil)
				var out errorBody
				json.Unmarshal([]byte(body), &out)
				if res.StatusCode/100 != 4 || out.Errors[c.field] == "" {
					t.Errorf("%s: %d %s, want a message for %s", c.body, res.StatusCode, body, c.field)
				}
			}

			id, tok := a.invite(root, "ed", site.RoleEditor)
			if res, body := a.do("POST", "/api/admin/invitations", root, `{"username":"ed","role":"sales"}`, nil); res.StatusCode != 409 || !strings.Contains(body, "waiting already") {
				t.Errorf("second invitation: %d %s", res.StatusCode, body)
			}
			res, body := a.do("GET", "/api/admin/invitations", root, "", nil)
			if res.StatusCode != 200 || !strings.Contains(body, `"username":"ed"`) || strings.Contains(body, tok) || strings.Contains(body, site.HashToken(tok)) {
				t.Errorf("list: %d %s", res.StatusCode, body)
			}
			res, body = a.do("GET", "/api/admin/invitations/"+tok, "", "", nil)
			if res.StatusCode != 200 || !strings.Contains(body, `"username":"ed"`) || !strings.Contains(body, `"role":"editor"`) {
				t.Errorf("check: %d %s", res.StatusCode, body)
			}

			// A password the rules refuse: nothing made, the link still good.
			if res, body := a.do("POST", "/api/admin/invitations/"+tok+"/accept", "", `{"password":"short"}`, nil); res.StatusCode != 400 || !strings.Contains(body, "at least 8") {
				t.Errorf("short password: %d %s", res.StatusCode, body)
			}
			if n, _ := a.store.CountUsers(t.Context()); n != 1 {
				t.Errorf("users after a refused acceptance = %d", n)
			}
			if res, body := a.do("POST", "/api/admin/invitations/"+tok+"/accept", "", `{"password":"a good password"}`, nil); res.StatusCode != 201 || !strings.Contains(body, `"role":"editor"`) {
				t.Fatalf("accept: %d %s", res.StatusCode, body)
			}
			res, body = a.do("POST", "/api/admin/login", "", `{"username":"ed","password":"a good password"}`, nil)
			if res.StatusCode != 200 || !strings.Contains(body, "sessionToken") {
				t.Errorf("login of the invited: %d %s", res.StatusCode, body)
			}
			for _, m := range []string{"GET", "POST"} {
				path := "/api/admin/invitations/" + tok
				if m == "POST" {
					path += "/accept"
				}
				res, body := a.do(m, path, "", `{"password":"another password"}`, nil)
				if res.StatusCode != 410 || !strings.Contains(body, site.InvitationUsedMessage) {
					t.Errorf("%s a used link: %d %s", m, res.StatusCode, body)
				}
			}
			if res, _ := a.do("DELETE", "/api/admin/invitations/"+strconv.FormatInt(id, 10), root, "", nil); res.StatusCode != 404 {
				t.Errorf("withdraw a used invitation: %d", res.StatusCode)
			}

			// Expired, then renewed: the old link unknown, the new one good.
			id, tok = a.invite(root, "sam", site.RoleSales)
			a.clock.Advance(site.InvitationTTL + time.Minute)
			if res, body := a.do("GET", "/api/admin/invitations/"+tok, "", "", nil); res.StatusCode != 410 || !strings.Contains(body, site.InvitationExpiredMessage) {
				t.Errorf("expired: %d %s", res.StatusCode, body)
			}
			if res, _ := a.do("POST", "/api/admin/invitations/"+tok+"/accept", "", `{"password":"a good password"}`, nil); res.StatusCode != 410 {
				t.Errorf("accept an expired link: %d", res.StatusCode)
			}
			root = a.login("root")
			res, body = a.do("POST", "/api/admin/invitations/"+strconv.FormatInt(id, 10)+"/renew", root, "", nil)
			var renewed struct{ Data site.InvitationLink }
			json.Unmarshal([]byte(body), &renewed)
			_, tok2, _ := strings.Cut(renewed.Data.URL, "#")
			if res.StatusCode != 200 || tok2 == "" || tok2 == tok {
				t.Fatalf("renew: %d %s", res.StatusCode, body)
			}
			if res, body := a.do("GET", "/api/admin/invitations/"+tok, "", "", nil); res.StatusCode != 404 || !strings.Contains(body, site.InvitationUnknownMessage) {
				t.Errorf("replaced link: %d %s", res.StatusCode, body)
			}
			if res, _ := a.do("GET", "/api/admin/invitations/"+tok2, "", "", nil); res.StatusCode != 200 {
				t.Errorf("renewed link: %d", res.StatusCode)
			}

			// Withdrawn.
			if res, _ := a.do("DELETE", "/api/admin/invitations/"+strconv.FormatInt(id, 10), root, "", nil); res.StatusCode != 200 {
				t.Errorf("withdraw: %d", res.StatusCode)
			}
			if res, _ := a.do("POST", "/api/admin/invitations/"+tok2+"/accept", "", `{"password":"a good password"}`, nil); res.StatusCode != 404 {
				t.Errorf("accept a withdrawn link: %d", res.StatusCode)
			}
			if res, _ := a.do("GET", "/api/admin/invitations/"+strings.Repeat("x", 200), "", "", nil); res.StatusCode != 404 {
				t.Errorf("overlong token: %d", res.StatusCode)
			}
			if n, _ := a.store.CountUsers(t.Context()); n != 2 {
				t.Errorf("users = %d, want root and ed", n)
			}
		})
	}
}
