// Package backup writes and reads the site's backup archives: one file,
// a .tar.gz or a .zip, that holds a manifest, a consistent copy of the
// database (SQLite's file, or each PostgreSQL table in COPY's text form)
// and the secret key. The manifest names the product, the schema and the
// counts of rows, and the size and SHA-256 of every other file, so that an
// archive that is truncated, of another product or of a newer schema is
// refused before anything is restored. An export of a site's content (see
// package transfer) is an archive of the same form, of another kind.
package backup

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Product names the site's archives in their manifests.
const Product = "meridian-site"

// ManifestName is the manifest's name in an archive, its first entry.
const ManifestName = "manifest.json"

// Kinds of archive.
const (
	// KindBackup is a backup: the whole database and the secret key.
	KindBackup = "backup"
	// KindContent is an export of a site's content, for another site.
	KindContent = "content"
)

// Manifest describes an archive.
type Manifest struct {
	Product string `json:"product"`
	// Kind is KindBackup or KindContent; a backup made before archives
	// had kinds has none, and is a backup.
	Kind string `json:"kind,omitempty"`
	// Version is the build of the site that wrote it.
	Version string `json:"version"`
	// Schema is the number of the database's last migration.
	Schema int `json:"schema"`
	// Database is "sqlite" or "postgres".
	Database string    `json:"database"`
	Created  time.Time `json:"created"`
	// Tables counts the rows of each table (a backup).
	Tables map[string]int64 `json:"tables,omitempty"`
	// Records counts the records of each kind (an export of content).
	Records map[string]int64 `json:"records,omitempty"`
	// Files lists the archive's other entries.
	Files []File `json:"files"`
}

// File is an entry of an archive.
type File struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Write writes the archive at path, in the format its name ends with
// (.tar.gz, .tgz or .zip), of m and the named files of dir, which m.Files
// then describes. The archive is written beside path and renamed into
// place once whole, with mode 0600 since it holds the secret key: a failed
// backup leaves no file.
func Write(path string, m Manifest, dir string, names []string) (err error) {
	format, err := formatOf(path, nounOf(m.Kind))
	if err != nil {
		return err
	}
	m.Product = Product
	m.Files = nil
	for _, name := range names {
		f, err := describe(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		f.Name = name
		m.Files = append(m.Files, f)
	}
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	out, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(out.Name())
		}
	}()
	if err := out.Chmod(0o600); err != nil {
		return err
	}
	var add func(name string, size int64, r io.Reader) error
	var finish func() error
	switch format {
	case "zip":
		zw := zip.NewWriter(out)
		add = func(name string, _ int64, r io.Reader) error {
			w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: m.Created})
			if err != nil {
				return err
			}
			_, err = io.Copy(w, r)
			return err
		}
		finish = zw.Close
	default:
		gw := gzip.NewWriter(out)
		tw := tar.NewWriter(gw)
		add = func(name string, size int64, r io.Reader) error {
			if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: size, ModTime: m.Created, Typeflag: tar.TypeReg}); err != nil {
				return err
			}
			_, err := io.Copy(tw, r)
			return err
		}
		finish = func() error { return errors.Join(tw.Close(), gw.Close()) }
	}
	if err := add(ManifestName, int64(len(manifest)), strings.NewReader(string(manifest))); err != nil {
		return err
	}
	for _, f := range m.Files {
		if err := addFile(add, filepath.Join(dir, filepath.FromSlash(f.Name)), f); err != nil {
			return err
		}
	}
	if err := finish(); err != nil {
		return err
	}
	if err := out.Sync(); err != nil {
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Rename(out.Name(), path)
}

func addFile(add func(string, int64, io.Reader) error, path string, f File) error {
	r, err := os.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	return add(f.Name, f.Size, io.LimitReader(r, f.Size))
}

// describe is the size and hash of the file at path.
func describe(path string) (File, error) {
	r, err := os.Open(path)
	if err != nil {
		return File{}, err
	}
	defer r.Close()
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return File{}, err
	}
	return File{Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// nounOf names an archive of the kind in messages.
func nounOf(kind string) string {
	if kind == KindContent {
		return "content export"
	}
	return "backup"
}

func formatOf(path, noun string) (string, error) {
	switch name := strings.ToLower(path); {
	case strings.HasSuffix(name, ".tar.gz"), strings.HasSuffix(name, ".tgz"):
		return "tar.gz", nil
	case strings.HasSuffix(name, ".zip"):
		return "zip", nil
	}
	return "", fmt.Errorf("%s: the name of a %s file ends with .tar.gz, .tgz or .zip", path, noun)
}

// Invalid is an archive that cannot be restored: the message says why.
type Invalid struct{ Msg string }

func (e *Invalid) Error() string { return e.Msg }

func invalid(path, format string, args ...any) error {
	return &Invalid{Msg: path + ": " + fmt.Sprintf(format, args...)}
}

// Extract checks the archive at path and writes its files into dir (which
// should be empty): the manifest must come first and be this product's,
// and every file it lists must be there, no other, each of its size and
// hash. Extract returns the manifest.
func Extract(path, dir string) (*Manifest, error) {
	return extract(path, dir, KindBackup)
}

// ExtractContent checks and extracts an export of content as Extract does
// a backup, and refuses any other kind of archive.
func ExtractContent(path, dir string) (*Manifest, error) {
	return extract(path, dir, KindContent)
}

// extract checks and extracts the archive at path, which must be of kind.
func extract(path, dir, kind string) (*Manifest, error) {
	noun := nounOf(kind)
	var m *Manifest
	seen := map[string]bool{}
	err := walkArchive(path, noun, func(name string, r io.Reader) error {
		if m == nil {
			got, err := decodeManifest(path, name, r, noun)
			if err != nil {
				return err
			}
			switch {
			case kind == KindBackup && got.Kind == KindContent:
				return invalid(path, "is an export of a site's content, not a backup: bring it into a site with site import")
			case kind == KindContent && got.Kind != KindContent:
				return invalid(path, "is a backup of a whole site, not an export of its content: restore it with site restore")
			}
			m = got
			return nil
		}
		i := slices.IndexFunc(m.Files, func(f File) bool { return f.Name == name })
		if i < 0 || seen[name] || !local(name) {
			return invalid(path, "holds %q, which its manifest does not list", name)
		}
		seen[name] = true
		return extractFile(path, filepath.Join(dir, filepath.FromSlash(name)), r, m.Files[i])
	})
	if m, err = manifestOf(path, noun, m, err); err != nil {
		return nil, err
	}
	for _, f := range m.Files {
		if !seen[f.Name] {
			return nil, invalid(path, "is missing %s, which its manifest lists: the file is cut short", f.Name)
		}
	}
	return m, nil
}

// decodeManifest reads the manifest from r, the first entry of the archive
// at path, named name.
func decodeManifest(path, name string, r io.Reader, noun string) (*Manifest, error) {
	if name != ManifestName {
		return nil, invalid(path, "not a %s of this site (it does not begin with %s)", noun, ManifestName)
	}
	var m Manifest
	if err := json.NewDecoder(io.LimitReader(r, 1<<20)).Decode(&m); err != nil || m.Product != Product {
		return nil, invalid(path, "not a %s of this site (its manifest is not this product's)", noun)
	}
	return &m, nil
}

// ReadManifest reads the manifest of the archive at path, its first entry,
// and nothing after it: what the list of backups shows, at the cost of a
// few kilobytes however large the archive. It checks no other file (see
// Extract).
func ReadManifest(path string) (*Manifest, error) {
	noun := nounOf(KindBackup)
	var m *Manifest
	err := walkArchive(path, noun, func(name string, r io.Reader) error {
		var err error
		if m, err = decodeManifest(path, name, r, noun); err == nil {
			err = errStopWalk
		}
		return err
	})
	return manifestOf(path, noun, m, err)
}

// manifestOf is the manifest m read in a walk of the archive at path that
// ended with err: err itself, or an *Invalid when the walk read no
// manifest.
func manifestOf(path, noun string, m *Manifest, err error) (*Manifest, error) {
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, invalid(path, "not a %s of this site (it holds no %s)", noun, ManifestName)
	}
	return m, nil
}

// errStopWalk ends a walk of an archive early, with no failure.
var errStopWalk = errors.New("stop")

// walkArchive calls each for every entry of the archive at path, a zip or
// a gzip tar as its name says, in order, until each fails or returns
// errStopWalk. An archive that cannot be read to its end is an *Invalid.
func walkArchive(path, noun string, each func(name string, r io.Reader) error) error {
	format, err := formatOf(path, noun)
	if err != nil {
		return err
	}
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	err = walkEntries(file, format, each)
	var inv *Invalid
	switch {
	case err == nil || err == errStopWalk:
		return nil
	case errors.As(err, &inv):
		return err
	}
	return invalid(path, "not a whole %s archive (%v)", noun, err)
}

// walkEntries calls each for every entry of the archive file, a zip or a
// gzip tar as format says, in order, until each fails.
func walkEntries(file *os.File, format string, each func(name string, r io.Reader) error) error {
	if format == "zip" {
		st, err := file.Stat()
		if err != nil {
			return err
		}
		zr, err := zip.NewReader(file, st.Size())
		if err != nil {
			return err
		}
		for _, f := range zr.File {
			r, err := f.Open()
			if err != nil {
				return err
			}
			err = each(f.Name, r)
			r.Close()
			if err != nil {
				return err
			}
		}
		return nil
	}
	gr, err := gzip.NewReader(file)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := each(h.Name, tr); err != nil {
			return err
		}
	}
}

// local reports whether name stays inside the directory it is extracted
// into.
func local(name string) bool {
	return filepath.IsLocal(filepath.FromSlash(name)) && !strings.Contains(name, "\\")
}

func extractFile(archive, path string, r io.Reader, f File) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	out, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), io.LimitReader(r, f.Size+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if n != f.Size || hex.EncodeToString(h.Sum(nil)) != f.SHA256 {
		return invalid(archive, "%s is not what its manifest says (%d bytes of %d, or another content): the file is damaged", f.Name, n, f.Size)
	}
	return nil
}
