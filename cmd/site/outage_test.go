package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// tcpProxy forwards connections from a loopback port to target until
// it is closed, which refuses new connections and cuts the open ones:
// the database server gone, as the site sees it.
type tcpProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newTCPProxy(t *testing.T, target string) *tcpProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln}
	t.Cleanup(p.Close)
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, in, out)
			p.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	return p
}

// Close stops the proxy and cuts every connection through it.
func (p *tcpProxy) Close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// outageDatabase is a store for a test and the way to take it away.
type outageDatabase struct {
	name string
	open func(t *testing.T) (store site.Store, outage func())
}

// outageDatabases are the stores the site runs on, each with an outage:
// SQLite closed under the site, PostgreSQL (when TEST_DATABASE_URL is
// set) reached through a proxy that stops.
func outageDatabases() []outageDatabase {
	list := []outageDatabase{{"sqlite", func(t *testing.T) (site.Store, func()) {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db, func() { db.Close() }
	}}}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		list = append(list, outageDatabase{"postgres", func(t *testing.T) (site.Store, func()) {
			u, err := url.Parse(pgtest.Schema(t))
			if err != nil {
				t.Fatal(err)
			}
			proxy := newTCPProxy(t, u.Host)
			u.Host = proxy.ln.Addr().String()
			db, err := postgres.Open(context.Background(), u.String())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db, proxy.Close
		}})
	}
	return list
}

// lockedBuffer is a log's output that the test reads while the server writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestPagesOutlastDatabaseOutage: when the database goes away right after
// a content write, the home page and a published page keep answering 200
// with their last render, which the write had made out of date, as does
// the picture the home page names for link previews, and the condition is
// logged once, not per request.
func TestPagesOutlastDatabaseOutage(t *testing.T) {
	for _, db := range outageDatabases() {
		t.Run(db.name, func(t *testing.T) {
			store, outage := db.open(t)
			if _, err := bootstrapAdmin(context.Background(), store, testPassword, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			var logs lockedBuffer
			srv, err := newServer(store, "https://www.example.com", slog.New(slog.NewTextHandler(&logs, nil)))
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(srv.Handler())
			t.Cleanup(ts.Close)
			token := loginAs(t, ts.URL, "admin", testPassword)
			edit := map[string]any{"title": "Outage notes", "content": "Before.", "status": "published"}
			p := savePage(t, ts.URL, token, 0, edit, 201)

			last := map[string]string{}
			for _, path := range []string{"/", "/outage-notes"} {
				res, body := get(t, ts.URL+path, nil)
				if res.StatusCode != 200 {
					t.Fatalf("%s: %d", path, res.StatusCode)
				}
				last[path] = body
			}
			// A write moves the content version on; then the database goes.
			edit["content"] = "After."
			savePage(t, ts.URL, token, p.ID, edit, 200)
			outage()

			for range 3 {
				for _, path := range []string{"/", "/outage-notes"} {
					res, body := get(t, ts.URL+path, nil)
					if res.StatusCode != 200 || body != last[path] {
						t.Fatalf("%s in the outage: %d, same page as before: %v", path, res.StatusCode, body == last[path])
					}
				}
			}
			// The picture of its link preview too, which the page names.
			img := strings.TrimPrefix(metaTags(last["/"])["og:image"], canonBase)
			fetchPicture(t, ts.URL, img, immutable)
			if n := strings.Count(logs.String(), "serving the last good render"); n != 1 {
				t.Errorf("logged %d times, want once:\n%s", n, logs.String())
			}
			if res, _ := get(t, ts.URL+"/never-rendered", nil); res.StatusCode != 500 {
				t.Errorf("a page never rendered: %d, want 500", res.StatusCode)
			}
		})
	}
}
