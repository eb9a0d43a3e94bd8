package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecretBoxKeyFile(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	dir := t.TempDir()
	first, err := secretBox("", dir, true, logger)
	if err != nil || first == nil {
		t.Fatalf("first start: %v %v", first, err)
	}
	info, err := os.Stat(filepath.Join(dir, secretKeyFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", info, err)
	}
	sealed, _ := first.Seal("JBSWY3DPEHPK3PXP")
	// The next start reads the same key.
	second, err := secretBox("", dir, true, logger)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := second.Open(sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Errorf("second start opens %q, %v", got, err)
	}
	// A configured key wins, and no file is made for it.
	other := t.TempDir()
	box, err := secretBox(strings.Repeat("s", 40), other, true, logger)
	if err != nil || box == nil {
		t.Fatalf("configured: %v", err)
	}
	if _, err := os.Stat(filepath.Join(other, secretKeyFile)); !os.IsNotExist(err) {
		t.Errorf("key file made beside a configured key: %v", err)
	}
	if _, err := box.Open(sealed); err == nil {
		t.Error("another key opens the value")
	}
	// PostgreSQL without a key: none (and a warning).
	if box, err := secretBox("", t.TempDir(), false, logger); box != nil || err != nil {
		t.Errorf("postgres without key: %v %v", box, err)
	}
	// A file too short to be a key is refused with its path.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, secretKeyFile), []byte("short\n"), 0o600)
	if _, err := secretBox("", bad, true, logger); err == nil || !strings.Contains(err.Error(), secretKeyFile) {
		t.Errorf("short key file: %v", err)
	}
}
