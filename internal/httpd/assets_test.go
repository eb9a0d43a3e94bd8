package httpd

import (
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"meridian/internal/serve"
	"meridian/internal/site"
	"meridian/web"
)

// The site's icons and manifest are files of the build, each served with
// its type whatever the system's MIME tables say.
func TestIconTypes(t *testing.T) {
	ts, _, _ := assetServer(t)

	for path, want := range map[string]string{
		"/favicon.ico":           "image/x-icon",
		"/favicon.svg":           "image/svg+xml",
		"/apple-touch-icon.png":  "image/png",
		"/icon-192.png":          "image/png",
		"/icon-512.png":          "image/png",
		"/icon-maskable-512.png": "image/png",
		"/site.webmanifest":      "application/manifest+json",
	} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d", path, res.StatusCode)
		}
		if got := res.Header.Get("Content-Type"); got != want {
			t.Errorf("GET %s: Content-Type %q, want %q", path, got, want)
		}
	}
}

// The site's one web font: every page's head preloads it at its hashed
// address, the stylesheet names no other, and it is served as a font that
// never changes at that address, uncompressed (WOFF2 is compressed already).
func TestFontPreloadedAndImmutable(t *testing.T) {
	ts, assets, client := assetServer(t)

	// The admin's page is the bare shell that every page is filled into.
	res, err := http.Get(ts.URL + "/admin")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	preload := regexp.MustCompile(`<link rel="preload" href="([^"]+)" as="font" type="font/woff2" crossorigin />`)
	found := preload.FindAllStringSubmatch(string(page), -1)
	if len(found) != 1 {
		t.Fatalf("font preloads in the shell: %q, want one", found)
	}
	href := found[0][1]
	if !regexp.MustCompile(`^/assets/inter-latin-wght-normal-[\w-]{8}\.woff2$`).MatchString(href) {
		t.Errorf("preloaded font %q is not the build's hashed Latin Inter", href)
	}

	// The stylesheet's @font-face names exactly the preloaded file.
	var fonts []string
	for _, p := range assets.Paths() {
		if strings.HasSuffix(p, ".css") {
			css, _ := fs.ReadFile(client, strings.TrimPrefix(p, "/"))
			for _, m := range regexp.MustCompile(`url\(([^)]+\.woff2?)\)`).FindAllStringSubmatch(string(css), -1) {
				fonts = append(fonts, m[1])
			}
		}
		if strings.HasSuffix(p, ".woff2") && p != href {
			t.Errorf("the build has a font %s besides the preloaded one", p)
		}
	}
	if len(fonts) != 1 || fonts[0] != href {
		t.Errorf("fonts of the stylesheets = %q, want [%q]", fonts, href)
	}

	req, _ := http.NewRequest(http.MethodGet, ts.URL+href, nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for name, want := range map[string]string{
		"Content-Type":     "font/woff2",
		"Cache-Control":    "public, max-age=31536000, immutable",
		"Content-Encoding": "",
	} {
		if got := res.Header.Get(name); got != want {
			t.Errorf("GET %s: %s %q, want %q", href, name, got, want)
		}
	}
	if res.StatusCode != http.StatusOK || string(body[:4]) != "wOF2" {
		t.Errorf("GET %s: status %d, body starts %q", href, res.StatusCode, body[:min(4, len(body))])
	}
}

// assetServer serves the built frontend as the site does, without a store:
// the files of the build and the admin's shell.
// It returns the build's files and their Assets too.
func assetServer(t *testing.T) (*httptest.Server, *serve.Assets, fs.FS) {
	t.Helper()
	client, err := fs.Sub(web.Dist, "dist/client")
	if err != nil {
		t.Fatal(err)
	}
	assets, err := serve.LoadAssets(client)
	if err != nil {
		t.Fatal(err)
	}
	// The admin's shell reads the brand colours of the settings.
	srv := &Server{Assets: assets, Store: stores(t)[0].open(t), Logger: slog.New(slog.DiscardHandler)}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts, assets, client
}

func TestAdminShell(t *testing.T) {
	ts, _, _ := assetServer(t)

	for _, path := range []string{"/admin", "/admin/login"} {
		t.Run("Serves"+strings.ReplaceAll(path, "/", "_"), func(t *testing.T) {
			res, err := http.Get(ts.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			body := string(b)
			if got, want := res.StatusCode, http.StatusOK; got != want {
				t.Fatalf("status = %d, want %d", got, want)
			}
			if got, want := res.Header.Get("Content-Type"), "text/html; charset=utf-8"; got != want {
				t.Errorf("content type = %q, want %q", got, want)
			}
			for _, want := range []string{
				"<title>Admin Panel</title>",
				`<meta name="robots" content="noindex" />`,
				`<div id="root"></div>`,
				`<script defer src="/assets/after-paint-`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q:\n%s", want, body)
				}
			}
			if strings.Contains(body, "<!--ssr-") {
				t.Errorf("page keeps a shell marker:\n%s", body)
			}
		})
	}
}

// The admin's shell is in the brand colours of the settings, as the public
// pages are: the admin's primary colour follows them.
func TestAdminShellBrandColours(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		_, assets, _ := assetServer(t)
		a.configure(func(s *Server) { s.Assets = assets })
		token := a.signedIn("root", site.RoleAdmin)
		for _, c := range []struct{ name, body, want string }{
			{"Defaults", "", `<html lang="en" style="--brand-primary:#2563eb;--brand-secondary:#1e40af">`},
			{"Saved", `{"logoText":"Acme AI","primaryColor":"#0f766e","secondaryColor":"#facc15"}`, `<html lang="en" style="--brand-primary:#0f766e;--brand-secondary:#facc15">`},
		} {
			t.Run(c.name, func(t *testing.T) {
				if c.body != "" {
					if res, body := a.do("PUT", "/api/admin/site-settings", token, c.body, nil); res.StatusCode != http.StatusOK {
						t.Fatalf("saving the settings: %d %s", res.StatusCode, body)
					}
				}
				for _, path := range []string{"/admin", "/admin/login"} {
					res, body := a.do("GET", path, "", "", nil)
					if res.StatusCode != http.StatusOK || !strings.Contains(body, c.want) {
						t.Errorf("GET %s: %d, want 200 with %q:\n%.400s", path, res.StatusCode, c.want, body)
					}
				}
			})
		}
	})
}
