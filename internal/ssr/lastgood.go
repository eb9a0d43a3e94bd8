package ssr

import "errors"

// The last good renders. The cache keeps the latest page rendered under
// each key, whatever the version (PageCache.lastGood), and Get answers it
// when the data of a newer version cannot be read, so that visitors keep
// seeing the pages they saw while the database is out.

// StaleError is the error of a Get that could not read the data of the
// page (the database is unreachable, say) and answered the page's last
// good render instead, rendered from the data of an earlier version.
type StaleError struct{ Err error }

func (e *StaleError) Error() string {
	return "ssr: serving the last good render: " + e.Err.Error()
}

func (e *StaleError) Unwrap() error { return e.Err }

// dataError is an error reading a page's data from the store, rather than
// one of rendering it: the page's last good render may stand in for it.
type dataError struct{ err error }

func (e *dataError) Error() string { return e.err.Error() }
func (e *dataError) Unwrap() error { return e.err }

// keepLastGood forgets the last good render of each page visitors can no
// longer open by the data pd (a page unpublished, deleted or moved), so
// that no outage brings it back and the renders kept stay bounded by the
// site's pages. c.mu is held.
func (c *PageCache) keepLastGood(pd *pageData) {
	for key := range c.lastGood {
		if key != notFoundKey && !c.opens(pd, key) {
			delete(c.lastGood, key)
		}
	}
}

// orLastGood returns p and err of a page rendered under key, or, when err
// is an error reading the page's data, the page's last good render with a
// *StaleError, when there is one.
func (c *PageCache) orLastGood(key string, p *Page, err error) (*Page, error) {
	var de *dataError
	if !errors.As(err, &de) {
		return p, err
	}
	c.mu.RLock()
	last := c.lastGood[key]
	c.mu.RUnlock()
	if last == nil {
		return p, err
	}
	c.Metrics.PageStale()
	return last, &StaleError{Err: err}
}
