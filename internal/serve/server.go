// Package serve answers every address outside the API: the pages, drawn
// by the server, the files of the browser build and of the media library,
// the feed, the sitemap and robots.txt, the pictures of link previews,
// preview links and drafts shown to staff, redirects, and the health
// check. It counts the 404s and the redirects followed in the hit logs
// that the API reads.
package serve

import (
	"net/http"
	"sync"
	"sync/atomic"

	"meridian/internal/hits"
	"meridian/internal/httpx"
	"meridian/internal/site"
	"meridian/internal/ssr"
)

// Server serves the pages. Build it with its fields set, then call
// Handler.
type Server struct {
	*httpx.Base
	Store  site.Store
	Pages  *ssr.PageCache
	Assets *Assets
	Hits   *hits.Log
	// Secrets signs the draft-view cookie, as the API that sets it.
	Secrets *site.SecretBox
	// Sessions bounds the life of the sessions a draft-view cookie names.
	Sessions site.SessionPolicy
	// Draining, once true, makes /readyz answer 503: the instance is
	// stopping; nil never drains.
	Draining *atomic.Bool

	mediaOnce  sync.Once
	mediaCache *blobCache

	ogOnce  sync.Once
	ogCache *blobCache
	ogSlots chan struct{}

	previewLimitOnce sync.Once
	previewLimit     *httpx.RateLimiter
	previewRefusals  httpx.RefusalLog
	// staleLog throttles the log of pages answered with their last good
	// render while the page data cannot be read.
	staleLog httpx.RefusalLog
}

// Handler routes the addresses outside the API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	mux.HandleFunc("GET /robots.txt", s.handleRobots)
	mux.HandleFunc("GET /sitemap.xml", s.handleSitemap)
	mux.HandleFunc("GET /blog/feed.xml", s.handleFeed)
	// The private calendar feeds of staff, /calendar/{token}.ics.
	mux.HandleFunc("GET "+site.CalendarFeedPath+"{file}", s.handleCalendarFeed)
	// The variants of the media library, from the database; handleGet
	// answers 404 for any other address under /media/ (a pattern "/media/"
	// here would redirect /media, a page address, to it).
	mux.HandleFunc("GET /media/{file}", s.handleMediaFile)
	// The pictures of link previews, at the page's path under /og/{key}.
	// /og has a pattern of its own, the 404 page's, or the pattern below
	// would redirect it to /og/.
	mux.HandleFunc("GET /og/{path...}", s.handleOGImage)
	mux.HandleFunc("GET /og", s.handleGet)
	// Everything else: a file of the browser build, or a page.
	mux.HandleFunc("GET /", s.handleGet)
	return mux
}

// mediaInit makes the cache of served media files on first use.
func (s *Server) mediaInit() {
	s.mediaOnce.Do(func() { s.mediaCache = newBlobCache(mediaCacheBytes) })
}
