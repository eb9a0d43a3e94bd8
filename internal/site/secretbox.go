package site

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
)

// MinSecretKeyLength is the shortest secret key the server accepts.
const MinSecretKeyLength = 32

// sealedPrefix starts a value SecretBox sealed; a stored value without it
// was written before the key existed and is read as it is.
const sealedPrefix = "v1:"

// ErrNoSecretKey is a sealed value read by a server without a key.
var ErrNoSecretKey = errors.New("site: the value is encrypted, and the server has no secret key to read it (SITE_SECRET_KEY)")

// ErrWrongSecretKey is a sealed value the key cannot open: it was sealed
// with another key, or changed.
var ErrWrongSecretKey = errors.New("site: the value was encrypted with another secret key (SITE_SECRET_KEY changed?)")

// SecretBox seals the secrets the database keeps but must not show to
// whoever reads a copy of it (the two-factor secrets), with AES-256-GCM
// under a key of the server's configuration. A nil box seals nothing.
type SecretBox struct {
	aead cipher.AEAD
	// signKey keys Sign; derived from the same key, apart from the AES key.
	signKey []byte
}

// NewSecretBox returns the box of key, a string of at least
// MinSecretKeyLength characters (its SHA-256 is the AES key).
func NewSecretBox(key string) (*SecretBox, error) {
	if len(key) < MinSecretKeyLength {
		return nil, errors.New("site: the secret key must be at least 32 characters")
	}
	sum := sha256.Sum256([]byte("meridian secret box:" + key))
	block, err := aes.NewCipher(sum[:])
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	signKey := sha256.Sum256([]byte("meridian signatures:" + key))
	return &SecretBox{aead: aead, signKey: signKey[:]}, nil
}

// Sign returns the HMAC-SHA256 of msg under a key of the server's
// configuration, so that a value the server hands out (the staff's
// draft-view cookie) cannot be made from a copy of the database alone. A
// nil box signs without a key: whoever knows msg can make the same.
func (b *SecretBox) Sign(msg string) []byte {
	var key []byte
	if b != nil {
		key = b.signKey
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return m.Sum(nil)
}

// Seal returns plain encrypted, as text to store; a nil box returns plain.
func (b *SecretBox) Seal(plain string) (string, error) {
	if b == nil || plain == "" {
		return plain, nil
	}
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	sealed := b.aead.Seal(nonce, nonce, []byte(plain), nil)
	return sealedPrefix + base64.RawStdEncoding.EncodeToString(sealed), nil
}

// IsSealed reports whether a stored value was sealed by a SecretBox, and
// so needs its key to be read.
func IsSealed(stored string) bool { return strings.HasPrefix(stored, sealedPrefix) }

// Open returns the plain text of a stored value: a sealed one decrypted,
// any other as it is.
func (b *SecretBox) Open(stored string) (string, error) {
	rest, ok := strings.CutPrefix(stored, sealedPrefix)
	if !ok {
		return stored, nil
	}
	if b == nil {
		return "", ErrNoSecretKey
	}
	raw, err := base64.RawStdEncoding.DecodeString(rest)
	n := b.aead.NonceSize()
	if err != nil || len(raw) < n {
		return "", ErrWrongSecretKey
	}
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return "", ErrWrongSecretKey
	}
	return string(plain), nil
}
