package serve

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"

	"meridian/internal/ogimage"
)

// The pictures of link previews (og:image), at /og/{key}{path}.png: each
// page's head names the address of its picture, whose key changes whenever
// the picture would (title, site name, colours, host). A picture is drawn
// once per key and the recently served are kept in memory, served as the
// media library's variants are.

// ogCacheBytes bounds the pictures kept in memory: a picture is about 100 KB.
const ogCacheBytes = 16 << 20

// ogRenders bounds the pictures drawn at once: each takes a few megabytes
// and tens of milliseconds of a core, and a change of the settings makes
// every page's picture new.
const ogRenders = 2

// cacheShort is the caching of a picture asked for by an older key: the
// page's current picture, which may change again, answered in its place.
var cacheShort = []string{"public, max-age=300"}

var contentTypePNG = []string{ogimage.ContentType}

// handleOGImage serves the picture of the page at the address's path. An
// address with an older key (the page changed since it was shared, or
// another instance is a content version ahead) gets the current picture,
// cached briefly; a path that is no page the site serves is 404.
func (s *Server) handleOGImage(w http.ResponseWriter, r *http.Request) {
	key, path, ok := ogimage.ParseAddress(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	page, ok := s.page(w, r, path, nil)
	if !ok {
		return
	}
	current, pagePath, _ := ogimage.ParseAddress(page.ImagePath)
	if pagePath != path {
		// The 404 page, whose picture has an address of its own.
		http.NotFound(w, r)
		return
	}
	s.ogOnce.Do(func() {
		s.ogCache = newBlobCache(ogCacheBytes)
		s.ogSlots = make(chan struct{}, ogRenders)
	})
	f, err := s.ogCache.get(current, func() (*servedFile, error) {
		s.ogSlots <- struct{}{}
		defer func() { <-s.ogSlots }()
		b, err := ogimage.Render(page.Card)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		return &servedFile{hash: current, contentType: contentTypePNG, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`, data: b}, nil
	})
	if err != nil {
		s.InternalError(w, r, err)
		return
	}
	h := w.Header()
	h["Content-Type"] = f.contentType
	if key == current {
		h["Cache-Control"] = cacheImmutable
	} else {
		h["Cache-Control"] = cacheShort
	}
	writeEncoded(w, r, http.StatusOK, encodedBody{etag: f.etag, raw: f.data})
}
