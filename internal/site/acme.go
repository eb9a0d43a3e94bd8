package site

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/crypto/acme/autocert"
)

// The limits of what the ACME cache keeps. Its keys are a domain name (at
// most 253 characters) with a short suffix, or an HTTP-01 token; its
// values a certificate chain with its private key, or less.
const (
	MaxACMECacheKey  = 512
	MaxACMECacheData = 1 << 20
)

// ACMECacheService keeps what the ACME client of automatic HTTPS caches,
// by key: its account key, each domain's certificate with its private
// key, and the HTTP-01 tokens of orders in flight. It lives in the
// database, so that every instance of a site serves the same certificates
// and answers each other's challenges, and a restart does not order again.
type ACMECacheService interface {
	// GetACMECache returns the data stored under key, as stored;
	// ENOTFOUND when there is none.
	GetACMECache(ctx context.Context, key string) ([]byte, error)
	// PutACMECache stores data under key, in place of what was there.
	PutACMECache(ctx context.Context, key string, data []byte) error
	// DeleteACMECache removes key; a key not there is no error.
	DeleteACMECache(ctx context.Context, key string) error
}

// ACMECache is the cache of the ACME client (autocert.Cache) over the
// store. What it stores is sealed by Box, since it holds private keys.
type ACMECache struct {
	Store ACMECacheService
	Box   *SecretBox
	// Unreadable, when set, is told of a stored value that Box cannot
	// open (the secret key changed), which the cache then answers as
	// missing: the site orders a new certificate rather than failing every
	// handshake.
	Unreadable func(key string, err error)
}

var _ autocert.Cache = ACMECache{}

// Get returns the data of key; autocert.ErrCacheMiss when there is none.
func (c ACMECache) Get(ctx context.Context, key string) ([]byte, error) {
	raw, err := c.Store.GetACMECache(ctx, key)
	if ErrorCode(err) == ENOTFOUND {
		return nil, autocert.ErrCacheMiss
	}
	if err != nil {
		return nil, err
	}
	plain, err := c.Box.Open(string(raw))
	if errors.Is(err, ErrNoSecretKey) || errors.Is(err, ErrWrongSecretKey) {
		if c.Unreadable != nil {
			c.Unreadable(key, err)
		}
		return nil, autocert.ErrCacheMiss
	}
	if err != nil {
		return nil, err
	}
	return []byte(plain), nil
}

// Put stores data under key, sealed.
func (c ACMECache) Put(ctx context.Context, key string, data []byte) error {
	if err := checkACMECacheKey(key); err != nil {
		return err
	}
	if len(data) > MaxACMECacheData {
		return Errorf(EINVALID, "An ACME cache entry holds at most %d bytes; %q has %d.", MaxACMECacheData, key, len(data))
	}
	sealed, err := c.Box.Seal(string(data))
	if err != nil {
		return fmt.Errorf("seal ACME cache entry: %w", err)
	}
	return c.Store.PutACMECache(ctx, key, []byte(sealed))
}

// Delete removes key.
func (c ACMECache) Delete(ctx context.Context, key string) error {
	if err := checkACMECacheKey(key); err != nil {
		return err
	}
	return c.Store.DeleteACMECache(ctx, key)
}

func checkACMECacheKey(key string) error {
	if key == "" || len(key) > MaxACMECacheKey {
		return Errorf(EINVALID, "An ACME cache key has 1 to %d characters.", MaxACMECacheKey)
	}
	return nil
}
