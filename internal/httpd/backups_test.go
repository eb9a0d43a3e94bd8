package httpd

import (
	"context"
	"encoding/json"
	"mime"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"meridian/internal/backup"
	"meridian/internal/site"
	"meridian/internal/storetest/dbtest"
)

// eachBackupSite runs test on each database with a server whose backup
// directory is dir, and that makes its backups of that database.
func eachBackupSite(t *testing.T, test func(t *testing.T, a *testAPI, dir string)) {
	t.Helper()
	for _, d := range dbtest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			at, open := d.Located(t)
			a := serveStore(t, open(t), &clock{t: time.Now().UTC()})
			dir := filepath.Join(t.TempDir(), "backups")
			a.configure(func(s *Server) {
				s.Backups = &backup.Dir{Path: dir, Source: backup.Source{DatabaseURL: at.URL, DataDir: at.DataDir, Version: "test"}}
			})
			test(t, a, dir)
		})
	}
}

// backupList is the answer of GET /api/admin/backups.
type backupList struct {
	Data  []site.Backup `json:"data"`
	Total int           `json:"total"`
}

// auditTargets are the targets of the audit log's entries of action.
func (a *testAPI) auditTargets(action string) []string {
	a.t.Helper()
	list, _, err := a.store.FindAuditEntries(context.Background(), site.AuditFilter{Action: action})
	if err != nil {
		a.t.Fatal(err)
	}
	var out []string
	for _, e := range list {
		out = append(out, e.Target)
	}
	return out
}

// An administrator makes a backup, finds it in the list with its counts,
// downloads the very file (an archive that extracts whole, with its
// manifest), and deletes it; each step is in the audit log.
func TestBackupsAPI(t *testing.T) {
	eachBackupSite(t, func(t *testing.T, a *testAPI, dir string) {
		expect := expecter(t, a)
		admin := a.signedIn("root", site.RoleAdmin)
		expect("POST", "/api/contact", "", leadJSON("ada@example.com", ""), nil, 201)

		var list backupList
		json.Unmarshal([]byte(expect("GET", "/api/admin/backups", admin, "", nil, 200)), &list)
		if len(list.Data) != 0 || list.Total != 0 {
			t.Fatalf("a new site lists %+v", list)
		}

		var made struct{ Data site.Backup }
		json.Unmarshal([]byte(expect("POST", "/api/admin/backups", admin, "", nil, 201)), &made)
		b := made.Data
		if !site.ValidBackupName(b.Name) || b.Size == 0 || b.Counts.Leads != 1 || b.Counts.Users != 1 || b.Counts.Pages == 0 ||
			b.Schema < 36 || b.Version != "test" || b.Created.IsZero() {
			t.Fatalf("made %+v", b)
		}
		st, err := os.Stat(filepath.Join(dir, b.Name))
		if err != nil || st.Size() != b.Size || st.Mode().Perm() != 0o600 {
			t.Fatalf("the archive: %v, %v; want %d bytes, mode 0600", st, err, b.Size)
		}

		json.Unmarshal([]byte(expect("GET", "/api/admin/backups", admin, "", nil, 200)), &list)
		if len(list.Data) != 1 || list.Total != 1 || list.Data[0].Name != b.Name || list.Data[0].Counts != b.Counts ||
			list.Data[0].Size != b.Size || list.Data[0].Database != b.Database {
			t.Fatalf("list %+v; want %+v", list, b)
		}

		res, body := a.do("GET", "/api/admin/backups/"+b.Name, admin, "", nil)
		if res.StatusCode != 200 {
			t.Fatalf("download: %d %s", res.StatusCode, body)
		}
		if kind, params, err := mime.ParseMediaType(res.Header.Get("Content-Disposition")); err != nil || kind != "attachment" || params["filename"] != b.Name {
			t.Errorf("Content-Disposition: %q, want an attachment named %s", res.Header.Get("Content-Disposition"), b.Name)
		}
		for h, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Content-Type":           "application/gzip",
		} {
			if got := res.Header.Get(h); got != want {
				t.Errorf("%s: %q, want %q", h, got, want)
			}
		}
		file, _ := os.ReadFile(filepath.Join(dir, b.Name))
		if body != string(file) {
			t.Fatalf("the download (%d bytes) is not the archive (%d bytes)", len(body), len(file))
		}
		saved := filepath.Join(t.TempDir(), b.Name)
		os.WriteFile(saved, []byte(body), 0o600)
		m, err := backup.Extract(saved, t.TempDir())
		if err != nil || m.Counts() != b.Counts || m.Database != b.Database {
			t.Fatalf("the download extracts to %+v, %v", m, err)
		}

		expect("DELETE", "/api/admin/backups/"+b.Name, admin, "", nil, 204)
		if _, err := os.Stat(filepath.Join(dir, b.Name)); !os.IsNotExist(err) {
			t.Errorf("the archive is still there: %v", err)
		}
		expect("DELETE", "/api/admin/backups/"+b.Name, admin, "", nil, 404, "There is no such backup.")
		expect("GET", "/api/admin/backups/"+b.Name, admin, "", nil, 404)
		json.Unmarshal([]byte(expect("GET", "/api/admin/backups", admin, "", nil, 200)), &list)
		if len(list.Data) != 0 {
			t.Errorf("after the delete: %+v", list)
		}

		target := "backups/" + b.Name
		for _, action := range []string{site.AuditBackupCreate, site.AuditBackupDownload, site.AuditBackupDelete} {
			if got := a.auditTargets(action); len(got) != 1 || got[0] != target {
				t.Errorf("audit %s: %v; want one entry of %s", action, got, target)
			}
		}
	})
}

// No request reads or deletes anything but an archive of the directory:
// names that climb out of it, or that are not an archive's, are not found.
func TestBackupsRefuseOtherPaths(t *testing.T) {
	eachBackupSite(t, func(t *testing.T, a *testAPI, dir string) {
		admin := a.signedIn("root", site.RoleAdmin)
		os.MkdirAll(dir, 0o700)
		outside := filepath.Join(filepath.Dir(dir), "secret.txt")
		os.WriteFile(outside, []byte("the secret"), 0o600)
		os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)
		for _, p := range []string{
			"..%2Fsecret.txt",
			"..%2F..%2F..%2Fetc%2Fpasswd",
			"%2E%2E%2Fsecret.txt",
			"..%5Csecret.txt",
			"notes.txt",
			"site-20260101-000000.tar.gz%2F..%2F..%2Fsecret.txt",
			"site-20260101-000000.tar.gz%00",
			"site-20260101-000000.tar.gz",
			"%2Fetc%2Fpasswd",
		} {
			for _, method := range []string{"GET", "DELETE"} {
				res, body := a.do(method, "/api/admin/backups/"+p, admin, "", nil)
				// The handler's answer: the name reached it, and was refused.
				if res.StatusCode != 404 || !strings.Contains(body, "There is no such backup.") {
					t.Errorf("%s %s: %d %s; want 404, no such backup", method, p, res.StatusCode, body)
				}
			}
		}
		for _, f := range []string{outside, filepath.Join(dir, "notes.txt")} {
			if _, err := os.Stat(f); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	})
}

// The schedule: read and saved by administrators, refused with a message
// per field outside its limits, and kept.
func TestBackupSettingsAPI(t *testing.T) {
	eachBackupSite(t, func(t *testing.T, a *testAPI, _ string) {
		expect := expecter(t, a)
		admin := a.signedIn("root", site.RoleAdmin)
		var got struct{ Data site.BackupSettings }
		json.Unmarshal([]byte(expect("GET", "/api/admin/backup-settings", admin, "", nil, 200)), &got)
		if s := got.Data; s.EveryHours != 0 || s.Keep != 7 || !s.Available || s.NextRun != nil || s.LastRun != nil || s.LastStatus != "" {
			t.Fatalf("a new site's schedule: %+v", s)
		}
		everyMsg := "Back up every 0 to 168 hours, as a whole number; 0 turns the schedule off."
		keepMsg := "Keep 1 to 100 backups, as a whole number."
		for _, c := range []struct {
			body   string
			fields []string
		}{
			{`{"everyHours":169,"keep":7}`, []string{`"everyHours":"` + everyMsg}},
			{`{"everyHours":-1,"keep":0}`, []string{`"everyHours":"` + everyMsg, `"keep":"` + keepMsg}},
			{`{"everyHours":24,"keep":101}`, []string{`"keep":"` + keepMsg}},
			{`{"everyHours":24}`, []string{`"keep":"` + keepMsg}},
			{`{"everyHours":1.5,"keep":7}`, []string{`"everyHours":"Every hours must be a whole number."`}},
			{`{"everyHours":"24","keep":7}`, []string{`"everyHours":"Every hours must be a whole number."`}},
			{`{"everyHours":24,"keep":7,"directory":"/tmp"}`, []string{`"directory":"Unknown field \"directory\"."`}},
		} {
			expect("PUT", "/api/admin/backup-settings", admin, c.body, nil, 400, c.fields...)
		}
		json.Unmarshal([]byte(expect("GET", "/api/admin/backup-settings", admin, "", nil, 200)), &got)
		if got.Data.EveryHours != 0 || got.Data.Keep != 7 {
			t.Fatalf("refused changes were saved: %+v", got.Data)
		}

		json.Unmarshal([]byte(expect("PUT", "/api/admin/backup-settings", admin, `{"everyHours":24,"keep":5}`, nil, 200)), &got)
		if s := got.Data; s.EveryHours != 24 || s.Keep != 5 || s.NextRun == nil {
			t.Fatalf("saved %+v; want every 24 hours, keep 5, the next run due", s)
		}
		json.Unmarshal([]byte(expect("GET", "/api/admin/backup-settings", admin, "", nil, 200)), &got)
		if got.Data.EveryHours != 24 || got.Data.Keep != 5 {
			t.Errorf("read back %+v", got.Data)
		}
		if targets := a.auditTargets(site.AuditBackupSettings); len(targets) != 1 {
			t.Errorf("audit entries of the schedule: %v; want 1", targets)
		}
	})
}

// A server without a backup directory (PostgreSQL without -backup-dir)
// says so, lists none and makes none; its schedule can still be saved, for
// the instances that have one.
func TestBackupsOff(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		admin := a.signedIn("root", site.RoleAdmin)
		var got struct{ Data site.BackupSettings }
		json.Unmarshal([]byte(expect("GET", "/api/admin/backup-settings", admin, "", nil, 200)), &got)
		if got.Data.Available {
			t.Errorf("settings %+v; want backups unavailable", got.Data)
		}
		expect("GET", "/api/admin/backups", admin, "", nil, 200, `"data":[]`)
		expect("POST", "/api/admin/backups", admin, "", nil, 409, "Backups are off on this server: start it with -backup-dir (SITE_BACKUP_DIR)")
		expect("GET", "/api/admin/backups/site-20260101-000000.tar.gz", admin, "", nil, 404)
		json.Unmarshal([]byte(expect("PUT", "/api/admin/backup-settings", admin, `{"everyHours":6,"keep":3}`, nil, 200)), &got)
		if got.Data.EveryHours != 6 || got.Data.NextRun != nil {
			t.Errorf("saved %+v; want every 6 hours and no next run here", got.Data)
		}
	})
}
