package site

import "sync/atomic"

// ContentVersion counts changes to what the public site shows. Every write
// that changes a public page moves it on; rendered pages are cached per
// version, so the next request after a write renders fresh HTML.
type ContentVersion struct {
	n atomic.Uint64
}

// Current returns the version now in force.
func (v *ContentVersion) Current() uint64 { return v.n.Load() }

// Bump moves the version on and returns the new value.
func (v *ContentVersion) Bump() uint64 { return v.n.Add(1) }

// BumpFrom moves the version on from old and reports whether it did: of
// several callers that saw the same version, one moves it.
func (v *ContentVersion) BumpFrom(old uint64) bool { return v.n.CompareAndSwap(old, old+1) }
