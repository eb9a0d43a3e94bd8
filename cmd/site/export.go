package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"meridian/internal/backup"
	"meridian/internal/postgres"
	"meridian/internal/site"
	"meridian/internal/sqlite"
	"meridian/internal/transfer"
)

const exportUsage = `usage:
  site export --content FILE                 write the site's content to FILE (.tar.gz or .zip)
  site import [--dry-run] [--force] FILE     bring the content exported in FILE into this site

The content is the texts, pages and articles, menu, footer, testimonials, images, settings,
redirects, the checks of the page form and the media they use; never users, leads, sessions
or logs. An import creates, updates and deletes records by their natural keys (a page's slug,
a redirect's source, a media file's SHA-256) so that the site's content becomes the export's;
a second import changes nothing. --dry-run lists the changes and makes none; --force writes
over what was changed on this site since its last import. The database is chosen as for the
server (DATABASE_URL, or -data-dir).`

// contentNames name the records of each kind in a summary, one and many.
var contentNames = []struct{ kind, one, many string }{
	{"pages", "page or article", "pages and articles"},
	{"content", "text", "texts"},
	{"menu-items", "menu item", "menu items"},
	{"footer-links", "footer link", "footer links"},
	{"testimonials", "testimonial", "testimonials"},
	{"images", "image", "images"},
	{"redirects", "redirect", "redirects"},
	{"media", "media item", "media items"},
}

// describeContent counts what a person looks for in an export.
func describeContent(m *backup.Manifest) string {
	var parts []string
	for _, c := range contentNames {
		n, ok := m.Records[c.kind]
		if !ok {
			continue
		}
		noun := c.many
		if n == 1 {
			noun = c.one
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, noun))
	}
	return strings.Join(parts, ", ")
}

// runExport writes the content of the configured site to an archive (see
// transfer.Export).
func runExport(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fset := flag.NewFlagSet("site export", flag.ContinueOnError)
	fset.SetOutput(stderr)
	dataDir := fset.String("data-dir", envOr(getenv, "SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	file := fset.String("content", "", "write the content to this file (.tar.gz or .zip)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *file == "" || fset.NArg() != 0 {
		return usageError{"name the file of the export: site export --content FILE", exportUsage}
	}
	m := backup.Manifest{Version: buildVersion(), Database: "sqlite", Schema: sqlite.Schema()}
	if getenv("DATABASE_URL") != "" {
		m.Database, m.Schema = "postgres", postgres.Schema()
	} else if _, err := os.Stat(filepath.Join(*dataDir, "site.db")); err != nil {
		return fmt.Errorf("export: no database at %s: %w", filepath.Join(*dataDir, "site.db"), err)
	}
	db, _, err := openStore(ctx, &config{dataDir: *dataDir, databaseURL: getenv("DATABASE_URL")})
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer db.Close()
	out, err := transfer.Export(ctx, db, *file, m)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	size := int64(0)
	if st, err := os.Stat(*file); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(stderr, "Exported the content of the site to %s (%s): %s.\n", *file, site.FormatBytes(size), describeContent(out))
	return nil
}

// runImport brings the content of an export into the configured site (see
// transfer.Import), and lists what it changed or, with --dry-run, would.
func runImport(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fset := flag.NewFlagSet("site import", flag.ContinueOnError)
	fset.SetOutput(stderr)
	dataDir := fset.String("data-dir", envOr(getenv, "SITE_DATA_DIR", "data"), "directory of the SQLite database (env SITE_DATA_DIR)")
	dryRun := fset.Bool("dry-run", false, "list what the import would change, and change nothing")
	force := fset.Bool("force", false, "write over what was changed on this site since its last import")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() != 1 {
		return usageError{"name the file of the export", exportUsage}
	}
	file := fset.Arg(0)
	if _, err := os.Stat(file); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	if path := filepath.Join(*dataDir, "site.db"); getenv("DATABASE_URL") == "" {
		// An import goes into a site, with its first administrator: one
		// that was started once.
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("import: no database at %s (start the site once first): %w", path, err)
		}
	}
	db, _, err := openStore(ctx, &config{dataDir: *dataDir, databaseURL: getenv("DATABASE_URL")})
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer db.Close()
	// The rules of pages and redirects need the addresses the site
	// answers itself, which its build decides.
	srv, err := newServer(db, "", slog.New(slog.DiscardHandler))
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	opt := transfer.Options{DryRun: *dryRun, Force: *force, Routes: srv.Pages.Routes(), Schema: sqlite.Schema(),
		Serves: func(path string) bool { return srv.Pages.Known(path) || srv.Assets.Has(path) }}
	if getenv("DATABASE_URL") != "" {
		opt.Schema = postgres.Schema()
	}
	if u, err := url.Parse(getenv("SITE_URL")); err == nil && u.Host != "" {
		opt.Hosts = []string{u.Host}
	}
	report, err := transfer.Import(ctx, db, file, opt)
	if report != nil {
		printImport(stderr, file, report, *dryRun)
	}
	if err != nil {
		var refused *transfer.Refused
		if errors.As(err, &refused) {
			return err
		}
		return fmt.Errorf("import: %w", err)
	}
	if report.Written && getenv("DATABASE_URL") == "" {
		fmt.Fprintln(stderr, "A site running on this database shows the imported content after its next restart (or the next change saved in its admin).")
	}
	return nil
}

// printImport lists the changes of an import, one a line, and sums them up.
func printImport(w io.Writer, file string, r *transfer.Report, dryRun bool) {
	m := r.Manifest
	fmt.Fprintf(w, "%s: the content of a %s site, exported %s by version %s: %s.\n",
		file, backup.DatabaseName(m.Database), m.Created.Format(time.RFC3339), m.Version, describeContent(m))
	if r.Unchanged == nil {
		return
	}
	width := 0
	for _, c := range r.Changes {
		width = max(width, len(c.Kind))
	}
	count := map[string]int{}
	for _, c := range r.Changes {
		line := fmt.Sprintf("  %-6s  %-*s  %s", c.Op, width, c.Kind, c.Label)
		if c.Conflict != "" {
			line += "\n          CONFLICT: " + c.Conflict
			count["conflict"]++
		}
		fmt.Fprintln(w, line)
		count[c.Op]++
	}
	unchanged := 0
	for _, n := range r.Unchanged {
		unchanged += n
	}
	words := map[string]string{site.ActionCreate: "to create", site.ActionUpdate: "to update", site.ActionDelete: "to delete"}
	if r.Written {
		words = map[string]string{site.ActionCreate: "created", site.ActionUpdate: "updated", site.ActionDelete: "deleted"}
	}
	var parts []string
	for _, op := range []string{site.ActionCreate, site.ActionUpdate, site.ActionDelete} {
		if n := count[op]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, words[op]))
		}
	}
	changes := strings.Join(parts, ", ")
	conflicts := ""
	if n := count["conflict"]; n > 0 {
		conflicts = fmt.Sprintf(" (%d %s)", n, map[bool]string{true: "conflict", false: "conflicts"}[n == 1])
	}
	switch {
	case len(r.Changes) == 0:
		fmt.Fprintf(w, "Nothing to import: the content of this site is the export's already (%d records).\n", unchanged)
	case r.Written:
		fmt.Fprintf(w, "Imported: %s%s; %d records were the export's already.\n", changes, conflicts, unchanged)
	default:
		fmt.Fprintf(w, "To import: %s%s; %d records are the export's already.\n", changes, conflicts, unchanged)
		if dryRun {
			fmt.Fprintln(w, "Nothing was changed (--dry-run).")
			if count["conflict"] > 0 {
				fmt.Fprintln(w, "The import stops at the conflicts, unless --force.")
			}
		}
	}
}
