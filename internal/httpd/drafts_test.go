package httpd

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox/smtptest"
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

// TestDraftReview takes drafts through the approval mode: an editor may
// not publish, asks for a review (the publishers are mailed), a publisher
// sends one back with a comment (its writer is mailed), the editor answers
// in its thread and resolves it, and an editor an administrator made a
// publisher publishes the other.
func TestDraftReview(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		ctx := context.Background()
		expect := expecter(t, a)
		root, ed := a.signedIn("root", site.RoleAdmin), a.signedIn("ed", site.RoleEditor)
		pia := a.user("pia", site.RoleEditor)
		now := time.Now()
		for _, u := range []string{"root", "ed", "pia"} {
			found, err := a.store.FindUserByUsername(ctx, u)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.store.SetUserEmail(ctx, found.ID, site.EmailChange{Email: u + "@staff.example", VerifiedAt: &now}); err != nil {
				t.Fatal(err)
			}
		}
		mail := smtptest.Start(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "site@example.com", TLS: site.MailTLSNone}
		})
		draft := map[string]string{"X-Publish": "draft"}
		expect("PUT", "/api/admin/publishing-settings", root, `{"mode":"approval"}`, nil, 200, `"mode":"approval"`)
		_, saved := a.do("POST", "/api/admin/content", ed, `{"section":"hero","key":"main_title","value":"Reviewed title"}`, draft)
		titleID, _ := idAndVersion(t, saved)
		_, saved = a.do("POST", "/api/admin/content", ed, `{"section":"hero","key":"subtitle","value":"Reviewed subtitle"}`, draft)
		subID, _ := idAndVersion(t, saved)

		// An editor may not publish in approval mode, nor send back.
		expect("POST", "/api/admin/drafts/publish", ed, "", nil, 403, site.MsgPublisherOnly)
		expect("GET", "/api/admin/me", ed, "", nil, 200, `"mayPublish":false`)
		expect("POST", "/api/admin/drafts/send-back", ed, fmt.Sprintf(`{"ids":[%d],"comment":"No"}`, titleID), nil, 403, "Only a publisher")

		// The review request is marked and mailed to the publishers only.
		expect("POST", "/api/admin/drafts/review", ed, "", nil, 200, `"reviewRequestedBy":"ed"`)
		msgs := mail.Messages()
		if len(msgs) != 1 || msgs[0].To[0] != "root@staff.example" || msgs[0].Header.Get("Subject") != "Changes to review on the website" ||
			!strings.Contains(string(msgs[0].Body), "Reviewed title") {
			t.Fatalf("review mails = %+v", msgs)
		}
		// Asked again, nothing new is marked or mailed.
		expect("POST", "/api/admin/drafts/review", ed, "", nil, 200, `"drafts":[]`)
		if n := len(mail.Messages()); n != 1 {
			t.Errorf("%d mails after a second request", n)
		}

		// Sent back with a comment: out of review, the comment on it, and
		// its writer mailed.
		expect("POST", "/api/admin/drafts/send-back", root, fmt.Sprintf(`{"ids":[%d],"comment":"  "}`, titleID), nil, 400, site.MsgCommentRequired)
		expect("POST", "/api/admin/drafts/send-back", root, fmt.Sprintf(`{"ids":[%d],"comment":"%s"}`, titleID, strings.Repeat("x", site.MaxCommentLength+1)), nil, 400, site.MsgCommentTooLong)
		expect("POST", "/api/admin/drafts/send-back", root, fmt.Sprintf(`{"ids":[%d],"comment":"Shorter, please."}`, titleID), nil, 200,
			`"reviewRequestedAt":null`, `"body":"Shorter, please."`, `"author":"root"`)
		msgs = mail.Messages()
		if len(msgs) != 2 || msgs[1].To[0] != "ed@staff.example" || !strings.Contains(string(msgs[1].Body), "Shorter, please.") {
			t.Fatalf("send-back mails = %+v", msgs[1:])
		}
		if got := a.auditTargets(site.AuditDraftsSendBack); len(got) != 1 || got[0] != fmt.Sprintf("drafts/%d", titleID) {
			t.Errorf("audit entries of the send-back = %q", got)
		}

		// A reply joins the thread; a reply to the reply stays one level deep.
		d, err := a.store.FindContentDraft(ctx, titleID)
		if err != nil || len(d.Comments) != 1 {
			t.Fatalf("draft = %+v, %v", d, err)
		}
		first := d.Comments[0].ID
		expect("POST", fmt.Sprintf("/api/admin/drafts/%d/comments", titleID), ed, fmt.Sprintf(`{"body":"Done.","parentId":%d}`, first), nil, 201,
			fmt.Sprintf(`"parentId":%d`, first), `"author":"ed"`)
		_, reply := a.do("POST", fmt.Sprintf("/api/admin/drafts/%d/comments", titleID), root, fmt.Sprintf(`{"body":"Thanks","parentId":%d}`, first+1), nil)
		if !strings.Contains(reply, fmt.Sprintf(`"parentId":%d`, first)) {
			t.Errorf("reply to a reply = %s", reply)
		}
		expect("POST", fmt.Sprintf("/api/admin/drafts/%d/comments", subID), ed, fmt.Sprintf(`{"body":"Wrong thread","parentId":%d}`, first), nil, 404, site.MsgCommentGone)
		expect("POST", "/api/admin/drafts/99999/comments", ed, `{"body":"Hello"}`, nil, 404, site.MsgDraftGone)
		expect("POST", fmt.Sprintf("/api/admin/drafts/comments/%d/resolve", first), ed, `{"resolved":true}`, nil, 200, `"resolvedBy":"ed"`, `"resolvedAt":"20`)
		expect("POST", fmt.Sprintf("/api/admin/drafts/comments/%d/resolve", first), ed, `{"resolved":false}`, nil, 200, `"resolvedBy":""`, `"resolvedAt":null`)
		expect("POST", "/api/admin/drafts/comments/99999/resolve", ed, `{"resolved":true}`, nil, 404, site.MsgCommentGone)

		// Made a publisher by an administrator, pia publishes the subtitle;
		// the sent-back title stays pending and unpublished.
		expect("PUT", fmt.Sprintf("/api/admin/users/%d", pia.ID), root, `{"role":"editor","status":"active","publisher":true}`, nil, 200, `"publisher":true`, `"mayPublish":true`)
		if got := a.auditTargets(site.AuditUserUpdate); len(got) != 1 {
			t.Errorf("audit entries of the grant = %q", got)
		}
		piaToken := a.login("pia")
		expect("GET", "/api/admin/me", piaToken, "", nil, 200, `"mayPublish":true`)
		expect("POST", "/api/admin/drafts/publish", piaToken, fmt.Sprintf(`{"ids":[%d]}`, subID), nil, 200, `"value":"Reviewed subtitle"`)
		list := expect("GET", "/api/admin/drafts", ed, "", nil, 200, `"value":"Reviewed title"`, `"body":"Done."`)
		if strings.Contains(list, "Reviewed subtitle") {
			t.Errorf("published draft still listed: %s", list)
		}
		// A sales role cannot be a publisher.
		sam := a.user("sam", site.RoleSales)
		expect("PUT", fmt.Sprintf("/api/admin/users/%d", sam.ID), root, `{"role":"sales","status":"active","publisher":true}`, nil, 200, `"publisher":false`, `"mayPublish":false`)
		// Discarded, a draft takes its comments with it.
		expect("POST", "/api/admin/drafts/discard", root, "", nil, 200, `"discarded":1`)
		expect("POST", fmt.Sprintf("/api/admin/drafts/comments/%d/resolve", first), ed, `{"resolved":true}`, nil, 404)
	})
}

// TestDraftRelease schedules two drafts to go live together: a time in the
// past or too far ahead is refused, an editor in approval mode may not
// schedule, visitors see nothing before the time, and at the time the
// release job publishes both at once in the name of who scheduled them,
// with one audit entry and one move of the content version.
func TestDraftRelease(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		ctx := context.Background()
		expect := expecter(t, a)
		root, ed := a.signedIn("root", site.RoleAdmin), a.signedIn("ed", site.RoleEditor)
		draft := map[string]string{"X-Publish": "draft"}
		expect("PUT", "/api/admin/publishing-settings", root, `{"mode":"approval"}`, nil, 200)
		_, saved := a.do("POST", "/api/admin/content", ed, `{"section":"hero","key":"main_title","value":"Launch title"}`, draft)
		titleID, _ := idAndVersion(t, saved)
		_, saved = a.do("POST", "/api/admin/content", ed, `{"section":"hero","key":"subtitle","value":"Launch subtitle"}`, draft)
		subID, _ := idAndVersion(t, saved)
		at := func(d time.Duration) string { return a.clock.Now().Add(d).UTC().Format(time.RFC3339) }
		ids := fmt.Sprintf(`"ids":[%d,%d]`, titleID, subID)

		expect("POST", "/api/admin/drafts/schedule", root, `{`+ids+`,"publishAt":"`+at(-time.Minute)+`"}`, nil, 400, site.MsgScheduleInPast)
		expect("POST", "/api/admin/drafts/schedule", root, `{`+ids+`,"publishAt":"`+at(400*24*time.Hour)+`"}`, nil, 400, site.MsgScheduleTooFar)
		expect("POST", "/api/admin/drafts/schedule", ed, `{`+ids+`,"publishAt":"`+at(time.Hour)+`"}`, nil, 403, site.MsgPublisherOnly)
		expect("POST", "/api/admin/drafts/schedule", root, `{`+ids+`,"publishAt":"`+at(time.Hour)+`"}`, nil, 200, `"scheduledBy":"root"`, `"publishAt":"20`)
		if got := a.auditTargets(site.AuditDraftsSchedule); len(got) != 1 || got[0] != fmt.Sprintf("drafts/%d,%d", titleID, subID) {
			t.Errorf("audit entries of the schedule = %q", got)
		}

		// Before the time: nothing is published.
		if n := a.srv.api.PublishDue(ctx); n != 0 {
			t.Fatalf("published %d before the time", n)
		}
		expect("GET", "/api/admin/drafts", ed, "", nil, 200, `"value":"Launch title"`, `"value":"Launch subtitle"`)
		version := a.srv.Version.Current()

		// At the time, both at once.
		a.clock.Advance(time.Hour + time.Second)
		if n := a.srv.api.PublishDue(ctx); n != 2 {
			t.Fatalf("published %d at the time, want 2", n)
		}
		if got := a.srv.Version.Current(); got != version+1 {
			t.Errorf("content version %d after the release, want %d", got, version+1)
		}
		// An hour on, the sessions have ended.
		root, ed = a.login("root"), a.login("ed")
		expect("GET", "/api/admin/drafts", ed, "", nil, 200, `"data":[]`)
		expect("GET", "/api/admin/content", ed, "", nil, 200, `"value":"Launch title"`, `"value":"Launch subtitle"`)
		revs, err := a.store.FindRevisions(ctx, site.Content, 1)
		if err != nil || len(revs) == 0 || revs[len(revs)-1].Username != "root" {
			t.Errorf("revisions = %+v, %v; want the last by root", revs, err)
		}
		if got := a.auditTargets(site.AuditDraftsPublish); len(got) != 1 || got[0] != fmt.Sprintf("drafts/%d,%d", titleID, subID) {
			t.Errorf("audit entries of the release = %q", got)
		}
		if n := a.srv.api.PublishDue(ctx); n != 0 {
			t.Errorf("published %d again", n)
		}

		// Unscheduled, a draft waits to be published by hand.
		_, saved = a.do("POST", "/api/admin/content", ed, `{"section":"hero","key":"subtitle","value":"Later"}`, draft)
		laterID, _ := idAndVersion(t, saved)
		expect("POST", "/api/admin/drafts/schedule", root, fmt.Sprintf(`{"ids":[%d],"publishAt":"%s"}`, laterID, at(time.Minute)), nil, 200)
		expect("POST", "/api/admin/drafts/schedule", root, fmt.Sprintf(`{"ids":[%d],"publishAt":null}`, laterID), nil, 200, `"publishAt":null`, `"scheduledBy":""`)
		a.clock.Advance(time.Hour)
		if n := a.srv.api.PublishDue(ctx); n != 0 {
			t.Errorf("an unscheduled draft was published")
		}
	})
}
