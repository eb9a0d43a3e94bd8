package api

// The admission of uploads to the media library: each reserves the bytes
// it declares from a budget before its body is read, a user sends a few at
// once, and a body that stalls is cut.

import (
	"io"
	"net/http"
	"sync"
	"time"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/media"
	"meridian/internal/site"
)

// UploadLimits bound the uploads to the media library being received at
// once, each from before its body is read until it is answered.
type UploadLimits struct {
	// Budget is the most bytes of upload bodies held at once, reserved by
	// the size each request declares (its Content-Length; without one, the
	// most a request may carry) before any of it is read. An upload past
	// it is answered 503 with Retry-After.
	Budget int64
	// PerUser is the most uploads one user sends at once; one more is
	// answered 429 with Retry-After.
	PerUser int
	// Idle cuts an upload whose body sends nothing for this long, so that
	// a stalled connection does not hold its bytes of the budget for the
	// whole read deadline.
	Idle time.Duration
}

// DefaultUploadLimits are 256 MB in all, 4 uploads a user at once (the
// Images tab sends 3 at a time) and 30 seconds without a byte.
var DefaultUploadLimits = UploadLimits{Budget: 256 << 20, PerUser: 4, Idle: 30 * time.Second}

// uploadLimits are the limits of uploads in progress: the server's, or the
// defaults.
func (s *Server) uploadLimits() UploadLimits {
	l := DefaultUploadLimits
	if s.UploadLimits.Budget > 0 {
		l.Budget = s.UploadLimits.Budget
	}
	if s.UploadLimits.PerUser > 0 {
		l.PerUser = s.UploadLimits.PerUser
	}
	if s.UploadLimits.Idle > 0 {
		l.Idle = s.UploadLimits.Idle
	}
	return l
}

// uploadGate counts the uploads being received: the bytes they reserved,
// and how many each user sends.
type uploadGate struct {
	mu     sync.Mutex
	bytes  int64
	byUser map[int64]int
}

// Why an upload is not admitted.
const (
	uploadAdmitted = iota
	uploadBusy
	uploadUserBusy
)

// admit reserves n bytes for an upload of user, within lim; release gives
// them back.
func (g *uploadGate) admit(user, n int64, lim UploadLimits) (release func(), why int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.byUser[user] >= lim.PerUser {
		return nil, uploadUserBusy
	}
	if g.bytes+n > lim.Budget {
		return nil, uploadBusy
	}
	if g.byUser == nil {
		g.byUser = map[int64]int{}
	}
	g.bytes += n
	g.byUser[user]++
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.bytes -= n
		if g.byUser[user]--; g.byUser[user] == 0 {
			delete(g.byUser, user)
		}
	}, uploadAdmitted
}

// held returns the bytes reserved and the uploads in progress.
func (g *uploadGate) held() (int64, int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, c := range g.byUser {
		n += c
	}
	return g.bytes, n
}

// idleBody cuts a body that sends nothing for idle: before each read, the
// connection's read deadline moves to idle from now (never past end).
type idleBody struct {
	r    io.Reader
	rc   *http.ResponseController
	idle time.Duration
	end  time.Time
}

func (b *idleBody) Read(p []byte) (int, error) {
	d := time.Now().Add(b.idle)
	if d.After(b.end) {
		d = b.end
	}
	b.rc.SetReadDeadline(d) // not every writer supports deadlines; then the server's hold
	return b.r.Read(p)
}

// admitUpload reserves, before any of the body is read, the bytes an
// upload declares of the budget of uploads in progress, and one of its
// user's uploads at once. It refuses a body larger than any upload may be
// (ETOOLARGE), and one of a user who sends as many already (ETOOMANY) or
// past the spent budget (EUNAVAILABLE), both with the wait.
func (s *Server) admitUpload(r *http.Request, lim media.Limits) (size int64, release func(), err error) {
	ul := s.uploadLimits()
	maxBody := lim.MaxBytes*mediaBodyFactor + mediaBodySlack
	size = maxBody
	if r.ContentLength >= 0 {
		size = r.ContentLength
	}
	if size > maxBody || size > ul.Budget {
		// The most the site receives at once: refused without reading it.
		return 0, nil, multipartError(&http.MaxBytesError{Limit: maxBody}, min(maxBody, ul.Budget+mediaBodySlack))
	}
	release, why := s.uploads.admit(auth.User(r.Context()).ID, size, ul)
	switch why {
	case uploadUserBusy:
		return 0, nil, httpx.RetryAfter(site.Errorf(site.ETOOMANY,
			"You are sending %d uploads at once already, the most the site takes from one person; try again when one has finished.", ul.PerUser), uploadPerUserRetry)
	case uploadBusy:
		return 0, nil, httpx.RetryAfter(site.Errorf(site.EUNAVAILABLE, "The site is receiving too many uploads at once; try again in a few seconds."), uploadBusyRetry)
	}
	return size, release, nil
}

// UploadsHeld are the bytes and the count of the uploads being received.
func (s *Server) UploadsHeld() (bytes int64, count int) { return s.uploads.held() }
