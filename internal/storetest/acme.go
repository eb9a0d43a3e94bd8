package storetest

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/acme/autocert"

	"meridian/internal/site"
)

// testACMECache runs the ACME client's cache over the store: a missing key
// is a cache miss, a put replaces what was there, a delete removes it, and
// what is stored is sealed with the secret key.
func testACMECache(t *testing.T, s site.Store) {
	ctx := context.Background()
	box, err := site.NewSecretBox(strings.Repeat("k", 40))
	if err != nil {
		t.Fatal(err)
	}
	cache := site.ACMECache{Store: s, Box: box}
	const key = "www.example.com"
	if _, err := cache.Get(ctx, key); err != autocert.ErrCacheMiss {
		t.Fatalf("get of a missing key: %v, want autocert.ErrCacheMiss", err)
	}
	if err := cache.Delete(ctx, key); err != nil {
		t.Errorf("delete of a missing key: %v", err)
	}
	first := []byte("-----BEGIN EC PRIVATE KEY-----\nfirst\n-----END EC PRIVATE KEY-----\n")
	if err := cache.Put(ctx, key, first); err != nil {
		t.Fatal(err)
	}
	if got := must(cache.Get(ctx, key))(t); !bytes.Equal(got, first) {
		t.Errorf("get = %q, want %q", got, first)
	}
	raw := func(key string) (data []byte) {
		inTx(t, s, func(tx *sql.Tx) error {
			return tx.QueryRowContext(ctx, `SELECT data FROM acme_cache WHERE key = '`+key+`'`).Scan(&data)
		})
		return data
	}
	if stored := raw(key); bytes.Contains(stored, []byte("PRIVATE KEY")) || !site.IsSealed(string(stored)) {
		t.Errorf("stored data = %q, want it sealed", stored)
	}

	// A put replaces the data; other keys keep theirs.
	second := bytes.Repeat([]byte("second "), 1000)
	if err := cache.Put(ctx, "acme_account+key", []byte("account")); err != nil {
		t.Fatal(err)
	}
	if err := cache.Put(ctx, key, second); err != nil {
		t.Fatal(err)
	}
	if got := must(cache.Get(ctx, key))(t); !bytes.Equal(got, second) {
		t.Errorf("get after a second put = %d bytes, want the second value's %d", len(got), len(second))
	}
	if got := must(cache.Get(ctx, "acme_account+key"))(t); string(got) != "account" {
		t.Errorf("another key = %q", got)
	}

	// Bad input is refused and changes nothing.
	for name, put := range map[string]func() error{
		"EmptyKey":    func() error { return cache.Put(ctx, "", first) },
		"LongKey":     func() error { return cache.Put(ctx, strings.Repeat("a", site.MaxACMECacheKey+1), first) },
		"LargeValue":  func() error { return cache.Put(ctx, key, make([]byte, site.MaxACMECacheData+1)) },
		"DeleteEmpty": func() error { return cache.Delete(ctx, "") },
	} {
		if err := put(); site.ErrorCode(err) != site.EINVALID {
			t.Errorf("%s: %v, want invalid", name, err)
		}
	}
	if got := must(cache.Get(ctx, key))(t); !bytes.Equal(got, second) {
		t.Errorf("a refused put changed the data to %d bytes", len(got))
	}

	// A value sealed with another key is a miss, which the cache reports,
	// so that a new certificate is ordered.
	other, err := site.NewSecretBox(strings.Repeat("x", 40))
	if err != nil {
		t.Fatal(err)
	}
	var unreadable []string
	otherCache := site.ACMECache{Store: s, Box: other, Unreadable: func(key string, err error) {
		if !errors.Is(err, site.ErrWrongSecretKey) {
			t.Errorf("unreadable %s: %v", key, err)
		}
		unreadable = append(unreadable, key)
	}}
	if _, err := otherCache.Get(ctx, key); err != autocert.ErrCacheMiss || len(unreadable) != 1 || unreadable[0] != key {
		t.Errorf("get with another secret key: %v, reported %v; want a miss, reported", err, unreadable)
	}

	if err := cache.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := cache.Get(ctx, key); err != autocert.ErrCacheMiss {
		t.Errorf("get after delete: %v, want autocert.ErrCacheMiss", err)
	}
	if got := must(cache.Get(ctx, "acme_account+key"))(t); string(got) != "account" {
		t.Errorf("the delete of one key changed another: %q", got)
	}
}
