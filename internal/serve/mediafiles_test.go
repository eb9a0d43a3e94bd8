package serve

import (
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The cache of served files (media variants, pictures of link previews)
// loads a file once however many ask at the same moment, and keeps the
// most recently served within its bytes.
func TestBlobCache(t *testing.T) {
	c := newBlobCache(800)
	var loads atomic.Int64
	fetch := func(hash string) func() (*servedFile, error) {
		return func() (*servedFile, error) {
			loads.Add(1)
			return &servedFile{hash: hash, data: make([]byte, 100)}, nil
		}
	}
	// The first load waits until the others have had time to ask.
	release := make(chan struct{})
	slow := func() (*servedFile, error) {
		<-release
		return fetch("a")()
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if f, err := c.get("a", slow); err != nil || f.hash != "a" {
				t.Errorf("get a: %v, %v", f, err)
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Errorf("16 requests at once loaded the file %d times, want 1", n)
	}

	// Eight files of 100 bytes fill it; a ninth drops the least recently
	// served, which "a" is not.
	for i := range 7 {
		c.get(strconv.Itoa(i), fetch(strconv.Itoa(i)))
	}
	c.get("a", fetch("a"))
	c.get("new", fetch("new"))
	loads.Store(0)
	c.get("a", fetch("a"))
	if loads.Load() != 0 {
		t.Error("the most recently served file was dropped")
	}
	c.get("0", fetch("0"))
	if loads.Load() != 1 {
		t.Error("the least recently served file was kept beyond the cache's bytes")
	}
}
