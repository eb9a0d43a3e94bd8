package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// logLines collects what the site writes to standard error, line by line.
type logLines struct {
	mu    sync.Mutex
	lines []string
	addr  chan string
}

func (l *logLines) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		l.mu.Lock()
		l.lines = append(l.lines, line)
		l.mu.Unlock()
		var entry struct {
			Msg     string `json:"msg"`
			Address string `json:"address"`
		}
		if json.Unmarshal([]byte(line), &entry) == nil && entry.Msg == "site started" {
			l.addr <- entry.Address
		}
	}
}

// runSite runs the binary's run with args and the environment env, its log
// read into logs, and returns the address once it serves; cancel stops it
// as a signal would, and done tells how run ended.
func runSite(t *testing.T, args []string, env map[string]string) (base string, logs *logLines, cancel context.CancelFunc, done <-chan error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	logs = &logLines{addr: make(chan string, 1)}
	pr, pw := io.Pipe()
	go logs.read(pr)
	ended := make(chan error, 1)
	go func() {
		err := run(ctx, args, func(k string) string { return env[k] }, pw)
		pw.Close()
		ended <- err
	}()
	select {
	case base = <-logs.addr:
	case err := <-ended:
		t.Fatalf("the site did not start: %v\n%s", err, logs)
	}
	return base, logs, cancel, ended
}

// notJSON returns the lines that are not JSON objects.
func (l *logLines) notJSON() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range l.lines {
		var v map[string]any
		if json.Unmarshal([]byte(line), &v) != nil {
			out = append(out, line)
		}
	}
	return out
}

func (l *logLines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// hangingReceiver is a webhook endpoint that takes requests and never
// answers; arrived receives one value per request.
func hangingReceiver(t *testing.T) (url string, arrived chan struct{}) {
	t.Helper()
	arrived = make(chan struct{}, 10)
	hang := make(chan struct{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { close(hang); srv.Close() })
	return "http://" + ln.Addr().String() + "/hook", arrived
}

// TestShutdownIsBounded: the shutdown ends within -shutdown-timeout,
// whatever is in flight, and logs only JSON.
func TestShutdownIsBounded(t *testing.T) {
	t.Parallel()
	type target struct {
		name string
		env  func(t *testing.T) (map[string]string, func(t *testing.T) site.Store)
	}
	targets := []target{{"sqlite", func(t *testing.T) (map[string]string, func(t *testing.T) site.Store) {
		dir := t.TempDir()
		return map[string]string{"SITE_DATA_DIR": dir}, func(t *testing.T) site.Store {
			db, err := sqlite.Open(context.Background(), filepath.Join(dir, "site.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
	}}}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		targets = append(targets, target{"postgres", func(t *testing.T) (map[string]string, func(t *testing.T) site.Store) {
			dsn := pgtest.Schema(t)
			return map[string]string{"DATABASE_URL": dsn, "SITE_DATA_DIR": t.TempDir()}, func(t *testing.T) site.Store {
				db, err := postgres.Open(context.Background(), dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			}
		}})
	}
	for _, tg := range targets {
		t.Run("CutsAHangingWebhookAndReleasesIt/"+tg.name, func(t *testing.T) {
			env, open := tg.env(t)
			env["SITE_ADMIN_PASSWORD"] = testPassword
			hook, arrived := hangingReceiver(t)
			// The receiver is on loopback: allowed here. An attempt may last
			// a minute, the shutdown 2 s.
			base, logs, cancel, done := runSite(t, []string{"-addr", "127.0.0.1:0", "-shutdown-timeout", "2s", "-delivery-timeout", "1m", "-webhook-allow-private"}, env)
			token := loginAs(t, base, "admin", testPassword)
			if st, body := postJSON(t, base+"/api/admin/lead-settings", token, "PUT", `{"webhookUrl":"`+hook+`"}`); st != 200 {
				t.Fatalf("lead settings: %d %s", st, body)
			}
			if st, body := postJSON(t, base+"/api/contact", "", "POST", `{"firstName":"Kim","lastName":"Lee","email":"kim@example.com","company":"Hang","fillMs":5000}`); st != 201 {
				t.Fatalf("lead: %d %s", st, body)
			}
			select {
			case <-arrived:
			case <-time.After(10 * time.Second):
				t.Fatalf("the webhook was not attempted\n%s", logs)
			}
			start := time.Now()
			cancel()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("the shutdown took over 10 s\n%s", logs)
			}
			took := time.Since(start)
			if err != nil || took > 6*time.Second {
				t.Errorf("shutdown took %v (bound 2 s), returned %v", took.Round(time.Millisecond), err)
			}
			if bad := logs.notJSON(); len(bad) > 0 {
				t.Errorf("lines that are not JSON: %q", bad)
			}
			// The cut attempt is not counted, and the delivery is free for
			// the next instance at once.
			s := open(t)
			leads, _, ferr := s.FindLeads(context.Background(), site.LeadFilter{})
			if ferr != nil || len(leads) != 1 || len(leads[0].Deliveries) != 1 {
				t.Fatalf("leads = %v, %v", leads, ferr)
			}
			if d := leads[0].Deliveries[0]; d.Status != site.DeliveryPending || d.Attempts != 0 || d.LastError != "" {
				t.Errorf("delivery after the shutdown = %+v, want pending, no attempt counted", d)
			}
			claimed, cerr := s.ClaimDeliveries(context.Background(), time.Now(), time.Minute, nil, 10)
			if cerr != nil || len(claimed) != 1 {
				t.Errorf("claimed %d after the shutdown (%v), want the released delivery", len(claimed), cerr)
			}
			t.Logf("shutdown with a hanging webhook took %v", took.Round(time.Millisecond))
		})
	}

	t.Run("LogsAnOverrunAsJSON", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds and runs the binary")
		}
		bin := buildSite(t)
		cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-data-dir", t.TempDir(), "-shutdown-timeout", "1s")
		cmd.Env = append(os.Environ(), "SITE_ADMIN_PASSWORD="+testPassword)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if cmd.ProcessState == nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
		})
		logs := &logLines{addr: make(chan string, 1)}
		read := make(chan struct{})
		go func() { logs.read(stderr); close(read) }()
		var base string
		select {
		case base = <-logs.addr:
		case <-time.After(30 * time.Second):
			t.Fatalf("the site did not start\n%s", logs)
		}
		// A request whose body never comes holds its connection busy.
		conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"firstName\":")
		time.Sleep(200 * time.Millisecond)
		start := time.Now()
		cmd.Process.Signal(syscall.SIGTERM)
		werr := make(chan error, 1)
		go func() { <-read; werr <- cmd.Wait() }()
		select {
		case err = <-werr:
		case <-time.After(10 * time.Second):
			t.Fatalf("the shutdown took over 10 s\n%s", logs)
		}
		took := time.Since(start)
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("exit = %v, want status 1", err)
		}
		// Bounded, not timed: the slack is for a machine busy with other
		// tests; a shutdown that waited on the hanging request would take
		// its whole minute.
		if took > 5*time.Second {
			t.Errorf("shutdown took %v, bound 1 s", took.Round(time.Millisecond))
		}
		if bad := logs.notJSON(); len(bad) > 0 {
			t.Errorf("lines that are not JSON: %q", bad)
		}
		if out := logs.String(); !bytes.Contains([]byte(out), []byte(`"level":"ERROR","msg":"site stopped","err":"shutdown: requests still in flight`)) {
			t.Errorf("no JSON error line for the overrun:\n%s", out)
		}
	})
}

// TestReadyzDrains: /readyz answers 200 while the site serves; from the
// signal on it answers 503 for the drain of -shutdown-drain, while the
// pages still answer, and then the site stops.
func TestReadyzDrains(t *testing.T) {
	base, logs, cancel, done := runSite(t, []string{"-addr", "127.0.0.1:0", "-data-dir", t.TempDir(), "-shutdown-drain", "2s", "-shutdown-timeout", "5s"},
		map[string]string{"SITE_ADMIN_PASSWORD": testPassword})
	if res, body := get(t, base+"/readyz", nil); res.StatusCode != 200 || !strings.Contains(body, `"ready"`) {
		t.Fatalf("/readyz while serving: %d %s", res.StatusCode, body)
	}
	start := time.Now()
	cancel()
	// Within the drain: not ready, yet serving.
	var status int
	for time.Since(start) < 1500*time.Millisecond {
		res, _ := get(t, base+"/readyz", nil)
		if status = res.StatusCode; status == 503 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if status != 503 {
		t.Fatalf("/readyz after the signal: %d, want 503", status)
	}
	if res, _ := get(t, base+"/", nil); res.StatusCode != 200 {
		t.Errorf("/ during the drain: %d, want 200", res.StatusCode)
	}
	if res, _ := get(t, base+"/healthz", nil); res.StatusCode != 200 {
		t.Errorf("/healthz during the drain: %d, want 200", res.StatusCode)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the site did not stop\n%s", logs)
	}
	if took := time.Since(start); took < 2*time.Second {
		t.Errorf("stopped after %v, before the drain of 2 s ended", took.Round(time.Millisecond))
	}
}
