package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"meridian/internal/backup"
	"meridian/internal/postgres"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

const backupUsage = `usage:
  site backup FILE                          write a backup of the site to FILE (.tar.gz or .zip)
  site restore [--dry-run] [--force] FILE   restore the backup in FILE

The database is chosen as for the server (DATABASE_URL, or -data-dir). A backup holds the
database and the secret key: keep it as safe as the key itself. A restore goes into an
empty data directory or database; --force replaces what is there.`

// runBackup writes a backup archive of the configured database: a
// consistent copy taken while the site runs, the secret key and a
// manifest (see package backup).
func runBackup(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fset := flag.NewFlagSet("site backup", flag.ContinueOnError)
	fset.SetOutput(stderr)
	dataDir := fset.String("data-dir", envOr(getenv, "SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() != 1 {
		return usageError{"name the backup file", backupUsage}
	}
	file := fset.Arg(0)
	tmp, err := os.MkdirTemp(filepath.Dir(file), ".site-backup-*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(tmp)
	m := backup.Manifest{Version: buildVersion(), Created: time.Now().UTC().Truncate(time.Second)}
	var files []string
	url := getenv("DATABASE_URL")
	if url != "" {
		m.Database = "postgres"
		var tables []postgres.DumpTable
		if m.Schema, tables, files, err = postgres.Dump(ctx, url, tmp); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		m.Tables = map[string]int64{}
		for _, t := range tables {
			m.Tables[t.Name] = t.Rows
		}
	} else {
		m.Database = "sqlite"
		path := filepath.Join(*dataDir, "site.db")
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("backup: no database at %s: %w", path, err)
		}
		if err := sqlite.Snapshot(ctx, path, filepath.Join(tmp, "site.db")); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		if m.Schema, m.Tables, err = sqlite.Inspect(ctx, filepath.Join(tmp, "site.db")); err != nil {
			return fmt.Errorf("backup: the copy of the database: %w", err)
		}
		files = []string{"site.db"}
	}
	key, err := secretKeyOf(getenv, *dataDir, url == "")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if key != "" {
		if err := os.WriteFile(filepath.Join(tmp, secretKeyFile), []byte(key+"\n"), 0o600); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		files = append(files, secretKeyFile)
	}
	if err := backup.Write(file, m, tmp, files); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	size := int64(0)
	if st, err := os.Stat(file); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(stderr, "Backed up the site to %s (%s): %s.\n", file, site.FormatBytes(size), describeBackup(&m))
	if key == "" {
		fmt.Fprintln(stderr, "It holds no secret key: SITE_SECRET_KEY is not set, so the two-factor secrets are stored unencrypted in the database.")
	} else {
		fmt.Fprintln(stderr, "It holds the secret key: keep it as safe as the key itself.")
	}
	return nil
}

// runRestore restores a backup archive into the configured database,
// which must be empty unless --force; --dry-run says what it would
// restore and changes nothing.
func runRestore(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fset := flag.NewFlagSet("site restore", flag.ContinueOnError)
	fset.SetOutput(stderr)
	dataDir := fset.String("data-dir", envOr(getenv, "SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	dryRun := fset.Bool("dry-run", false, "say what would be restored, and change nothing")
	force := fset.Bool("force", false, "replace the database that is there")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() != 1 {
		return usageError{"name the backup file", backupUsage}
	}
	file := fset.Arg(0)
	tmp, err := os.MkdirTemp(filepath.Dir(file), ".site-restore-*")
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer os.RemoveAll(tmp)
	m, err := backup.Extract(file, tmp)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	url := getenv("DATABASE_URL")
	want, latest, target := "sqlite", sqlite.Schema(), filepath.Join(*dataDir, "site.db")
	if url != "" {
		want, latest, target = "postgres", postgres.Schema(), redactURL(url)
	}
	switch {
	case m.Database != want:
		return fmt.Errorf("restore: %s is a backup of a %s site; this site uses %s", file, databaseName(m.Database), databaseName(want))
	case m.Schema > latest:
		return fmt.Errorf("restore: %s was made by a newer version of the site (schema %d; this version knows up to %d): restore it with that version or a newer one", file, m.Schema, latest)
	}
	if want == "sqlite" {
		if _, _, err := sqlite.Inspect(ctx, filepath.Join(tmp, "site.db")); err != nil {
			return fmt.Errorf("restore: the database in %s: %w", file, err)
		}
	}
	key, hasKey := "", false
	if b, err := os.ReadFile(filepath.Join(tmp, secretKeyFile)); err == nil {
		key, hasKey = strings.TrimSpace(string(b)), true
	}
	fmt.Fprintf(stderr, "%s: a backup of %s, made %s by version %s (schema %d): %s.\n",
		file, databaseName(m.Database), m.Created.Format(time.RFC3339), m.Version, m.Schema, describeBackup(m))
	if *dryRun {
		what := "the database"
		if hasKey {
			what += " and its secret key"
		}
		fmt.Fprintf(stderr, "Would restore %s into %s. Nothing was changed (--dry-run).\n", what, target)
		return nil
	}
	if want == "sqlite" {
		if err := restoreSQLite(ctx, tmp, *dataDir, *force, hasKey); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	} else {
		if err := postgres.Restore(ctx, url, tmp, m.Schema, *force); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		pg, err := postgres.Open(ctx, url)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		pg.Close()
		if hasKey && getenv("SITE_SECRET_KEY") != key {
			fmt.Fprintln(stderr, "The backup's secret key is not the SITE_SECRET_KEY set here: set SITE_SECRET_KEY to the key in the backup (its file secret.key) on every instance, or two-factor sign-in and the saved mail password cannot be read.")
		}
	}
	fmt.Fprintf(stderr, "Restored into %s.\n", target)
	return nil
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
		if err := copyDurably(filepath.Join(dir, secretKeyFile), filepath.Join(dataDir, secretKeyFile)); err != nil {
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
	return writeFileDurably(to, f, true)
}

// secretKeyOf is the key that seals the site's secrets: SITE_SECRET_KEY,
// else a SQLite site's key file; "" when there is none.
func secretKeyOf(getenv func(string) string, dataDir string, sqlite bool) (string, error) {
	if k := getenv("SITE_SECRET_KEY"); k != "" || !sqlite {
		return k, nil
	}
	b, err := os.ReadFile(filepath.Join(dataDir, secretKeyFile))
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	return strings.TrimSpace(string(b)), err
}

// describeBackup counts what a person looks for in a backup.
func describeBackup(m *backup.Manifest) string {
	var parts []string
	for _, c := range []struct{ table, one, many string }{
		{"contact_submissions", "lead", "leads"},
		{"pages", "page or article", "pages and articles"},
		{"media", "media item", "media items"},
		{"users", "user", "users"},
	} {
		n := m.Tables[c.table]
		noun := c.many
		if n == 1 {
			noun = c.one
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, noun))
	}
	return strings.Join(parts, ", ")
}

func databaseName(kind string) string {
	if kind == "postgres" {
		return "PostgreSQL"
	}
	return "SQLite"
}

// buildVersion is the commit the binary was built from, as Go records it.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return info.Main.Version
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+changes"
	}
	return rev
}
