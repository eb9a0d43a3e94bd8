package backup

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"meridian/internal/site"
)

// Dir is a server's backup directory: the archives it makes itself (on
// its schedule, or when an administrator asks), named site.BackupName,
// which the admin lists, downloads and deletes. Several instances of a
// PostgreSQL site may share one (a mounted volume). The directory is
// configured on the server, never chosen by a request, and only names
// that site.ValidBackupName accepts are read or deleted in it.
type Dir struct {
	// Path is the directory.
	Path string
	// Source is the site the backups are of.
	Source Source

	// mu lets one backup be made at a time in this process: each reads the
	// whole database.
	mu sync.Mutex
}

// errBusy answers a backup asked for while another is being made.
var errBusy = site.Errorf(site.ECONFLICT, "A backup is being made right now. Wait for it to finish, then try again.")

// errNoBackup answers a name the directory has no archive of, and a name
// that is none of an archive.
var errNoBackup = site.Errorf(site.ENOTFOUND, "There is no such backup.")

// tempPrefix begins the names of what a backup writes before its archive
// is whole: its working directory, and the archive before it is named.
const tempPrefix = ".site-backup-"

// Create makes a backup into the directory and returns it; while another
// is being made in this process, it refuses at once (ECONFLICT).
func (d *Dir) Create(ctx context.Context) (*site.Backup, error) {
	if !d.mu.TryLock() {
		return nil, errBusy
	}
	defer d.mu.Unlock()
	return d.create(ctx)
}

// createWaiting makes a backup once the one being made in this process,
// if any, is done.
func (d *Dir) createWaiting(ctx context.Context) (*site.Backup, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.create(ctx)
}

// create writes the archive under a temporary name and then links it to
// the name of its time: that of the next free second when another backup
// took it, and always a later one than the newest archive's, so that the
// names keep the order the backups were made in. No backup replaces
// another, of this instance or of another sharing the directory.
func (d *Dir) create(ctx context.Context) (*site.Backup, error) {
	if err := os.MkdirAll(d.Path, 0o700); err != nil {
		return nil, err
	}
	b := make([]byte, 8)
	rand.Read(b)
	tmp := filepath.Join(d.Path, tempPrefix+hex.EncodeToString(b)+".tar.gz")
	m, err := Create(ctx, d.Source, tmp)
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp)
	t := m.Created
	if names, err := d.names(); err != nil {
		return nil, err
	} else if newest, ok := firstTime(names); ok && !newest.Before(t) {
		t = newest.Add(time.Second)
	}
	for tries := 0; ; t, tries = t.Add(time.Second), tries+1 {
		name := site.BackupName(t)
		err := place(tmp, filepath.Join(d.Path, name))
		switch {
		case errors.Is(err, fs.ErrExist) && tries < 60:
			continue
		case err != nil:
			return nil, err
		}
		st, err := os.Stat(filepath.Join(d.Path, name))
		if err != nil {
			return nil, err
		}
		return describeBackup(name, st.Size(), m), nil
	}
}

// firstTime is the time of the first of names.
func firstTime(names []string) (time.Time, bool) {
	if len(names) == 0 {
		return time.Time{}, false
	}
	return site.BackupTime(names[0])
}

// place gives the file tmp the name to, unless a file has it already
// (fs.ErrExist). A hard link cannot replace a file another instance put
// there meanwhile; on a file system without hard links, a rename after a
// check does.
func place(tmp, to string) error {
	err := os.Link(tmp, to)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, err := os.Lstat(to); err == nil {
		return fs.ErrExist
	}
	return os.Rename(tmp, to)
}

// describeBackup is the list's entry of the archive name of size bytes.
func describeBackup(name string, size int64, m *Manifest) *site.Backup {
	return &site.Backup{Name: name, Size: size, Created: m.Created, Version: m.Version, Schema: m.Schema,
		Database: m.Database, Counts: m.Counts()}
}

// List returns the archives of the directory, newest first, each as its
// manifest describes it: only the manifest of each is read. An archive
// whose manifest cannot be read is listed with the problem.
func (d *Dir) List() ([]*site.Backup, error) {
	names, err := d.names()
	if err != nil {
		return nil, err
	}
	list := make([]*site.Backup, 0, len(names))
	for _, name := range names {
		path := filepath.Join(d.Path, name)
		st, err := os.Lstat(path)
		if err != nil {
			continue // deleted meanwhile
		}
		m, err := ReadManifest(path)
		if err != nil {
			created, _ := site.BackupTime(name)
			problem := err.Error()
			var inv *Invalid
			if errors.As(err, &inv) {
				problem = strings.TrimPrefix(inv.Msg, path+": ")
			}
			list = append(list, &site.Backup{Name: name, Size: st.Size(), Created: created, Problem: problem})
			continue
		}
		list = append(list, describeBackup(name, st.Size(), m))
	}
	return list, nil
}

// names are the names of the archives of the directory, newest first.
func (d *Dir) names() ([]string, error) {
	entries, err := os.ReadDir(d.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && site.ValidBackupName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	// The names hold their time in UTC, most significant first.
	slices.Sort(names)
	slices.Reverse(names)
	return names, nil
}

// Open opens the archive name for reading.
func (d *Dir) Open(name string) (*os.File, fs.FileInfo, error) {
	path, err := d.path(name)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, errNoBackup
	}
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// Delete deletes the archive name.
func (d *Dir) Delete(name string) error {
	path, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(path); errors.Is(err, fs.ErrNotExist) {
		return errNoBackup
	} else if err != nil {
		return err
	}
	return nil
}

// path is the path of the archive name: an archive's name, of a regular
// file (not a link to one elsewhere).
func (d *Dir) path(name string) (string, error) {
	if !site.ValidBackupName(name) {
		return "", errNoBackup
	}
	path := filepath.Join(d.Path, name)
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || err == nil && !st.Mode().IsRegular() {
		return "", errNoBackup
	}
	return path, err
}

// Prune deletes the oldest archives beyond the newest keep, and returns
// their names.
func (d *Dir) Prune(keep int) ([]string, error) {
	names, err := d.names()
	if err != nil || len(names) <= keep {
		return nil, err
	}
	var deleted []string
	var errs []error
	for _, name := range names[keep:] {
		if err := os.Remove(filepath.Join(d.Path, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		deleted = append(deleted, name)
	}
	return deleted, errors.Join(errs...)
}

// Sweep deletes what backups left behind unfinished (a process stopped
// while it made one) longer ago than age, which no backup still being
// made, by this instance or another sharing the directory, can be.
func (d *Dir) Sweep(age time.Duration, now time.Time) error {
	entries, err := os.ReadDir(d.Path)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		// The working directory and archive of Create, and the archive
		// that Write writes beside it: ".site-backup-*", "..site-backup-*".
		if !strings.HasPrefix(e.Name(), ".") || !strings.HasPrefix(strings.TrimLeft(e.Name(), "."), tempPrefix[1:]) {
			continue
		}
		st, err := e.Info()
		if err != nil || now.Sub(st.ModTime()) < age {
			continue
		}
		if err := os.RemoveAll(filepath.Join(d.Path, e.Name())); err != nil {
			errs = append(errs, fmt.Errorf("backup: delete what a stopped backup left: %w", err))
		}
	}
	return errors.Join(errs...)
}
