package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"meridian/internal/durable"
	"meridian/internal/postgres"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// KeyFile is the name of the secret key in an archive, and of a SQLite
// site's key file in its data directory.
const KeyFile = "secret.key"

// Source is a site's database and secret key, as its server is
// configured.
type Source struct {
	// DatabaseURL is a PostgreSQL site's; empty, the site is the SQLite
	// database site.db of DataDir.
	DatabaseURL string
	DataDir     string
	// SecretKey is SITE_SECRET_KEY; empty, a SQLite site's key file.
	SecretKey string
	// Version names the build that writes a backup.
	Version string
}

// Database is "postgres" or "sqlite".
func (s Source) Database() string {
	if s.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite"
}

// Key is the key that seals the site's secrets: SecretKey, else a SQLite
// site's key file; "" when there is none.
func (s Source) Key() (string, error) {
	if s.SecretKey != "" || s.DatabaseURL != "" {
		return s.SecretKey, nil
	}
	b, err := os.ReadFile(filepath.Join(s.DataDir, KeyFile))
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	return strings.TrimSpace(string(b)), err
}

// Create writes a backup of src to file (see Write): a consistent copy of
// the database taken while the site runs, its secret key and the
// manifest, which it returns.
func Create(ctx context.Context, src Source, file string) (*Manifest, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(file), ".site-backup-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	m := Manifest{Kind: KindBackup, Version: src.Version, Database: src.Database(), Created: time.Now().UTC().Truncate(time.Second)}
	var files []string
	if src.DatabaseURL != "" {
		var tables []postgres.DumpTable
		if m.Schema, tables, files, err = postgres.Dump(ctx, src.DatabaseURL, tmp); err != nil {
			return nil, err
		}
		m.Tables = map[string]int64{}
		for _, t := range tables {
			m.Tables[t.Name] = t.Rows
		}
	} else {
		path := filepath.Join(src.DataDir, "site.db")
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("no database at %s: %w", path, err)
		}
		if err := sqlite.Snapshot(ctx, path, filepath.Join(tmp, "site.db")); err != nil {
			return nil, err
		}
		if m.Schema, m.Tables, err = sqlite.Inspect(ctx, filepath.Join(tmp, "site.db")); err != nil {
			return nil, fmt.Errorf("the copy of the database: %w", err)
		}
		files = []string{"site.db"}
	}
	key, err := src.Key()
	if err != nil {
		return nil, err
	}
	if key != "" {
		if err := os.WriteFile(filepath.Join(tmp, KeyFile), []byte(key+"\n"), 0o600); err != nil {
			return nil, err
		}
		files = append(files, KeyFile)
	}
	if err := Write(file, m, tmp, files); err != nil {
		return nil, err
	}
	return &m, nil
}

// Restored is what a restore found in its archive.
type Restored struct {
	*Manifest
	// Key is the archive's secret key, "" when it holds none.
	Key string
	// Target names where it goes (a path, or the database's address
	// without its password).
	Target string
}

// Restore checks the archive in file whole and, unless dryRun, restores it
// into src's database, which must hold none unless force. It refuses an
// archive of the other database or of a newer schema than this build's.
func Restore(ctx context.Context, src Source, file, target string, dryRun, force bool) (*Restored, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(file), ".site-restore-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	m, err := Extract(file, tmp)
	if err != nil {
		return nil, err
	}
	latest := sqlite.Schema()
	if src.DatabaseURL != "" {
		latest = postgres.Schema()
	}
	switch {
	case m.Database != src.Database():
		return nil, fmt.Errorf("%s is a backup of a %s site; this site uses %s", file, DatabaseName(m.Database), DatabaseName(src.Database()))
	case m.Schema > latest:
		return nil, fmt.Errorf("%s was made by a newer version of the site (schema %d; this version knows up to %d): restore it with that version or a newer one", file, m.Schema, latest)
	}
	r := &Restored{Manifest: m, Target: target}
	if b, err := os.ReadFile(filepath.Join(tmp, KeyFile)); err == nil {
		r.Key = strings.TrimSpace(string(b))
	}
	if src.DatabaseURL == "" {
		if _, _, err := sqlite.Inspect(ctx, filepath.Join(tmp, "site.db")); err != nil {
			return nil, fmt.Errorf("the database in %s: %w", file, err)
		}
	}
	if dryRun {
		return r, nil
	}
	if src.DatabaseURL == "" {
		return r, restoreSQLite(ctx, tmp, src.DataDir, force, r.Key != "")
	}
	if err := postgres.Restore(ctx, src.DatabaseURL, tmp, m.Schema, force); err != nil {
		return nil, err
	}
	pg, err := postgres.Open(ctx, src.DatabaseURL)
	if err != nil {
		return nil, err
	}
	return r, pg.Close()
}

// restoreSQLite puts the database extracted in dir, and its secret key,
// into dataDir, then opens it, which applies the migrations newer than
// the backup.
func restoreSQLite(ctx context.Context, dir, dataDir string, force, hasKey bool) error {
	target := filepath.Join(dataDir, "site.db")
	if _, err := os.Stat(target); err == nil && !force {
		return fmt.Errorf("%s already holds a database: restore into an empty data directory, or add --force to replace it", target)
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return err
	}
	// The old database's log would be read into the new file.
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(target + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	if err := copyDurably(filepath.Join(dir, "site.db"), target); err != nil {
		return err
	}
	if hasKey {
		if err := copyDurably(filepath.Join(dir, KeyFile), filepath.Join(dataDir, KeyFile)); err != nil {
			return err
		}
	}
	db, err := sqlite.Open(ctx, target)
	if err != nil {
		return err
	}
	return db.Close()
}

func copyDurably(from, to string) error {
	f, err := os.Open(from)
	if err != nil {
		return err
	}
	defer f.Close()
	return durable.WriteFile(to, f, true)
}

// counted are the tables of what a person looks for in a backup, with
// their nouns.
var counted = []struct{ table, one, many string }{
	{"contact_submissions", "lead", "leads"},
	{"pages", "page or article", "pages and articles"},
	{"media", "media item", "media items"},
	{"users", "user", "users"},
}

// Counts are the rows of what a person looks for in a backup.
func (m *Manifest) Counts() site.BackupCounts {
	return site.BackupCounts{Leads: m.Tables[counted[0].table], Pages: m.Tables[counted[1].table],
		Media: m.Tables[counted[2].table], Users: m.Tables[counted[3].table]}
}

// Describe counts what a person looks for in a backup.
func (m *Manifest) Describe() string {
	var parts []string
	for _, c := range counted {
		n := m.Tables[c.table]
		noun := c.many
		if n == 1 {
			noun = c.one
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, noun))
	}
	return strings.Join(parts, ", ")
}

// DatabaseName is the name people know a database kind by.
func DatabaseName(kind string) string {
	if kind == "postgres" {
		return "PostgreSQL"
	}
	return "SQLite"
}
