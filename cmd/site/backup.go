package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"meridian/internal/backup"
	"meridian/internal/site"
)

const backupUsage = `usage:
  site backup FILE                          write a backup of the site to FILE (.tar.gz or .zip)
  site restore [--dry-run] [--force] FILE   restore the backup in FILE

The database is chosen as for the server (DATABASE_URL, or -data-dir). A backup holds the
database and the secret key: keep it as safe as the key itself. A restore goes into an
empty data directory or database; --force replaces what is there.`

// backupSource is the database and key the server would use, from the
// same flags and environment.
func backupSource(getenv func(string) string, dataDir string) backup.Source {
	return backup.Source{DatabaseURL: getenv("DATABASE_URL"), DataDir: dataDir, SecretKey: getenv("SITE_SECRET_KEY"), Version: buildVersion()}
}

// runBackup writes a backup archive of the configured database (see
// backup.Create).
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
	m, err := backup.Create(ctx, backupSource(getenv, *dataDir), file)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	size := int64(0)
	if st, err := os.Stat(file); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(stderr, "Backed up the site to %s (%s): %s.\n", file, site.FormatBytes(size), m.Describe())
	if len(m.Files) > 0 && m.Files[len(m.Files)-1].Name == backup.KeyFile {
		fmt.Fprintln(stderr, "It holds the secret key: keep it as safe as the key itself.")
	} else {
		fmt.Fprintln(stderr, "It holds no secret key: SITE_SECRET_KEY is not set, so the two-factor secrets are stored unencrypted in the database.")
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
	src := backupSource(getenv, *dataDir)
	target := filepath.Join(*dataDir, "site.db")
	if src.DatabaseURL != "" {
		target = redactURL(src.DatabaseURL)
	}
	r, err := backup.Restore(ctx, src, file, target, *dryRun, *force)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(stderr, "%s: a backup of %s, made %s by version %s (schema %d): %s.\n",
		file, backup.DatabaseName(r.Database), r.Created.Format(time.RFC3339), r.Version, r.Schema, r.Describe())
	if *dryRun {
		what := "the database"
		if r.Key != "" {
			what += " and its secret key"
		}
		fmt.Fprintf(stderr, "Would restore %s into %s. Nothing was changed (--dry-run).\n", what, target)
		return nil
	}
	if src.DatabaseURL != "" && r.Key != "" && src.SecretKey != r.Key {
		fmt.Fprintln(stderr, "The backup's secret key is not the SITE_SECRET_KEY set here: set SITE_SECRET_KEY to the key in the backup (its file secret.key) on every instance, or two-factor sign-in and the saved mail password cannot be read.")
	}
	fmt.Fprintf(stderr, "Restored into %s.\n", target)
	return nil
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
