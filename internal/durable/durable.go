// Package durable writes files so that a power cut leaves either the old
// state or the whole new one.
package durable

import (
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes what r holds to path, mode 0600, so that a power
// cut at any moment leaves either no file or the whole one: it is written
// to a temporary file beside path and synced, then put in place, and the
// directory is synced so that the name survives too. A write that fails
// leaves nothing behind. Unless replace, a file already at path stays and
// the answer is fs.ErrExist: of processes writing at once, one wins.
func WriteFile(path string, r io.Reader, replace bool) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(0o600); err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if replace {
		err = os.Rename(tmp, path)
	} else {
		// A hard link fails when path exists, where a rename would
		// replace it; the temporary name then goes.
		if err = os.Link(tmp, path); err == nil {
			err = os.Remove(tmp)
		}
	}
	if err != nil {
		return err
	}
	return SyncDir(dir)
}

// SyncDir makes the entries of dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
