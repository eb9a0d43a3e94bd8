package site

import (
	"context"
	"time"
)

// Bounds of the log of addresses that answered 404: at most
// MaxNotFoundPaths distinct paths are kept (a path new to a full log
// takes the place of the one with the fewest visitors, if it has as
// many), each at most MaxNotFoundPath bytes (a longer one is not logged).
const (
	MaxNotFoundPaths = 1000
	MaxNotFoundPath  = 500
)

// NotFoundPath is an address visitors opened that answered 404: how often,
// first and last, for staff to find the links worth a redirect.
type NotFoundPath struct {
	ID   int64  `json:"id"`
	Path string `json:"path"`
	Hits int64  `json:"hits"`
	// Visitors is how many distinct client addresses opened it, as the
	// instances counted them (one who comes back much later may count
	// again).
	Visitors  int64     `json:"visitors"`
	FirstSeen time.Time `json:"firstSeen"`
	LastSeen  time.Time `json:"lastSeen"`
}

// NotFoundHit is what one instance counted of a path since it last wrote
// its counts: how many requests, the first and the last.
type NotFoundHit struct {
	Path string
	Hits int64
	// Visitors is how many client addresses it had not counted for the
	// path before.
	Visitors    int64
	First, Last time.Time
}

// NotFoundService keeps the log of addresses that answered 404.
type NotFoundService interface {
	// RecordNotFound adds counted hits in one transaction: a logged path's
	// hits and visitors grow and its last time moves on; a new path is
	// logged while fewer than MaxNotFoundPaths are, and otherwise takes
	// the place of the path with the fewest visitors (the one seen
	// longest ago among them) when it has at least as many.
	RecordNotFound(ctx context.Context, hits []NotFoundHit) error
	// FindNotFound returns the log, the most visitors first, then the
	// most hits, then the latest.
	FindNotFound(ctx context.Context) ([]*NotFoundPath, error)
	// DeleteNotFound removes one path from the log; ENOTFOUND when it is
	// not there.
	DeleteNotFound(ctx context.Context, id int64) error
	// ForgetNotFound removes path from the log, if it is there (a
	// redirect now answers it).
	ForgetNotFound(ctx context.Context, path string) error
}
