package main

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"meridian/internal/site"
)

// secretKeyFile is the key a SQLite site keeps beside its database when no
// SITE_SECRET_KEY is given, made at its first start.
const secretKeyFile = "secret.key"

// secretBox returns the box that seals the two-factor secrets: of the
// configured key; else, for a SQLite database in dataDir (one process
// uses it), of the key file there, made if missing, so that a copy of the
// database alone does not hold them; else none, which PostgreSQL sites are
// warned of, since their instances must share a configured key.
func secretBox(key, dataDir string, sqlite bool, logger *slog.Logger) (*site.SecretBox, error) {
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
	if errors.Is(err, fs.ErrNotExist) {
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return nil, err
		}
		b = []byte(base64.RawURLEncoding.EncodeToString(raw) + "\n")
		// O_EXCL: a second process starting at the same moment reads the
		// first one's key rather than writing its own.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			return secretBox(key, dataDir, sqlite, logger)
		} else if err != nil {
			return nil, fmt.Errorf("make the secret key file: %w", err)
		}
		if _, err := f.Write(b); err != nil {
			f.Close()
			return nil, fmt.Errorf("write the secret key file: %w", err)
		}
		if err := f.Close(); err != nil {
			return nil, fmt.Errorf("write the secret key file: %w", err)
		}
		logger.Info("made the secret key file", "path", path)
	} else if err != nil {
		return nil, fmt.Errorf("read the secret key file: %w", err)
	}
	box, err := site.NewSecretBox(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("the secret key file %s holds %d characters, fewer than %d: delete it only if no two-factor sign-in is set up", path, len(strings.TrimSpace(string(b))), site.MinSecretKeyLength)
	}
	return box, nil
}
