package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestGreeting: with text logs (a terminal's, here asked for by
// SITE_LOG_FORMAT), the log lines are key=value and the first start ends
// with where the site runs, where to sign in and the first
// administrator's made-up password, which signs in.
func TestGreeting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	env := map[string]string{"SITE_LOG_FORMAT": "text"}
	go func() {
		err := run(ctx, []string{"-addr", "127.0.0.1:0", "-data-dir", t.TempDir()}, func(k string) string { return env[k] }, pw)
		pw.CloseWithError(io.EOF)
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	var out strings.Builder
	started := regexp.MustCompile(`^time=\S+ level=INFO msg="site started" address=(http://127\.0\.0\.1:\d+) `)
	password := regexp.MustCompile(`^  Password +(\S+)$`)
	var address, secret string
	lines := bufio.NewScanner(pr)
	for lines.Scan() && secret == "" {
		line := lines.Text()
		out.WriteString(line + "\n")
		if m := started.FindStringSubmatch(line); m != nil {
			address = m[1]
		}
		if m := password.FindStringSubmatch(line); m != nil {
			secret = m[1]
		}
	}
	go io.Copy(io.Discard, pr)
	if address == "" || secret == "" {
		t.Fatalf("no greeting:\n%s", out.String())
	}
	for _, want := range []string{"  The site is running at " + address + "\n", "  Sign in at            " + address + "/admin/login\n", "  Username              admin\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the greeting lacks %q:\n%s", want, out.String())
		}
	}
	res, err := http.Post(address+"/api/admin/login", "application/json", strings.NewReader(`{"username":"admin","password":"`+secret+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("sign-in with the greeting's password: %d", res.StatusCode)
	}
}
