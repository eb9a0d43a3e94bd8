package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"

	"meridian/internal/site"
)

// maxDomains bounds -domain: each name gets a certificate of its own.
const maxDomains = 100

// maxDirectoryURL bounds -acme-directory, which starts the keys of the
// ACME cache (caCache).
const maxDirectoryURL = 200

// httpsConfig is automatic HTTPS: the site serves its domains over TLS
// with certificates it gets and renews from an ACME certificate authority.
type httpsConfig struct {
	// domains are the names served; none turns automatic HTTPS off.
	domains []string
	// addr is the address of HTTPS; the plain HTTP of config.addr then
	// answers the CA's challenges and redirects the rest.
	addr string
	// directory is the ACME directory URL of the CA.
	directory string
	// email is the contact address of the ACME account, may be empty.
	email string
	// caFile names a PEM file of root certificates the ACME client
	// trusts beside the system's (a private or staging CA).
	caFile string
}

func (h httpsConfig) on() bool { return len(h.domains) > 0 }

// addHTTPSFlags adds the flags of automatic HTTPS to fset, their defaults
// read by envOr. The function returned reads them once fset is parsed, into
// c.https, and with domains gives c the defaults of a site served over
// HTTPS: plain HTTP on :80 unless -addr (SITE_ADDR) says otherwise, and
// the base URL of the first domain.
func addHTTPSFlags(fset *flag.FlagSet, envOr func(name, def string) string) func(c *config) error {
	var h httpsConfig
	var domains string
	fset.StringVar(&domains, "domain", envOr("SITE_DOMAINS", ""), "comma-separated domain names to serve over HTTPS, with certificates from an ACME CA; -addr (default :80 then) answers the CA's challenges and redirects to https (env SITE_DOMAINS)")
	fset.StringVar(&h.addr, "https-addr", envOr("SITE_HTTPS_ADDR", ":443"), "address of HTTPS, with -domain (env SITE_HTTPS_ADDR)")
	fset.StringVar(&h.directory, "acme-directory", envOr("SITE_ACME_DIRECTORY", acme.LetsEncryptURL), "directory URL of the ACME CA that issues the certificates of -domain (env SITE_ACME_DIRECTORY)")
	fset.StringVar(&h.email, "acme-email", envOr("SITE_ACME_EMAIL", ""), "contact e-mail address of the ACME account, for the CA's notices (env SITE_ACME_EMAIL)")
	fset.StringVar(&h.caFile, "acme-ca", envOr("SITE_ACME_CA_FILE", ""), "PEM file of root certificates the ACME client trusts beside the system's, for a private or staging ACME CA (env SITE_ACME_CA_FILE)")
	return func(c *config) error {
		var err error
		if h.domains, err = parseDomains(domains); err != nil || !h.on() {
			return err
		}
		if _, _, err := net.SplitHostPort(h.addr); err != nil {
			return fmt.Errorf("bad -https-addr %q: want a host and port such as :443", h.addr)
		}
		if u, err := url.Parse(h.directory); err != nil || u.Scheme != "https" || u.Host == "" || len(h.directory) > maxDirectoryURL {
			return fmt.Errorf("bad -acme-directory %q: want an https address of at most %d characters, such as %s", h.directory, maxDirectoryURL, acme.LetsEncryptURL)
		}
		if h.email != "" && !site.ValidEmail(h.email) {
			return fmt.Errorf("bad -acme-email %q: want a plain e-mail address", h.email)
		}
		if c.databaseURL != "" && c.secretKey == "" {
			return errors.New("-domain needs SITE_SECRET_KEY with PostgreSQL: the certificates' private keys are kept encrypted in the database, with the same key on every instance")
		}
		addrSet := envOr("SITE_ADDR", "") != ""
		fset.Visit(func(f *flag.Flag) { addrSet = addrSet || f.Name == "addr" })
		if !addrSet {
			c.addr = ":80"
		}
		base := strings.TrimSpace(c.baseURL)
		if base == "" {
			c.baseURL = "https://" + h.domains[0]
		} else if !strings.HasPrefix(strings.ToLower(base), "https://") {
			return fmt.Errorf("bad -base-url (SITE_URL) %q: with -domain the site is served over https", base)
		}
		c.https = h
		return nil
	}
}

// parseDomains reads a comma-separated list of domain names, in lower
// case and without repeats. An internationalized name is given in its
// ASCII form (xn--...), as certificates name it.
func parseDomains(list string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(list, ",") {
		name := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(f), "."))
		if name == "" {
			continue
		}
		if !validDomain(name) {
			return nil, fmt.Errorf("bad -domain %q: want domain names such as www.example.com,example.com (no scheme, port or wildcard; an internationalized name in its xn-- form)", strings.TrimSpace(f))
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if len(out) > maxDomains {
		return nil, fmt.Errorf("bad -domain: %d names, at most %d", len(out), maxDomains)
	}
	return out, nil
}

// validDomain reports whether name is a domain name a CA can certify: two
// labels or more of letters, digits and inner hyphens, not an address.
func validDomain(name string) bool {
	labels := strings.Split(name, ".")
	if len(name) > 253 || len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range l {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	// An all-digit last label makes an IPv4 address.
	return strings.Trim(labels[len(labels)-1], "0123456789") != ""
}

// newCertManager returns the ACME client of h that gets, renews and serves
// the certificates of its domains, cached in store sealed by box, so that
// every instance on the database serves the same ones and a restart does
// not order again. Setting domains accepts the CA's terms of service.
func newCertManager(h httpsConfig, store site.ACMECacheService, box *site.SecretBox, logger *slog.Logger) (*autocert.Manager, error) {
	if box == nil {
		// parseConfig asks PostgreSQL sites for a key; SQLite ones have
		// their key file.
		return nil, fmt.Errorf("automatic HTTPS needs a secret key (SITE_SECRET_KEY) to encrypt the certificates' private keys in the database")
	}
	client := &acme.Client{DirectoryURL: h.directory, UserAgent: "meridian-site"}
	if h.caFile != "" {
		b, err := os.ReadFile(h.caFile)
		if err != nil {
			return nil, fmt.Errorf("read -acme-ca: %w", err)
		}
		roots, err := x509.SystemCertPool()
		if err != nil {
			roots = x509.NewCertPool()
		}
		if !roots.AppendCertsFromPEM(b) {
			return nil, fmt.Errorf("bad -acme-ca %s: it holds no PEM certificate", h.caFile)
		}
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.TLSClientConfig = &tls.Config{RootCAs: roots}
		client.HTTPClient = &http.Client{Transport: t}
	}
	cache := site.ACMECache{Store: store, Box: box, Unreadable: func(key string, err error) {
		logger.Warn("https: a cached certificate or account key cannot be read with the secret key; ordering a new one", "key", key, "err", err)
	}}
	return &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		Cache:      caCache{cache, h.directory, logger},
		HostPolicy: hostPolicy(h.domains),
		Email:      h.email,
		Client:     client,
	}, nil
}

// hostPolicy lets the ACME client get certificates for domains only. A
// challenge's request names its host with the port it was sent to.
func hostPolicy(domains []string) autocert.HostPolicy {
	return func(_ context.Context, host string) error {
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if !slices.Contains(domains, strings.ToLower(host)) {
			return fmt.Errorf("https: %q is not one of the site's domains (-domain)", host)
		}
		return nil
	}
}

// caCache is the ACME cache of one CA: its keys start with the CA's
// directory URL, so that what a staging CA issued is neither served nor
// used once the site moves to the real one. It logs each certificate it
// stores: one the site got or renewed.
type caCache struct {
	autocert.Cache
	directory string
	logger    *slog.Logger
}

func (c caCache) key(key string) string { return c.directory + " " + key }

func (c caCache) Get(ctx context.Context, key string) ([]byte, error) {
	return c.Cache.Get(ctx, c.key(key))
}

func (c caCache) Delete(ctx context.Context, key string) error {
	return c.Cache.Delete(ctx, c.key(key))
}

func (c caCache) Put(ctx context.Context, key string, data []byte) error {
	err := c.Cache.Put(ctx, c.key(key), data)
	// A certificate is stored under its domain, an RSA one with "+rsa";
	// the account key and the challenges' tokens under other suffixes.
	if domain, rsa := strings.CutSuffix(key, "+rsa"); rsa || !strings.Contains(key, "+") {
		if err != nil {
			c.logger.Error("https: the new certificate could not be stored", "domain", domain, "err", err)
		} else {
			c.logger.Info("https: new certificate", "domain", domain)
		}
	}
	return err
}

// serveHTTPS serves srv's handler over TLS on tlsLn, with the certificates
// of m, and on ln, plain HTTP, the ACME challenges and a redirect of every
// other request to https. One server takes both listeners, so that its
// shutdown ends both. Each listener's end is sent on errc.
func serveHTTPS(srv *http.Server, m *autocert.Manager, ln, tlsLn net.Listener, baseURL string, domains []string, errc chan<- error) {
	secure := srv.Handler
	plain := m.HTTPHandler(redirectToHTTPS(baseURL, domains))
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS == nil {
			plain.ServeHTTP(w, r)
			return
		}
		secure.ServeHTTP(w, r)
	})
	srv.TLSConfig = m.TLSConfig()
	go func() { errc <- srv.Serve(ln) }()
	go func() { errc <- srv.ServeTLS(tlsLn, "", "") }()
}

// redirectToHTTPS answers a request of plain HTTP with its address over
// https: the host asked for when it is one of domains (else the first),
// with the port of the base URL when it names one. GET and HEAD move
// permanently (301); other methods keep their method and body (308).
func redirectToHTTPS(baseURL string, domains []string) http.Handler {
	port := ""
	if u, err := url.Parse(baseURL); err == nil {
		port = u.Port()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.ToLower(strings.TrimSuffix(host, "."))
		if !slices.Contains(domains, host) {
			host = domains[0]
		}
		if port != "" {
			host = net.JoinHostPort(host, port)
		}
		status := http.StatusMovedPermanently
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			status = http.StatusPermanentRedirect
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), status)
	})
}
