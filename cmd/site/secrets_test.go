package main

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"meridian/internal/durable"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// noSealed is the check of a database that holds no sealed value.
func noSealed(context.Context) (bool, error) { return false, nil }

func TestSecretBoxKeyFile(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	dir := t.TempDir()
	first, err := secretBox(ctx, "", dir, true, noSealed, logger)
	if err != nil || first == nil {
		t.Fatalf("first start: %v %v", first, err)
	}
	info, err := os.Stat(filepath.Join(dir, secretKeyFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", info, err)
	}
	sealed, _ := first.Seal("JBSWY3DPEHPK3PXP")
	// The next start reads the same key.
	second, err := secretBox(ctx, "", dir, true, noSealed, logger)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := second.Open(sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Errorf("second start opens %q, %v", got, err)
	}
	// A configured key wins, and no file is made for it.
	other := t.TempDir()
	box, err := secretBox(ctx, strings.Repeat("s", 40), other, true, noSealed, logger)
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
	if box, err := secretBox(ctx, "", t.TempDir(), false, noSealed, logger); box != nil || err != nil {
		t.Errorf("postgres without key: %v %v", box, err)
	}
	// A file too short to be a key is refused with its path.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, secretKeyFile), []byte("short\n"), 0o600)
	if _, err := secretBox(ctx, "", bad, true, noSealed, logger); err == nil || !strings.Contains(err.Error(), secretKeyFile) {
		t.Errorf("short key file: %v", err)
	}
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// failingReader yields some bytes, then fails, as a write that runs out
// of room half-way.
type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n > 0 {
		n := copy(p, strings.Repeat("k", min(r.n, len(p))))
		r.n -= n
		return n, nil
	}
	return 0, errors.New("no space left on device")
}

func TestSecretKeyFileDurable(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	t.Run("Complete", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := secretBox(ctx, "", dir, true, noSealed, logger); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, secretKeyFile))
		if err != nil || len(strings.TrimSpace(string(b))) != 43 {
			t.Errorf("key file = %q, %v; want 43 characters", b, err)
		}
		if got := dirNames(t, dir); len(got) != 1 || got[0] != secretKeyFile {
			t.Errorf("files = %q, want only %s", got, secretKeyFile)
		}
	})
	t.Run("FailedWriteLeavesNothing", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, secretKeyFile)
		if err := durable.WriteFile(path, &failingReader{n: 10}, false); err == nil {
			t.Fatal("a failed write succeeded")
		}
		if got := dirNames(t, dir); len(got) != 0 {
			t.Errorf("files after a failed write = %q, want none", got)
		}
		// A failed replacement leaves the old file as it was.
		os.WriteFile(path, []byte("old key\n"), 0o600)
		if err := durable.WriteFile(path, &failingReader{n: 10}, true); err == nil {
			t.Fatal("a failed write succeeded")
		}
		if b, _ := os.ReadFile(path); string(b) != "old key\n" || len(dirNames(t, dir)) != 1 {
			t.Errorf("after a failed replacement: %q, files %q", b, dirNames(t, dir))
		}
	})
	t.Run("ExistingFileWins", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, secretKeyFile)
		os.WriteFile(path, []byte("first\n"), 0o600)
		if err := durable.WriteFile(path, strings.NewReader("second\n"), false); !errors.Is(err, fs.ErrExist) {
			t.Errorf("err = %v, want fs.ErrExist", err)
		}
		if b, _ := os.ReadFile(path); string(b) != "first\n" || len(dirNames(t, dir)) != 1 {
			t.Errorf("file = %q, files %q", b, dirNames(t, dir))
		}
	})
}

// TestEmptySecretKeyFile: a key file a power cut left empty is made anew
// when the database holds nothing sealed with the lost key, and refused
// with what to do when it does.
func TestEmptySecretKeyFile(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.CreateUser(ctx, &site.User{Username: "root", PasswordHash: "x", Role: site.RoleAdmin, Status: site.UserActive})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, secretKeyFile)
	os.WriteFile(path, nil, 0o600)
	box, err := secretBox(ctx, "", dir, true, sealedValues(db), logger)
	if err != nil || box == nil {
		t.Fatalf("empty key file, nothing sealed: %v", err)
	}
	b, _ := os.ReadFile(path)
	if len(strings.TrimSpace(string(b))) != 43 {
		t.Fatalf("key file made anew = %q", b)
	}
	// The next start reads the new key.
	sealed, _ := box.Seal("JBSWY3DPEHPK3PXP")
	if err := db.SetPendingTOTP(ctx, u.ID, sealed); err != nil {
		t.Fatal(err)
	}
	again, err := secretBox(ctx, "", dir, true, sealedValues(db), logger)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := again.Open(sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Errorf("next start opens %q, %v", got, err)
	}
	// Now a value is sealed with it: an empty file is refused.
	os.WriteFile(path, []byte("\n"), 0o600)
	if _, err := secretBox(ctx, "", dir, true, sealedValues(db), logger); err == nil || !strings.Contains(err.Error(), "sealed with the lost key") {
		t.Errorf("empty key file, a secret sealed: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "\n" {
		t.Errorf("refused key file changed to %q", b)
	}
}

// TestSealedMailPassword: the saved mail password counts among the values
// sealed with the key, so that an empty key file is not made anew over it.
func TestSealedMailPassword(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	box, err := secretBox(ctx, "", dir, true, sealedValues(db), logger)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := site.SaveMailSettings(ctx, db, box, &site.MailSettings{Host: "smtp.example.com", Username: "u", Password: "p",
		From: "a@example.com"}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, secretKeyFile), []byte("\n"), 0o600)
	if _, err := secretBox(ctx, "", dir, true, sealedValues(db), logger); err == nil || !strings.Contains(err.Error(), "the saved mail password") {
		t.Errorf("empty key file, the mail password sealed: %v", err)
	}
}
