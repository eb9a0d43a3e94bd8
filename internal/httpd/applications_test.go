package httpd

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"mime/multipart"
	"strconv"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// testPDF is a small real PDF: one empty page.
func testPDF() []byte {
	return []byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
		"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
}

// testDOCX is a small real Word document, a zip with its parts.
func testDOCX(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, body := range map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
		"word/document.xml":   `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Ada Lovelace</w:t></w:r></w:p></w:body></w:document>`,
	} {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// applicationBody is a multipart application: fields, and the CV file
// (none when cv is nil); it returns the body and its Content-Type.
func applicationBody(t *testing.T, fields map[string]string, cvName string, cv []byte) (string, map[string]string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	if cv != nil {
		fw, err := mw.CreateFormFile("cv", cvName)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(cv)
	}
	mw.Close()
	return b.String(), map[string]string{"Content-Type": mw.FormDataContentType()}
}

func applicant(positionID int64, over map[string]string) map[string]string {
	f := map[string]string{"positionId": strconv.FormatInt(positionID, 10), "firstName": "Ada", "lastName": "Lovelace",
		"email": "ada@example.com", "phone": "+44 20 7946 0000", "url": "https://www.linkedin.com/in/ada", "coverNote": "I would love to.",
		"consent": "I agree that my application is processed to fill this position."}
	for k, v := range over {
		if v == "-" {
			delete(f, k)
		} else {
			f[k] = v
		}
	}
	return f
}

// TestApplications: a visitor applies with a real PDF or DOCX; the
// application is stored with its file and an acknowledgement and a
// notification to each recruiter are queued once and mailed; bad input is
// refused with its message and stores nothing; a closed position answers
// 410; a recruiter lists, downloads and moves it on, and sales may not.
func TestApplications(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		ctx := context.Background()
		mail := smtptest.Start(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "site@example.com", TLS: site.MailTLSNone}
		})
		rita := a.signedIn("rita", site.RoleRecruiter)
		sam := a.signedIn("sam", site.RoleSales)
		ritaUser, _ := a.store.FindUserByUsername(ctx, "rita")
		now := a.clock.Now()
		if _, err := a.store.SetUserEmail(ctx, ritaUser.ID, site.EmailChange{Email: "rita@example.com", VerifiedAt: &now}); err != nil {
			t.Fatal(err)
		}
		positions, err := site.Find[site.Position](ctx, a.store, site.Positions, site.OpenPositionsFilter)
		if err != nil {
			t.Fatal(err)
		}
		open := positions[1]
		count := func() int {
			list, err := a.store.FindApplications(ctx, site.ApplicationFilter{})
			if err != nil {
				t.Fatal(err)
			}
			return len(list)
		}

		// Bad input: the field's message, and nothing stored.
		for _, c := range []struct {
			over       map[string]string
			name       string
			cv         []byte
			status     int
			field, msg string
		}{
			{map[string]string{"email": "not-an-email"}, "cv.pdf", testPDF(), 400, "email", "Enter a valid email address"},
			{map[string]string{"url": "http://example.com/me"}, "cv.pdf", testPDF(), 400, "url", "The link must be an https:// address"},
			{map[string]string{"coverNote": strings.Repeat("x", site.MaxCoverNote+1)}, "cv.pdf", testPDF(), 400, "coverNote", "Cover note must be at most 5000 characters"},
			{map[string]string{"consent": "-"}, "cv.pdf", testPDF(), 400, "consent", "Agree to the processing"},
			{nil, "", nil, 400, "cv", site.MsgCVRequired},
			{nil, "cv.pdf", []byte("GIF89a not a pdf"), 400, "cv", site.MsgCVType},
			{nil, "cv.docx", []byte("PK\x03\x04 not a zip at all"), 400, "cv", site.MsgCVType},
			{map[string]string{"positionId": "999999"}, "cv.pdf", testPDF(), 404, "", "Position not found."},
		} {
			body, h := applicationBody(t, applicant(open.ID, c.over), c.name, c.cv)
			res, got := a.do("POST", "/api/careers/applications", "", body, h)
			if res.StatusCode != c.status || !strings.Contains(got, c.msg) || c.field != "" && !strings.Contains(got, `"`+c.field+`":"`) {
				t.Errorf("%v: %d %s, want %d %s", c.over, res.StatusCode, got, c.status, c.msg)
			}
		}
		// A body over the limit is refused from its length, unread.
		big := append(testPDF(), bytes.Repeat([]byte("0"), site.MaxCVBytes)...)
		body, h := applicationBody(t, applicant(open.ID, nil), "cv.pdf", big)
		if res, got := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 413 || !strings.Contains(got, site.MsgCVTooLarge) {
			t.Errorf("too large: %d %s", res.StatusCode, got)
		}
		if n := count(); n != 0 {
			t.Fatalf("%d applications stored from bad input", n)
		}

		// A PDF and a DOCX.
		pdf := testPDF()
		body, h = applicationBody(t, applicant(open.ID, nil), `C:\Users\ada\My CV.pdf`, pdf)
		if res, got := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 201 || !strings.Contains(got, `"message":"`+site.MsgApplicationThanks+`"`) {
			t.Fatalf("apply: %d %s", res.StatusCode, got)
		}
		body, h = applicationBody(t, applicant(open.ID, map[string]string{"email": "grace@example.com", "firstName": "Grace", "url": ""}), "grace.docx", testDOCX(t))
		if res, got := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 201 {
			t.Fatalf("apply with a DOCX: %d %s", res.StatusCode, got)
		}
		// The honeypot: answered alike, stored not.
		body, h = applicationBody(t, applicant(open.ID, map[string]string{"website": "https://spam.example"}), "cv.pdf", pdf)
		if res, _ := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 201 || count() != 2 {
			t.Errorf("spam: %d, %d stored", res.StatusCode, count())
		}

		// Each e-mail once: the acknowledgement and the recruiter's.
		worker := &outbox.Worker{Store: a.store, Policy: outbox.DefaultPolicy, Now: a.clock.Now, Logger: slog.New(slog.DiscardHandler),
			Mailer: &outbox.SMTP{Server: a.srv.MailServer, InboxURL: "https://www.example.com/admin", Timeout: 2 * time.Second}}
		for worker.RunOnce(ctx) > 0 {
		}
		for worker.RunOnce(ctx) > 0 {
		}
		to := map[string]int{}
		for _, m := range mail.Messages() {
			to[m.To[0]]++
			if m.To[0] == "rita@example.com" && strings.Contains(string(m.Body), "Ada Lovelace applied for "+open.Title) {
				to["rita:ada"]++
			}
		}
		if to["ada@example.com"] != 1 || to["grace@example.com"] != 1 || to["rita@example.com"] != 2 || to["rita:ada"] != 1 {
			t.Errorf("mails = %v", to)
		}

		// The recruiter's list, the download, the status.
		expect := expecter(t, a)
		expect("GET", "/api/admin/applications", sam, "", nil, 403, "The careers are open to the recruiter and administrator roles only.")
		var list struct{ Data []site.Application }
		json.Unmarshal([]byte(expect("GET", "/api/admin/applications?positionId="+strconv.FormatInt(open.ID, 10)+"&status=new", rita, "", nil, 200)), &list)
		if len(list.Data) != 2 || list.Data[1].CVName != "My CV.pdf" || list.Data[1].CVType != site.CVTypePDF || list.Data[0].CVType != site.CVTypeDOCX ||
			list.Data[1].PositionTitle != open.Title || list.Data[1].Phone != "+44 20 7946 0000" {
			t.Fatalf("list = %+v", list.Data)
		}
		id := strconv.FormatInt(list.Data[1].ID, 10)
		res, got := a.do("GET", "/api/admin/applications/"+id+"/cv", rita, "", nil)
		if res.StatusCode != 200 || got != string(pdf) || res.Header.Get("Content-Type") != site.CVTypePDF ||
			res.Header.Get("Content-Disposition") != `attachment; filename="My CV.pdf"` || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("cv: %d %v %q", res.StatusCode, res.Header, got[:min(len(got), 40)])
		}
		expect("PUT", "/api/admin/applications/"+id, rita, `{"status":"hired-ish"}`, nil, 400, `"status":"Status must be one of`)
		expect("PUT", "/api/admin/applications/"+id, rita, `{"status":"interview"}`, nil, 200, `"status":"interview"`)
		expect("GET", "/api/admin/applications?status=interview", rita, "", nil, 200, `"firstName":"Ada"`)
		csvBody := expect("GET", "/api/admin/applications/export.csv", rita, "", nil, 200, "id,position,firstName,lastName,email,phone,url,coverNote,cvName,cvSize,status,createdAt\n")
		if !strings.Contains(csvBody, ",Ada,Lovelace,ada@example.com,") || !strings.Contains(csvBody, ",interview,") || strings.Count(csvBody, "\n") != 3 {
			t.Errorf("csv = %s", csvBody)
		}

		// A closed position takes no more.
		open.Status = site.PositionClosed
		if _, err := a.store.UpdateRecord(ctx, site.Positions, open, site.Write{}); err != nil {
			t.Fatal(err)
		}
		body, h = applicationBody(t, applicant(open.ID, map[string]string{"email": "late@example.com"}), "cv.pdf", pdf)
		if res, got := a.do("POST", "/api/careers/applications", "", body, h); res.StatusCode != 410 || !strings.Contains(got, site.MsgPositionClosed) {
			t.Errorf("closed: %d %s", res.StatusCode, got)
		}
		if n := count(); n != 2 {
			t.Errorf("%d applications after the closed one, want 2", n)
		}

		// A privacy request finds the application with its CV, and erases
		// both, the e-mails of it with them.
		root := a.signedIn("root", site.RoleAdmin)
		var held struct{ Data site.PersonalData }
		json.Unmarshal([]byte(expect("GET", "/api/admin/privacy?email=ADA@example.com", root, "", nil, 200)), &held)
		if len(held.Data.Applications) != 1 || !bytes.Equal(held.Data.Applications[0].CV, pdf) {
			t.Fatalf("privacy find: %+v", held.Data.Applications)
		}
		expect("POST", "/api/admin/privacy/erase", root, `{"email":"ada@example.com"}`, nil, 200, `"applications":1`, `"deliveries":2`)
		if _, err := a.store.FindApplication(ctx, list.Data[1].ID); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("after the erasure: %v", err)
		}
		if n := count(); n != 1 {
			t.Errorf("%d applications after the erasure, want 1", n)
		}
	})
}
