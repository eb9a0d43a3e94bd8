package httpd

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"meridian/internal/media/mediatest"
	"meridian/internal/site"
)

// Who may send a request: any signed-in user, or one whose role holds a
// permission. Which roles hold which is site's matrix, site.RolePermissions.
type access struct {
	anyone bool
	perm   site.Permission
}

var (
	anySignedIn  = access{anyone: true}
	contentRole  = access{perm: site.PermContent}
	leadRole     = access{perm: site.PermLeads}
	leadSettings = access{perm: site.PermLeadSettings}
	adminOnly    = access{perm: site.PermUsers}
	activityDel  = access{perm: site.PermLeadActivityDelete}
	subscribers  = access{perm: site.PermSubscribers}
	careersRole  = access{perm: site.PermCareers}
	publisher    = access{perm: site.PermPublish}
)

func (ac access) allows(role string) bool { return ac.anyone || site.RoleMay(role, ac.perm) }

// roleRoutes is every route under /api/admin but the sign-in's (login and
// its second step, open to anyone and tested in twofactor_test.go) and an
// invitation link's (open to its holder, tested in invitations_test.go), in an order each
// role can walk on a fresh site: ok is the status of a role that may send
// it; one that may not gets 403 (and the anonymous 401). {id:name} in a
// path is the resource's record made for the test, {rev:name} its first
// revision.
var roleRoutes = []struct {
	pattern, path, body string
	who                 access
	ok                  int
}{
	{"GET /api/admin/me", "/api/admin/me", "", anySignedIn, 200},
	{"GET /api/admin/site-settings", "/api/admin/site-settings", "", anySignedIn, 200},
	{"GET /api/admin/health", "/api/admin/health", "", anySignedIn, 200},
	{"GET /api/admin/content", "/api/admin/content", "", anySignedIn, 200},
	{"GET /api/admin/content/deleted", "/api/admin/content/deleted", "", anySignedIn, 200},
	{"GET /api/admin/menu-items", "/api/admin/menu-items", "", anySignedIn, 200},
	{"GET /api/admin/menu-items/deleted", "/api/admin/menu-items/deleted", "", anySignedIn, 200},
	{"GET /api/admin/images", "/api/admin/images", "", anySignedIn, 200},
	{"GET /api/admin/images/deleted", "/api/admin/images/deleted", "", anySignedIn, 200},
	{"GET /api/admin/testimonials", "/api/admin/testimonials", "", anySignedIn, 200},
	{"GET /api/admin/testimonials/deleted", "/api/admin/testimonials/deleted", "", anySignedIn, 200},
	{"GET /api/admin/footer-links", "/api/admin/footer-links", "", anySignedIn, 200},
	{"GET /api/admin/footer-links/deleted", "/api/admin/footer-links/deleted", "", anySignedIn, 200},
	{"GET /api/admin/pages", "/api/admin/pages", "", anySignedIn, 200},
	{"GET /api/admin/pages/deleted", "/api/admin/pages/deleted", "", anySignedIn, 200},
	{"GET /api/admin/media", "/api/admin/media", "", anySignedIn, 200},
	{"GET /api/admin/media/deleted", "/api/admin/media/deleted", "", anySignedIn, 200},
	{"GET /api/admin/media/{id}", "/api/admin/media/{id:media}", "", anySignedIn, 200},
	{"GET /api/admin/menu-items/{id}/revisions", "/api/admin/menu-items/{id:menu-items}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/images/{id}/revisions", "/api/admin/images/{id:images}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/testimonials/{id}/revisions", "/api/admin/testimonials/{id:testimonials}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/footer-links/{id}/revisions", "/api/admin/footer-links/{id:footer-links}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/pages/{id}/revisions", "/api/admin/pages/{id:pages}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/media/{id}/revisions", "/api/admin/media/{id:media}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/site-settings/{id}/revisions", "/api/admin/site-settings/1/revisions", "", anySignedIn, 200},
	{"GET /api/admin/content/{id}/revisions", "/api/admin/content/{id:content}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/redirects", "/api/admin/redirects", "", anySignedIn, 200},
	{"GET /api/admin/redirects/deleted", "/api/admin/redirects/deleted", "", anySignedIn, 200},
	{"GET /api/admin/redirects/{id}/revisions", "/api/admin/redirects/{id:redirects}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/not-found", "/api/admin/not-found", "", anySignedIn, 200},
	{"GET /api/admin/positions", "/api/admin/positions", "", anySignedIn, 200},
	{"GET /api/admin/case-studies", "/api/admin/case-studies", "", anySignedIn, 200},
	{"GET /api/admin/case-studies/deleted", "/api/admin/case-studies/deleted", "", anySignedIn, 200},
	{"GET /api/admin/case-studies/{id}/revisions", "/api/admin/case-studies/{id:case-studies}/revisions", "", anySignedIn, 200},
	{"GET /api/admin/positions/deleted", "/api/admin/positions/deleted", "", anySignedIn, 200},
	{"GET /api/admin/positions/{id}/revisions", "/api/admin/positions/{id:positions}/revisions", "", anySignedIn, 200},

	// The lead inbox.
	{"GET /api/admin/contact-submissions", "/api/admin/contact-submissions", "", leadRole, 200},
	{"GET /api/admin/contact-submissions/export.csv", "/api/admin/contact-submissions/export.csv", "", leadRole, 200},
	{"GET /api/admin/contact-submissions/{id}", "/api/admin/contact-submissions/1", "", leadRole, 200},
	{"GET /api/admin/lead-stats", "/api/admin/lead-stats", "", leadRole, 200},
	{"GET /api/admin/lead-owners", "/api/admin/lead-owners", "", leadRole, 200},
	{"GET /api/admin/analytics", "/api/admin/analytics", "", leadRole, 200},
	{"GET /api/admin/meetings", "/api/admin/meetings", "", leadRole, 200},
	{"GET /api/admin/account/availability", "/api/admin/account/availability", "", leadRole, 200},
	{"PUT /api/admin/account/availability", "/api/admin/account/availability", `{"timeZone":"Europe/Berlin","weekly":[{"weekday":1,"start":"09:00","end":"12:00"}],"horizonDays":14,"meetingMinutes":30}`, leadRole, 200},
	{"GET /api/admin/account/calendar-feed", "/api/admin/account/calendar-feed", "", leadRole, 200},
	{"POST /api/admin/account/calendar-feed", "/api/admin/account/calendar-feed", "", leadRole, 201},
	{"DELETE /api/admin/account/calendar-feed", "/api/admin/account/calendar-feed", "", leadRole, 200},
	{"GET /api/admin/lead-settings", "/api/admin/lead-settings", "", leadRole, 200},
	{"PATCH /api/admin/contact-submissions/{id}", "/api/admin/contact-submissions/1", `{"status":"contacted","notes":"Called"}`, leadRole, 200},
	{"POST /api/admin/contact-submissions/{id}/resend", "/api/admin/contact-submissions/1/resend", "", leadRole, 200},
	// The change above recorded entries 1 and 2 (status, notes): the
	// note is 3.
	{"POST /api/admin/contact-submissions/{id}/activity", "/api/admin/contact-submissions/1/activity", `{"kind":"note","text":"Called"}`, leadRole, 201},
	{"PUT /api/admin/contact-submissions/{id}/activity/{entryId}", "/api/admin/contact-submissions/1/activity/3", `{"text":"Called back"}`, leadRole, 200},
	{"DELETE /api/admin/contact-submissions/{id}/activity/{entryId}", "/api/admin/contact-submissions/1/activity/3", "", activityDel, 200},
	{"PUT /api/admin/contact-submissions/{id}", "/api/admin/contact-submissions/1", `{"status":"qualified"}`, leadRole, 200},
	{"PUT /api/admin/lead-settings", "/api/admin/lead-settings", `{"notificationEmails":["sales@example.com"]}`, leadSettings, 200},
	{"GET /api/admin/mail-settings", "/api/admin/mail-settings", "", leadSettings, 200},
	{"PUT /api/admin/mail-settings", "/api/admin/mail-settings", `{}`, leadSettings, 200},
	// A fresh site has no mail server to test.
	{"POST /api/admin/mail-settings/test", "/api/admin/mail-settings/test", `{}`, leadSettings, 400},

	// The newsletter: its subscribers, and the webhook to the mailing service.
	{"GET /api/admin/subscribers", "/api/admin/subscribers?status=pending", "", subscribers, 200},
	{"GET /api/admin/subscribers/export.csv", "/api/admin/subscribers/export.csv", "", subscribers, 200},
	{"GET /api/admin/newsletter-settings", "/api/admin/newsletter-settings", "", leadSettings, 200},
	{"PUT /api/admin/newsletter-settings", "/api/admin/newsletter-settings", `{"webhookUrl":"https://203.0.113.5/hook"}`, leadSettings, 200},

	// The content's writes.
	{"POST /api/admin/content", "/api/admin/content", `{"section":"hero","key":"main_title","value":"New title"}`, contentRole, 200},
	{"PUT /api/admin/site-settings", "/api/admin/site-settings", `{"logoText":"New name"}`, contentRole, 200},
	{"POST /api/admin/menu-items", "/api/admin/menu-items", `{"title":"New","url":"/new"}`, contentRole, 201},
	{"PUT /api/admin/menu-items/{id}", "/api/admin/menu-items/{id:menu-items}", `{"title":"Changed","url":"/x"}`, contentRole, 200},
	{"POST /api/admin/images", "/api/admin/images", `{"name":"New","url":"/new.png"}`, contentRole, 201},
	{"PUT /api/admin/images/{id}", "/api/admin/images/{id:images}", `{"name":"Changed","url":"/x.png"}`, contentRole, 200},
	{"POST /api/admin/testimonials", "/api/admin/testimonials", `{"name":"N","title":"T","content":"C","initials":"N"}`, contentRole, 201},
	{"PUT /api/admin/testimonials/{id}", "/api/admin/testimonials/{id:testimonials}", `{"name":"N","title":"T","content":"Changed","initials":"N"}`, contentRole, 200},
	{"POST /api/admin/footer-links", "/api/admin/footer-links", `{"title":"New","category":"Company"}`, contentRole, 201},
	{"PUT /api/admin/footer-links/{id}", "/api/admin/footer-links/{id:footer-links}", `{"title":"Changed","category":"Company"}`, contentRole, 200},
	{"POST /api/admin/pages", "/api/admin/pages", `{"title":"Another","content":"x"}`, contentRole, 201},
	{"PUT /api/admin/pages/{id}", "/api/admin/pages/{id:pages}", `{"title":"Changed","slug":"changed","content":"x"}`, contentRole, 200},
	{"POST /api/admin/pages/{id}/publish", "/api/admin/pages/{id:pages}/publish", "", contentRole, 200},
	{"POST /api/admin/pages/{id}/previews", "/api/admin/pages/{id:pages}/previews", `{"days":3}`, contentRole, 201},
	{"GET /api/admin/pages/{id}/previews", "/api/admin/pages/{id:pages}/previews", "", contentRole, 200},
	{"DELETE /api/admin/previews/{id}", "/api/admin/previews/1", "", contentRole, 200},
	{"GET /api/admin/page-check-settings", "/api/admin/page-check-settings", "", contentRole, 200},
	{"GET /api/admin/publishing-settings", "/api/admin/publishing-settings", "", contentRole, 200},
	{"GET /api/admin/drafts", "/api/admin/drafts", "", contentRole, 200},
	// The drafts roleSite makes: 1 (mission title) and 2 (vision title).
	{"POST /api/admin/drafts/schedule", "/api/admin/drafts/schedule", `{"ids":[1],"publishAt":null}`, contentRole, 200},
	{"POST /api/admin/drafts/review", "/api/admin/drafts/review", `{"ids":[1]}`, contentRole, 200},
	{"POST /api/admin/drafts/{id}/comments", "/api/admin/drafts/1/comments", `{"body":"Shorter?"}`, contentRole, 201},
	{"POST /api/admin/drafts/comments/{id}/resolve", "/api/admin/drafts/comments/1/resolve", `{"resolved":true}`, contentRole, 200},
	{"POST /api/admin/drafts/send-back", "/api/admin/drafts/send-back", `{"ids":[1],"comment":"Once more"}`, publisher, 200},
	{"POST /api/admin/drafts/discard", "/api/admin/drafts/discard", `{"ids":[2]}`, contentRole, 200},
	{"POST /api/admin/drafts/publish", "/api/admin/drafts/publish", `{"ids":[1]}`, contentRole, 200},
	{"POST /api/admin/media", "/api/admin/media", `{}`, contentRole, 415},
	{"PUT /api/admin/media/{id}", "/api/admin/media/{id:media}", `{"name":"team.jpg","altText":"The team"}`, contentRole, 200},
	{"POST /api/admin/menu-items/{id}/revisions/{revisionId}/restore", "/api/admin/menu-items/{id:menu-items}/revisions/{rev:menu-items}/restore", "", contentRole, 200},
	{"POST /api/admin/images/{id}/revisions/{revisionId}/restore", "/api/admin/images/{id:images}/revisions/{rev:images}/restore", "", contentRole, 200},
	{"POST /api/admin/testimonials/{id}/revisions/{revisionId}/restore", "/api/admin/testimonials/{id:testimonials}/revisions/{rev:testimonials}/restore", "", contentRole, 200},
	{"POST /api/admin/footer-links/{id}/revisions/{revisionId}/restore", "/api/admin/footer-links/{id:footer-links}/revisions/{rev:footer-links}/restore", "", contentRole, 200},
	{"POST /api/admin/pages/{id}/revisions/{revisionId}/restore", "/api/admin/pages/{id:pages}/revisions/{rev:pages}/restore", "", contentRole, 200},
	{"POST /api/admin/redirects", "/api/admin/redirects", `{"source":"/old-a","target":"/welcome"}`, contentRole, 201},
	{"PUT /api/admin/redirects/{id}", "/api/admin/redirects/{id:redirects}", `{"source":"/old-home","target":"/about-us"}`, contentRole, 200},
	{"POST /api/admin/redirects/{id}/revisions/{revisionId}/restore", "/api/admin/redirects/{id:redirects}/revisions/{rev:redirects}/restore", "", contentRole, 200},
	{"POST /api/admin/media/{id}/revisions/{revisionId}/restore", "/api/admin/media/{id:media}/revisions/{rev:media}/restore", "", contentRole, 200},
	{"POST /api/admin/site-settings/{id}/revisions/{revisionId}/restore", "/api/admin/site-settings/1/revisions/{rev:site-settings}/restore", "", contentRole, 200},
	{"POST /api/admin/content/{id}/revisions/{revisionId}/restore", "/api/admin/content/{id:content}/revisions/{rev:content}/restore", "", contentRole, 200},
	{"DELETE /api/admin/menu-items/{id}", "/api/admin/menu-items/{id:menu-items}", "", contentRole, 200},
	{"DELETE /api/admin/images/{id}", "/api/admin/images/{id:images}", "", contentRole, 200},
	{"DELETE /api/admin/testimonials/{id}", "/api/admin/testimonials/{id:testimonials}", "", contentRole, 200},
	{"DELETE /api/admin/footer-links/{id}", "/api/admin/footer-links/{id:footer-links}", "", contentRole, 200},
	{"DELETE /api/admin/pages/{id}", "/api/admin/pages/{id:pages}", "", contentRole, 200},
	{"DELETE /api/admin/media/{id}", "/api/admin/media/{id:media}", "", contentRole, 200},
	{"DELETE /api/admin/content/{id}", "/api/admin/content/{id:content}", "", contentRole, 200},
	{"DELETE /api/admin/redirects/{id}", "/api/admin/redirects/{id:redirects}", "", contentRole, 200},
	{"DELETE /api/admin/not-found/{id}", "/api/admin/not-found/{id:not-found}", "", contentRole, 200},

	// The careers: recruiters and administrators.
	{"POST /api/admin/case-studies", "/api/admin/case-studies", `{"title":"Shelf vision","client":"A retailer","industry":"Retail","summary":"Cameras count stock.","challenge":"Stock counts were wrong.","approach":"Vision models count shelves.","results":"30% fewer stock-outs"}`, contentRole, 201},
	{"PUT /api/admin/case-studies/{id}", "/api/admin/case-studies/{id:case-studies}", `{"title":"Warehouse vision","client":"A retailer","industry":"Retail","summary":"Cameras count stock.","challenge":"Stock counts were often wrong.","approach":"Vision models count shelves.","results":"30% fewer stock-outs"}`, contentRole, 200},
	{"POST /api/admin/case-studies/{id}/revisions/{revisionId}/restore", "/api/admin/case-studies/{id:case-studies}/revisions/{rev:case-studies}/restore", "", contentRole, 200},
	{"DELETE /api/admin/case-studies/{id}", "/api/admin/case-studies/{id:case-studies}", "", contentRole, 200},
	{"POST /api/admin/positions", "/api/admin/positions", `{"title":"Designer","department":"Design","location":"Berlin","summary":"Draws.","description":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Draws things."}]}]},"postedOn":"2026-11-01"}`, careersRole, 201},
	{"PUT /api/admin/positions/{id}", "/api/admin/positions/{id:positions}", `{"title":"Senior Designer","department":"Design","location":"Hamburg","summary":"Draws.","description":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Draws things."}]}]},"postedOn":"2026-11-01"}`, careersRole, 200},
	{"POST /api/admin/positions/{id}/revisions/{revisionId}/restore", "/api/admin/positions/{id:positions}/revisions/{rev:positions}/restore", "", careersRole, 200},
	{"DELETE /api/admin/positions/{id}", "/api/admin/positions/{id:positions}", "", careersRole, 200},

	{"GET /api/admin/applications", "/api/admin/applications?status=new", "", careersRole, 200},
	{"GET /api/admin/applications/export.csv", "/api/admin/applications/export.csv?status=new", "", careersRole, 200},
	{"GET /api/admin/applications/{id}/cv", "/api/admin/applications/1/cv", "", careersRole, 200},
	{"PUT /api/admin/applications/{id}", "/api/admin/applications/1", `{"status":"screening"}`, careersRole, 200},
	{"GET /api/admin/applications/{id}", "/api/admin/applications/1", "", careersRole, 200},
	// The change above recorded entry 1 (status): the note is 2.
	{"POST /api/admin/applications/{id}/activity", "/api/admin/applications/1/activity", `{"text":"Strong portfolio"}`, careersRole, 201},
	{"PUT /api/admin/applications/{id}/activity/{entryId}", "/api/admin/applications/1/activity/2", `{"text":"Strong portfolio; ask for references"}`, careersRole, 200},
	{"GET /api/admin/careers-settings", "/api/admin/careers-settings", "", careersRole, 200},
	{"PUT /api/admin/careers-settings", "/api/admin/careers-settings", `{"retentionMonths":12}`, careersRole, 200},

	// The users.
	{"GET /api/admin/users", "/api/admin/users", "", adminOnly, 200},
	{"POST /api/admin/users", "/api/admin/users", `{"username":"newbie","password":"a new password","role":"sales"}`, adminOnly, 201},
	{"PUT /api/admin/users/{id}", "/api/admin/users/4", `{"role":"editor","status":"active"}`, adminOnly, 200},
	{"POST /api/admin/users/{id}/reset-password", "/api/admin/users/4/reset-password", `{"password":"another password"}`, adminOnly, 200},
	{"DELETE /api/admin/users/{id}/2fa", "/api/admin/users/4/2fa", "", adminOnly, 200},
	{"DELETE /api/admin/users/{id}", "/api/admin/users/4", "", adminOnly, 200},
	{"POST /api/admin/invitations", "/api/admin/invitations", `{"username":"invitee","role":"editor"}`, adminOnly, 201},
	{"GET /api/admin/invitations", "/api/admin/invitations", "", adminOnly, 200},
	{"POST /api/admin/invitations/{id}/renew", "/api/admin/invitations/1/renew", "", adminOnly, 200},
	{"DELETE /api/admin/invitations/{id}", "/api/admin/invitations/1", "", adminOnly, 200},
	{"GET /api/admin/security-settings", "/api/admin/security-settings", "", adminOnly, 200},
	{"PUT /api/admin/security-settings", "/api/admin/security-settings", `{"requireTwoFactor":false}`, adminOnly, 200},
	{"PUT /api/admin/page-check-settings", "/api/admin/page-check-settings", `{"off":["altText"]}`, adminOnly, 200},
	{"PUT /api/admin/publishing-settings", "/api/admin/publishing-settings", `{"mode":"drafts"}`, adminOnly, 200},
	{"GET /api/admin/audit-log", "/api/admin/audit-log?action=sign-in", "", adminOnly, 200},
	{"GET /api/admin/privacy", "/api/admin/privacy?email=nobody@example.com", "", adminOnly, 200},
	{"POST /api/admin/privacy/export", "/api/admin/privacy/export", `{"email":"nobody@example.com"}`, adminOnly, 200},
	{"POST /api/admin/privacy/erase", "/api/admin/privacy/erase", `{"email":"nobody@example.com"}`, adminOnly, 200},
	// The backups: this server has no backup directory (backups_test.go
	// makes them).
	{"GET /api/admin/backups", "/api/admin/backups", "", adminOnly, 200},
	{"POST /api/admin/backups", "/api/admin/backups", "", adminOnly, 409},
	{"GET /api/admin/backups/{name}", "/api/admin/backups/site-20260101-000000.tar.gz", "", adminOnly, 404},
	{"DELETE /api/admin/backups/{name}", "/api/admin/backups/site-20260101-000000.tar.gz", "", adminOnly, 404},
	{"GET /api/admin/backup-settings", "/api/admin/backup-settings", "", adminOnly, 200},
	{"PUT /api/admin/backup-settings", "/api/admin/backup-settings", `{"everyHours":24,"keep":7}`, adminOnly, 200},

	// The own account.
	{"GET /api/admin/account/sessions", "/api/admin/account/sessions", "", anySignedIn, 200},
	{"DELETE /api/admin/account/sessions/{id}", "/api/admin/account/sessions/999999", "", anySignedIn, 404},
	{"DELETE /api/admin/account/sessions", "/api/admin/account/sessions", "", anySignedIn, 200},
	{"GET /api/admin/account/2fa", "/api/admin/account/2fa", "", anySignedIn, 200},
	{"POST /api/admin/account/2fa", "/api/admin/account/2fa", "", anySignedIn, 200},
	{"POST /api/admin/account/2fa/confirm", "/api/admin/account/2fa/confirm", `{"code":"12345"}`, anySignedIn, 400},
	{"DELETE /api/admin/account/2fa", "/api/admin/account/2fa", `{"password":"correct horse battery"}`, anySignedIn, 409},
	{"POST /api/admin/account/2fa/recovery-codes", "/api/admin/account/2fa/recovery-codes", `{"password":"correct horse battery"}`, anySignedIn, 409},
	{"PUT /api/admin/account/email", "/api/admin/account/email", `{"email":""}`, anySignedIn, 200},
	{"PUT /api/admin/account/password", "/api/admin/account/password", `{"currentPassword":"correct horse battery","newPassword":"a changed password"}`, anySignedIn, 200},
	{"POST /api/admin/logout", "/api/admin/logout", "", anySignedIn, 200}, // last: it ends the session
}

// roleSite is a fresh site with a user of each role (ids 1 to 5: root,
// ed, sam, temp, a sales user for the Users routes to change, and rita, a
// recruiter) and a record of every resource.
func roleSite(t *testing.T, o opener) (*testAPI, map[string]string) {
	t.Helper()
	a := newTestAPI(t, o)
	ctx := context.Background()
	a.user("root", site.RoleAdmin)
	a.user("ed", site.RoleEditor)
	a.user("sam", site.RoleSales)
	a.user("temp", site.RoleSales)
	a.user("rita", site.RoleRecruiter)
	root := a.login("root")
	vars := map[string]string{"{id:media}": "1"}
	for _, w := range [][3]string{
		{"POST", "/api/admin/menu-items", `{"title":"Home","url":"/"}`},
		{"POST", "/api/admin/images", `{"name":"Logo","url":"/logo.png"}`},
		{"POST", "/api/admin/testimonials", `{"name":"A","title":"B","content":"C","initials":"AB"}`},
		{"POST", "/api/admin/footer-links", `{"title":"About","category":"Company","url":"/about-us"}`},
		{"POST", "/api/admin/pages", `{"title":"Welcome","slug":"welcome","content":"Hello"}`},
		{"POST", "/api/admin/content", `{"section":"hero","key":"subtitle","value":"Hello"}`},
		{"PUT", "/api/admin/site-settings", `{"logoText":"Meridian"}`},
		{"PUT", "/api/admin/lead-settings", `{"notificationEmails":["sales@example.com"]}`},
		{"POST", "/api/admin/redirects", `{"source":"/old-home","target":"/"}`},
		{"POST", "/api/admin/case-studies", `{"title":"Warehouse vision","client":"A retailer","industry":"Retail","summary":"Cameras count stock.","challenge":"Stock counts were wrong.","approach":"Vision models count shelves.","results":"30% fewer stock-outs"}`},
		{"POST", "/api/admin/positions", `{"title":"Writer","department":"Design","location":"Berlin","summary":"Draws.","description":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Draws things."}]}]},"postedOn":"2026-11-01"}`},
	} {
		res, body := a.do(w[0], w[1], root, w[2], nil)
		if res.StatusCode >= 300 {
			t.Fatalf("%s %s: %d %s", w[0], w[1], res.StatusCode, body)
		}
		var out struct{ Data struct{ ID int64 } }
		json.Unmarshal([]byte(body), &out)
		vars["{id:"+strings.TrimPrefix(w[1], "/api/admin/")+"}"] = fmt.Sprint(out.Data.ID)
	}
	// Drafts mode, and two pending drafts of texts.
	for _, w := range [][2]string{
		{"PUT /api/admin/publishing-settings", `{"mode":"drafts"}`},
		{"POST /api/admin/content", `{"section":"mission","key":"title","value":"Drafted"}`},
		{"POST /api/admin/content", `{"section":"vision","key":"title","value":"Drafted"}`},
	} {
		method, path, _ := strings.Cut(w[0], " ")
		if res, body := a.do(method, path, root, w[1], map[string]string{"X-Publish": "draft"}); res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", w[0], res.StatusCode, body)
		}
	}
	if res, body := a.upload(root, filePart{name: "team.jpg", data: mediatest.JPEG(t, mediatest.Photo(64, 48))}); res.StatusCode != 201 {
		t.Fatalf("upload: %d %s", res.StatusCode, body)
	}
	if res, body := a.do("POST", "/api/contact", "", leadJSON("lead@example.com", ""), nil); res.StatusCode != 201 {
		t.Fatalf("lead: %d %s", res.StatusCode, body)
	}
	body, h := applicationBody(t, applicant(1, nil), "cv.pdf", testPDF())
	if res, body := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 201 {
		t.Fatalf("application: %d %s", res.StatusCode, body)
	}
	if err := a.store.RecordNotFound(ctx, []site.NotFoundHit{{Path: "/old-pricing", Hits: 3, First: a.clock.Now(), Last: a.clock.Now()}}); err != nil {
		t.Fatal(err)
	}
	if nf, err := a.store.FindNotFound(ctx); err != nil || len(nf) != 1 {
		t.Fatalf("not found log: %v %v", nf, err)
	} else {
		vars["{id:not-found}"] = fmt.Sprint(nf[0].ID)
	}
	for _, e := range []*site.Entity{site.MenuItems, site.Images, site.Testimonials, site.FooterLinks, site.Pages, site.Redirects, site.Media, site.Settings, site.Content, site.Positions, site.CaseStudies} {
		id := int64(1)
		if v, ok := vars["{id:"+e.Name+"}"]; ok {
			fmt.Sscan(v, &id)
		}
		revs, err := a.store.FindRevisions(ctx, e, id)
		if err != nil || len(revs) == 0 {
			t.Fatalf("revisions of %s: %v %v", e.Name, revs, err)
		}
		vars["{rev:"+e.Name+"}"] = fmt.Sprint(revs[len(revs)-1].ID)
	}
	return a, vars
}

// TestRoleRoutes walks every admin route as each role and anonymously, on
// a fresh site each, and checks the status of each request. On SQLite only:
// who may call a route is the handlers' rule, the same over either
// database, and the walk (five sites, every route) is the slowest of the
// package on PostgreSQL; the API's tests of each route run on both.
func TestRoleRoutes(t *testing.T) {
	t.Parallel()
	for _, o := range stores(t)[:1] {
		t.Run(o.name, func(t *testing.T) {
			// The table names every route of the API under /api/admin.
			a, _ := roleSite(t, o)
			var listed []string
			for _, rt := range roleRoutes {
				listed = append(listed, rt.pattern)
			}
			for _, p := range a.srv.api.Routes() {
				if strings.Contains(p, " /api/admin/") && !strings.HasPrefix(p, "POST /api/admin/login") && p != "POST /api/admin/invitations/check" && p != "POST /api/admin/invitations/accept" && !slices.Contains(listed, p) {
					t.Errorf("route %s is not in roleRoutes", p)
				}
			}
			for _, role := range []string{"", site.RoleSales, site.RoleEditor, site.RoleRecruiter, site.RoleAdmin} {
				name := map[string]string{"": "anonymous", site.RoleSales: "sam", site.RoleEditor: "ed", site.RoleRecruiter: "rita", site.RoleAdmin: "root"}[role]
				t.Run(name, func(t *testing.T) {
					a, vars := roleSite(t, o)
					token := ""
					if role != "" {
						token = a.login(name)
					}
					for _, rt := range roleRoutes {
						path := rt.path
						for k, v := range vars {
							path = strings.ReplaceAll(path, k, v)
						}
						want, msg := rt.ok, ""
						switch {
						case role == "":
							want, msg = 401, "Sign in to continue."
						case !rt.who.allows(role):
							want = 403
							msg = forbiddenMessages[rt.who.perm]
						}
						before := ""
						if want == 401 || want == 403 {
							before = snapshot(t, a.store)
						}
						res, body := a.do(strings.Fields(rt.pattern)[0], path, token, rt.body, nil)
						if res.StatusCode != want || msg != "" && !strings.Contains(body, `"message":"`+msg+`"`) {
							t.Errorf("%s %s: %d %.200s, want %d %s", strings.Fields(rt.pattern)[0], path, res.StatusCode, body, want, msg)
						}
						if before != "" && snapshot(t, a.store) != before {
							t.Errorf("%s %s refused with %d changed the site", strings.Fields(rt.pattern)[0], path, res.StatusCode)
						}
					}
				})
			}
		})
	}
}

// TestDisabledUser: disabling a user ends their sessions at once (401 on
// every route, on another instance too), refuses their sign-in, and the
// last active administrator can be neither disabled nor demoted.
func TestDisabledUser(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("root", site.RoleAdmin)
		ed := a.user("ed", site.RoleEditor)
		root, edToken := a.login("root"), a.login("ed")
		other := serveStore(t, a.store, a.clock) // a second instance on the same database
		if res, body := other.do("GET", "/api/admin/me", edToken, "", nil); res.StatusCode != 200 || !strings.Contains(body, `"role":"editor","isAdmin":true`) {
			t.Fatalf("me: %d %s", res.StatusCode, body)
		}
		// The last active administrator.
		for _, body := range []string{`{"role":"editor","status":"active"}`, `{"role":"admin","status":"disabled"}`} {
			res, out := a.do("PUT", "/api/admin/users/1", root, body, nil)
			if res.StatusCode == 200 || !strings.Contains(out, `"message":"`) {
				t.Errorf("last admin %s: %d %s", body, res.StatusCode, out)
			}
		}
		if res, body := a.do("PUT", "/api/admin/users/1", root, `{"role":"editor","status":"active"}`, nil); res.StatusCode != 409 || !strings.Contains(body, site.LastAdminMessage) {
			t.Errorf("demote last admin: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("DELETE", "/api/admin/users/1", root, "", nil); res.StatusCode != 400 || !strings.Contains(body, "your own account") {
			t.Errorf("disable self: %d %s", res.StatusCode, body)
		}
		// Bad input.
		for _, c := range []struct{ body, field string }{
			{`{"username":"","password":"long enough","role":"editor"}`, "username"},
			{`{"username":"has space","password":"long enough","role":"editor"}`, "username"},
			{`{"username":"` + strings.Repeat("a", 65) + `","password":"long enough","role":"editor"}`, "username"},
			{`{"username":"newone","password":"short","role":"editor"}`, "password"},
			{`{"username":"newone","password":"long enough","role":"owner"}`, "role"},
		} {
			if res, body := a.do("POST", "/api/admin/users", root, c.body, nil); res.StatusCode != 400 || !strings.Contains(body, `"`+c.field+`":"`) {
				t.Errorf("create %s: %d %s", c.body, res.StatusCode, body)
			}
		}
		if res, body := a.do("POST", "/api/admin/users", root, `{"username":"ed","password":"long enough","role":"sales"}`, nil); res.StatusCode != 409 || !strings.Contains(body, `"username":"The username ed is taken`) {
			t.Errorf("create taken: %d %s", res.StatusCode, body)
		}
		// Disable: every route answers 401 at once, on both instances.
		if res, body := a.do("DELETE", fmt.Sprintf("/api/admin/users/%d", ed.ID), root, "", nil); res.StatusCode != 200 || !strings.Contains(body, `"status":"disabled"`) {
			t.Fatalf("disable: %d %s", res.StatusCode, body)
		}
		for _, rt := range roleRoutes {
			res, _ := other.do(strings.Fields(rt.pattern)[0], rt.path, edToken, rt.body, nil)
			if res.StatusCode != 401 {
				t.Errorf("disabled user %s: %d", rt.pattern, res.StatusCode)
			}
		}
		res, body := a.do("POST", "/api/admin/login", "", `{"username":"ed","password":"correct horse battery"}`, nil)
		if res.StatusCode != 401 || !strings.Contains(body, site.MsgAccountDisabled) {
			t.Errorf("disabled login: %d %s", res.StatusCode, body)
		}
		// Enabled again, ed signs in; a reset password ends the session.
		if res, body := a.do("PUT", fmt.Sprintf("/api/admin/users/%d", ed.ID), root, `{"role":"sales","status":"active"}`, nil); res.StatusCode != 200 || !strings.Contains(body, `"role":"sales"`) {
			t.Fatalf("enable: %d %s", res.StatusCode, body)
		}
		edToken = a.login("ed")
		if res, body := a.do("GET", "/api/admin/me", edToken, "", nil); res.StatusCode != 200 || !strings.Contains(body, `"role":"sales","isAdmin":false`) {
			t.Errorf("me as sales: %d %s", res.StatusCode, body)
		}
		if res, body := a.do("POST", fmt.Sprintf("/api/admin/users/%d/reset-password", ed.ID), root, `{"password":"a fresh password"}`, nil); res.StatusCode != 200 {
			t.Fatalf("reset: %d %s", res.StatusCode, body)
		}
		if res, _ := a.do("GET", "/api/admin/me", edToken, "", nil); res.StatusCode != 401 {
			t.Errorf("after reset: %d, want 401", res.StatusCode)
		}
		var list struct{ Data []site.StaffUser }
		_, body = a.do("GET", "/api/admin/users", root, "", nil)
		json.Unmarshal([]byte(body), &list)
		if len(list.Data) != 2 || list.Data[0].Username != "ed" || list.Data[1].LastLoginAt == nil || strings.Contains(body, "argon") {
			t.Errorf("users = %s", body)
		}
	})
}

// TestOwnAccount: the password change needs the current password and keeps
// only the session that asked; the sessions list names devices, and ends
// one session or all others.
func TestOwnAccount(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		a.user("sam", site.RoleSales)
		login := func(ua string) string {
			res, body := a.do("POST", "/api/admin/login", "", `{"username":"sam","password":"correct horse battery"}`, map[string]string{"User-Agent": ua})
			if res.StatusCode != 200 {
				t.Fatalf("login: %d %s", res.StatusCode, body)
			}
			var out struct{ SessionToken string }
			json.Unmarshal([]byte(body), &out)
			return out.SessionToken
		}
		linux := login("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36")
		a.clock.Advance(10 * 1e9)
		phone := login("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
		a.clock.Advance(10 * 1e9)
		third := login("curl/8.5.0")
		a.clock.Advance(10 * 1e9)
		var list struct{ Data []site.AccountSession }
		_, body := a.do("GET", "/api/admin/account/sessions", linux, "", nil)
		json.Unmarshal([]byte(body), &list)
		// The one asking was used last (now), then the others by their use.
		if len(list.Data) != 3 || list.Data[0].Device != "Chrome on Linux" || !list.Data[0].Current ||
			list.Data[1].Device != "curl" || list.Data[2].Device != "Safari on iPhone" || list.Data[1].Current {
			t.Fatalf("sessions = %s", body)
		}
		if res, body := a.do("DELETE", fmt.Sprintf("/api/admin/account/sessions/%d", list.Data[1].ID), linux, "", nil); res.StatusCode != 200 {
			t.Errorf("end one: %d %s", res.StatusCode, body)
		}
		if res, _ := a.do("GET", "/api/admin/me", third, "", nil); res.StatusCode != 401 {
			t.Errorf("ended session: %d", res.StatusCode)
		}
		for _, c := range []struct{ body, field string }{
			{`{"currentPassword":"","newPassword":"long enough"}`, "currentPassword"},
			{`{"currentPassword":"wrong password","newPassword":"long enough"}`, "currentPassword"},
			{`{"currentPassword":"correct horse battery","newPassword":"short"}`, "newPassword"},
			{`{"currentPassword":"correct horse battery","newPassword":"` + strings.Repeat("x", 257) + `"}`, "newPassword"},
			{`{"currentPassword":"correct horse battery","newPassword":"correct horse battery"}`, "newPassword"},
		} {
			if res, body := a.do("PUT", "/api/admin/account/password", phone, c.body, nil); res.StatusCode != 400 || !strings.Contains(body, `"`+c.field+`":"`) {
				t.Errorf("password %s: %d %s", c.body, res.StatusCode, body)
			}
		}
		if res, body := a.do("PUT", "/api/admin/account/password", phone, `{"currentPassword":"correct horse battery","newPassword":"a brand new password"}`, nil); res.StatusCode != 200 {
			t.Fatalf("change: %d %s", res.StatusCode, body)
		}
		if res, _ := a.do("GET", "/api/admin/me", linux, "", nil); res.StatusCode != 401 {
			t.Errorf("other session after change: %d", res.StatusCode)
		}
		if res, _ := a.do("GET", "/api/admin/me", phone, "", nil); res.StatusCode != 200 {
			t.Errorf("own session after change: %d", res.StatusCode)
		}
		if res, _ := a.do("POST", "/api/admin/login", "", `{"username":"sam","password":"a brand new password"}`, nil); res.StatusCode != 200 {
			t.Errorf("login with the new password: %d", res.StatusCode)
		}
		if res, _ := a.do("DELETE", "/api/admin/account/sessions", phone, "", nil); res.StatusCode != 200 {
			t.Errorf("end others: %d", res.StatusCode)
		}
		_, body = a.do("GET", "/api/admin/account/sessions", phone, "", nil)
		if json.Unmarshal([]byte(body), &list); len(list.Data) != 1 || !list.Data[0].Current {
			t.Errorf("after ending others: %s", body)
		}
	})
}
