package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"meridian/internal/outbox/smtptest"
	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

const killTestPassword = "kill-test-password"

// buildSite builds the real binary into a temporary directory.
func buildSite(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "site")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process is the binary running.
type process struct {
	cmd  *exec.Cmd
	addr string
}

// startBinary runs bin with env and returns once it serves.
func startBinary(t *testing.T, bin string, args []string, env []string) *process {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Signal(syscall.SIGTERM)
			cmd.Wait()
		}
	})
	lines := bufio.NewScanner(stderr)
	var log bytes.Buffer
	for lines.Scan() {
		log.Write(lines.Bytes())
		log.WriteByte('\n')
		var entry struct {
			Msg     string `json:"msg"`
			Address string `json:"address"`
		}
		if json.Unmarshal(lines.Bytes(), &entry) == nil && entry.Msg == "site started" {
			p.addr = entry.Address
			go io.Copy(io.Discard, stderr)
			return p
		}
	}
	cmd.Wait()
	t.Fatalf("the site did not start:\n%s", log.String())
	return nil
}

func postJSON(t *testing.T, url, token, method, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// TestKillLosesNoLead posts leads from 8 clients at once, kills the server
// with SIGKILL in the middle, starts it again on the same database, and
// checks that every acknowledged lead is stored and that the outbox then
// mails every stored lead.
func TestKillLosesNoLead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildSite(t)
	type target struct {
		name string
		args func(t *testing.T) ([]string, []string, func(t *testing.T) site.Store)
	}
	targets := []target{{"sqlite", func(t *testing.T) ([]string, []string, func(t *testing.T) site.Store) {
		dir := t.TempDir()
		return []string{"-data-dir", dir}, nil, func(t *testing.T) site.Store {
			db, err := sqlite.Open(context.Background(), filepath.Join(dir, "site.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
	}}}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		targets = append(targets, target{"postgres", func(t *testing.T) ([]string, []string, func(t *testing.T) site.Store) {
			dsn := pgtest.Schema(t)
			return []string{"-data-dir", t.TempDir()}, []string{"DATABASE_URL=" + dsn}, func(t *testing.T) site.Store {
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
		t.Run(tg.name, func(t *testing.T) {
			mail := smtptest.Start(t)
			args, env, open := tg.args(t)
			args = append([]string{"-addr", "127.0.0.1:0"}, args...)
			env = append(env, "SITE_ADMIN_PASSWORD="+killTestPassword, "SMTP_HOST="+mail.Host,
				"SMTP_PORT="+strconv.Itoa(mail.Port), "SMTP_FROM=site@example.com",
				"SITE_LEAD_RATE_PER_ADDRESS=0", "SITE_LEAD_RATE_PER_EMAIL=0",
				"SITE_DELIVERY_RETRY_MIN=100ms", "SITE_DELIVERY_RETRY_MAX=1s", "SITE_DELIVERY_TIMEOUT=2s",
				"SITE_DELIVERY_POLL=200ms")
			p := startBinary(t, bin, args, env)
			base := "http://" + trimScheme(p.addr)

			st, body := postJSON(t, base+"/api/admin/login", "", "POST", `{"username":"admin","password":"`+killTestPassword+`"}`)
			var login struct {
				SessionToken string `json:"sessionToken"`
			}
			if json.Unmarshal(body, &login); st != 200 || login.SessionToken == "" {
				t.Fatalf("login: %d %s", st, body)
			}
			if st, body := postJSON(t, base+"/api/admin/lead-settings", login.SessionToken, "PUT", `{"notificationEmails":["sales@example.com"]}`); st != 200 {
				t.Fatalf("lead settings: %d %s", st, body)
			}

			// 8 clients post until the server dies.
			var sent, acked atomic.Int64
			var mu sync.Mutex
			ackedEmails := map[string]bool{}
			var wg sync.WaitGroup
			client := &http.Client{Timeout: 10 * time.Second}
			for g := range 8 {
				wg.Go(func() {
					for i := 0; ; i++ {
						email := fmt.Sprintf("c%d-%d@example.com", g, i)
						body := `{"firstName":"Kim","lastName":"Lee","email":"` + email + `","company":"Crash Test","fillMs":5000}`
						sent.Add(1)
						res, err := client.Post(base+"/api/contact", "application/json", bytes.NewReader([]byte(body)))
						if err != nil {
							return // the server is gone
						}
						io.Copy(io.Discard, res.Body)
						res.Body.Close()
						if res.StatusCode/100 == 2 {
							acked.Add(1)
							mu.Lock()
							ackedEmails[email] = true
							mu.Unlock()
						} else {
							t.Errorf("lead %s: status %d", email, res.StatusCode)
							return
						}
					}
				})
			}
			deadline := time.Now().Add(10 * time.Second)
			for acked.Load() < 200 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			p.cmd.Wait()
			wg.Wait()

			// Start again on the same database; the outbox resumes.
			startBinary(t, bin, args, env)
			store := open(t)
			found := map[int64]string{}
			foundEmails := map[string]bool{}
			err := store.EachLead(context.Background(), site.LeadFilter{}, func(l *site.Lead) error {
				found[l.ID] = l.Email
				foundEmails[l.Email] = true
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			missing := 0
			for e := range ackedEmails {
				if !foundEmails[e] {
					missing++
					t.Errorf("acknowledged lead %s is not in the database", e)
				}
			}
			mu.Unlock()

			delivered := func() (map[int64]bool, int) {
				got := map[int64]bool{}
				msgs := mail.Messages()
				for _, m := range msgs {
					id, _ := strconv.ParseInt(m.Header.Get("X-Meridian-Lead"), 10, 64)
					got[id] = true
				}
				return got, len(msgs)
			}
			wait := time.Now().Add(60 * time.Second)
			for {
				got, _ := delivered()
				all := true
				for id := range found {
					if !got[id] {
						all = false
						break
					}
				}
				if all || time.Now().After(wait) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			got, mails := delivered()
			for id, email := range found {
				if !got[id] {
					t.Errorf("lead %d (%s) was never mailed", id, email)
				}
			}
			for id := range got {
				if _, ok := found[id]; !ok {
					t.Errorf("a mail names lead %d, which is not stored", id)
				}
			}
			t.Logf("%s: sent %d, acknowledged %d, found %d (missing %d), delivered %d distinct leads in %d mails",
				tg.name, sent.Load(), acked.Load(), len(found), missing, len(got), mails)
		})
	}
}

// trimScheme drops "http://" from an address the site logged.
func trimScheme(a string) string {
	if len(a) > 7 && a[:7] == "http://" {
		return a[7:]
	}
	return a
}
