package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
)

// backupSite is where a site of the test keeps its database: a data
// directory, or a PostgreSQL schema of its own.
type backupSite struct {
	name string
	// fresh returns the environment of a new, empty database.
	fresh func(t *testing.T) map[string]string
}

func backupSites() []backupSite {
	list := []backupSite{{"sqlite", func(t *testing.T) map[string]string {
		return map[string]string{"SITE_DATA_DIR": filepath.Join(t.TempDir(), "data")}
	}}}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		list = append(list, backupSite{"postgres", func(t *testing.T) map[string]string {
			return map[string]string{"DATABASE_URL": pgtest.Schema(t), "SITE_SECRET_KEY": "a-key-of-the-test-site-of-32-characters-or-more"}
		}})
	}
	return list
}

// siteCommand runs a subcommand of the binary (backup, restore) with env
// and returns what it printed and its error.
func siteCommand(env map[string]string, args ...string) (string, error) {
	var out bytes.Buffer
	err := run(context.Background(), args, func(k string) string { return env[k] }, &out)
	return out.String(), err
}

// A backup taken while the site runs, restored into an empty database,
// gives a site that serves the same pages, leads and media, and signs in
// with the same two-factor secret, whose key came with the backup.
func TestBackupRestore(t *testing.T) {
	t.Parallel()
	for _, db := range backupSites() {
		t.Run(db.name, func(t *testing.T) {
			// One public address for both sites, so that their pages can be
			// the same to the byte.
			env := db.fresh(t)
			env["SITE_ADMIN_PASSWORD"], env["SITE_URL"] = testPassword, "https://www.example.com"
			base, _, stop, done := runSite(t, []string{"-addr", "127.0.0.1:0"}, env)
			token := loginAs(t, base, "admin", testPassword)

			// Content, a lead, a picture and two-factor sign-in.
			if code, body := postJSON(t, base+"/api/admin/content", token, "POST",
				`{"section":"hero","key":"title","value":"Restored from the backup"}`); code != 200 && code != 201 {
				t.Fatalf("content: %d %s", code, body)
			}
			if code, body := postJSON(t, base+"/api/contact", "", "POST",
				`{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com","company":"Engines","fillMs":5000}`); code != 201 {
				t.Fatalf("lead: %d %s", code, body)
			}
			picture := uploadPicture(t, base, token)
			secret := enrolTwoFactor(t, base, token)

			_, home := get(t, base+"/", nil)
			if !strings.Contains(home, "Restored from the backup") {
				t.Fatal("the edited title is not on the home page")
			}
			_, leads := get(t, base+"/api/admin/leads", map[string]string{"Authorization": "Bearer " + token})
			_, pictureBytes := get(t, base+picture, nil)

			file := filepath.Join(t.TempDir(), "site-backup.tar.gz")
			out, err := siteCommand(env, "backup", file)
			if err != nil {
				t.Fatalf("backup: %v\n%s", err, out)
			}
			if !strings.Contains(out, "1 lead") || !strings.Contains(out, "1 media item") {
				t.Errorf("the backup's summary: %s", out)
			}
			stop()
			<-done

			// A dry run says what it would do and changes nothing.
			restored := db.fresh(t)
			out, err = siteCommand(restored, "restore", "--dry-run", file)
			if err != nil || !strings.Contains(out, "Nothing was changed") || !strings.Contains(out, "1 lead") {
				t.Fatalf("dry run: %v\n%s", err, out)
			}
			if dir := restored["SITE_DATA_DIR"]; dir != "" {
				if _, err := os.Stat(dir); err == nil {
					t.Fatal("the dry run made the data directory")
				}
			}
			if out, err := siteCommand(restored, "restore", file); err != nil {
				t.Fatalf("restore: %v\n%s", err, out)
			}
			// Once more: the database is not empty now.
			if out, err := siteCommand(restored, "restore", file); err == nil || !strings.Contains(out+err.Error(), "--force") {
				t.Errorf("a restore over a database: %v\n%s", err, out)
			}
			if out, err := siteCommand(restored, "restore", "--force", file); err != nil {
				t.Fatalf("restore --force: %v\n%s", err, out)
			}

			restored["SITE_ADMIN_PASSWORD"], restored["SITE_URL"] = testPassword, env["SITE_URL"]
			base2, _, _, _ := runSite(t, []string{"-addr", "127.0.0.1:0"}, restored)
			if _, home2 := get(t, base2+"/", nil); home2 != home {
				t.Error("the restored site's home page differs from the one backed up")
			}
			if _, got := get(t, base2+picture, nil); got != pictureBytes {
				t.Error("the restored picture differs")
			}
			token2 := signInWithCode(t, base2, secret)
			if _, got := get(t, base2+"/api/admin/leads", map[string]string{"Authorization": "Bearer " + token2}); got != leads {
				t.Errorf("the restored leads differ:\n%s\nwant\n%s", got, leads)
			}
		})
	}
}

// A backup that is cut short, of another product or of a newer schema is
// refused, and the empty data directory stays empty.
func TestRestoreRefusesBadArchives(t *testing.T) {
	env := map[string]string{"SITE_DATA_DIR": filepath.Join(t.TempDir(), "data"), "SITE_ADMIN_PASSWORD": testPassword}
	_, _, stop, done := runSite(t, []string{"-addr", "127.0.0.1:0"}, env)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tar.gz")
	if out, err := siteCommand(env, "backup", good); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	zipped := filepath.Join(dir, "good.zip")
	if out, err := siteCommand(env, "backup", zipped); err != nil {
		t.Fatalf("backup as zip: %v\n%s", err, out)
	}
	stop()
	<-done
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tarGz := func(entries map[string]string, order ...string) []byte {
		var b bytes.Buffer
		gw := gzip.NewWriter(&b)
		tw := tar.NewWriter(gw)
		for _, name := range order {
			tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: int64(len(entries[name])), Typeflag: tar.TypeReg})
			tw.Write([]byte(entries[name]))
		}
		tw.Close()
		gw.Close()
		return b.Bytes()
	}
	newer := map[string]string{"manifest.json": `{"product":"meridian-site","schema":99999,"database":"sqlite","files":[]}`}
	for _, c := range []struct {
		name, path, want string
	}{
		{"cut short", write("cut.tar.gz", whole[:len(whole)/2]), "not a whole backup"},
		{"another product", write("other.tar.gz", tarGz(map[string]string{"README": "hello"}, "README")), "not a backup of this site"},
		{"another manifest", write("foreign.tar.gz", tarGz(map[string]string{"manifest.json": `{"product":"blog"}`}, "manifest.json")), "not a backup of this site"},
		{"a newer schema", write("newer.tar.gz", tarGz(newer, "manifest.json")), "newer version"},
		{"not an archive", write("notes.txt", []byte("hello")), ".tar.gz, .tgz or .zip"},
	} {
		target := map[string]string{"SITE_DATA_DIR": filepath.Join(t.TempDir(), "data")}
		out, err := siteCommand(target, "restore", c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q\n%s", c.name, err, c.want, out)
		}
		if _, err := os.Stat(target["SITE_DATA_DIR"]); err == nil {
			t.Errorf("%s: the refused restore made the data directory", c.name)
		}
	}
	// The zip restores as the tar.gz does.
	target := map[string]string{"SITE_DATA_DIR": filepath.Join(t.TempDir(), "data")}
	if out, err := siteCommand(target, "restore", zipped); err != nil {
		t.Fatalf("restore of the zip: %v\n%s", err, out)
	}
}

// Every lead acknowledged before a backup began is in it, though leads
// keep arriving while it is taken.
func TestBackupDuringLeadLoad(t *testing.T) {
	t.Parallel()
	for _, db := range backupSites() {
		t.Run(db.name, func(t *testing.T) {
			env := db.fresh(t)
			env["SITE_LEAD_RATE_PER_ADDRESS"] = "0"
			env["SITE_LEAD_RATE_PER_EMAIL"] = "0"
			base, _, stop, done := runSite(t, []string{"-addr", "127.0.0.1:0", "-lead-rate-per-address", "0"}, env)
			var mu sync.Mutex
			var acked []string
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			for w := range 8 {
				wg.Go(func() {
					for i := 0; ctx.Err() == nil; i++ {
						email := fmt.Sprintf("load%d.%d@example.com", w, i)
						body := fmt.Sprintf(`{"firstName":"Load","lastName":"Test","email":%q,"company":"Acme","fillMs":5000}`, email)
						res, err := http.Post(base+"/api/contact", "application/json", strings.NewReader(body))
						if err != nil {
							continue
						}
						res.Body.Close()
						if res.StatusCode == 201 {
							mu.Lock()
							acked = append(acked, email)
							mu.Unlock()
						}
					}
				})
			}
			time.Sleep(500 * time.Millisecond)
			mu.Lock()
			before := append([]string(nil), acked...)
			mu.Unlock()
			file := filepath.Join(t.TempDir(), "load.tar.gz")
			out, err := siteCommand(env, "backup", file)
			time.Sleep(200 * time.Millisecond)
			cancel()
			wg.Wait()
			stop()
			<-done
			if err != nil {
				t.Fatalf("backup: %v\n%s", err, out)
			}
			if len(before) == 0 {
				t.Fatal("no lead was acknowledged before the backup")
			}
			restored := db.fresh(t)
			if out, err := siteCommand(restored, "restore", file); err != nil {
				t.Fatalf("restore: %v\n%s", err, out)
			}
			store, _, err := openStore(context.Background(), &config{dataDir: restored["SITE_DATA_DIR"], databaseURL: restored["DATABASE_URL"]})
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			have := map[string]bool{}
			leads, _, err := store.FindLeads(context.Background(), site.LeadFilter{})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range leads {
				have[l.Email] = true
			}
			for _, e := range before {
				if !have[e] {
					t.Fatalf("the lead of %s was acknowledged before the backup began but is not in it (%d of %d acknowledged leads restored)", e, len(have), len(before))
				}
			}
			t.Logf("%d leads acknowledged before the backup, %d in all; %d in the backup", len(before), len(acked), len(have))
		})
	}
}

// uploadPicture uploads a PNG to the media library and returns the address
// of one of its variants.
func uploadPicture(t *testing.T, base, token string) string {
	t.Helper()
	return uploadImage(t, base, token, 320, 200).Variants[0].URL
}

// enrolTwoFactor turns two-factor sign-in on for the signed-in user and
// returns the secret.
func enrolTwoFactor(t *testing.T, base, token string) string {
	t.Helper()
	code, body := postJSON(t, base+"/api/admin/account/2fa", token, "POST", "")
	var got struct {
		Data struct {
			Secret string `json:"secret"`
		} `json:"data"`
	}
	if code != 200 && code != 201 || json.Unmarshal(body, &got) != nil || got.Data.Secret == "" {
		t.Fatalf("enrol: %d %s", code, body)
	}
	if code, body := postJSON(t, base+"/api/admin/account/2fa/confirm", token, "POST",
		fmt.Sprintf(`{"code":%q}`, totpCode(t, got.Data.Secret, time.Now()))); code != 200 {
		t.Fatalf("confirm: %d %s", code, body)
	}
	return got.Data.Secret
}

// signInWithCode signs admin in with the password and a code of secret,
// one step later than the enrolment's (which was used).
func signInWithCode(t *testing.T, base, secret string) string {
	t.Helper()
	code, body := postJSON(t, base+"/api/admin/login", "", "POST", fmt.Sprintf(`{"username":"admin","password":%q}`, testPassword))
	var first struct {
		Challenge string `json:"challenge"`
	}
	if code != 200 || json.Unmarshal(body, &first) != nil || first.Challenge == "" {
		t.Fatalf("login: %d %s", code, body)
	}
	code, body = postJSON(t, base+"/api/admin/login/2fa", "", "POST",
		fmt.Sprintf(`{"challenge":%q,"code":%q}`, first.Challenge, totpCode(t, secret, time.Now().Add(30*time.Second))))
	var second struct {
		SessionToken string `json:"sessionToken"`
	}
	if code != 200 || json.Unmarshal(body, &second) != nil || second.SessionToken == "" {
		t.Fatalf("the second step of the sign-in: %d %s", code, body)
	}
	return second.SessionToken
}

func totpCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The server makes the scheduled backups into its backup directory: by
// default backups in a SQLite site's data directory, and for PostgreSQL
// only with -backup-dir, without which the admin is told backups are off.
func TestScheduledBackups(t *testing.T) {
	t.Parallel()
	for _, db := range backupSites() {
		t.Run(db.name, func(t *testing.T) {
			env := db.fresh(t)
			env["SITE_ADMIN_PASSWORD"] = testPassword
			dir := filepath.Join(env["SITE_DATA_DIR"], "backups")
			if env["DATABASE_URL"] != "" {
				base, _, stop, done := runSite(t, []string{"-addr", "127.0.0.1:0"}, env)
				token := loginAs(t, base, "admin", testPassword)
				_, body := get(t, base+"/api/admin/backup-settings", map[string]string{"Authorization": "Bearer " + token})
				if !strings.Contains(body, `"available":false`) {
					t.Errorf("PostgreSQL without -backup-dir: %s", body)
				}
				stop()
				<-done
				dir = filepath.Join(t.TempDir(), "shared-volume")
				env["SITE_BACKUP_DIR"] = dir
			}
			// The schedule is saved before the start: the first check, at
			// the start, finds a backup due.
			store, _, err := openStore(context.Background(), &config{databaseURL: env["DATABASE_URL"], dataDir: env["SITE_DATA_DIR"]})
			if err != nil {
				t.Fatal(err)
			}
			_, err = store.UpdateBackupSettings(context.Background(), &site.BackupSettings{EveryHours: 24, Keep: 3})
			store.Close()
			if err != nil {
				t.Fatal(err)
			}
			base, _, _, _ := runSite(t, []string{"-addr", "127.0.0.1:0"}, env)
			token := loginAs(t, base, "admin", testPassword)
			var settings struct{ Data site.BackupSettings }
			waitUntil(t, "the scheduled backup", func() bool {
				_, body := get(t, base+"/api/admin/backup-settings", map[string]string{"Authorization": "Bearer " + token})
				json.Unmarshal([]byte(body), &settings)
				return settings.Data.LastStatus == site.BackupOK
			})
			name := settings.Data.LastMessage
			st, err := os.Stat(filepath.Join(dir, name))
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("%s: %v; want an archive of mode 0600", name, err)
			}
			if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
				t.Errorf("the backup directory: %v; want mode 0700", err)
			}
			_, body := get(t, base+"/api/admin/backups", map[string]string{"Authorization": "Bearer " + token})
			if !strings.Contains(body, `"name":"`+name+`"`) || !strings.Contains(body, `"users":1`) {
				t.Errorf("the list: %s", body)
			}
		})
	}
}

// waitUntil polls cond until it holds, failing the test after a minute.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within a minute", what)
		}
	}
}
