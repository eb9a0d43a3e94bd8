package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"meridian/internal/backup"
	"meridian/internal/durable"
	"meridian/internal/site"
)

// secretKeyFile is the key a SQLite site keeps beside its database when no
// SITE_SECRET_KEY is given, made at its first start.
const secretKeyFile = backup.KeyFile

// secretBox returns the box that seals the two-factor secrets and the saved
// mail password: of the
// configured key; else, for a SQLite database in dataDir (one process
// uses it), of the key file there, made if missing, so that a copy of the
// database alone does not hold them; else none, which PostgreSQL sites are
// warned of, since their instances must share a configured key.
//
// sealed says whether the database holds a value sealed with a key. An
// empty key file (a power cut while it was first written, before it was
// written durably) is made anew only when it does not: then no value can
// have been sealed with the lost key, and nothing is lost but the staff's
// draft-view cookies, which the next sign-in sets again.
func secretBox(ctx context.Context, key, dataDir string, sqlite bool, sealed func(context.Context) (bool, error), logger *slog.Logger) (*site.SecretBox, error) {
	if key != "" {
		box, err := site.NewSecretBox(key)
		if err != nil {
			return nil, fmt.Errorf("bad SITE_SECRET_KEY: it must be at least %d characters", site.MinSecretKeyLength)
		}
		return box, nil
	}
	if !sqlite {
		logger.Warn("SITE_SECRET_KEY is not set: two-factor secrets are stored unencrypted in the database; set the same key on every instance")
		return nil, nil
	}
	path := filepath.Join(dataDir, secretKeyFile)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if b, err = newKeyFile(path, false); errors.Is(err, fs.ErrExist) {
			// A second process starting at the same moment reads the
			// first one's key rather than writing its own.
			return secretBox(ctx, key, dataDir, sqlite, sealed, logger)
		} else if err != nil {
			return nil, err
		}
		logger.Info("made the secret key file", "path", path)
	case err != nil:
		return nil, fmt.Errorf("read the secret key file: %w", err)
	case strings.TrimSpace(string(b)) == "":
		inUse, err := sealed(ctx)
		if err != nil {
			return nil, fmt.Errorf("the secret key file %s is empty, and the database could not be checked for values it sealed: %w", path, err)
		}
		if inUse {
			return nil, fmt.Errorf("the secret key file %s is empty, and the database holds values sealed with the lost key (two-factor secrets, the saved mail password): restore the file from a backup, or delete it, have an administrator reset each user's two-factor sign-in and enter the mail password again", path)
		}
		if b, err = newKeyFile(path, true); err != nil {
			return nil, err
		}
		logger.Warn("the secret key file was empty; the database holds no value sealed with it, so a new key was made", "path", path)
	}
	box, err := site.NewSecretBox(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("the secret key file %s holds %d characters, fewer than %d: delete it only if no two-factor sign-in is set up", path, len(strings.TrimSpace(string(b))), site.MinSecretKeyLength)
	}
	return box, nil
}

// newKeyFile makes a random key and writes it to path (see durable.WriteFile)
// and returns the file's content.
func newKeyFile(path string, replace bool) ([]byte, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	b := []byte(base64.RawURLEncoding.EncodeToString(raw) + "\n")
	if err := durable.WriteFile(path, bytes.NewReader(b), replace); err != nil {
		return nil, fmt.Errorf("write the secret key file: %w", err)
	}
	return b, nil
}
