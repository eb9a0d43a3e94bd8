package serve

import (
	"container/list"
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"meridian/internal/media"
	"meridian/internal/site"
)

// The files of the media library's variants, at /media/{sha256}.{webp,jpg,png}.
// They are read from the database, so that every instance serves what any
// of them received, and the recently served are kept in memory, ready to
// write as the built assets are: headers made once, an ETag, immutable
// caching, 304 on a matching If-None-Match.

// mediaCacheBytes bounds the bytes of the files kept in memory; a file
// larger than an eighth of it is served from the database each time.
const mediaCacheBytes = 64 << 20

// mediaLoadTimeout bounds the read of one file from the database.
const mediaLoadTimeout = 10 * time.Second

var cacheImmutable = []string{"public, max-age=31536000, immutable"}

// servedFile is a file ready to serve.
type servedFile struct {
	hash        string
	contentType []string
	etag        string
	data        []byte
}

// blobCache keeps the most recently served files up to a number of bytes.
type blobCache struct {
	mu       sync.Mutex
	max, len int64
	order    *list.List // of *servedFile, most recent first
	byHash   map[string]*list.Element
	// loading holds the loads in flight, so that many requests for a file
	// not in memory read it from the database once.
	loading map[string]*load
}

type load struct {
	done chan struct{}
	file *servedFile
	err  error
}

func newBlobCache(max int64) *blobCache {
	return &blobCache{max: max, order: list.New(), byHash: map[string]*list.Element{}, loading: map[string]*load{}}
}

// get returns the file with hash, from memory or by fetch (once for the
// requests that want it at the same time), and keeps it when it is small
// enough.
func (c *blobCache) get(hash string, fetch func() (*servedFile, error)) (*servedFile, error) {
	c.mu.Lock()
	if e, ok := c.byHash[hash]; ok {
		c.order.MoveToFront(e)
		c.mu.Unlock()
		return e.Value.(*servedFile), nil
	}
	if l, ok := c.loading[hash]; ok {
		c.mu.Unlock()
		<-l.done
		return l.file, l.err
	}
	l := &load{done: make(chan struct{})}
	c.loading[hash] = l
	c.mu.Unlock()

	l.file, l.err = fetch()

	c.mu.Lock()
	delete(c.loading, hash)
	if l.err == nil && int64(len(l.file.data)) <= c.max/8 {
		c.byHash[hash] = c.order.PushFront(l.file)
		c.len += int64(len(l.file.data))
		for c.len > c.max {
			last := c.order.Back()
			f := c.order.Remove(last).(*servedFile)
			delete(c.byHash, f.hash)
			c.len -= int64(len(f.data))
		}
	}
	c.mu.Unlock()
	close(l.done)
	return l.file, l.err
}

// handleMediaFile serves a variant. An address that is no variant's (an
// original's hash, another extension than the file's format, a hash of
// nothing stored) is 404.
func (s *Server) handleMediaFile(w http.ResponseWriter, r *http.Request) {
	s.mediaInit()
	hash, ext, _ := strings.Cut(r.PathValue("file"), ".")
	format, ok := media.FormatOfExt(ext)
	if !ok || !site.IsSHA256(hash) {
		http.NotFound(w, r)
		return
	}
	f, err := s.mediaCache.get(hash, func() (*servedFile, error) {
		// Other requests may wait for this load: it does not end with
		// the request that started it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), mediaLoadTimeout)
		defer cancel()
		b, err := s.Store.FindMediaBlob(ctx, hash)
		if err != nil {
			return nil, err
		}
		return &servedFile{hash: hash, contentType: []string{b.ContentType}, etag: `"` + hash + `"`, data: b.Data}, nil
	})
	if site.ErrorCode(err) == site.ENOTFOUND || err == nil && f.contentType[0] != format.ContentType() {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	h := w.Header()
	h["Content-Type"] = f.contentType
	h["Cache-Control"] = cacheImmutable
	writeEncoded(w, r, http.StatusOK, encodedBody{etag: f.etag, raw: f.data})
}
