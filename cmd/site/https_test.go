package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"log"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/letsencrypt/pebble/v2/ca"
	pebbledb "github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"
	"github.com/miekg/dns"
	"golang.org/x/crypto/acme/autocert"

	"meridian/internal/postgres"
	"meridian/internal/postgres/pgtest"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

func TestParseHTTPSConfig(t *testing.T) {
	parse := func(args []string, env map[string]string) (*config, error) {
		return parseConfig(args, func(k string) string { return env[k] }, io.Discard)
	}
	c, err := parse(nil, nil)
	if err != nil || c.https.on() || c.addr != ":8080" || c.hsts {
		t.Fatalf("without domains: %+v, %v; want HTTPS off, :8080, no HSTS", c, err)
	}

	c, err = parse(nil, map[string]string{"SITE_DOMAINS": " WWW.Example.com, example.com. ,www.example.com,"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"www.example.com", "example.com"}; !reflect.DeepEqual(c.https.domains, want) {
		t.Errorf("domains = %q, want %q", c.https.domains, want)
	}
	if c.addr != ":80" || c.https.addr != ":443" || c.baseURL != "https://www.example.com" || !c.hsts ||
		c.https.directory != "https://acme-v02.api.letsencrypt.org/directory" || c.https.email != "" || c.https.caFile != "" {
		t.Errorf("defaults with domains: addr %q, https %+v, base %q, hsts %v", c.addr, c.https, c.baseURL, c.hsts)
	}

	// The address of plain HTTP, when given, stays; so does an https base URL.
	for _, tc := range []struct {
		args []string
		env  map[string]string
	}{
		{[]string{"-domain", "www.example.com", "-addr", ":8080", "-base-url", "https://example.com:8443"}, nil},
		{nil, map[string]string{"SITE_DOMAINS": "www.example.com", "SITE_ADDR": ":8080", "SITE_URL": "https://example.com:8443"}},
	} {
		c, err := parse(tc.args, tc.env)
		if err != nil || c.addr != ":8080" || c.baseURL != "https://example.com:8443" {
			t.Errorf("%v %v: %+v, %v", tc.args, tc.env, c, err)
		}
	}
	c, err = parse([]string{"-domain", "example.com", "-https-addr", "127.0.0.1:8443", "-acme-directory", "https://acme-staging-v02.api.letsencrypt.org/directory",
		"-acme-email", "ops@example.com", "-acme-ca", "roots.pem", "-database-url", "postgres://db/site", "-secret-key", strings.Repeat("k", 32)}, nil)
	if err != nil || c.https.addr != "127.0.0.1:8443" || c.https.directory != "https://acme-staging-v02.api.letsencrypt.org/directory" ||
		c.https.email != "ops@example.com" || c.https.caFile != "roots.pem" {
		t.Errorf("every HTTPS flag: %+v, %v", c, err)
	}

	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"Scheme":           {[]string{"-domain", "https://www.example.com"}, "bad -domain"},
		"Port":             {[]string{"-domain", "www.example.com:443"}, "bad -domain"},
		"Wildcard":         {[]string{"-domain", "*.example.com"}, "bad -domain"},
		"OneLabel":         {[]string{"-domain", "localhost"}, "bad -domain"},
		"Address":          {[]string{"-domain", "127.0.0.1"}, "bad -domain"},
		"Underscore":       {[]string{"-domain", "www.exa_mple.com"}, "bad -domain"},
		"Hyphen":           {[]string{"-domain", "-www.example.com"}, "bad -domain"},
		"Unicode":          {[]string{"-domain", "www.bücher.de"}, "xn--"},
		"LongLabel":        {[]string{"-domain", strings.Repeat("a", 64) + ".com"}, "bad -domain"},
		"TooMany":          {[]string{"-domain", manyDomains(101)}, "at most 100"},
		"HTTPSAddr":        {[]string{"-domain", "example.com", "-https-addr", "443"}, "bad -https-addr"},
		"PlainDirectory":   {[]string{"-domain", "example.com", "-acme-directory", "http://acme.example.com/dir"}, "bad -acme-directory"},
		"LongDirectory":    {[]string{"-domain", "example.com", "-acme-directory", "https://acme.example.com/" + strings.Repeat("d", 200)}, "bad -acme-directory"},
		"Email":            {[]string{"-domain", "example.com", "-acme-email", "Ops <ops@example.com>"}, "bad -acme-email"},
		"PlainBaseURL":     {[]string{"-domain", "example.com", "-base-url", "http://example.com"}, "served over https"},
		"PostgresNoSecret": {[]string{"-domain", "example.com", "-database-url", "postgres://db/site"}, "SITE_SECRET_KEY"},
	} {
		if _, err := parse(tc.args, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, tc.want)
		}
	}
}

// A start with -domain stops with a message when the ACME client's roots
// cannot be read, or there is no key to seal its cache with.
func TestCertManagerRefuses(t *testing.T) {
	box, err := site.NewSecretBox(strings.Repeat("k", 32))
	if err != nil {
		t.Fatal(err)
	}
	notPEM := filepath.Join(t.TempDir(), "roots.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := httpsConfig{domains: []string{"example.com"}, addr: ":443", directory: "https://acme.example.com/dir"}
	logger := slog.New(slog.DiscardHandler)
	for _, tc := range []struct {
		caFile string
		box    *site.SecretBox
		want   string
	}{
		{filepath.Join(t.TempDir(), "missing.pem"), box, "read -acme-ca"},
		{notPEM, box, "holds no PEM certificate"},
		{"", nil, "needs a secret key"},
	} {
		h.caFile = tc.caFile
		if _, err := newCertManager(h, nil, tc.box, logger); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("-acme-ca %q, box %v: %v, want an error with %q", tc.caFile, tc.box != nil, err, tc.want)
		}
	}
}

// manyDomains is a -domain list of n names.
func manyDomains(n int) string {
	names := make([]string, n)
	for i := range names {
		names[i] = "d" + strconv.Itoa(i) + ".example.com"
	}
	return strings.Join(names, ",")
}

func TestRedirectToHTTPS(t *testing.T) {
	domains := []string{"www.example.com", "example.com"}
	for _, tc := range []struct {
		base, method, target, host string
		status                     int
		location                   string
	}{
		{"https://www.example.com", "GET", "/blog?page=2", "example.com", 301, "https://example.com/blog?page=2"},
		{"https://www.example.com", "HEAD", "/", "WWW.example.com:80", 301, "https://www.example.com/"},
		{"https://www.example.com", "GET", "/", "203.0.113.9", 301, "https://www.example.com/"},
		{"https://www.example.com", "POST", "/api/contact", "www.example.com", 308, "https://www.example.com/api/contact"},
		{"https://www.example.com:8443", "GET", "/about", "example.com:8080", 301, "https://example.com:8443/about"},
	} {
		r := httptest.NewRequest(tc.method, tc.target, nil)
		r.Host = tc.host
		w := httptest.NewRecorder()
		redirectToHTTPS(tc.base, domains).ServeHTTP(w, r)
		if w.Code != tc.status || w.Header().Get("Location") != tc.location {
			t.Errorf("%s http://%s%s (base %s) = %d %q, want %d %q", tc.method, tc.host, tc.target, tc.base, w.Code, w.Header().Get("Location"), tc.status, tc.location)
		}
	}
}

// TestCACache: each ACME CA has its own entries in the cache, so that a
// site moved from a staging CA to the real one orders anew; each
// certificate stored is logged.
func TestCACache(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	box, err := site.NewSecretBox(strings.Repeat("k", 32))
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logged, nil))
	staging := caCache{site.ACMECache{Store: db, Box: box}, "https://acme-staging.example.com/directory", logger}
	production := caCache{site.ACMECache{Store: db, Box: box}, "https://acme.example.com/directory", logger}
	for _, key := range []string{"acme_account+key", "www.example.com", "example.com+rsa", "token+http-01"} {
		if err := staging.Put(ctx, key, []byte("staged "+key)); err != nil {
			t.Fatal(err)
		}
		if got, err := staging.Get(ctx, key); err != nil || string(got) != "staged "+key {
			t.Errorf("staging %s = %q, %v", key, got, err)
		}
		if got, err := production.Get(ctx, key); err != autocert.ErrCacheMiss {
			t.Errorf("production %s = %q, %v; want a miss", key, got, err)
		}
	}
	if err := production.Delete(ctx, "www.example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := staging.Get(ctx, "www.example.com"); err != nil {
		t.Errorf("another CA's delete removed staging's certificate: %v", err)
	}
	var domains []string
	for _, line := range strings.Split(strings.TrimSpace(logged.String()), "\n") {
		var e struct{ Msg, Domain string }
		if err := json.Unmarshal([]byte(line), &e); err != nil || e.Msg != "https: new certificate" {
			t.Errorf("log line %s", line)
		}
		domains = append(domains, e.Domain)
	}
	if want := []string{"www.example.com", "example.com"}; !reflect.DeepEqual(domains, want) {
		t.Errorf("logged new certificates of %q, want %q", domains, want)
	}
}

// pebble is Let's Encrypt's test CA, run in this process on loopback.
type pebble struct {
	// directory is the ACME directory's URL; caFile a PEM file of the
	// root of its TLS certificate, for -acme-ca.
	directory, caFile string
	// roots are the roots of the certificates it issues.
	roots *x509.CertPool
	// orders counts the new orders it was sent.
	orders atomic.Int64
	log    *syncBuffer
}

// startPebble runs Pebble with its validation authority checking HTTP-01
// challenges at port httpPort and TLS-ALPN-01 ones at tlsPort of the
// addresses that resolver (a DNS server on TCP) gives.
func startPebble(t *testing.T, ctx context.Context, httpPort, tlsPort int, resolver string) *pebble {
	t.Helper()
	// The validation authority checks at once, and no nonce is refused
	// at random.
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0")
	p := &pebble{log: new(syncBuffer)}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("Pebble's log:\n%s", p.log)
		}
	})
	logger := log.New(p.log, "pebble ", log.Ltime)
	db := pebbledb.NewMemoryStore()
	authority := ca.New(logger, db, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {Description: "The default profile"}})
	validator := va.New(logger, httpPort, tlsPort, false, resolver, db)
	front := wfe.New(logger, db, validator, authority, []string{"pebble.letsencrypt.org"}, false, false, 0, 0)
	acmeHandler := front.Handler()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/order-plz" {
			p.orders.Add(1)
		}
		acmeHandler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.directory = srv.URL + wfe.DirectoryPath
	p.caFile = filepath.Join(t.TempDir(), "pebble-tls.pem")
	if err := os.WriteFile(p.caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}

	// The roots of what it issues, from its management interface.
	mgmt := httptest.NewTLSServer(front.ManagementHandler())
	t.Cleanup(mgmt.Close)
	req, err := http.NewRequestWithContext(ctx, "GET", mgmt.URL+wfe.RootCertPath+"0", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := mgmt.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	root, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	p.roots = x509.NewCertPool()
	if resp.StatusCode != 200 || !p.roots.AppendCertsFromPEM(root) {
		t.Fatalf("Pebble's root: %d %s", resp.StatusCode, root)
	}
	return p
}

// syncBuffer is a buffer written by several goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// loopbackDNS serves, on TCP at a loopback address it returns, the address
// 127.0.0.1 for every name: the site's domains are on this machine.
func loopbackDNS(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: ln, Handler: dns.HandlerFunc(func(w dns.ResponseWriter, q *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(q)
		for _, question := range q.Question {
			if question.Qtype == dns.TypeA {
				m.Answer = append(m.Answer, &dns.A{Hdr: dns.RR_Header{Name: question.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60},
					A: net.IPv4(127, 0, 0, 1)})
			}
		}
		w.WriteMsg(m)
	})}
	go srv.ActivateAndServe()
	t.Cleanup(func() { srv.Shutdown() })
	return ln.Addr().String()
}

// freePort returns a port of 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// siteClient is a client that trusts roots and reaches every address at
// addr (127.0.0.1 and a port), as a browser would the site's domains
// whose DNS points at it. It does not follow redirects.
func siteClient(roots *x509.CertPool, addr string) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return (&net.Dialer{}).DialContext(ctx, network, addr)
			},
			TLSClientConfig: &tls.Config{RootCAs: roots},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// getWith sends GET url with client and returns the answer, its body read.
func getWith(t *testing.T, ctx context.Context, client *http.Client, url string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

// TestHTTPS: with -domain, the site gets a certificate from an ACME CA
// (Pebble, validating for real) by answering its HTTP-01 challenge, serves
// TLS with it and HSTS, and redirects plain HTTP to https; the certificate
// is kept in the database, sealed, so that a restart (SQLite) or a second
// instance (PostgreSQL) serves the same one without a new order.
func TestHTTPS(t *testing.T) {
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
			return map[string]string{"DATABASE_URL": dsn, "SITE_DATA_DIR": t.TempDir(), "SITE_SECRET_KEY": strings.Repeat("s", 40)}, func(t *testing.T) site.Store {
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
		for _, challenge := range []string{"http-01", "tls-alpn-01"} {
			t.Run(tg.name+"/"+challenge, func(t *testing.T) {
				testHTTPS(t, challenge, tg.env)
			})
		}
	}
}

// testHTTPS runs TestHTTPS with Pebble validating challenge only: its
// check of the other type goes to a port where nothing listens. The ACME
// client tries TLS-ALPN-01 first (the site's HTTPS port), HTTP-01 next
// (its plain HTTP port).
func testHTTPS(t *testing.T, challenge string, target func(t *testing.T) (map[string]string, func(t *testing.T) site.Store)) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	httpPort, httpsPort, closedPort := freePort(t), freePort(t), freePort(t)
	pebbleHTTP, pebbleTLS := httpPort, closedPort
	if challenge == "tls-alpn-01" {
		pebbleHTTP, pebbleTLS = closedPort, httpsPort
	}
	p := startPebble(t, ctx, pebbleHTTP, pebbleTLS, loopbackDNS(t))
	env, open := target(t)
	sqlite := env["DATABASE_URL"] == ""
	for k, v := range map[string]string{
		"SITE_DOMAINS":        "www.meridian.test,meridian.test",
		"SITE_ADDR":           "127.0.0.1:" + strconv.Itoa(httpPort),
		"SITE_HTTPS_ADDR":     "127.0.0.1:" + strconv.Itoa(httpsPort),
		"SITE_URL":            "https://www.meridian.test:" + strconv.Itoa(httpsPort),
		"SITE_ACME_DIRECTORY": p.directory,
		"SITE_ACME_CA_FILE":   p.caFile,
		"SITE_ACME_EMAIL":     "ops@meridian.test",
		"SITE_LOG_FORMAT":     "json",
	} {
		env[k] = v
	}
	_, logs, stop, done := runSite(t, nil, env)
	client := siteClient(p.roots, "127.0.0.1:"+strconv.Itoa(httpsPort))
	home := "https://www.meridian.test:" + strconv.Itoa(httpsPort) + "/"
	resp, body := getWith(t, ctx, client, home)
	if resp.StatusCode != 200 || !strings.Contains(body, "<html") {
		t.Fatalf("GET %s over TLS = %d\n%.300s\n%s", home, resp.StatusCode, body, logs)
	}
	if got := resp.Header.Get("Strict-Transport-Security"); got != "max-age=63072000; includeSubDomains" {
		t.Errorf("Strict-Transport-Security = %q", got)
	}
	leaf := resp.TLS.PeerCertificates[0]
	if !strings.HasPrefix(leaf.Issuer.CommonName, "Pebble Intermediate CA") || !reflect.DeepEqual(leaf.DNSNames, []string{"www.meridian.test"}) {
		t.Errorf("certificate of %v by %q, want www.meridian.test's by Pebble", leaf.DNSNames, leaf.Issuer.CommonName)
	}
	// The first order of HTTP-01 fails at TLS-ALPN-01.
	orders, want := p.orders.Load(), int64(1)
	if challenge == "http-01" {
		want = 2
	}
	if orders != want || !strings.Contains(logs.String(), `"msg":"https: new certificate","domain":"www.meridian.test"`) {
		t.Errorf("%d orders, want %d; the log:\n%s", orders, want, logs)
	}

	// Plain HTTP moves to https, at the base URL's port.
	plain := siteClient(nil, "127.0.0.1:"+strconv.Itoa(httpPort))
	resp, _ = getWith(t, ctx, plain, "http://meridian.test/blog?page=2")
	if want := "https://meridian.test:" + strconv.Itoa(httpsPort) + "/blog?page=2"; resp.StatusCode != 301 || resp.Header.Get("Location") != want {
		t.Errorf("GET over plain HTTP = %d to %q, want 301 to %q", resp.StatusCode, resp.Header.Get("Location"), want)
	}

	// The certificate and its key are in the database, sealed.
	store := open(t)
	sealed, err := store.GetACMECache(ctx, p.directory+" www.meridian.test")
	if err != nil || !site.IsSealed(string(sealed)) || bytes.Contains(sealed, []byte("PRIVATE KEY")) {
		t.Errorf("the cached certificate: %.60q, %v; want it sealed", sealed, err)
	}

	// A second instance on PostgreSQL, beside the first; SQLite's one
	// process starts again on its file.
	env2 := maps.Clone(env)
	env2["SITE_ADDR"] = "127.0.0.1:0"
	httpsPort2 := httpsPort
	if sqlite {
		stop()
		if err := <-done; err != nil {
			t.Fatalf("stop: %v\n%s", err, logs)
		}
	} else {
		httpsPort2 = freePort(t)
		env2["SITE_HTTPS_ADDR"] = "127.0.0.1:" + strconv.Itoa(httpsPort2)
	}
	// Named as the plain start may be.
	_, logs2, _, _ := runSite(t, []string{"serve"}, env2)
	resp, _ = getWith(t, ctx, siteClient(p.roots, "127.0.0.1:"+strconv.Itoa(httpsPort2)), home)
	if resp.StatusCode != 200 {
		t.Fatalf("the second instance answered %d\n%s", resp.StatusCode, logs2)
	}
	if got := resp.TLS.PeerCertificates[0].SerialNumber; got.Cmp(leaf.SerialNumber) != 0 {
		t.Errorf("the second instance serves certificate %x, want the first's %x", got, leaf.SerialNumber)
	}
	if n := p.orders.Load(); n != orders || strings.Contains(logs2.String(), "https: new certificate") {
		t.Errorf("the second instance ordered: %d orders before it, %d after", orders, n)
	}
}
