package ssr

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"sync"

	"github.com/andybalholm/brotli"

	"meridian/internal/ogimage"
)

// Page is a finished page in every encoding the server sends.
type Page struct {
	Status int
	ETag   string
	Raw    []byte
	Gzip   []byte
	Brotli []byte
	// The tags of the encoded forms, which are representations of their own.
	GzipETag, BrotliETag string
	// Card is what the page's picture for link previews is drawn from,
	// and ImagePath the picture's address, /og/{key}{path}.png, which the
	// page's head names.
	Card      ogimage.Card
	ImagePath string
}

// pageBrotliLevel trades a few per cent of size for a render that is ready
// sooner after an edit: level 11 took about twice as long as the render
// itself on the home page.
const pageBrotliLevel = 9

// The compressors keep their tables (megabytes for brotli) between pages:
// allocating them afresh for every page made one render in ten several
// times slower than the others.
var (
	gzipWriters   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression); return w }}
	brotliWriters = sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, pageBrotliLevel) }}
)

func compressWith[W interface {
	io.WriteCloser
	Reset(io.Writer)
}](pool *sync.Pool, raw []byte) ([]byte, error) {
	w := pool.Get().(W)
	defer pool.Put(w)
	var b bytes.Buffer
	b.Grow(len(raw) / 4)
	w.Reset(&b)
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// newPage compresses a rendered page both ways at once: the request that
// waits for a fresh page after an edit waits for the slower of the two only.
func newPage(status int, raw []byte) (*Page, error) {
	sum := sha256.Sum256(raw)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	p := &Page{
		Status:     status,
		ETag:       `"` + tag + `"`,
		GzipETag:   `"` + tag + `-gz"`,
		BrotliETag: `"` + tag + `-br"`,
		Raw:        raw,
	}
	var gzErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Gzip, gzErr = compressWith[*gzip.Writer](&gzipWriters, raw)
	}()
	var brErr error
	p.Brotli, brErr = compressWith[*brotli.Writer](&brotliWriters, raw)
	<-done
	if err := errors.Join(gzErr, brErr); err != nil {
		return nil, err
	}
	return p, nil
}
