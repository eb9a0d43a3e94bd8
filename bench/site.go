package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// siteProc is a running ./site with its own data directory.
type siteProc struct {
	cmd     *exec.Cmd
	baseURL string
	dataDir string
	started time.Duration // from exec to the first 200 on /healthz
	exited  chan struct{}
}

// startSite runs the binary on a free loopback port and waits until
// /healthz answers 200.
func startSite(binary, dataDir string, env ...string) (*siteProc, error) {
	cmd := exec.Command(binary, "-addr", "127.0.0.1:0", "-data-dir", dataDir)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &siteProc{cmd: cmd, dataDir: dataDir, exited: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			var rec struct{ Msg, Address, Level string }
			if json.Unmarshal(sc.Bytes(), &rec) != nil {
				fmt.Fprintln(os.Stderr, "site:", sc.Text())
				continue
			}
			if rec.Msg == "site started" && !sent {
				addr <- rec.Address
				sent = true
			}
			// Request logs are many under load; show only what went wrong.
			if rec.Level == "WARN" || rec.Level == "ERROR" {
				fmt.Fprintln(os.Stderr, "site:", sc.Text())
			}
		}
	}()
	go func() { cmd.Wait(); close(p.exited) }()
	select {
	case p.baseURL = <-addr:
	case <-p.exited:
		return nil, errors.New("site exited before it started")
	case <-time.After(30 * time.Second):
		p.stop()
		return nil, errors.New("site did not start within 30 s")
	}
	for {
		res, err := http.Get(p.baseURL + "/healthz")
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Since(begin) > 30*time.Second {
			p.stop()
			return nil, errors.New("/healthz did not answer 200 within 30 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
	p.started = time.Since(begin)
	return p, nil
}

// rssMB reads the resident set size of the process, in MB.
func (p *siteProc) rssMB() (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, err := strconv.ParseFloat(f[1], 64)
			return kb / 1024, err
		}
	}
	return 0, errors.New("no VmRSS in /proc status")
}

func (p *siteProc) stop() {
	p.cmd.Process.Signal(os.Interrupt)
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// get fetches a path with the given Accept-Encoding and returns the body
// exactly as sent.
func get(ctx context.Context, url, encoding string) ([]byte, http.Header, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, nil, 0, err
	}
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	tr := &http.Transport{DisableCompression: true}
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		return nil, nil, 0, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return b, res.Header, res.StatusCode, err
}
