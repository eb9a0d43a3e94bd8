package httpd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

// fakeResolver answers the lookups of the names it holds and fails the
// others, as DNS does for an unknown name.
type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	list, ok := f[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	var out []netip.Addr
	for _, a := range list {
		out = append(out, netip.MustParseAddr(a))
	}
	return out, nil
}

func TestWebhookURLMustBePublic(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.configure(func(s *Server) {
		s.Resolver = fakeResolver{
			"hooks.example.com":    {"203.0.113.7", "2001:db8::7"},
			"intranet.example.com": {"10.0.0.5"},
			"mixed.example.com":    {"203.0.113.7", "127.0.0.1"},
			"rebind.example.com":   {"::ffff:169.254.169.254"},
		}
	})
	tokens := a.signIn()
	put := func(url string) (int, string) {
		res, body := a.do("PUT", "/api/admin/lead-settings", tokens["admin"], `{"webhookUrl":"`+url+`"}`, nil)
		return res.StatusCode, body
	}
	const private = `"webhookUrl":"The webhook URL points to a private or local network address; webhooks may only be sent to public addresses."`
	t.Run("RefusesInternalAddresses", func(t *testing.T) {
		for _, u := range []string{
			"http://127.0.0.1:5432/", "http://169.254.169.254/latest/meta-data/", "http://[::1]:8080/",
			"http://0.0.0.0/", "http://10.0.0.1/", "http://localhost:8080/", "http://[::ffff:192.168.0.1]/",
		} {
			if st, body := put(u); st != 400 || !strings.Contains(body, private) {
				t.Errorf("%s: %d %s", u, st, body)
			}
		}
	})
	t.Run("RefusesAddressesWrittenAsNumbers", func(t *testing.T) {
		for _, u := range []string{"http://2130706433/", "http://0x7f000001/", "http://0177.0.0.1/", "http://127.1/"} {
			if st, body := put(u); st != 400 || !strings.Contains(body, `"webhookUrl":"Write the webhook URL's address as four decimal numbers`) {
				t.Errorf("%s: %d %s", u, st, body)
			}
		}
	})
	t.Run("RefusesANameOfAnInternalAddress", func(t *testing.T) {
		for _, u := range []string{"https://intranet.example.com/hook", "https://mixed.example.com/hook", "http://rebind.example.com/"} {
			if st, body := put(u); st != 400 || !strings.Contains(body, private) {
				t.Errorf("%s: %d %s", u, st, body)
			}
		}
		_, body := a.do("GET", "/api/admin/lead-settings", tokens["admin"], "", nil)
		if !strings.Contains(body, `"webhookUrl":""`) {
			t.Errorf("a refused URL was saved: %s", body)
		}
	})
	t.Run("AcceptsPublicTargets", func(t *testing.T) {
		// A name that cannot be found now is saved: the worker checks the
		// address it dials at each attempt.
		for _, u := range []string{"https://hooks.example.com/leads", "https://203.0.113.9/x", "https://unknown.example.net/x"} {
			if st, body := put(u); st != 200 || !strings.Contains(body, `"webhookUrl":"`+u+`"`) {
				t.Errorf("%s: %d %s", u, st, body)
			}
		}
	})
	t.Run("OperatorMayAllowPrivateAddresses", func(t *testing.T) {
		a.configure(func(s *Server) { s.WebhookAllowPrivate = true })
		defer a.configure(func(s *Server) { s.WebhookAllowPrivate = false })
		for _, u := range []string{"http://10.0.0.1:9000/hook", "https://intranet.example.com/hook"} {
			if st, body := put(u); st != 200 {
				t.Errorf("%s: %d %s", u, st, body)
			}
		}
	})
}

// TestDeliveryErrorsHiddenFromNonAdmins: what a receiver answered is
// shown to administrators only; other signed-in users learn that a
// delivery failed.
func TestDeliveryErrorsHiddenFromNonAdmins(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		tokens := a.signIn()
		ctx := context.Background()
		if _, err := a.store.UpdateLeadSettings(ctx, &site.LeadSettings{WebhookURL: "https://hooks.example.com/x", WebhookSecret: "k"}); err != nil {
			t.Fatal(err)
		}
		res, body := a.do("POST", "/api/contact", "", leadJSON("ada@example.com", `"fillMs":9000`), nil)
		if res.StatusCode != 201 {
			t.Fatalf("lead: %d %s", res.StatusCode, body)
		}
		claimed, err := a.store.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, nil, 10)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claimed %d, %v", len(claimed), err)
		}
		const detail = "webhook: https://hooks.example.com/x answered 401 Unauthorized from Internal Admin Panel v2"
		next := time.Now().Add(time.Minute)
		if err := a.store.FinishDelivery(ctx, claimed[0].Delivery.ID, time.Now(), site.DeliveryResult{Err: detail, NextAttemptAt: &next}); err != nil {
			t.Fatal(err)
		}
		id := claimed[0].Lead.ID
		for _, sc := range []scenario{
			{"ViewerListSaysFailed", "GET", "/api/admin/contact-submissions", "viewer", "", 200,
				[]string{`"status":"retrying"`, `"lastError":"Delivery failed."`}, []string{"Internal Admin Panel"}},
			{"ViewerStatsSayFailed", "GET", "/api/admin/lead-stats", "viewer", "", 200,
				[]string{`"failingDeliveries":1,"lastDeliveryError":"Delivery failed."`}, []string{"Internal Admin Panel"}},
			{"AdminListHasTheDetail", "GET", "/api/admin/contact-submissions", "admin", "", 200, []string{`"lastError":"` + detail + `"`}, nil},
			{"AdminStatsHaveTheDetail", "GET", "/api/admin/lead-stats", "admin", "", 200, []string{`"lastDeliveryError":"` + detail + `"`}, nil},
			{"AdminPatchHasTheDetail", "PATCH", fmt.Sprintf("/api/admin/contact-submissions/%d", id), "admin", `{"notes":"x"}`, 200,
				[]string{`"lastError":"` + detail + `"`}, nil},
		} {
			t.Run(sc.name, func(t *testing.T) { a.run(sc, tokens) })
		}
	})
}

// TestWebhookSecretIsForAdmins: the secret that signs webhooks is read by
// administrators only; other signed-in users learn whether one is set.
func TestWebhookSecretIsForAdmins(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		tokens := a.signIn()
		type settings struct {
			Data struct {
				WebhookURL       string `json:"webhookUrl"`
				WebhookSecret    string `json:"webhookSecret"`
				WebhookSecretSet bool   `json:"webhookSecretSet"`
			} `json:"data"`
		}
		read := func(t *testing.T, who string) (settings, string) {
			t.Helper()
			res, body := a.do("GET", "/api/admin/lead-settings", tokens[who], "", nil)
			if res.StatusCode != 200 {
				t.Fatalf("GET as %s: %d %s", who, res.StatusCode, body)
			}
			var st settings
			if err := json.Unmarshal([]byte(body), &st); err != nil {
				t.Fatal(err)
			}
			return st, body
		}
		write := func(t *testing.T, body string) settings {
			t.Helper()
			res, out := a.do("PUT", "/api/admin/lead-settings", tokens["admin"], body, nil)
			if res.StatusCode != 200 {
				t.Fatalf("PUT %s: %d %s", body, res.StatusCode, out)
			}
			var st settings
			json.Unmarshal([]byte(out), &st)
			return st
		}
		const secret = "a-long-shared-secret-0123456789"
		saved := write(t, `{"webhookUrl":"https://hooks.example.com/x","webhookSecret":"`+secret+`"}`)
		if saved.Data.WebhookSecret != secret || !saved.Data.WebhookSecretSet {
			t.Errorf("PUT answer = %+v", saved.Data)
		}
		t.Run("ViewerSeesOnlyThatOneIsSet", func(t *testing.T) {
			st, body := read(t, "viewer")
			if strings.Contains(body, secret) || st.Data.WebhookSecret != "" || !st.Data.WebhookSecretSet ||
				st.Data.WebhookURL != "https://hooks.example.com/…" {
				t.Errorf("viewer read %s", body)
			}
		})
		t.Run("AdminReadsIt", func(t *testing.T) {
			if st, body := read(t, "admin"); st.Data.WebhookSecret != secret || !st.Data.WebhookSecretSet {
				t.Errorf("admin read %s", body)
			}
		})
		t.Run("AdminMaySendBackWhatItRead", func(t *testing.T) {
			_, body := read(t, "admin")
			var round map[string]json.RawMessage
			json.Unmarshal([]byte(body), &round)
			if st := write(t, string(round["data"])); st.Data.WebhookSecret != secret {
				t.Errorf("after sending back %s: %+v", round["data"], st.Data)
			}
		})
		t.Run("EmptySecretMakesANewOne", func(t *testing.T) {
			st := write(t, `{"webhookUrl":"https://hooks.example.com/x","webhookSecret":"","webhookSecretSet":true}`)
			if len(st.Data.WebhookSecret) != 64 || st.Data.WebhookSecret == secret || !st.Data.WebhookSecretSet {
				t.Errorf("secret = %q, want 64 new hex digits", st.Data.WebhookSecret)
			}
		})
		t.Run("NoneSet", func(t *testing.T) {
			write(t, `{"webhookUrl":""}`)
			if st, body := read(t, "viewer"); st.Data.WebhookSecretSet {
				t.Errorf("viewer read %s", body)
			}
		})
	})
}
