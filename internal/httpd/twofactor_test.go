package httpd

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"meridian/internal/auth"
	"meridian/internal/site"
)

// code is the secret's TOTP code at t, as an authenticator app makes it.
func code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wrong is a six-digit code that is not c.
func wrong(c string) string {
	b := []byte(c)
	b[0] = '0' + (b[0]-'0'+1)%10
	return string(b)
}

// decode reads a JSON answer into v.
func decode(t *testing.T, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
}

type step struct {
	Success                bool
	TwoFactorRequired      bool
	TwoFactorSetupRequired bool
	Challenge              string
	SessionToken           string
	RecoveryCodes          []string
}

// challenge sends name's password and returns the challenge of the
// second step; it fails t unless the answer asks for one.
func challenge(t *testing.T, a *testAPI, name string) string {
	t.Helper()
	res, body := a.do("POST", "/api/admin/login", "", `{"username":"`+name+`","password":"correct horse battery"}`, nil)
	var st step
	decode(t, body, &st)
	if res.StatusCode != 200 || st.Challenge == "" {
		t.Fatalf("login: %d %s", res.StatusCode, body)
	}
	return st.Challenge
}

// finishLogin sends the code c for the challenge ch and returns the answer's
// status and body.
func finishLogin(a *testAPI, ch, c string) (int, string) {
	a.t.Helper()
	res, body := a.do("POST", "/api/admin/login/2fa", "", fmt.Sprintf(`{"challenge":%q,"code":%q}`, ch, c), nil)
	return res.StatusCode, body
}

// enrolOwn turns two-factor sign-in on for the session's user and returns
// the secret and the recovery codes.
func enrolOwn(t *testing.T, a *testAPI, token string) (string, []string) {
	t.Helper()
	res, body := a.do("POST", "/api/admin/account/2fa", token, "", nil)
	if res.StatusCode != 200 {
		t.Fatalf("enrol: %d %s", res.StatusCode, body)
	}
	var enrol struct{ Data site.TwoFactorEnrolment }
	decode(t, body, &enrol)
	e := enrol.Data
	if !strings.HasPrefix(e.URI, "otpauth://totp/") || !strings.Contains(e.URI, "secret="+e.Secret) || len(e.Secret) != 32 {
		t.Fatalf("enrolment = %+v", e)
	}
	png64, ok := strings.CutPrefix(e.QRCode, "data:image/png;base64,")
	raw, err := base64.StdEncoding.DecodeString(png64)
	if !ok || err != nil {
		t.Fatalf("qr code %.60s: %v", e.QRCode, err)
	}
	if img, err := png.Decode(bytes.NewReader(raw)); err != nil || img.Bounds().Dx() < 200 {
		t.Fatalf("qr png: %v", err)
	}
	now := a.clock.Now()
	if res, body := a.do("POST", "/api/admin/account/2fa/confirm", token, `{"code":"`+wrong(code(t, e.Secret, now))+`"}`, nil); res.StatusCode != 400 || !strings.Contains(body, `"code":"The code is not right.`) {
		t.Errorf("confirm wrong: %d %s", res.StatusCode, body)
	}
	res, body = a.do("POST", "/api/admin/account/2fa/confirm", token, `{"code":"`+code(t, e.Secret, now)+`"}`, nil)
	if res.StatusCode != 200 {
		t.Fatalf("confirm: %d %s", res.StatusCode, body)
	}
	var out struct {
		Data struct{ RecoveryCodes []string }
	}
	decode(t, body, &out)
	return e.Secret, out.Data.RecoveryCodes
}

// TestTwoFactor: enrolment, sign-in with a code (once), with a recovery
// code (once), wrong codes toward the lockout, an administrator's reset,
// turning it off, and the setting that requires it of all staff.
func TestTwoFactor(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		sam := a.user("sam", site.RoleSales)
		root, samToken := a.login("root"), a.login("sam")

		secret, recovery := enrolOwn(t, a, samToken)
		codeForm := regexp.MustCompile(`^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$`)
		seen := map[string]bool{}
		for _, c := range recovery {
			if !codeForm.MatchString(c) || seen[c] {
				t.Errorf("recovery code %q", c)
			}
			seen[c] = true
		}
		if len(recovery) != 10 {
			t.Fatalf("recovery codes = %v", recovery)
		}
		// The secret is never answered again, nor stored codes.
		_, status := a.do("GET", "/api/admin/account/2fa", samToken, "", nil)
		if !strings.Contains(status, `"enabled":true`) || !strings.Contains(status, `"recoveryCodesLeft":10`) || strings.Contains(status, secret) {
			t.Errorf("status = %s", status)
		}
		if res, body := a.do("POST", "/api/admin/account/2fa", samToken, "", nil); res.StatusCode != 409 || strings.Contains(body, secret) {
			t.Errorf("enrol again: %d %s", res.StatusCode, body)
		}
		if _, body := a.do("GET", "/api/admin/users", root, "", nil); !strings.Contains(body, `"username":"sam"`) || !strings.Contains(body, `"twoFactor":true`) || strings.Contains(body, secret) {
			t.Errorf("users = %s", body)
		}

		login := func() step {
			t.Helper()
			res, body := a.do("POST", "/api/admin/login", "", `{"username":"sam","password":"correct horse battery"}`, nil)
			var out step
			decode(t, body, &out)
			if res.StatusCode != 200 || out.Success || !out.TwoFactorRequired || out.Challenge == "" || out.SessionToken != "" {
				t.Fatalf("login: %d %s", res.StatusCode, body)
			}
			return out
		}
		finish := func(challenge, c string) (int, string) {
			t.Helper()
			return finishLogin(a, challenge, c)
		}

		// The code that confirmed the enrolment is not taken again.
		ch := login()
		if st, body := finish(ch.Challenge, code(t, secret, a.clock.Now())); st != 401 || !strings.Contains(body, site.MsgCodeReplayed) {
			t.Errorf("replayed code: %d %s", st, body)
		}
		a.clock.Advance(30 * time.Second)
		now := code(t, secret, a.clock.Now())
		st, body := finish(ch.Challenge, now)
		var done struct {
			Success      bool
			SessionToken string
			User         map[string]any
		}
		decode(t, body, &done)
		if st != 200 || !done.Success || done.SessionToken == "" || fmt.Sprint(done.User) != fmt.Sprintf("map[id:%d isAdmin:false username:sam]", sam.ID) {
			t.Fatalf("sign in with code: %d %s", st, body)
		}
		if res, _ := a.do("GET", "/api/admin/me", done.SessionToken, "", nil); res.StatusCode != 200 {
			t.Errorf("session of the code: %d", res.StatusCode)
		}
		// The challenge is single-use; the code too, with a new challenge.
		if st, body := finish(ch.Challenge, now); st != 401 || !strings.Contains(body, msgChallengeGone) {
			t.Errorf("challenge again: %d %s", st, body)
		}
		if st, body := finish(login().Challenge, now); st != 401 || !strings.Contains(body, site.MsgCodeReplayed) {
			t.Errorf("code again: %d %s", st, body)
		}

		// A recovery code, as typed (capitals, spaces), works once.
		typed := strings.ToUpper(strings.ReplaceAll(recovery[3], "-", " "))
		if st, body := finish(login().Challenge, typed); st != 200 || !strings.Contains(body, `"sessionToken":"`) {
			t.Errorf("recovery code: %d %s", st, body)
		}
		if st, body := finish(login().Challenge, recovery[3]); st != 401 || !strings.Contains(body, `"code":"`+site.MsgRecoveryUsed) {
			t.Errorf("recovery code again: %d %s", st, body)
		}
		if _, body := a.do("GET", "/api/admin/account/2fa", samToken, "", nil); !strings.Contains(body, `"recoveryCodesLeft":9`) {
			t.Errorf("status after a recovery code = %s", body)
		}

		// Bad input.
		ch = login()
		for _, c := range []struct {
			body   string
			status int
			msg    string
		}{
			{fmt.Sprintf(`{"challenge":%q,"code":""}`, ch.Challenge), 400, site.MsgCodeRequired},
			{fmt.Sprintf(`{"challenge":%q,"code":%q}`, ch.Challenge, strings.Repeat("1", 65)), 400, site.MsgCodeTooLong},
			{`{"challenge":"not a challenge","code":"123456"}`, 401, msgChallengeGone},
			{fmt.Sprintf(`{"challenge":%q,"code":"123456"}`, strings.Repeat("x", 200)), 401, msgChallengeGone},
			{`{"code":"123456"}`, 401, msgChallengeGone},
		} {
			if res, body := a.do("POST", "/api/admin/login/2fa", "", c.body, nil); res.StatusCode != c.status || !strings.Contains(body, c.msg) {
				t.Errorf("%.80s: %d %s", c.body, res.StatusCode, body)
			}
		}
		// The challenge ends after five minutes.
		a.clock.Advance(5*time.Minute + time.Second)
		if st, body := finish(ch.Challenge, code(t, secret, a.clock.Now())); st != 401 || !strings.Contains(body, msgChallengeGone) {
			t.Errorf("expired challenge: %d %s", st, body)
		}

		// Wrong codes count toward the lockout with the password: the
		// password step (1) and four wrong codes make five failures. A
		// sign-in forgets the failures of the steps above.
		a.clock.Advance(time.Minute)
		if st, body := finish(login().Challenge, code(t, secret, a.clock.Now())); st != 200 {
			t.Fatalf("sign in: %d %s", st, body)
		}
		a.clock.Advance(30 * time.Second)
		ch = login()
		good := code(t, secret, a.clock.Now())
		for i := range 4 {
			if st, body := finish(ch.Challenge, wrong(good)); st != 401 || !strings.Contains(body, site.MsgCodeWrong) {
				t.Errorf("wrong code %d: %d %s", i, st, body)
			}
		}
		if st, body := finish(ch.Challenge, good); st != 429 || !strings.Contains(body, "Too many failed sign-in attempts") {
			t.Errorf("after five failures: %d %s", st, body)
		}
		if res, _ := a.do("POST", "/api/admin/login", "", `{"username":"sam","password":"correct horse battery"}`, nil); res.StatusCode != 429 {
			t.Errorf("password after five failures: %d", res.StatusCode)
		}

		// An administrator resets it: the user's sessions end, and the
		// password alone signs in.
		a.clock.Advance(16 * time.Minute)
		if res, body := a.do("GET", "/api/admin/me", samToken, "", nil); res.StatusCode != 200 {
			t.Fatalf("sam's session before the reset: %d %s", res.StatusCode, body)
		}
		res, body := a.do("DELETE", fmt.Sprintf("/api/admin/users/%d/2fa", sam.ID), root, "", nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"twoFactor":false`) {
			t.Fatalf("reset: %d %s", res.StatusCode, body)
		}
		if res, _ := a.do("GET", "/api/admin/me", samToken, "", nil); res.StatusCode != 401 {
			t.Errorf("sam's session after the reset: %d, want 401", res.StatusCode)
		}
		if res, _ := a.do("GET", "/api/admin/me", root, "", nil); res.StatusCode != 200 {
			t.Errorf("the administrator's own session after the reset: %d, want 200", res.StatusCode)
		}
		if res, body := a.do("DELETE", "/api/admin/users/999/2fa", root, "", nil); res.StatusCode != 404 {
			t.Errorf("reset unknown user: %d %s", res.StatusCode, body)
		}
		samToken = a.login("sam")

		// Turned off by the user, with the password or a code.
		secret, _ = enrolOwn(t, a, samToken)
		for _, c := range []struct{ body, field string }{
			{`{}`, "password"},
			{`{"password":"not my password"}`, "password"},
			{`{"code":"` + wrong(code(t, secret, a.clock.Now().Add(30*time.Second))) + `"}`, "code"},
			{`{"code":"` + strings.Repeat("9", 65) + `"}`, "code"},
		} {
			if res, body := a.do("DELETE", "/api/admin/account/2fa", samToken, c.body, nil); res.StatusCode != 400 || !strings.Contains(body, `"`+c.field+`":"`) {
				t.Errorf("turn off %s: %d %s", c.body, res.StatusCode, body)
			}
		}
		a.clock.Advance(30 * time.Second)
		if res, body := a.do("DELETE", "/api/admin/account/2fa", samToken, `{"code":"`+code(t, secret, a.clock.Now())+`"}`, nil); res.StatusCode != 200 {
			t.Errorf("turn off with a code: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("DELETE", "/api/admin/account/2fa", samToken, `{"password":"correct horse battery"}`, nil); res.StatusCode != 409 {
			t.Errorf("turn off again: %d %s", res.StatusCode, body)
		}

		// Required of all staff: sam is sent to enrol before any session.
		if res, body := a.do("PUT", "/api/admin/security-settings", root, `{"requireTwoFactor":true}`, nil); res.StatusCode != 200 || !strings.Contains(body, `"requireTwoFactor":true`) {
			t.Fatalf("require: %d %s", res.StatusCode, body)
		}
		res, body = a.do("POST", "/api/admin/login", "", `{"username":"sam","password":"correct horse battery"}`, nil)
		var setup step
		decode(t, body, &setup)
		if res.StatusCode != 200 || setup.Success || setup.TwoFactorRequired || !setup.TwoFactorSetupRequired || setup.Challenge == "" || setup.SessionToken != "" {
			t.Fatalf("login to enrol: %d %s", res.StatusCode, body)
		}
		if st, body := finish(setup.Challenge, "123456"); st != 401 || !strings.Contains(body, msgChallengeGone) {
			t.Errorf("an enrolment challenge used for a code: %d %s", st, body)
		}
		res, body = a.do("POST", "/api/admin/login/2fa/enrol", "", fmt.Sprintf(`{"challenge":%q}`, setup.Challenge), nil)
		var enrol struct{ Data site.TwoFactorEnrolment }
		decode(t, body, &enrol)
		if res.StatusCode != 200 || enrol.Data.Secret == "" {
			t.Fatalf("enrol at login: %d %s", res.StatusCode, body)
		}
		good = code(t, enrol.Data.Secret, a.clock.Now())
		confirm := func(c string) (int, string) {
			res, body := a.do("POST", "/api/admin/login/2fa/enrol/confirm", "", fmt.Sprintf(`{"challenge":%q,"code":%q}`, setup.Challenge, c), nil)
			return res.StatusCode, body
		}
		if st, body := confirm(wrong(good)); st != 401 || !strings.Contains(body, `"code":"The code is not right.`) {
			t.Errorf("confirm at login, wrong: %d %s", st, body)
		}
		st, body = confirm(good)
		var enrolled step
		decode(t, body, &enrolled)
		if st != 200 || !enrolled.Success || enrolled.SessionToken == "" || len(enrolled.RecoveryCodes) != 10 {
			t.Fatalf("confirm at login: %d %s", st, body)
		}
		if st, body := confirm(good); st != 401 || !strings.Contains(body, msgChallengeGone) {
			t.Errorf("confirm again: %d %s", st, body)
		}
		if res, body := a.do("DELETE", "/api/admin/account/2fa", enrolled.SessionToken, `{"password":"correct horse battery"}`, nil); res.StatusCode != 409 || !strings.Contains(body, site.MsgTwoFactorRequired) {
			t.Errorf("turn off while required: %d %s", res.StatusCode, body)
		}
		if _, body := a.do("GET", "/api/admin/account/2fa", enrolled.SessionToken, "", nil); !strings.Contains(body, `"required":true`) {
			t.Errorf("status while required = %s", body)
		}
		// An administrator without two-factor is sent to enrol too.
		res, body = a.do("POST", "/api/admin/login", "", `{"username":"root","password":"correct horse battery"}`, nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"twoFactorSetupRequired":true`) {
			t.Errorf("root while required: %d %s", res.StatusCode, body)
		}
		// The open sessions go on.
		if res, _ := a.do("GET", "/api/admin/me", root, "", nil); res.StatusCode != 200 {
			t.Errorf("open session while required: %d", res.StatusCode)
		}
	})
}

// TestRecoveryCodesRenew: new recovery codes, given the password or a
// code, replace the old ones; a wrong password changes nothing.
func TestRecoveryCodesRenew(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		token := a.signedIn("sam", site.RoleSales)
		const path = "/api/admin/account/2fa/recovery-codes"
		if res, body := a.do("POST", path, token, `{"password":"correct horse battery"}`, nil); res.StatusCode != 409 || !strings.Contains(body, "Two-factor sign-in is off") {
			t.Errorf("without two-factor: %d %s", res.StatusCode, body)
		}
		secret, old := enrolOwn(t, a, token)
		for _, c := range []struct{ body, field, msg string }{
			{`{}`, "password", "to make new recovery codes."},
			{`{"password":"not it"}`, "password", "The password is not right."},
		} {
			res, body := a.do("POST", path, token, c.body, nil)
			if res.StatusCode != 400 || !strings.Contains(body, `"`+c.field+`":"`) || !strings.Contains(body, c.msg) {
				t.Errorf("%s: %d %s", c.body, res.StatusCode, body)
			}
		}
		a.clock.Advance(time.Minute)
		res, body := a.do("POST", path, token, `{"code":"`+code(t, secret, a.clock.Now())+`"}`, nil)
		var out struct {
			Data struct{ RecoveryCodes []string }
		}
		decode(t, body, &out)
		fresh := out.Data.RecoveryCodes
		if res.StatusCode != 200 || len(fresh) != 10 || fresh[0] == old[0] {
			t.Fatalf("renew: %d %s", res.StatusCode, body)
		}
		// An old code no longer signs in; a new one does.
		signIn := func(c string) int {
			status, _ := finishLogin(a, challenge(t, a, "sam"), c)
			return status
		}
		if st := signIn(old[0]); st != 401 {
			t.Errorf("old recovery code: %d", st)
		}
		if st := signIn(fresh[0]); st != 200 {
			t.Errorf("new recovery code: %d", st)
		}
		_, status := a.do("GET", "/api/admin/account/2fa", token, "", nil)
		if !strings.Contains(status, `"recoveryCodesLeft":9`) {
			t.Errorf("status = %s", status)
		}
	})
}

// TestTwoFactorSecretSealed: with a secret key, the database holds the
// two-factor secret encrypted, and sign-in with its code works.
func TestTwoFactorSecretSealed(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		box, err := site.NewSecretBox(strings.Repeat("k", 32))
		if err != nil {
			t.Fatal(err)
		}
		a.configure(func(s *Server) { s.Secrets = box })
		u := a.user("sam", site.RoleSales)
		secret, _ := enrolOwn(t, a, a.login("sam"))
		stored, err := a.store.FindUserByID(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(stored.TOTPSecret, "v1:") || strings.Contains(stored.TOTPSecret, secret) {
			t.Fatalf("stored secret = %q", stored.TOTPSecret)
		}
		a.clock.Advance(time.Minute)
		if status, body := finishLogin(a, challenge(t, a, "sam"), code(t, secret, a.clock.Now())); status != 200 || !strings.Contains(body, "sessionToken") {
			t.Errorf("code: %d %s", status, body)
		}
	})
}

// The password or code asked for inside a session before a change to the
// account's security counts toward the login limits: five wrong ones lock
// the account out from that address (the right one then gets 429 with
// Retry-After, and so does a sign-in), each refusal is in the audit log,
// and once the lockout ends the right one works.
func TestReauthenticationThrottled(t *testing.T) {
	t.Parallel()
	const good = "correct horse battery"
	scenarios := []struct {
		name, method, path string
		wrong, right       func(secret string, now time.Time) string
	}{
		{"RecoveryCodes", "POST", "/api/admin/account/2fa/recovery-codes",
			func(secret string, now time.Time) string { return `{"code":"` + wrong(code(t, secret, now)) + `"}` },
			func(string, time.Time) string { return `{"password":"` + good + `"}` }},
		{"TwoFactorOff", "DELETE", "/api/admin/account/2fa",
			func(string, time.Time) string { return `{"password":"not the password"}` },
			func(string, time.Time) string { return `{"password":"` + good + `"}` }},
		{"PasswordChange", "PUT", "/api/admin/account/password",
			func(string, time.Time) string {
				return `{"currentPassword":"not the password","newPassword":"a new good password"}`
			},
			func(string, time.Time) string {
				return `{"currentPassword":"` + good + `","newPassword":"a new good password"}`
			}},
	}
	for _, o := range stores(t) {
		for _, sc := range scenarios {
			t.Run(o.name+"/"+sc.name, func(t *testing.T) {
				a := newTestAPI(t, o)
				token := a.signedIn("root", site.RoleAdmin)
				secret, _ := enrolOwn(t, a, token)
				for i := 1; i <= 5; i++ {
					if res, body := a.do(sc.method, sc.path, token, sc.wrong(secret, a.clock.Now()), nil); res.StatusCode != 400 {
						t.Fatalf("wrong proof %d: %d %s, want 400", i, res.StatusCode, body)
					}
				}
				res, body := a.do(sc.method, sc.path, token, sc.right(secret, a.clock.Now()), nil)
				if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
					t.Fatalf("right proof after 5 wrong: %d %s (Retry-After %q), want 429", res.StatusCode, body, res.Header.Get("Retry-After"))
				}
				if res, _ := a.do("POST", "/api/admin/login", "", `{"username":"root","password":"`+good+`"}`, nil); res.StatusCode != 429 {
					t.Errorf("sign-in after 5 wrong: %d, want 429", res.StatusCode)
				}
				list, _, err := a.store.FindAuditEntries(t.Context(), site.AuditFilter{Action: site.AuditReauthFailed})
				if err != nil {
					t.Fatal(err)
				}
				if len(list) != 6 || list[0].Username != "root" || !strings.Contains(list[0].Detail, "locked out") || (list[5].Detail == "" || strings.Contains(list[5].Detail, "locked")) {
					t.Errorf("audit entries = %d, newest %+v", len(list), list[0])
				}
				// A refused proof changed nothing, so the route's own entry
				// is not written (the attempt's count is no audited write).
				own := func() int {
					got, _, err := a.store.FindAuditEntries(t.Context(), site.AuditFilter{Action: auth.WriteAction(sc.method + " " + sc.path)})
					if err != nil {
						t.Fatal(err)
					}
					return len(got)
				}
				if n := own(); n != 0 {
					t.Errorf("%d entries of the route's own action after refused proofs, want 0", n)
				}
				a.clock.Advance(15 * time.Minute)
				if res, body := a.do(sc.method, sc.path, token, sc.right(secret, a.clock.Now()), nil); res.StatusCode != 200 {
					t.Errorf("right proof after the lockout: %d %s, want 200", res.StatusCode, body)
				}
				if n := own(); n != 1 {
					t.Errorf("%d entries of the route's own action after the write, want 1", n)
				}
			})
		}
	}
}
