package backup

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/storetest/dbtest"
)

// testSite is a database of a test and the backup directory of a server of
// it.
type testSite struct {
	src  Source
	open func(t *testing.T) site.Store
	dir  string
}

// eachSite runs test on a new site of each database.
func eachSite(t *testing.T, test func(t *testing.T, s testSite)) {
	for _, d := range dbtest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			at, open := d.Located(t)
			src := Source{DatabaseURL: at.URL, DataDir: at.DataDir, Version: "test"}
			if at.URL != "" {
				src.SecretKey = "a-key-of-the-test-site-of-32-characters-or-more"
			}
			test(t, testSite{src: src, open: open, dir: filepath.Join(t.TempDir(), "backups")})
		})
	}
}

// addLeads stores n leads.
func addLeads(t *testing.T, s site.Store, n int) {
	t.Helper()
	for i := range n {
		l := &site.Lead{LeadFields: site.LeadFields{FirstName: "Ada", LastName: "Lovelace", Email: "ada" + string(rune('a'+i)) + "@example.com", Company: "Engines"}}
		if _, _, err := s.CreateLead(context.Background(), l); err != nil {
			t.Fatal(err)
		}
	}
}

// The list reads each archive's manifest and tells its counts; an archive
// is downloaded as it is, and deleted; two backups in one second get two
// names.
func TestDir(t *testing.T) {
	eachSite(t, func(t *testing.T, s testSite) {
		store := s.open(t)
		addLeads(t, store, 3)
		d := &Dir{Path: s.dir, Source: s.src}
		ctx := context.Background()
		if list, err := d.List(); err != nil || len(list) != 0 {
			t.Fatalf("a directory not made yet lists %v, %v; want nothing", list, err)
		}
		first, err := d.Create(ctx)
		if err != nil {
			t.Fatal(err)
		}
		second, err := d.Create(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if first.Name == second.Name || !site.ValidBackupName(first.Name) || !site.ValidBackupName(second.Name) {
			t.Fatalf("names %s and %s: want two of the pattern", first.Name, second.Name)
		}
		for _, b := range []string{first.Name, second.Name} {
			st, err := os.Stat(filepath.Join(s.dir, b))
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("%s: %v, mode %v; want 0600", b, err, st.Mode().Perm())
			}
		}
		list, err := d.List()
		if err != nil || len(list) != 2 {
			t.Fatalf("list = %v, %v; want 2", list, err)
		}
		if list[0].Name != second.Name || list[1].Name != first.Name {
			t.Errorf("list %s, %s: want the newest first", list[0].Name, list[1].Name)
		}
		got := list[0]
		// The site's built-in pages are rows too.
		if got.Counts.Leads != 3 || got.Counts.Pages == 0 || got.Counts.Users != 0 || got.Database != s.src.Database() ||
			got.Version != "test" || got.Schema < 36 || got.Size != second.Size || got.Problem != "" {
			t.Errorf("listed %+v; want 3 leads of a %s database, version test, of size %d", got, s.src.Database(), second.Size)
		}
		if name, _ := site.BackupTime(first.Name); !name.Equal(first.Created) {
			t.Errorf("%s was made at %v: its name is not its time", first.Name, first.Created)
		}

		f, st, err := d.Open(first.Name)
		if err != nil {
			t.Fatal(err)
		}
		read, _ := io.ReadAll(f)
		f.Close()
		onDisk, _ := os.ReadFile(filepath.Join(s.dir, first.Name))
		if !bytes.Equal(read, onDisk) || st.Size() != first.Size {
			t.Error("the opened archive is not the file")
		}
		m, err := Extract(filepath.Join(s.dir, first.Name), t.TempDir())
		if err != nil || m.Counts().Leads != 3 {
			t.Errorf("extract: %+v, %v", m, err)
		}

		if err := d.Delete(first.Name); err != nil {
			t.Fatal(err)
		}
		if err := d.Delete(first.Name); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("deleted twice: %v; want not found", err)
		}
		if list, _ := d.List(); len(list) != 1 || list[0].Name != second.Name {
			t.Errorf("after the delete: %v", list)
		}
		// Nothing the backups wrote on their way is left.
		entries, _ := os.ReadDir(s.dir)
		if len(entries) != 1 {
			t.Errorf("the directory holds %v; want the one archive", entries)
		}
	})
}

// Only names of the pattern are opened or deleted, and only regular files
// of the directory: no path leads out of it.
func TestDirRefusesOtherNames(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "backups")
	os.MkdirAll(dir, 0o700)
	secret := filepath.Join(root, "site.db")
	os.WriteFile(secret, []byte("the database"), 0o600)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)
	// A link of an archive's name to a file elsewhere.
	os.Symlink(secret, filepath.Join(dir, "site-20260101-000000.tar.gz"))
	d := &Dir{Path: dir}
	for _, name := range []string{"../site.db", "..", "notes.txt", "site-20260101-000000.tar.gz", "site-20261399-000000.tar.gz",
		"/etc/passwd", "site-20260101-000000.tar.gz/..", "site-20260101-000001.tar.gz"} {
		if _, _, err := d.Open(name); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("open %q: %v; want not found", name, err)
		}
		if err := d.Delete(name); site.ErrorCode(err) != site.ENOTFOUND {
			t.Errorf("delete %q: %v; want not found", name, err)
		}
	}
	if list, err := d.List(); err != nil || len(list) != 0 {
		t.Errorf("list = %v, %v; want nothing", list, err)
	}
	for _, f := range []string{secret, filepath.Join(dir, "notes.txt"), filepath.Join(dir, "site-20260101-000000.tar.gz")} {
		if _, err := os.Lstat(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// One backup at a time: while one is made, another is refused at once.
func TestDirOneAtATime(t *testing.T) {
	d := &Dir{Path: t.TempDir(), Source: Source{DataDir: t.TempDir()}}
	d.mu.Lock()
	_, err := d.Create(context.Background())
	d.mu.Unlock()
	if site.ErrorCode(err) != site.ECONFLICT || !strings.Contains(site.ErrorMessage(err), "being made right now") {
		t.Errorf("a second backup: %v; want a conflict", err)
	}
}

// Prune keeps the newest archives; an archive whose manifest cannot be read
// is listed with its problem.
func TestDirPruneAndDamaged(t *testing.T) {
	dir := t.TempDir()
	names := []string{"site-20260101-000000.tar.gz", "site-20260102-000000.tar.gz", "site-20260103-000000.tar.gz"}
	for _, n := range names {
		os.WriteFile(filepath.Join(dir, n), []byte("not an archive"), 0o600)
	}
	os.WriteFile(filepath.Join(dir, "keep-me.tar.gz"), []byte("mine"), 0o600)
	d := &Dir{Path: dir}
	list, err := d.List()
	if err != nil || len(list) != 3 {
		t.Fatalf("list = %v, %v", list, err)
	}
	if !strings.Contains(list[0].Problem, "not a whole backup archive") || list[0].Created != time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC) {
		t.Errorf("a damaged archive: %+v", list[0])
	}
	deleted, err := d.Prune(2)
	if err != nil || !slices.Equal(deleted, names[:1]) {
		t.Errorf("pruned %v, %v; want the oldest", deleted, err)
	}
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if !slices.Equal(left, []string{"keep-me.tar.gz", names[1], names[2]}) {
		t.Errorf("left %v", left)
	}
}

// What a stopped backup left is deleted once it is old; what a backup
// still being made writes, and anything else, stays.
func TestDirSweep(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old := now.Add(-2 * leftoverAge)
	for _, n := range []string{".site-backup-1234", ".site-backup-ab.tar.gz", "..site-backup-ab.tar.gz.tmp-99", ".site-backup-new", "site-backup-mine.tar.gz", "site-20260101-000000.tar.gz"} {
		p := filepath.Join(dir, n)
		if strings.HasSuffix(n, "1234") {
			os.Mkdir(p, 0o700)
			os.WriteFile(filepath.Join(p, "site.db"), []byte("x"), 0o600)
		} else {
			os.WriteFile(p, []byte("x"), 0o600)
		}
		if n != ".site-backup-new" {
			os.Chtimes(p, old, old)
		}
	}
	if err := (&Dir{Path: dir}).Sweep(leftoverAge, now); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{".site-backup-new", "site-20260101-000000.tar.gz", "site-backup-mine.tar.gz"}; !slices.Equal(left, want) {
		t.Errorf("left %v; want %v", left, want)
	}
}

// ReadManifest reads the first entry only: an archive cut short after it
// still tells its manifest (Extract refuses it), in either format.
func TestReadManifest(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "site.db"), bytes.Repeat([]byte("the database "), 50_000), 0o600)
	m := Manifest{Version: "v1", Schema: 36, Database: "sqlite", Created: time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC),
		Tables: map[string]int64{"contact_submissions": 12, "pages": 3, "media": 4, "users": 2}}
	for _, ext := range []string{".tar.gz", ".zip"} {
		t.Run(ext, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "site"+ext)
			if err := Write(path, m, dir, []string{"site.db"}); err != nil {
				t.Fatal(err)
			}
			got, err := ReadManifest(path)
			if err != nil || got.Counts() != (site.BackupCounts{Leads: 12, Pages: 3, Media: 4, Users: 2}) || !got.Created.Equal(m.Created) || got.Version != "v1" {
				t.Fatalf("manifest %+v, %v", got, err)
			}
			if ext == ".zip" {
				return // a zip's directory is at its end
			}
			b, _ := os.ReadFile(path)
			cut := filepath.Join(t.TempDir(), "cut"+ext)
			os.WriteFile(cut, b[:len(b)/2], 0o600)
			if got, err := ReadManifest(cut); err != nil || got.Schema != 36 {
				t.Errorf("the manifest of an archive cut short: %+v, %v", got, err)
			}
			var inv *Invalid
			if _, err := Extract(cut, t.TempDir()); !errors.As(err, &inv) {
				t.Errorf("extract of an archive cut short: %v; want it refused", err)
			}
		})
	}
	other := filepath.Join(t.TempDir(), "other.tar.gz")
	os.WriteFile(other, []byte("not gzip"), 0o600)
	var inv *Invalid
	if _, err := ReadManifest(other); !errors.As(err, &inv) {
		t.Errorf("a file that is no archive: %v", err)
	}
}
