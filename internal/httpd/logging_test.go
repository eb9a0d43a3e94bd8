package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"meridian/internal/inbox"
	"meridian/internal/site"
)

// logBuffer keeps the JSON lines of a logger; handlers write to it from
// their own goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// capture makes the server log JSON at debug level into a new buffer.
func capture(srv *Server) *logBuffer {
	buf := &logBuffer{}
	srv.Logger = slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return buf
}

// capture makes the test server log JSON at debug level into a new
// buffer.
func (a *testAPI) capture() *logBuffer {
	var buf *logBuffer
	a.configure(func(s *Server) { buf = capture(s) })
	return buf
}

// lines returns the entries logged with msg at level ("" for any).
func (l *logBuffer) lines(t *testing.T, level, msg string) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.b.String()), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if (level == "" || e["level"] == level) && (msg == "" || e["msg"] == msg) {
			out = append(out, e)
		}
	}
	return out
}

// refusedCount adds up the refusals the lines stand for.
func refusedCount(lines []map[string]any) int {
	n := 0
	for _, e := range lines {
		f, _ := e["refused"].(float64)
		n += int(f)
	}
	return n
}

func TestLeadRefusalsLogged(t *testing.T) {
	t.Run("OneAddressFloods", func(t *testing.T) {
		a := newTestAPI(t, stores(t)[0])
		buf := a.capture()
		a.configure(func(s *Server) { s.LeadLimits = inbox.LeadLimits{PerAddress: 1} })
		from := map[string]string{"X-Forwarded-For": "203.0.113.66"}
		if res, body := a.do("POST", "/api/contact", "", leadJSON("first@example.com", ""), from); res.StatusCode != 201 {
			t.Fatalf("first lead: %d %s", res.StatusCode, body)
		}
		for i := range 1000 {
			if res, _ := a.do("POST", "/api/contact", "", leadJSON(fmt.Sprintf("f%d@example.com", i), ""), from); res.StatusCode != 429 {
				t.Fatalf("lead %d: %d, want 429", i, res.StatusCode)
			}
		}
		warn := buf.lines(t, "WARN", "lead rate limit")
		if len(warn) != 1 || refusedCount(warn) != 1 || warn[0]["addr"] != "203.0.113.66" || warn[0]["limit"] != "address" {
			t.Fatalf("WARN lines after 1,000 refusals within a minute: %v, want one for the first refusal", warn)
		}
		// A minute on, the next refusal's line counts those in between.
		a.clock.Advance(time.Minute)
		a.do("POST", "/api/contact", "", leadJSON("late@example.com", ""), from)
		warn = buf.lines(t, "WARN", "lead rate limit")
		if len(warn) != 2 || refusedCount(warn) != 1001 {
			t.Errorf("WARN lines %v: want 2 counting 1,001 refusals", warn)
		}
		// One request line each at debug level, and about one more line
		// for each refusal, at debug too.
		if n := len(buf.lines(t, "", "")) - len(buf.lines(t, "DEBUG", "request")); n > 1100 {
			t.Errorf("%d lines in all besides the request lines", n)
		}
	})

	t.Run("OneEmailFromManyAddresses", func(t *testing.T) {
		a := newTestAPI(t, stores(t)[0])
		buf := a.capture()
		a.configure(func(s *Server) { s.LeadLimits = inbox.LeadLimits{PerAddress: 10, PerEmail: 1} })
		for i := range 201 {
			from := map[string]string{"X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i%250+1)}
			want := 429
			if i == 0 {
				want = 201
			}
			if res, body := a.do("POST", "/api/contact", "", leadJSON("same@example.com", ""), from); res.StatusCode != want {
				t.Fatalf("lead %d: %d %s", i, res.StatusCode, body)
			}
		}
		warn := buf.lines(t, "WARN", "lead rate limit")
		if len(warn) != 1 || refusedCount(warn) != 1 || warn[0]["limit"] != "email" {
			t.Errorf("WARN lines after 200 refusals of one e-mail from 200 addresses: %v, want one", warn)
		}
		if strings.Contains(buf.String(), "same@example.com") {
			t.Error("the e-mail address was logged")
		}
	})
}

// blockingStore waits for the request's context to end in CheckWrite and
// FindTestimonials, as a store does for a client that went away.
type blockingStore struct {
	site.Store
}

func (blockingStore) CheckWrite(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

func (blockingStore) FindTestimonials(ctx context.Context, f site.ListFilter) ([]*site.Testimonial, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// brokenStore fails as a store whose database is down.
type brokenStore struct {
	site.Store
}

func (brokenStore) CheckWrite(ctx context.Context) error { return errors.New("connection refused") }

func TestCancelledRequestsLogged(t *testing.T) {
	serve := func(store site.Store, path string, cancelled bool) (*logBuffer, int) {
		srv := &Server{Store: store, Version: new(site.ContentVersion)}
		buf := capture(srv)
		h := srv.Handler()
		ctx, cancel := context.WithCancel(context.Background())
		if cancelled {
			cancel()
		} else {
			defer cancel()
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil).WithContext(ctx))
		return buf, rec.Code
	}
	base := stores(t)[0].open(t)

	for _, path := range []string{"/healthz", "/api/public/testimonials"} {
		t.Run("ClientGoneIsDebug"+path, func(t *testing.T) {
			buf, _ := serve(blockingStore{base}, path, true)
			if errs := buf.lines(t, "ERROR", ""); len(errs) != 0 {
				t.Errorf("a request its client cancelled logged at ERROR: %v", errs)
			}
			if len(buf.lines(t, "DEBUG", "")) == 0 {
				t.Error("the cancelled request was not logged at debug")
			}
		})
	}

	t.Run("DatabaseDownIsError", func(t *testing.T) {
		buf, status := serve(brokenStore{base}, "/healthz", false)
		if errs := buf.lines(t, "ERROR", unavailableLogLine); status != http.StatusServiceUnavailable || len(errs) != 1 {
			t.Errorf("status %d, ERROR lines %v: want 503 and one", status, errs)
		}
	})
}
