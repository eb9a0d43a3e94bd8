package httpd

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
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

// checkInvitation asks whose account the link of token offers.
func (a *testAPI) checkInvitation(token string) (*http.Response, string) {
	a.t.Helper()
	return a.do("POST", "/api/admin/invitations/check", "", `{"token":"`+token+`"}`, nil)
}

// acceptInvitation accepts the link of token with the password.
func (a *testAPI) acceptInvitation(token, password string) (*http.Response, string) {
	a.t.Helper()
	return a.do("POST", "/api/admin/invitations/accept", "", `{"token":"`+token+`","password":"`+password+`"}`, nil)
}

// TestInvitations: an administrator invites, the invited person opens the
// link, sets a password and signs in; a used, expired, renewed or
// withdrawn link answers why it cannot be used, and a refused acceptance
// creates no one.
func TestInvitations(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		root := a.signedIn("root", site.RoleAdmin)

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
		res, body = a.checkInvitation(tok)
		if res.StatusCode != 200 || !strings.Contains(body, `"username":"ed"`) || !strings.Contains(body, `"role":"editor"`) {
			t.Errorf("check: %d %s", res.StatusCode, body)
		}

		// A password the rules refuse: nothing made, the link still good.
		if res, body := a.acceptInvitation(tok, "short"); res.StatusCode != 400 || !strings.Contains(body, "at least 8") {
			t.Errorf("short password: %d %s", res.StatusCode, body)
		}
		if n, _ := a.store.CountUsers(t.Context()); n != 1 {
			t.Errorf("users after a refused acceptance = %d", n)
		}
		if res, body := a.acceptInvitation(tok, "a good password"); res.StatusCode != 201 || !strings.Contains(body, `"role":"editor"`) {
			t.Fatalf("accept: %d %s", res.StatusCode, body)
		}
		res, body = a.do("POST", "/api/admin/login", "", `{"username":"ed","password":"a good password"}`, nil)
		if res.StatusCode != 200 || !strings.Contains(body, "sessionToken") {
			t.Errorf("login of the invited: %d %s", res.StatusCode, body)
		}
		for m, send := range map[string]func() (*http.Response, string){
			"check":  func() (*http.Response, string) { return a.checkInvitation(tok) },
			"accept": func() (*http.Response, string) { return a.acceptInvitation(tok, "another password") },
		} {
			res, body := send()
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
		if res, body := a.checkInvitation(tok); res.StatusCode != 410 || !strings.Contains(body, site.InvitationExpiredMessage) {
			t.Errorf("expired: %d %s", res.StatusCode, body)
		}
		if res, _ := a.acceptInvitation(tok, "a good password"); res.StatusCode != 410 {
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
		if res, body := a.checkInvitation(tok); res.StatusCode != 404 || !strings.Contains(body, site.InvitationUnknownMessage) {
			t.Errorf("replaced link: %d %s", res.StatusCode, body)
		}
		if res, _ := a.checkInvitation(tok2); res.StatusCode != 200 {
			t.Errorf("renewed link: %d", res.StatusCode)
		}

		// Withdrawn.
		if res, _ := a.do("DELETE", "/api/admin/invitations/"+strconv.FormatInt(id, 10), root, "", nil); res.StatusCode != 200 {
			t.Errorf("withdraw: %d", res.StatusCode)
		}
		if res, _ := a.acceptInvitation(tok2, "a good password"); res.StatusCode != 404 {
			t.Errorf("accept a withdrawn link: %d", res.StatusCode)
		}
		if res, _ := a.checkInvitation(strings.Repeat("x", 200)); res.StatusCode != 404 {
			t.Errorf("overlong token: %d", res.StatusCode)
		}
		if n, _ := a.store.CountUsers(t.Context()); n != 2 {
			t.Errorf("users = %d, want root and ed", n)
		}
	})
}

// The link's token never reaches the server's log: the admin's page sends
// it in the body of its requests, and the request lines name the path.
func TestInvitationTokenNotLogged(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		_, tok := a.invite(a.login("root"), "ed", site.RoleEditor)
		buf := a.capture()
		a.ts = httptest.NewServer(a.srv.Handler())
		t.Cleanup(a.ts.Close)
		if res, body := a.checkInvitation(tok); res.StatusCode != 200 || !strings.Contains(body, `"username":"ed"`) {
			t.Fatalf("check: %d %s", res.StatusCode, body)
		}
		if res, body := a.acceptInvitation(tok, "short"); res.StatusCode != 400 {
			t.Fatalf("short password: %d %s", res.StatusCode, body)
		}
		if res, body := a.acceptInvitation(tok, "a good password"); res.StatusCode != 201 {
			t.Fatalf("accept: %d %s", res.StatusCode, body)
		}
		if res, _ := a.checkInvitation(tok); res.StatusCode != 410 {
			t.Fatalf("check a used link: %d", res.StatusCode)
		}
		if n := len(buf.lines(t, "DEBUG", "request")); n != 4 {
			t.Errorf("%d request lines, want 4", n)
		}
		if log := buf.String(); strings.Contains(log, tok) || strings.Contains(log, site.HashToken(tok)) {
			t.Errorf("the token is in the log:\n%s", log)
		}
	})
}

// Disabling a user closes what they opened to others: the invitations
// they sent (DELETE /api/admin/users/{id}) and their preview links (a PUT
// that sets the status disabled).
func TestDisabledMakersLinksStop(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		ada := a.user("ada", site.RoleAdmin)
		ed := a.user("ed", site.RoleEditor)
		root := a.login("root")
		_, tok := a.invite(a.login("ada"), "newbie", site.RoleAdmin)
		res, body := a.do("POST", "/api/admin/pages", root, `{"title":"Draft","slug":"draft","content":"x","status":"draft","template":"default"}`, nil)
		if res.StatusCode != 201 {
			t.Fatalf("page: %d %s", res.StatusCode, body)
		}
		var page struct{ Data struct{ ID int64 } }
		decode(t, body, &page)
		previews := "/api/admin/pages/" + strconv.FormatInt(page.Data.ID, 10) + "/previews"
		if res, body := a.do("POST", previews, a.login("ed"), "", nil); res.StatusCode != 201 {
			t.Fatalf("preview link: %d %s", res.StatusCode, body)
		}

		if res, body := a.do("DELETE", "/api/admin/users/"+strconv.FormatInt(ada.ID, 10), root, "", nil); res.StatusCode != 200 {
			t.Fatalf("disable ada: %d %s", res.StatusCode, body)
		}
		if res, body := a.acceptInvitation(tok, "a good password"); res.StatusCode != 404 {
			t.Errorf("accept the disabled sender's invitation: %d %s, want 404", res.StatusCode, body)
		}
		if res, body := a.do("POST", "/api/admin/login", "", `{"username":"newbie","password":"a good password"}`, nil); res.StatusCode != 401 {
			t.Errorf("sign-in of the invited: %d %s, want 401", res.StatusCode, body)
		}

		if res, body := a.do("PUT", "/api/admin/users/"+strconv.FormatInt(ed.ID, 10), root, `{"role":"editor","status":"disabled"}`, nil); res.StatusCode != 200 {
			t.Fatalf("disable ed: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("GET", previews, root, "", nil); res.StatusCode != 200 || !strings.Contains(body, `"data":[]`) {
			t.Errorf("preview links after the maker was disabled: %d %s, want none", res.StatusCode, body)
		}
	})
}
