package httpd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"meridian/internal/media/mediatest"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// health reads the dashboard's checklist, by check id.
func (a *testAPI) health(token string) map[string]site.HealthCheck {
	a.t.Helper()
	res, body := a.do("GET", "/api/admin/health", token, "", nil)
	var out struct{ Data []site.HealthCheck }
	if err := json.Unmarshal([]byte(body), &out); err != nil || res.StatusCode != 200 {
		a.t.Fatalf("health: %d %s", res.StatusCode, body)
	}
	checks := map[string]site.HealthCheck{}
	for _, c := range out.Data {
		checks[c.ID] = c
	}
	return checks
}

// TestHealthChecklist: a new site warns that no one is told of leads and
// that e-mail is not set up; an image without alt text, a live page
// without a meta description and a nearly full disk show, and each warning
// goes when it is mended.
func TestHealthChecklist(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.configure(func(s *Server) {
			s.DiskUsage = func() (uint64, uint64, error) { return 5 << 30, 100 << 30, nil }
		})
		tokens := a.signIn()
		checks := a.health(tokens["editor"])
		for id, ok := range map[string]bool{"lead-alerts": false, "email": false, "alt-text": true, "disk": false, "deliveries": true} {
			if c, found := checks[id]; !found || c.OK != ok {
				t.Errorf("%s: %+v, want ok %v", id, c, ok)
			}
		}
		if d := checks["disk"].Detail; d != "5 GB free of 100 GB: when it is full, no lead or edit can be saved." {
			t.Errorf("disk: %q", d)
		}
		if res, body := a.upload(tokens["admin"], filePart{name: "logo.png", data: mediatest.PNG(t, mediatest.Photo(120, 80))}); res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("POST", "/api/admin/pages", tokens["admin"], `{"title":"Pricing","slug":"pricing","content":"Plans","status":"published","isActive":true}`, nil); res.StatusCode != 201 {
			t.Fatalf("page: %d %s", res.StatusCode, body)
		}
		// The store dates the publication by the real clock, after the
		// test clock's start.
		a.clock.Advance(time.Minute)
		checks = a.health(tokens["admin"])
		if c := checks["alt-text"]; c.OK || c.Title != "1 image has no alt text" || c.Tab != "images" {
			t.Errorf("alt text: %+v", c)
		}
		if c := checks["meta-description"]; c.OK || c.Title != "1 page has no meta description" {
			t.Errorf("meta description: %+v", c)
		}

		// Mended: a webhook tells of leads; the disk has room.
		a.configure(func(s *Server) {
			s.DiskUsage = func() (uint64, uint64, error) { return 50 << 30, 100 << 30, nil }
			s.Resolver = fakeResolver{"hooks.example.com": {"203.0.113.7"}}
		})
		if res, body := a.do("PUT", "/api/admin/lead-settings", tokens["admin"], `{"webhookUrl":"https://hooks.example.com/leads"}`, nil); res.StatusCode != 200 {
			t.Fatalf("lead settings: %d %s", res.StatusCode, body)
		}
		checks = a.health(tokens["viewer"])
		if !checks["lead-alerts"].OK || !checks["disk"].OK {
			t.Errorf("after mending: %+v, %+v", checks["lead-alerts"], checks["disk"])
		}

		// The seeded positions take applications, and no recruiter hears
		// of them until one has a verified address and e-mail is set up.
		if c := checks["application-alerts"]; c.OK || c.Title != "No one is told of new applications" || !strings.HasPrefix(c.Detail, "6 positions take applications") || c.Tab != "users" {
			t.Errorf("application alerts: %+v", c)
		}
		rita := a.user("rita", site.RoleRecruiter)
		now := time.Now()
		if _, err := a.store.SetUserEmail(context.Background(), rita.ID, site.EmailChange{Email: "rita@staff.example", VerifiedAt: &now}); err != nil {
			t.Fatal(err)
		}
		mail := smtptest.Start(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "site@example.com", TLS: site.MailTLSNone}
		})
		if c := a.health(tokens["admin"])["application-alerts"]; !c.OK {
			t.Errorf("application alerts with a recruiter told: %+v", c)
		}
	})
}
